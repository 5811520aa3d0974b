// What a page says about itself: OpenGraph and Twitter card tags, then <title> and the meta
// description. Read with a tolerant HTML tokenizer: pages in the wild are rarely valid.
import { Parser } from 'htmlparser2';

export interface PageMeta {
  title: string | null;
  description: string | null;
  /** As written in the page: may be relative. */
  image: string | null;
  siteName: string | null;
  author: string | null;
  /** The page's <base href>, which relative addresses in it resolve against. */
  base: string | null;
}

/** Keys in order of preference; the first one the page has wins. */
const PICK = {
  title: ['og:title', 'twitter:title'],
  description: ['og:description', 'twitter:description', 'description'],
  image: ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'],
  siteName: ['og:site_name', 'application-name'],
} as const;

// Pages put a profile URL in article:author as often as a name: a name is preferred.
const AUTHOR_KEYS = ['article:author', 'author', 'twitter:creator', 'dc.creator'];

/** Reads the tags of a (possibly cut-off) HTML document. */
export function readPageMeta(html: string): PageMeta {
  const meta = new Map<string, string>();
  let title: string | null = null;
  let base: string | null = null;
  let inTitle = false;
  let titleText = '';
  // An <svg> has its own <title> (a tooltip), which is not the page's.
  let svgDepth = 0;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'svg') svgDepth++;
        else if (name === 'title' && svgDepth === 0 && title === null) {
          inTitle = true;
          titleText = '';
        } else if (name === 'meta') {
          const key = (attribs.property ?? attribs.name ?? attribs.itemprop ?? '').trim().toLowerCase();
          const content = attribs.content;
          if (key && content !== undefined && content.trim() && !meta.has(key)) meta.set(key, content);
        } else if (name === 'base' && base === null && attribs.href) {
          base = attribs.href;
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'svg' && svgDepth > 0) svgDepth--;
        else if (name === 'title' && inTitle) {
          inTitle = false;
          title = titleText;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  // A page cut off inside its <title> still has the words so far.
  if (inTitle && title === null) title = titleText;

  const pick = (keys: readonly string[]) => keys.map((k) => meta.get(k)).find((v) => v !== undefined && v.trim()) ?? null;
  const authors = AUTHOR_KEYS.map((k) => meta.get(k)).filter((v): v is string => Boolean(v?.trim()));
  return {
    title: pick(PICK.title) ?? title,
    description: pick(PICK.description),
    image: pick(PICK.image),
    siteName: pick(PICK.siteName),
    author: authors.find((a) => !/^https?:\/\//i.test(a.trim())) ?? authors[0] ?? null,
    base,
  };
}

/** The charset a page declares in its first bytes (<meta charset> or http-equiv), if any. */
export function sniffCharset(head: Buffer): string | null {
  const text = head.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(text)?.[1] ?? null;
}

/** The body as text, in the charset the server or the page names (UTF-8 when neither does or it is unknown). */
export function decodeBody(body: Buffer, headerCharset: string | null): string {
  const hasBom = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
  const label = hasBom ? 'utf-8' : (headerCharset ?? sniffCharset(body) ?? 'utf-8');
  try {
    return new TextDecoder(label.toLowerCase()).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
