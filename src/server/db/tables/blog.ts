import type { ColumnType, Generated, Selectable } from 'kysely';
import type { GlobalThemeParams } from '../../../shared/types';

export interface BlogTable {
  id: Generated<string>;
  uuid: Generated<string>;
  user_id: string;
  name: string;
  title: string;
  description: Generated<string>;
  is_adult: Generated<boolean>;
  /** Only the fields the owner changed; defaults fill the rest when read. */
  theme: ColumnType<Partial<GlobalThemeParams>, string | undefined, string>;
  queue_per_day: Generated<number>;
  queue_start_hour: Generated<number>;
  queue_end_hour: Generated<number>;
  queue_next_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}
export type BlogRow = Selectable<BlogTable>;
