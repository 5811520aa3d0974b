// Turns the save payload into what a post stores and shows: sanitized content by type, and the
// source as typed (for editing). Validation uses the spec's messages (spec 1 §5).
import type { EditorType } from '../../shared/constants';
import { PHOTO_CAPTION_MAX, PHOTO_MAX, POST_MESSAGES } from '../../shared/posts/messages';
import type { AnyPostType, ChatLine, PhotoView, PostContent, PostFormSource } from '../../shared/posts/types';
import { isHttpUrl, normalizeUserUrl } from '../../shared/posts/urls';
import { invalidField } from '../http/errors';
import { NO_UPLOADS, type PostUploads } from '../media/post-uploads';
import { thumbnailField } from '../links/thumbnail';
import { embedUrlFor } from './embeds';
import { renderMarkdown } from './markdown';
import type { RawPayload, SavePayload } from './payload';
import { flagField, textField } from './payload';
import { htmlToPlainText, plainTextToHtml, sanitizeRichHtml } from './sanitize';

const fail = (field: string, message: string) => invalidField(field, message);

/** A body field in the post's editor: markdown is rendered, HTML (rich or typed) sanitized. */
export function bodyHtml(text: string, editorType: EditorType, ownHost: string): string {
  return editorType === 'markdown' ? renderMarkdown(text, { ownHost }) : sanitizeRichHtml(text, { ownHost });
}

const fieldHtml = (text: string, rich: boolean, editorType: EditorType, ownHost: string) =>
  rich ? bodyHtml(text, editorType, ownHost) : plainTextToHtml(text);

export function parseChat(text: string): ChatLine[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = line.match(/^([^:]{1,60}):\s*(.*)$/);
      return match
        ? { name: match[1]!.trim(), label: `${match[1]!.trim()}:`, phrase: match[2]! }
        : { name: '', label: '', phrase: line };
    });
}

function photosFrom(raw: RawPayload, uploads: PostUploads['photos']): PhotoView[] {
  const ids = Object.keys(raw)
    .map((key) => key.match(/^images\[(o\d{1,3})\]$/)?.[1])
    .filter((id): id is string => Boolean(id));
  const order = textField(raw, 'post[photoset_order]')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => ids.includes(id));
  const ordered = [...new Set([...order, ...ids.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))])];
  if (ordered.length > PHOTO_MAX) throw fail('images', `A photo post can have at most ${PHOTO_MAX} photos.`);
  return ordered.map((id) => {
    const url = textField(raw, `images[${id}]`).trim();
    if (!isHttpUrl(url) && !url.startsWith('/media/')) throw fail(`images[${id}]`, `Photo ${id} needs a web address (http or https).`);
    const caption = textField(raw, `caption[${id}]`).trim().slice(0, PHOTO_CAPTION_MAX);
    // An upload of the poster's own: its stored size and the other sizes (looked up before, in one query).
    const upload = uploads.get(url);
    if (upload) return { id, url: upload.url, width: upload.width, height: upload.height, caption, sizes: upload.sizes };
    return { id, url, width: null, height: null, caption };
  });
}

/** Default layout: rows of up to three, as the photos come. */
const defaultLayout = (count: number) => {
  let layout = '';
  for (let left = count; left > 0; left -= Math.min(3, left)) layout += String(Math.min(3, left));
  return layout;
};

export function videoEmbed(input: string, ownHost: string): { embed_html: string | null; url: string } {
  const text = input.trim();
  if (isHttpUrl(text)) {
    const embed = embedUrlFor(text);
    return { embed_html: embed ? sanitizeRichHtml(`<iframe src="${embed}" width="540" height="304" frameborder="0"></iframe>`, { ownHost }) : null, url: text };
  }
  const src = text.match(/<(?:iframe|embed|script)\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/i)?.[1] ??
    text.match(/<object\b[^>]*\bdata\s*=\s*["']?([^"'\s>]+)/i)?.[1];
  if (!src) throw fail('post[one]', 'Invalid embed code');
  const html = sanitizeRichHtml(`<iframe src="${src.replace(/"/g, '&quot;')}" width="540" height="304" frameborder="0"></iframe>`, { ownHost });
  if (!html.includes('<iframe')) throw fail('post[one]', 'This embed is not from a video service we can show.');
  return { embed_html: html, url: src };
}

/** The content of a new or edited post (not a reblog's: that copies its parent's). */
export function buildContent(
  type: AnyPostType,
  p: SavePayload,
  editorType: EditorType,
  ownHost: string,
  uploads: PostUploads = NO_UPLOADS,
): PostContent {
  const { one, two, three, raw } = p;
  switch (type) {
    case 'text': {
      const body = bodyHtml(two, editorType, ownHost);
      // Empty is judged on what is left after sanitizing: markup that was all script is no body.
      if (!one.trim() && !htmlToPlainText(body) && !/<(img|iframe|hr)\b/i.test(body)) {
        throw fail('post[two]', POST_MESSAGES.textEmpty);
      }
      return { type, title: htmlToPlainText(one).slice(0, 1000), body_html: body };
    }
    case 'photo': {
      const photos = photosFrom(raw, uploads.photos);
      if (photos.length === 0) throw fail('images', POST_MESSAGES.noPhotos);
      const layout = textField(raw, 'post[photoset_layout]').trim();
      const validLayout = /^[1-3]+$/.test(layout) && [...layout].reduce((sum, n) => sum + Number(n), 0) === photos.length;
      return {
        type,
        photos,
        caption_html: fieldHtml(two, p.richText.two, editorType, ownHost),
        layout: validLayout ? layout : defaultLayout(photos.length),
        linkthrough: normalizeUserUrl(three),
      };
    }
    case 'quote':
      if (!htmlToPlainText(fieldHtml(one, p.richText.one, editorType, ownHost))) throw fail('post[one]', POST_MESSAGES.noQuote);
      return { type, quote_html: fieldHtml(one, p.richText.one, editorType, ownHost), source_html: fieldHtml(two, p.richText.two, editorType, ownHost) };
    case 'link': {
      const url = two.trim();
      if (!url) throw fail('post[two]', POST_MESSAGES.noUrl);
      if (!isHttpUrl(url)) throw fail('post[two]', POST_MESSAGES.invalidUrl);
      return {
        type,
        title: htmlToPlainText(one).slice(0, 1000),
        url,
        description_html: fieldHtml(three, true, editorType, ownHost),
        excerpt: htmlToPlainText(textField(raw, 'excerpt')).slice(0, 1000),
        author: htmlToPlainText(textField(raw, 'author')).slice(0, 200),
        thumbnail: thumbnailField(raw),
      };
    }
    case 'chat': {
      const lines = parseChat(two);
      if (lines.length === 0) throw fail('post[two]', POST_MESSAGES.noChat);
      return { type, title: htmlToPlainText(one).slice(0, 1000), lines };
    }
    case 'audio': {
      if (uploads.audio) return uploadedAudio(uploads.audio, p, editorType, ownHost);
      const url = one.trim();
      if (!url) throw fail('post[one]', POST_MESSAGES.noAudio);
      if (!isHttpUrl(url)) throw fail('post[one]', POST_MESSAGES.invalidUrl);
      const embed = embedUrlFor(url);
      return {
        type,
        url,
        caption_html: fieldHtml(two, p.richText.two, editorType, ownHost),
        track_title: htmlToPlainText(textField(raw, 'id3_tags[title]')).slice(0, 300),
        track_artist: htmlToPlainText(textField(raw, 'id3_tags[artist]')).slice(0, 300),
        track_album: htmlToPlainText(textField(raw, 'id3_tags[album]')).slice(0, 300),
        album_art: null,
        embed_html: embed ? sanitizeRichHtml(`<iframe src="${embed}" width="540" height="152" frameborder="0"></iframe>`, { ownHost }) : null,
      };
    }
    case 'video': {
      if (uploads.video) return { type, embed_html: null, ...uploads.video.fields, caption_html: fieldHtml(two, p.richText.two, editorType, ownHost) };
      const input = one.trim() || textField(raw, 'embed_code').trim();
      if (!input) throw fail('post[one]', POST_MESSAGES.noVideo);
      return { type, ...videoEmbed(input, ownHost), caption_html: fieldHtml(two, p.richText.two, editorType, ownHost) };
    }
    case 'note':
      if (!one.trim()) throw fail('post[one]', POST_MESSAGES.noQuestion);
      return { type, question: htmlToPlainText(one).slice(0, 2000), answer_html: bodyHtml(two, editorType, ownHost), asking_name: null };
  }
}

/**
 * An audio post of an uploaded file: the tags the person typed win over the file's own, and the
 * art is the one chosen (album_art), else the file's, unless removed.
 */
function uploadedAudio(upload: NonNullable<PostUploads['audio']>, p: SavePayload, editorType: EditorType, ownHost: string): PostContent {
  const typed = (key: string) => htmlToPlainText(textField(p.raw, `id3_tags[${key}]`)).slice(0, 300);
  const chosenArt = textField(p.raw, 'album_art').trim();
  const art = flagField(p.raw, 'remove_album_art')
    ? null
    : chosenArt && (isHttpUrl(chosenArt) || chosenArt.startsWith('/media/'))
      ? chosenArt
      : upload.album_art;
  return {
    type: 'audio',
    url: upload.url,
    caption_html: fieldHtml(p.two, p.richText.two, editorType, ownHost),
    track_title: typed('title') || upload.track_title,
    track_artist: typed('artist') || upload.track_artist,
    track_album: typed('album') || upload.track_album,
    album_art: art,
    embed_html: null,
    media_id: upload.media_id,
    duration: upload.duration,
  };
}

/** What the form needs to edit the post again: the fields as typed. */
export function formSource(p: SavePayload, editorType: EditorType): PostFormSource {
  const extra: Record<string, string> = { editor_type: editorType };
  for (const [key, value] of Object.entries(p.raw)) {
    if (/^(images|caption)\[o\d{1,3}\]$/.test(key) || ['post[photoset_layout]', 'post[photoset_order]', 'excerpt', 'author', 'embed_code', 'preuploaded_url', 'album_art'].includes(key) || key.startsWith('id3_tags[')) {
      if (typeof value === 'string') extra[key] = value;
    }
  }
  return { one: p.one, two: p.two, three: p.three, extra };
}

/** A readable slug from the post's words, or the one given, kept to a-z, 0-9 and hyphens. */
export function slugFor(given: string, content: PostContent): string {
  const words = given.trim() ||
    ('title' in content && content.title) ||
    ('body_html' in content && htmlToPlainText(content.body_html)) ||
    ('quote_html' in content && htmlToPlainText(content.quote_html)) ||
    ('question' in content && content.question) || '';
  return words
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
