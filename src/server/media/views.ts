// The JSON of an upload (spec 1 §7 Media calls: the first item of `response` is the upload).
import type { UploadedMedia, VideoState } from '../../shared/answers/media';
import type { MediaRow } from '../db/tables/media';
import type { VideoJobRow } from '../db/tables/video-job';
import { VIDEO_FAILED } from './formats';

export type { UploadedMedia };

/** Where an uploaded video's conversion is: what the upload and get_video_data answer. */
export const videoState = (job: VideoJobRow | undefined): VideoState => (job?.state === 'done' ? 'ready' : job?.state === 'failed' ? 'failed' : 'processing');

export function uploadView(row: MediaRow, job?: VideoJobRow): UploadedMedia {
  const { meta } = row;
  const view: UploadedMedia = {
    media_id: row.id,
    type: row.kind,
    url: meta.url ?? '',
    width: row.width,
    height: row.height,
    sizes: row.sizes,
    mime: row.mime,
    bytes: Number(row.bytes),
  };
  if (row.kind === 'audio') {
    Object.assign(view, {
      track_title: meta.track_title ?? '',
      track_artist: meta.track_artist ?? '',
      track_album: meta.track_album ?? '',
      album_art_url: meta.album_art_url ?? null,
      duration: meta.duration ?? null,
    });
  }
  if (row.kind === 'video') {
    Object.assign(view, {
      job_id: job?.id ?? '',
      state: videoState(job),
      ...(job?.state === 'failed' ? { error: VIDEO_FAILED } : {}),
      duration: meta.duration ?? null,
      poster_url: meta.poster_url ?? null,
      mp4_url: meta.mp4_url ?? null,
      hd_url: meta.hd_url ?? null,
      filmstrip: meta.filmstrip ?? null,
    });
  }
  return view;
}
