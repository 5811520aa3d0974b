import type { ColumnType } from 'kysely';

/** An address (as a salted hash) a blog refuses anonymous asks from. */
export interface AskBlockTable {
  blog_id: string;
  asker_hash: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Secrets the server makes once per database (the salt of asker hashes). */
export interface SiteSecretTable {
  name: string;
  value: string;
}
