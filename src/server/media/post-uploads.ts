// The uploads a post's save payload refers to (spec 1 §7 Save payload): photos by URL, an audio
// or video file by `preuploaded_url`. Looked up before the post is built, one query for all
// photos; someone else's upload is "not found", as a hidden post is.
import type { UploadedVideoFields } from '../../shared/posts/types';
import { POST_MESSAGES } from '../../shared/posts/messages';
import type { AnyPostType } from '../../shared/posts/types';
import { LIVE_PHOTO_MAX_SECONDS, LIVE_PHOTO_MESSAGES } from '../../shared/players/constants';
import { NO_UPLOADS, type AudioUpload, type LivePhotoUpload, type PhotoUpload, type PostUploads } from '../content/uploads';
import type { AppContext } from '../context';
import type { MediaRow } from '../db/tables/media';
import { AppError, invalidField } from '../http/errors';
import { flagField, textField, type RawPayload } from '../http/fields';
import { directEmbedMissing, MediaErrorCode, uploadNotFound, VIDEO_FAILED } from './formats';
import { jobOfMedia, mediaBySha, mediaByShas } from './queries';
import { mediaRef, streamUrl } from './urls';

/** What a video post shows of an uploaded video: the MP4 once made (the upload until then), poster, sizes. */
export function videoFields(row: MediaRow): UploadedVideoFields & { url: string } {
  const { meta } = row;
  return {
    url: meta.mp4_url ?? meta.url ?? '',
    media_id: row.id,
    poster_url: meta.poster_url ?? null,
    hd_url: meta.hd_url ?? null,
    duration: meta.duration ?? null,
    filmstrip: meta.filmstrip ?? null,
    width: row.width,
    height: row.height,
  };
}

async function photoUploads(ctx: AppContext, userId: string, raw: RawPayload): Promise<Map<string, PhotoUpload>> {
  const refs = Object.keys(raw)
    .filter((key) => /^images\[o\d{1,3}\]$/.test(key))
    .map((field) => ({ field, url: textField(raw, field).trim() }))
    .map((item) => ({ ...item, ref: mediaRef(item.url, ctx.config.publicUrl) }))
    .filter((item) => item.ref !== null);
  const rows = await mediaByShas(ctx.db, userId, [...new Set(refs.map((r) => r.ref!.sha256))]);
  const photos = new Map<string, PhotoUpload>();
  for (const { field, url, ref } of refs) {
    const row = rows.get(ref!.sha256);
    if (row?.kind === 'image') {
      const size = row.sizes.find((s) => s.url === ref!.path) ?? { width: row.width!, height: row.height!, url: ref!.path };
      photos.set(url, { url: ref!.path, width: size.width, height: size.height, sizes: row.sizes });
    } else if (!(await ctx.media.exists(ref!.key))) {
      // Someone else's upload may be shown (it is public once posted); a file we do not have may not.
      throw invalidField(field, `Photo ${field.slice(7, -1)} is not a file uploaded here. Upload it again.`);
    }
  }
  return photos;
}

/**
 * Spec 1 §3 Live photo: `livephoto[oN]` names a short video the viewer uploaded (a clip, or the
 * MOV/MP4 half of a phone's live photo pair) for the photo `images[oN]`. Its MP4 once converted,
 * the upload until then. One query for all of them.
 */
async function livePhotoUploads(ctx: AppContext, userId: string, raw: RawPayload): Promise<Map<string, LivePhotoUpload>> {
  const refs = Object.keys(raw)
    .map((field) => ({ field, id: field.match(/^livephoto\[(o\d{1,3})\]$/)?.[1] }))
    .filter((item): item is { field: string; id: string } => Boolean(item.id))
    .map((item) => ({ ...item, url: textField(raw, item.field).trim() }))
    .filter((item) => item.url !== '');
  const live = new Map<string, LivePhotoUpload>();
  if (refs.length === 0) return live;
  const parsed = refs.map((item) => {
    if (!(`images[${item.id}]` in raw)) throw invalidField(item.field, `Live photo ${item.id} has no photo: send images[${item.id}] with it.`);
    const ref = mediaRef(item.url, ctx.config.publicUrl);
    if (!ref) throw invalidField(item.field, LIVE_PHOTO_MESSAGES.notUploaded(item.id));
    return { ...item, ref };
  });
  const rows = await mediaByShas(ctx.db, userId, [...new Set(parsed.map((item) => item.ref.sha256))]);
  for (const { field, id, ref } of parsed) {
    const row = rows.get(ref.sha256);
    if (row?.kind !== 'video') throw invalidField(field, LIVE_PHOTO_MESSAGES.notUploaded(id));
    const duration = row.meta.duration ?? null;
    if (duration !== null && duration > LIVE_PHOTO_MAX_SECONDS) throw invalidField(field, LIVE_PHOTO_MESSAGES.tooLong(id));
    live.set(id, { url: row.meta.mp4_url ?? row.meta.url ?? ref.path, duration });
  }
  return live;
}

/** The viewer's own upload of this kind named by preuploaded_url, after the permission check. */
async function preuploaded(ctx: AppContext, userId: string, raw: RawPayload, kind: 'audio' | 'video'): Promise<MediaRow | null> {
  const url = textField(raw, 'preuploaded_url').trim();
  if (!url) return null;
  if (!flagField(raw, 'confirm_tos')) throw invalidField('confirm_tos', POST_MESSAGES.needPermission);
  const ref = mediaRef(url, ctx.config.publicUrl);
  if (!ref) throw invalidField('preuploaded_url', `preuploaded_url must be the address of ${kind === 'audio' ? 'an audio' : 'a video'} file you uploaded.`);
  const row = await mediaBySha(ctx.db, userId, ref.sha256);
  if (!row || row.kind !== kind) throw kind === 'video' ? directEmbedMissing('preuploaded_url') : uploadNotFound('preuploaded_url');
  return row;
}

export async function resolvePostUploads(ctx: AppContext, userId: string, type: AnyPostType, raw: RawPayload): Promise<PostUploads> {
  if (type === 'photo') return { ...NO_UPLOADS, photos: await photoUploads(ctx, userId, raw), livephotos: await livePhotoUploads(ctx, userId, raw) };
  if (type === 'audio') {
    const row = await preuploaded(ctx, userId, raw, 'audio');
    if (!row) return NO_UPLOADS;
    const { meta } = row;
    const audio: AudioUpload = {
      media_id: row.id,
      url: streamUrl(meta.url ?? ''),
      track_title: meta.track_title ?? '',
      track_artist: meta.track_artist ?? '',
      track_album: meta.track_album ?? '',
      album_art: meta.album_art_url ?? null,
      duration: meta.duration ?? null,
    };
    return { ...NO_UPLOADS, audio };
  }
  if (type === 'video') {
    const row = await preuploaded(ctx, userId, raw, 'video');
    if (!row) return NO_UPLOADS;
    const job = await jobOfMedia(ctx.db, row.id);
    if (job?.state === 'failed') {
      throw new AppError(400, MediaErrorCode.videoFailed, VIDEO_FAILED, [{ code: MediaErrorCode.videoFailed, title: VIDEO_FAILED, field: 'preuploaded_url' }]);
    }
    const ready = job?.state === 'done' && Boolean(row.meta.mp4_url);
    return { ...NO_UPLOADS, video: { mediaId: row.id, ready, fields: videoFields(row) } };
  }
  return NO_UPLOADS;
}
