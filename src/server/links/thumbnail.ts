// The thumbnail a link post keeps: chosen by the person from the preview, sent back with the save
// (spec 1 §7 `thumbnail`, link's `remove_thumbnail`). Viewers' browsers load it, so it must be a
// public web address.
import { PREVIEW_LIMITS } from '../../shared/links/preview';
import { isHttpUrl } from '../../shared/posts/urls';
import { invalidField } from '../http/errors';
import { flagField, textField, type RawPayload } from '../http/fields';
import { isKnownPrivateHost } from './addresses';

export const THUMBNAIL_MESSAGES = {
  notWeb: 'The thumbnail must be a web address (http or https).',
  tooLong: `The thumbnail address is too long (at most ${PREVIEW_LIMITS.url} characters).`,
  private: 'The thumbnail points inside a private network, so it cannot be shown.',
} as const;

/** The thumbnail to store: none when removed or not sent (a save replaces the post's content). */
export function thumbnailField(raw: RawPayload): string | null {
  if (flagField(raw, 'remove_thumbnail')) return null;
  const text = textField(raw, 'thumbnail').trim();
  if (!text) return null;
  if (text.length > PREVIEW_LIMITS.url) throw invalidField('thumbnail', THUMBNAIL_MESSAGES.tooLong);
  if (!isHttpUrl(text)) throw invalidField('thumbnail', THUMBNAIL_MESSAGES.notWeb);
  const url = new URL(text);
  if (url.username || url.password) throw invalidField('thumbnail', THUMBNAIL_MESSAGES.notWeb);
  if (isKnownPrivateHost(url.hostname)) throw invalidField('thumbnail', THUMBNAIL_MESSAGES.private);
  return url.href;
}
