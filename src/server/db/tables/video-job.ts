import type { ColumnType, Generated, Selectable } from 'kysely';

export type VideoJobState = 'queued' | 'running' | 'done' | 'failed';

/** Converting one uploaded video (poster, filmstrip, MP4 renditions), run by the job runner. */
export interface VideoJobTable {
  id: ColumnType<string, string | undefined, never>;
  media_id: string;
  post_id: string | null;
  state: Generated<VideoJobState>;
  error: string | null;
  attempts: Generated<number>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type VideoJobRow = Selectable<VideoJobTable>;
