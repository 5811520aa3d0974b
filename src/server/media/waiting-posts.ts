// Video posts saved before their video was converted wait in state 'transcoding' (spec 1 §4, code
// '4'), with the state they asked for in options. When the video's job ends they go on: to that
// state with the converted video, or, if it failed, back to the drafts with the reason.
import { sql } from 'kysely';
import { announcePublished } from '../activity/published';
import type { Db } from '../db/schema';
import type { MediaRow } from '../db/tables/media';
import type { StoredState } from '../db/tables/post';
import { armQueue } from '../queue-slots';
import { VIDEO_FAILED } from './formats';
import { videoFields } from './post-uploads';

/** What a waiting post keeps in its options. */
export interface WaitingOptions {
  video_media_id: string;
  requested_state: Exclude<StoredState, 'transcoding' | 'unapproved'>;
}

/**
 * Moves the posts waiting for this video on, if its job has ended; a no-op otherwise, so it can be
 * called by the runner and by a save that raced it. Runs in the caller's transaction.
 */
export async function finishWaitingPosts(db: Db, mediaId: string, now = new Date()): Promise<string[]> {
  const job = await db.selectFrom('video_jobs').select(['state']).where('media_id', '=', mediaId).executeTakeFirst();
  if (job?.state === 'failed') {
    const { rows } = await sql<{ id: string }>`
      update posts set state = 'draft',
        options = (options - 'video_media_id' - 'requested_state') || jsonb_build_object('error', ${VIDEO_FAILED}::text),
        updated_at = ${now}
      where state = 'transcoding' and options->>'video_media_id' = ${mediaId}
      returning id`.execute(db);
    return rows.map((r) => r.id);
  }
  if (job?.state !== 'done') return [];
  const media = (await db.selectFrom('media').selectAll().where('id', '=', mediaId).executeTakeFirst()) as MediaRow | undefined;
  if (!media) return [];
  // was_out: whether the post went out before this update (a RETURNING subquery reads the
  // statement's snapshot). A waiting post has no feed position; it gets one as it goes out.
  const { rows } = await sql<{ id: string; blog_id: string; state: StoredState; publish_on: Date | null; was_out: boolean }>`
    update posts set
      state = options->>'requested_state',
      publish_id = case when options->>'requested_state' = 'published' then next_id() end,
      was_published = was_published or options->>'requested_state' = 'published',
      content = content || ${JSON.stringify(videoFields(media))}::jsonb,
      options = options - 'video_media_id' - 'requested_state',
      updated_at = ${now}
    where state = 'transcoding' and options->>'video_media_id' = ${mediaId}
    returning id, blog_id, state, publish_on, (select was_published from posts p where p.id = posts.id) as was_out`.execute(db);
  for (const post of rows) {
    if (post.state === 'queued' && !post.publish_on) await armQueue(db, post.blog_id, now);
  }
  // A post that waited for its video goes out only now: others hear of it (once: not an edit of a post already out).
  await announcePublished(db, rows.filter((r) => r.state === 'published' && !r.was_out).map((r) => r.id));
  return rows.map((r) => r.id);
}

/**
 * After a post was saved waiting for a video: note it on the job, then look once more, with the
 * job's row locked, whether the job ended meanwhile. The runner ends a job and moves the waiting
 * posts in one transaction; the lock makes this look wait for it, so a post is never left behind.
 */
export async function watchVideo(db: Db, mediaId: string, postId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const job = await trx.selectFrom('video_jobs').select(['state']).where('media_id', '=', mediaId).forUpdate().executeTakeFirst();
    if (!job) return;
    await trx.updateTable('video_jobs').set({ post_id: postId }).where('media_id', '=', mediaId).execute();
    if (job.state === 'done' || job.state === 'failed') await finishWaitingPosts(trx, mediaId);
  });
}
