// Mentions in a post's sanitized HTML (issue 24.8): "@name" of a blog that exists becomes a link
// to that blog. Done when the post is written, on the HTML the sanitizer produced, so what is
// stored is what every reader gets, and the client renders no rule of its own.
import { DRAWER_ATTR } from '../../shared/blog-viewer/constants';
import { findMentions } from '../../shared/notes/mentions';
import { escapeHtml } from './escape-html';

/**
 * Where a mention may not become a link: inside a link already (a link in a link is invalid and
 * would steal the outer one's click) and in preformatted text (code, where "@name" is code).
 */
const NO_LINKS_INSIDE = new Set(['a', 'pre']);

/** A tag of sanitized HTML: its name, and whether it closes. Attributes come escaped, so no ">" in them. */
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*>/g;

interface Piece {
  text: string;
  /** A text piece outside every link and pre: mentions in it may be linked. */
  linkable: boolean;
}

/** The HTML cut into tags and text, each text piece knowing whether a link may go there. */
function pieces(html: string): Piece[] {
  const out: Piece[] = [];
  const open = new Map<string, number>();
  let at = 0;
  const blocked = () => [...open.values()].some((n) => n > 0);
  for (const match of html.matchAll(TAG)) {
    if (match.index > at) out.push({ text: html.slice(at, match.index), linkable: !blocked() });
    out.push({ text: match[0], linkable: false });
    const name = match[2]!.toLowerCase();
    if (NO_LINKS_INSIDE.has(name)) open.set(name, Math.max(0, (open.get(name) ?? 0) + (match[1] ? -1 : 1)));
    at = match.index + match[0].length;
  }
  if (at < html.length) out.push({ text: html.slice(at), linkable: !blocked() });
  return out;
}

/** The blog names mentioned where they could be linked (not in links or preformatted text). */
export function linkableMentions(html: string): string[] {
  const names = pieces(html)
    .filter((piece) => piece.linkable)
    .flatMap((piece) => findMentions(piece.text).map((m) => m.name));
  return [...new Set(names)];
}

/** The address a mention links to: the blog's page on this site. */
export const mentionHref = (name: string) => `/blog/${encodeURIComponent(name)}`;

/**
 * The HTML with each "@name" of a blog in `blogs` (lowercase names) turned into a link to it; the
 * text keeps its case as written. Mentions of other names, in links and in pre, stay text.
 */
export function linkMentions(html: string, blogs: ReadonlySet<string>): string {
  if (blogs.size === 0 || !html.includes('@')) return html;
  return pieces(html)
    .map(({ text, linkable }) => {
      if (!linkable) return text;
      let result = '';
      let at = 0;
      for (const mention of findMentions(text)) {
        if (!blogs.has(mention.name)) continue;
        const written = text.slice(mention.index, mention.index + mention.length);
        // Marked as every blog name is: a plain click opens the blog in the drawer, ctrl or meta its page.
        const attributes = `href="${escapeHtml(mentionHref(mention.name))}" ${DRAWER_ATTR}="${escapeHtml(mention.name)}"`;
        result += `${text.slice(at, mention.index)}<a ${attributes}>${written}</a>`;
        at = mention.index + mention.length;
      }
      return result + text.slice(at);
    })
    .join('');
}
