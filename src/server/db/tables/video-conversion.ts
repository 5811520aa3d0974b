import type { ColumnType } from 'kysely';

/** A logged-in viewer's first play of a video post (POST /svc/log/conversion). */
export interface VideoConversionTable {
  user_id: string;
  post_id: string;
  player: string;
  player_version: string;
  created_at: ColumnType<Date, never, never>;
}
