// Issue 26.3: the one photo a reply carries is an image the replier uploaded through the photo
// upload (POST /svc/upload, field photo), so its size limit, formats and stripping apply unchanged.
import { PHOTO_REPLY_MESSAGES } from '../../shared/notes/reply';
import { ALT_TEXT_MAX, altTextTooLong } from '../../shared/posts/messages';
import type { AppContext } from '../context';
import type { ReplyPhoto } from '../db/tables/reply';
import { invalidField } from '../http/errors';
import { mediaBySha } from './queries';
import { mediaRef } from './urls';

/** The replier's own uploaded image at `url`, with its alt text (whitespace collapsed, never cut). */
export async function replyPhoto(ctx: AppContext, userId: string, url: string, alt: string): Promise<{ photo: ReplyPhoto; sha256: string }> {
  const text = alt.replace(/\s+/g, ' ').trim();
  if (text.length > ALT_TEXT_MAX) throw invalidField('photo_alt', altTextTooLong('the photo', text.length));
  const ref = mediaRef(url, ctx.config.publicUrl);
  if (!ref) throw invalidField('photo', PHOTO_REPLY_MESSAGES.notUploaded);
  const row = await mediaBySha(ctx.db, userId, ref.sha256);
  if (row?.kind !== 'image') throw invalidField('photo', PHOTO_REPLY_MESSAGES.notUploaded);
  const size = row.sizes.find((s) => s.url === ref.path);
  return { photo: { url: ref.path, width: size?.width ?? row.width, height: size?.height ?? row.height, alt: text }, sha256: ref.sha256 };
}
