// One claim for the job tables whose rows run one at a time (video conversions, exports): the
// oldest waiting row, or a running one whose runner stopped touching it (its process died), is
// marked running with its attempt counted. FOR UPDATE SKIP LOCKED: several processes share the
// work and never take the same row.
import { sql } from 'kysely';
import type { Db } from './schema';

interface JobTable {
  /** The table, and the state its rows wait in. */
  table: 'video_jobs' | 'data_exports';
  waiting: 'queued' | 'requested';
  /** A running row untouched this long is taken again. */
  staleMs: number;
}

export async function claimJob<Row extends { id: string; attempts: number }>(
  db: Db,
  { table, waiting, staleMs }: JobTable,
  returning: readonly (keyof Row & string)[],
  now = new Date(),
): Promise<Row | null> {
  const staleBefore = new Date(now.getTime() - staleMs);
  const { rows } = await sql<Row>`
    update ${sql.table(table)} set state = 'running', attempts = attempts + 1, updated_at = ${now}
    where id = (
      select id from ${sql.table(table)}
      where state = ${waiting} or (state = 'running' and updated_at < ${staleBefore})
      order by id
      limit 1
      for update skip locked
    )
    returning ${sql.join(returning.map((column) => sql.ref(column)))}`.execute(db);
  return rows[0] ?? null;
}
