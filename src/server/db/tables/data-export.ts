import type { ColumnType, Generated, Selectable } from 'kysely';

export type DataExportState = 'requested' | 'running' | 'ready' | 'failed';

/** One export of an account's data (leaving/export-job.ts): a ZIP made by a job, downloaded by an emailed link. */
export interface DataExportTable {
  id: Generated<string>;
  user_id: string;
  state: Generated<DataExportState>;
  attempts: Generated<number>;
  /** sha256 of the download link's token, set when the file is ready. */
  token_hash: string | null;
  /** Where the ZIP is, under DATA_DIR (exports/); null once removed. */
  file: string | null;
  size: string | null;
  error: string | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** When the link stops working (a week after the file is ready). */
  expires_at: Date | null;
}
export type DataExportRow = Selectable<DataExportTable>;
