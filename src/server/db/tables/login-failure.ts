import type { ColumnType, Generated } from 'kysely';

export interface LoginFailureTable {
  id: Generated<string>;
  email: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
