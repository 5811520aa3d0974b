import type { PostContent } from '../../shared/posts/types';
import { htmlToPlainText } from '../posts/sanitize';

const SUMMARY_MAX = 100;

function firstWords(content: PostContent): string {
  switch (content.type) {
    case 'text':
      return content.title || htmlToPlainText(content.body_html);
    case 'photo':
      return htmlToPlainText(content.caption_html);
    case 'quote':
      return htmlToPlainText(content.quote_html);
    case 'link':
      return content.title || content.url;
    case 'chat':
      return content.title || content.lines.map((l) => `${l.label} ${l.phrase}`.trim()).join(' ');
    case 'audio':
      return [content.track_title, content.track_artist].filter(Boolean).join(' - ') || htmlToPlainText(content.caption_html);
    case 'video':
      return htmlToPlainText(content.caption_html);
    case 'note':
      return content.question;
  }
}

/** A short plain text about a post (tweets, Reddit titles, email subjects): at most 100 characters. */
export function postSummary(content: PostContent): string {
  const text = firstWords(content).replace(/\s+/g, ' ').trim();
  const chars = [...text];
  return chars.length <= SUMMARY_MAX ? text : `${chars.slice(0, SUMMARY_MAX - 1).join('').trimEnd()}…`;
}
