// A post's HTML fields as stored: markdown rendered, HTML sanitized, plain text turned into paragraphs.
import type { EditorType } from '../../shared/constants';
import { renderMarkdown } from './markdown';
import { plainTextToHtml, sanitizeRichHtml } from './sanitize';

/** A body field in the post's editor: markdown is rendered, HTML (rich or typed) sanitized. */
export function bodyHtml(text: string, editorType: EditorType, ownHost: string): string {
  return editorType === 'markdown' ? renderMarkdown(text, { ownHost }) : sanitizeRichHtml(text, { ownHost });
}

/** A field the form marks rich (is_rich_text[...]) is a body; otherwise it is plain text. */
export const fieldHtml = (text: string, rich: boolean, editorType: EditorType, ownHost: string) =>
  rich ? bodyHtml(text, editorType, ownHost) : plainTextToHtml(text);

/** An iframe of a media service's player, kept only if the sanitizer allows its address. */
export const playerHtml = (src: string, height: number, ownHost: string) =>
  sanitizeRichHtml(`<iframe src="${src.replace(/"/g, '&quot;')}" width="540" height="${height}" frameborder="0"></iframe>`, { ownHost });
