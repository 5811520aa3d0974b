// Spec 1 §3 contentStats: what the post form counts of the post as written, shown under the
// form and sent as content_stats (shared/posts/content-stats.ts says the fields).
import type { ContentStats } from '../../shared/posts/content-stats';
import { postablePhotos, type ContentDraft } from './composer';

/** What a person wrote in a draft's fields, HTML or plain (markdown counts as written). */
function writtenFields(content: ContentDraft): string[] {
  switch (content.type) {
    case 'text': return [content.title, content.body];
    case 'photo': return [content.caption, ...content.photos.map((p) => p.caption)];
    case 'quote': return [content.quote, content.source];
    case 'link': return [content.title, content.description];
    case 'chat': return [content.title, content.chat];
    case 'audio': return [content.caption];
    case 'video': return [content.caption];
    case 'note': return [content.answer];
  }
}

/** Addresses the post links to: its own link, a click-through, and every href or bare URL written. */
function linkCount(content: ContentDraft, written: string[]): number {
  const joined = written.join('\n');
  const hrefs = joined.match(/<a\s[^>]*href=/gi)?.length ?? 0;
  // Bare addresses outside tags (markdown, plain text); those inside an href were counted above.
  const bare = joined.replace(/<[^>]*>/g, ' ').match(/\bhttps?:\/\/\S+/gi)?.length ?? 0;
  const own = content.type === 'link' && content.url.trim() ? 1 : content.type === 'photo' && content.linkthrough.trim() ? 1 : 0;
  return hrefs + bare + own;
}

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, '_')
    .replace(/\s+/g, ' ')
    .trim();

/** The counts of a draft (null for a reblog: its comment alone). Characters as a person counts them. */
export function contentStatsOf(content: ContentDraft | null, comment = ''): ContentStats {
  const written = content ? writtenFields(content) : [comment];
  const text = plainText(written.join(' '));
  return {
    words: text ? text.split(' ').length : 0,
    characters: [...text].length,
    photos: content?.type === 'photo' ? postablePhotos(content.photos).length : 0,
    links: content ? linkCount(content, written) : linkCount({ type: 'text', title: '', body: comment }, [comment]),
  };
}
