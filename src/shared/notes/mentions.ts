// Mentions of blogs in text (replies, posts): "@name" where name is a possible blog name.
import { blogNameProblem } from '../blog-name';

export interface Mention {
  /** The blog name, lowercase (blog names are lowercase; "@Ann" mentions "ann"). */
  name: string;
  /** Where the "@" is in the text, and how many characters the mention takes with it. */
  index: number;
  length: number;
}

/*
 * The "@" must not follow a letter, digit or one of . _ % + - / @: then it is inside an email
 * address (ann@example.com), a path (/@ann) or a word. The name must not run on into characters
 * a blog name cannot have (an underscore, another "@" as in @ann@example.com): a cut-off word is
 * not a mention. Trailing hyphens are punctuation ("@ann--"), not part of the name.
 */
const MENTION = /(?<![\p{L}\p{N}._%+\-/@])@([A-Za-z0-9-]+)(?![A-Za-z0-9_@])/gu;

/** Every mention in the text, in order, with its position. */
export function findMentions(text: string): Mention[] {
  const found: Mention[] = [];
  for (const match of text.matchAll(MENTION)) {
    const raw = match[1]!.replace(/-+$/, '');
    const name = raw.toLowerCase();
    if (blogNameProblem(name) !== null) continue;
    found.push({ name, index: match.index, length: raw.length + 1 });
  }
  return found;
}

/** The names mentioned in the text, each once, in the order they first appear. */
export function mentionedNames(text: string): string[] {
  return [...new Set(findMentions(text).map((m) => m.name))];
}
