import { sql, type Kysely } from 'kysely';

/**
 * Notes per blog per day (UTC), for the activity sparkline. Counting a busy blog's last 30 days
 * of notifications on every popover open reads every one of them (~100 ms at 100 000 notes);
 * these counts make it 30 rows on the primary key. A statement-level trigger keeps them, so
 * every way a notification is written or removed (notify(), set-based inserts, cascades from a
 * deleted post) counts, in the same transaction, one upsert per statement rather than per row.
 * The note types are NOTE_ACTIVITY_TYPES (src/shared/activity/types.ts).
 */
const NOTE_TYPES = "('like', 'reblog', 'reply', 'photo_reply', 'post_attribution')";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_days')
    .addColumn('blog_id', 'bigint', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('notes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_days_pkey', ['blog_id', 'day'])
    .execute();
  await sql`
    create function activity_days_added() returns trigger language plpgsql as $$
    begin
      insert into activity_days (blog_id, day, notes)
      select blog_id, (created_at at time zone 'UTC')::date, count(*) from added
      where type in ${sql.raw(NOTE_TYPES)} group by 1, 2
      on conflict (blog_id, day) do update set notes = activity_days.notes + excluded.notes;
      return null;
    end $$`.execute(db);
  await sql`
    create function activity_days_removed() returns trigger language plpgsql as $$
    begin
      update activity_days d set notes = greatest(d.notes - r.n, 0)
      from (
        select blog_id, (created_at at time zone 'UTC')::date as day, count(*) as n from removed
        where type in ${sql.raw(NOTE_TYPES)} group by 1, 2
      ) r
      where d.blog_id = r.blog_id and d.day = r.day;
      return null;
    end $$`.execute(db);
  await sql`create trigger notifications_days_added after insert on notifications
    referencing new table as added for each statement execute function activity_days_added()`.execute(db);
  await sql`create trigger notifications_days_removed after delete on notifications
    referencing old table as removed for each statement execute function activity_days_removed()`.execute(db);
  // What was there before the counts existed.
  await sql`insert into activity_days (blog_id, day, notes)
    select blog_id, (created_at at time zone 'UTC')::date, count(*) from notifications
    where type in ${sql.raw(NOTE_TYPES)} group by 1, 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger notifications_days_removed on notifications`.execute(db);
  await sql`drop trigger notifications_days_added on notifications`.execute(db);
  await sql`drop function activity_days_removed()`.execute(db);
  await sql`drop function activity_days_added()`.execute(db);
  await db.schema.dropTable('activity_days').execute();
}
