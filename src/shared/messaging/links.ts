// Links in a message's text (spec 2 §3 "Message": content.formatting). The server finds them once,
// when the message is sent, and stores them as formatting entries; the client draws the entries
// and never guesses links itself, so every reader sees the same ones.
import { isId } from '../ids';
import { matchPageRoute } from '../routes';

/** One formatting entry: a range of the text (UTF-16 offsets, end exclusive) and what it is. */
export interface FormattingEntry {
  type: 'link';
  position: { start: number; end: number };
  /** Spec 2 §3: url always; blog_name and post_id for this site's blog and post addresses;
   *  messaging_blog_name for an address that opens a conversation with a blog. */
  attributes: { url: string; blog_name?: string; post_id?: string; messaging_blog_name?: string };
}

/** A message holds at most this many links: more is not a message, and each costs the reader a card. */
export const MESSAGE_LINKS_MAX = 20;

// A web address as people paste one: with its scheme, or starting with www. It ends at white space,
// and the punctuation that closes a sentence is left out below.
const CANDIDATE = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,;:!?'")\]}]+$/;

/** Addresses of this site that name a blog, a post or a conversation, as link attributes. */
function siteAttributes(url: URL, site: URL | null): Omit<FormattingEntry['attributes'], 'url'> {
  if (!site || url.origin !== site.origin) return {};
  const page = matchPageRoute(url.pathname);
  if (!page) return {};
  // A post address whose id could be no post's is still the blog's.
  if (page.route === 'post') return isId(page.params.postId) ? { blog_name: page.params.name, post_id: page.params.postId } : { blog_name: page.params.name };
  if (page.route === 'blog') return { blog_name: page.params.name };
  if (page.route === 'messagingConversation' || page.route === 'newConversation') return { messaging_blog_name: page.params.name };
  return {};
}

const count = (text: string, char: string) => text.split(char).length - 1;

const parsedSite = (publicUrl: string) => (URL.canParse(publicUrl) ? new URL(publicUrl) : null);

/**
 * The link entries of a message's text, in order. `publicUrl` is the site's own address: links to
 * it carry the blog, post or conversation they name.
 */
export function messageLinks(text: string, publicUrl: string): FormattingEntry[] {
  const site = parsedSite(publicUrl);
  const entries: FormattingEntry[] = [];
  for (const found of text.matchAll(CANDIDATE)) {
    if (entries.length === MESSAGE_LINKS_MAX) break;
    let raw = found[0];
    // A closing bracket stays when the address opened one itself (a Wikipedia page's "(film)").
    while (TRAILING.test(raw)) {
      const last = raw.at(-1)!;
      if (last === ')' && count(raw, '(') >= count(raw, ')')) break;
      raw = raw.slice(0, -1);
    }
    const href = /^www\./i.test(raw) ? `https://${raw}` : raw;
    if (!URL.canParse(href)) continue;
    const url = new URL(href);
    if (!url.hostname.includes('.') && url.hostname !== 'localhost' && !(site && url.origin === site.origin)) continue;
    const start = found.index;
    entries.push({ type: 'link', position: { start, end: start + raw.length }, attributes: { url: url.href, ...siteAttributes(url, site) } });
  }
  return entries;
}

/** Spans of a text: plain runs and the link entries between them, for drawing. Bad ranges are skipped. */
export type TextSpan = { text: string; link?: FormattingEntry['attributes'] };

export function textSpans(text: string, formatting: readonly unknown[] | undefined): TextSpan[] {
  const spans: TextSpan[] = [];
  let at = 0;
  for (const entry of formatting ?? []) {
    if (!isLinkEntry(entry)) continue;
    const { start, end } = entry.position;
    // Entries come sorted from the server; one that overlaps or leaves the text is not drawn.
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) spans.push({ text: text.slice(at, start) });
    spans.push({ text: text.slice(start, end), link: entry.attributes });
    at = end;
  }
  if (at < text.length || spans.length === 0) spans.push({ text: text.slice(at) });
  return spans;
}

/** The well-formed link entries of stored formatting (anything else stored is not sent). */
export const linkEntries = (formatting: readonly unknown[] | undefined): FormattingEntry[] => (formatting ?? []).filter(isLinkEntry);

function isLinkEntry(entry: unknown): entry is FormattingEntry {
  if (typeof entry !== 'object' || entry === null) return false;
  const e = entry as Partial<FormattingEntry>;
  return e.type === 'link' && Number.isInteger(e.position?.start) && Number.isInteger(e.position?.end) && typeof e.attributes?.url === 'string';
}
