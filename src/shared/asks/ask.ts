// Asking a blog a question (spec 2 §2 Ask modal, §5 Ask question, §8, §9): the texts, the limit,
// the counter and the link rule, the same on both sides (the server is the boundary).
import { z } from 'zod';
import { formFlag } from '../form-flag';

export const ASK_TEXTS = {
  empty: 'You need to enter a question!',
  noLinks: "Sorry, but please don't include links in questions.",
  askAnonymously: 'Ask anonymously',
  ask: 'Ask',
  askAQuestion: 'Ask a question',
  submit: 'Submit',
  sendAMessage: 'Send a message',
  anonymous: 'Anonymous',
} as const;

/** Spec 2 §9: the ask limit, and where the counter appears and changes colour. */
export const ASK_MAX = 500;
export const ASK_COUNTER_SHOWN_AT = 100;
export const ASK_COUNTER_WARNING_AT = 40;
export const ASK_COUNTER_DANGER_AT = 20;

/** Asks one sender (an account, or an address for anonymous asks) may send per hour, to any blog. */
export const ASKS_PER_HOUR = 30;

/** Newlines are stripped (spec 2 §5): a question is one line. */
export const stripNewlines = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ');

/** The question as it is sent and stored: one line, trimmed. */
export const normalizeQuestion = (text: string) => stripNewlines(text).trim();

/** The Ask button: enabled only for a trimmed length of 1 to 500. */
export const canSubmitQuestion = (text: string) => {
  const length = normalizeQuestion(text).length;
  return length >= 1 && length <= ASK_MAX;
};

// Top-level domains people write in questions; a word followed by one of these reads as a link.
const KNOWN_TLDS = [
  'com', 'net', 'org', 'edu', 'gov', 'mil', 'int', 'info', 'biz', 'io', 'co', 'me', 'tv', 'ly', 'gl', 'gd', 'be',
  'us', 'uk', 'ca', 'de', 'fr', 'es', 'it', 'nl', 'ru', 'jp', 'cn', 'br', 'au', 'in', 'ch', 'se', 'no', 'pl',
  'xyz', 'app', 'dev', 'site', 'online', 'shop', 'store', 'blog', 'club', 'live', 'link', 'click', 'top', 'ws',
];
const LINK_PATTERNS = [/https?:\/\//i, /\bwww\./i, new RegExp(`\\b[a-z0-9][a-z0-9-]*\\.(?:${KNOWN_TLDS.join('|')})(?![a-z0-9])`, 'i')];

/** Spec 2 §5: an http(s):// prefix, 'www.', or a word followed by a known top-level domain. */
export const hasLink = (text: string) => LINK_PATTERNS.some((pattern) => pattern.test(text));

/** The first problem with a question, in the spec's words, or null when it may be sent. */
export function questionProblem(text: string): string | null {
  const question = normalizeQuestion(text);
  if (!question) return ASK_TEXTS.empty;
  if (question.length > ASK_MAX) return `Questions can be at most ${ASK_MAX} characters long.`;
  if (hasLink(question)) return ASK_TEXTS.noLinks;
  return null;
}

export type CounterLevel = 'ok' | 'warning' | 'danger';

/** The counter (spec 2 §5): hidden above 100 left; green above 40, warning 21–40, danger at 20 or fewer. */
export function askCounter(text: string): { remaining: number; level: CounterLevel } | null {
  const remaining = ASK_MAX - stripNewlines(text).length;
  if (remaining > ASK_COUNTER_SHOWN_AT) return null;
  const level = remaining <= ASK_COUNTER_DANGER_AT ? 'danger' : remaining <= ASK_COUNTER_WARNING_AT ? 'warning' : 'ok';
  return { remaining, level };
}

/** POST /svc/post/ask (spec 2 §7): recipient, anonymous, question. */
export const askSchema = z.object({
  recipient: z.string({ error: 'Say which blog to ask: the recipient is missing.' }).min(1, 'Say which blog to ask: the recipient is empty.'),
  anonymous: formFlag('anonymous', { emptyIsOff: true }).optional().default(false),
  question: z
    .string({ error: ASK_TEXTS.empty })
    .transform((value, ctx) => {
      const problem = questionProblem(value);
      if (!problem) return normalizeQuestion(value);
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }),
});
export type AskInput = z.input<typeof askSchema>;
