import { ALT_TEXT_MAX, altTextTooLong, PHOTO_CAPTION_MAX, PHOTO_MAX, POST_MESSAGES } from '../../../shared/posts/messages';
import { LIVE_PHOTO } from '../../../shared/players/constants';
import type { PhotoView } from '../../../shared/posts/types';
import { isHttpUrl, normalizeUserUrl } from '../../../shared/posts/urls';
import { invalidField } from '../../http/errors';
import { textField, type RawPayload } from '../../http/fields';
import { fieldHtml } from '../html';
import { firstWords, type PostTypeModule } from '../post-type';
import { htmlToPlainText } from '../sanitize';
import type { PostUploads } from '../uploads';

/** The live photo's fields of item `id` (spec 1 §3), when a video came with it. */
function livePhoto(id: string, live: PostUploads['livephotos']): Pick<PhotoView, 'livephotoUrl' | 'livephotoStillTime'> {
  const video = live.get(id);
  if (!video) return {};
  return { livephotoUrl: video.url, ...(video.duration ? { livephotoStillTime: video.duration * LIVE_PHOTO.stillTimeFraction } : {}) };
}

function photosFrom(raw: RawPayload, uploads: PostUploads['photos'], live: PostUploads['livephotos']): PhotoView[] {
  const ids = Object.keys(raw)
    .map((key) => key.match(/^images\[(o\d{1,3})\]$/)?.[1])
    .filter((id): id is string => Boolean(id));
  const order = textField(raw, 'post[photoset_order]')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => ids.includes(id));
  const ordered = [...new Set([...order, ...ids.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))])];
  if (ordered.length > PHOTO_MAX) throw invalidField('images', `A photo post can have at most ${PHOTO_MAX} photos.`);
  return ordered.map((id) => {
    const url = textField(raw, `images[${id}]`).trim();
    if (!isHttpUrl(url) && !url.startsWith('/media/')) throw invalidField(`images[${id}]`, `Photo ${id} needs a web address (http or https).`);
    const caption = textField(raw, `caption[${id}]`).trim().slice(0, PHOTO_CAPTION_MAX);
    // Unlike a caption, alt text is not cut: what a screen reader says must be what was written.
    const alt = textField(raw, `alt[${id}]`).replace(/\s+/g, ' ').trim();
    if (alt.length > ALT_TEXT_MAX) throw invalidField(`alt[${id}]`, altTextTooLong(`photo ${id}`, alt.length));
    // An upload of the poster's own: its stored size and the other sizes (looked up before, in one query).
    const upload = uploads.get(url);
    if (upload) return { id, url: upload.url, width: upload.width, height: upload.height, caption, alt_text: alt, sizes: upload.sizes, ...livePhoto(id, live) };
    return { id, url, width: null, height: null, caption, alt_text: alt, ...livePhoto(id, live) };
  });
}

/** Default layout: rows of up to three, as the photos come. */
const defaultLayout = (count: number) => {
  let layout = '';
  for (let left = count; left > 0; left -= Math.min(3, left)) layout += String(Math.min(3, left));
  return layout;
};

export const photo: PostTypeModule<'photo'> = {
  type: 'photo',
  build({ two, three, richText, raw }, { editorType, ownHost, uploads }) {
    const photos = photosFrom(raw, uploads.photos, uploads.livephotos);
    if (photos.length === 0) throw invalidField('images', POST_MESSAGES.noPhotos);
    const layout = textField(raw, 'post[photoset_layout]').trim();
    const validLayout = /^[1-3]+$/.test(layout) && [...layout].reduce((sum, n) => sum + Number(n), 0) === photos.length;
    return {
      type: 'photo',
      photos,
      caption_html: fieldHtml(two, richText.two, editorType, ownHost),
      layout: validLayout ? layout : defaultLayout(photos.length),
      linkthrough: normalizeUserUrl(three),
    };
  },
  // Without a caption for the post, a photo's own caption speaks for it.
  summary: (content) => firstWords(() => htmlToPlainText(content.caption_html), ...content.photos.map((p) => p.caption)),
  authored: (content) => [htmlToPlainText(content.caption_html), ...content.photos.map((p) => p.caption)],
  picture: (content) => content.photos[0] ?? null,
};
