import { sql } from 'kysely';
import type { Db } from '../db/schema';
import type { MediaKind, MediaMeta, MediaRow, MediaSize } from '../db/tables/media';
import type { VideoJobRow } from '../db/tables/video-job';

export interface NewMedia {
  user_id: string;
  kind: MediaKind;
  sha256: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  sizes: MediaSize[];
  meta: MediaMeta;
}

/** A user's upload of these bytes, if they sent them before (media_user_id_sha256_key). */
export const mediaBySha = (db: Db, userId: string, sha256: string) =>
  db.selectFrom('media').selectAll().where('user_id', '=', userId).where('sha256', '=', sha256).executeTakeFirst();

/** A user's uploads among these hashes, in one query (a post's photos). */
export async function mediaByShas(db: Db, userId: string, sha256s: string[]): Promise<Map<string, MediaRow>> {
  if (sha256s.length === 0) return new Map();
  const rows = await db.selectFrom('media').selectAll().where('user_id', '=', userId).where('sha256', 'in', sha256s).execute();
  return new Map(rows.map((row) => [row.sha256, row]));
}

/**
 * Inserts the row, or finds the one already there: the same file uploaded twice (even by two
 * requests at once) is one row. `created` says whether this call made it.
 */
export async function insertMedia(db: Db, media: NewMedia): Promise<{ row: MediaRow; created: boolean }> {
  const inserted = await db
    .insertInto('media')
    .values({ ...media, sizes: JSON.stringify(media.sizes), meta: JSON.stringify(media.meta) })
    .onConflict((oc) => oc.columns(['user_id', 'sha256']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  return { row: (await mediaBySha(db, media.user_id, media.sha256))!, created: false };
}

/** Merges facts into a row's meta (a finished video job). */
export async function mergeMediaMeta(db: Db, mediaId: string, patch: MediaMeta, size?: { width: number; height: number }) {
  await db
    .updateTable('media')
    .set({ meta: sql`meta || ${JSON.stringify(patch)}::jsonb`, ...(size ?? {}) })
    .where('id', '=', mediaId)
    .execute();
}

export const jobOfMedia = (db: Db, mediaId: string): Promise<VideoJobRow | undefined> =>
  db.selectFrom('video_jobs').selectAll().where('media_id', '=', mediaId).executeTakeFirst();

/** A video's job: made once per upload; a failed one is queued again when the file is sent again. */
export async function ensureVideoJob(db: Db, mediaId: string): Promise<VideoJobRow> {
  await db.insertInto('video_jobs').values({ media_id: mediaId, error: null }).onConflict((oc) => oc.column('media_id').doNothing()).execute();
  await db
    .updateTable('video_jobs')
    .set({ state: 'queued', attempts: 0, error: null, updated_at: new Date() })
    .where('media_id', '=', mediaId)
    .where('state', '=', 'failed')
    .execute();
  return (await jobOfMedia(db, mediaId))!;
}
