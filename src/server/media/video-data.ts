// POST /svc/post/get_video_data (spec 1 §7 Media calls): what a player needs for a video post or a
// video URL. The client asks again after 2000 ms when there is no thumbnail yet.
import type { VideoDataAnswer } from '../../shared/players/constants';
import type { PostContent } from '../../shared/posts/types';
import type { AppContext } from '../context';
import { AppError, ErrorCode, invalidField } from '../http/errors';
import { embedUrlFor } from '../content/embeds';
import type { Viewer } from '../http/session';
import { visiblePost } from '../rules/posts';
import { uploadNotFound, VIDEO_FAILED } from './formats';
import { videoFields } from './post-uploads';
import { jobOfMedia, mediaBySha } from './queries';
import { mediaRef } from './urls';
import { videoState } from './views';

const EMBED = { width: 540, height: 304 };

/** YouTube's still for a video, worked out from the embed URL; other services need their API. */
function serviceThumbnail(embedUrl: string): string | null {
  const id = embedUrl.match(/^https:\/\/www\.youtube\.com\/embed\/([A-Za-z0-9_-]{11})/)?.[1];
  return id ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : null;
}

function fromEmbed(url: string): VideoDataAnswer | null {
  const embedUrl = embedUrlFor(url);
  return embedUrl ? { embed_url: embedUrl, embed_width: EMBED.width, embed_height: EMBED.height, thumbnail: serviceThumbnail(embedUrl) } : null;
}

async function fromUpload(ctx: AppContext, fields: ReturnType<typeof videoFields>): Promise<VideoDataAnswer> {
  const job = fields.media_id ? await jobOfMedia(ctx.db, fields.media_id) : undefined;
  const state = videoState(job);
  return {
    embed_url: fields.url,
    embed_width: fields.width ?? EMBED.width,
    embed_height: fields.height ?? EMBED.height,
    thumbnail: fields.poster_url ?? null,
    hd_url: fields.hd_url ?? null,
    duration: fields.duration ?? null,
    filmstrip: fields.filmstrip ?? null,
    state,
    ...(state === 'failed' ? { error: VIDEO_FAILED } : {}),
  };
}

const notAVideo = (field: string) => invalidField(field, 'This is not a video we can play: use a YouTube, Vimeo or Dailymotion link, or an uploaded video.');

export async function videoData(ctx: AppContext, viewer: Viewer, input: { post_id?: string; url?: string }): Promise<VideoDataAnswer> {
  if (input.post_id) {
    // Someone else's post the viewer may not see is "not found" (rules/posts.ts).
    const { post } = await visiblePost(ctx.db, viewer, input.post_id);
    const content = post.content as PostContent;
    if (content.type !== 'video') throw new AppError(400, ErrorCode.invalidInput, 'This post has no video.');
    if (content.media_id) {
      return fromUpload(ctx, { ...content, url: content.url, media_id: content.media_id });
    }
    const data = fromEmbed(content.url);
    if (!data) throw notAVideo('post_id');
    return data;
  }
  const url = input.url!;
  const ref = mediaRef(url, ctx.config.publicUrl);
  if (ref) {
    const row = await mediaBySha(ctx.db, viewer.user.id, ref.sha256);
    if (!row || row.kind !== 'video') throw uploadNotFound('url');
    return fromUpload(ctx, videoFields(row));
  }
  const data = fromEmbed(url);
  if (!data) throw notAVideo('url');
  return data;
}
