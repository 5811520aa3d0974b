import type { ColumnType } from 'kysely';

/** A fixed-window counter (src/server/http/rate-limit.ts): hits so far, and when the window ends. */
export interface RateLimitTable {
  key: string;
  hits: ColumnType<string, number, number>;
  resets_at: Date;
}
