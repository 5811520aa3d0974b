// Email bodies are made here, from templates, never by joining strings: the one place a value
// becomes HTML. In an HTML body every value printed with <%= %> is escaped (eta's autoEscape), so a
// blog title, a name or a message reaches the reader as text, never as markup; the text body prints
// the same values as they are. Templates live next to the code that sends each email.
import { Eta } from 'eta';

// autoTrim off: a text body's line breaks are the template's, exactly.
const htmlEngine = new Eta({ autoEscape: true, autoTrim: false });
const textEngine = new Eta({ autoEscape: false, autoTrim: false });

/** `<%~ %>` prints a value unescaped: no HTML body may, so nothing skips the escaping. */
const RAW_OUTPUT = /<%[-_]?\s*~/;

export interface MailTemplates {
  /** The plain-text body: values printed as they are. */
  text: string;
  /** The HTML body: every value printed is escaped. */
  html: string;
}

export interface MailBodies {
  text: string;
  html: string;
}

/** An email's two bodies from one set of data (the templates' `it`); compiled once, at start. */
export function mailBodies<T extends object>(templates: MailTemplates): (data: T) => MailBodies {
  if (RAW_OUTPUT.test(templates.html)) throw new Error('An email HTML template prints a value unescaped (<%~ %>): print it with <%= %>.');
  const text = textEngine.compile(templates.text);
  const html = htmlEngine.compile(templates.html);
  return (data) => ({ text: textEngine.render(text, data), html: htmlEngine.render(html, data) });
}
