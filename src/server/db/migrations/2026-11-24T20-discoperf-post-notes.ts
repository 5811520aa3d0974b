import { sql, type Kysely } from 'kysely';

/**
 * Site search's top sort (spec 2 §2, POPULARITY_DESC) ranks every match by its notes: likes,
 * replies and published public reblogs, the count every list shows (hydration/counts.ts). Counting
 * them per match at search time would read every match of a common word, so the count is kept
 * here, one row per published post, and post_notes_top_idx walks the posts most-noted first
 * (keyset on notes, then publish_id).
 *
 * A narrow table of its own, not a column of post_search: a like then rewrites a 3-column row and
 * two small indexes, not the post's document and its GIN entries.
 *
 * Statement-level triggers with transition tables keep it, adding each statement's difference
 * (notes = notes + delta): increments stay right when likes of one post land at the same time,
 * where a recount under each statement's snapshot could miss the other's row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_notes')
    .addColumn('post_id', 'bigint', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('publish_id', 'bigint', (c) => c.notNull())
    .addColumn('notes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Top sort: most notes first, newest first among equals (scanned backward), with the post id
  // in the index so the walk reads post_search only for the documents it tests.
  await sql`create index post_notes_top_idx on post_notes (notes, publish_id) include (post_id)`.execute(db);

  // Posts: a row when a post is first published (or published again at a new position), and the
  // reblogs that start or stop counting (published and public) for the post they reblog.
  await sql`
    create function post_notes_posts_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into post_notes (post_id, publish_id)
        select n.id, n.publish_id from new_rows n where n.publish_id is not null
        on conflict (post_id) do update set publish_id = excluded.publish_id;
        update post_notes t set notes = t.notes + d.n
        from (
          select n.reblog_of_id as post_id, count(*)::integer as n from new_rows n
          where n.reblog_of_id is not null and n.publish_id is not null and not n.is_private
          group by n.reblog_of_id
        ) d
        where t.post_id = d.post_id;
      elsif tg_op = 'UPDATE' then
        insert into post_notes (post_id, publish_id)
        select n.id, n.publish_id from new_rows n join old_rows o on o.id = n.id
        where n.publish_id is not null and n.publish_id is distinct from o.publish_id
        on conflict (post_id) do update set publish_id = excluded.publish_id;
        update post_notes t set notes = t.notes + d.n
        from (
          select post_id, sum(n)::integer as n from (
            select n.reblog_of_id as post_id, 1 as n from new_rows n
            where n.reblog_of_id is not null and n.publish_id is not null and not n.is_private
            union all
            select o.reblog_of_id, -1 from old_rows o
            where o.reblog_of_id is not null and o.publish_id is not null and not o.is_private
          ) x
          group by post_id
          having sum(n) <> 0
        ) d
        where t.post_id = d.post_id;
      else
        update post_notes t set notes = t.notes - d.n
        from (
          select o.reblog_of_id as post_id, count(*)::integer as n from old_rows o
          where o.reblog_of_id is not null and o.publish_id is not null and not o.is_private
          group by o.reblog_of_id
        ) d
        where t.post_id = d.post_id;
      end if;
      return null;
    end $$`.execute(db);

  // Likes and replies: every row is a note.
  await sql`
    create function post_notes_rows_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update post_notes t set notes = t.notes + d.n
        from (select post_id, count(*)::integer as n from new_rows group by post_id) d
        where t.post_id = d.post_id;
      else
        update post_notes t set notes = t.notes - d.n
        from (select post_id, count(*)::integer as n from old_rows group by post_id) d
        where t.post_id = d.post_id;
      end if;
      return null;
    end $$`.execute(db);

  // Transition tables allow one event per trigger.
  await sql`create trigger posts_notes_insert after insert on posts
    referencing new table as new_rows for each statement execute function post_notes_posts_sync()`.execute(db);
  await sql`create trigger posts_notes_update after update on posts
    referencing old table as old_rows new table as new_rows for each statement execute function post_notes_posts_sync()`.execute(db);
  await sql`create trigger posts_notes_delete after delete on posts
    referencing old table as old_rows for each statement execute function post_notes_posts_sync()`.execute(db);
  for (const table of ['likes', 'replies']) {
    await sql`create trigger ${sql.raw(`${table}_notes_insert`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement execute function post_notes_rows_sync()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_notes_delete`)} after delete on ${sql.table(table)}
      referencing old table as old_rows for each statement execute function post_notes_rows_sync()`.execute(db);
  }

  // The posts and notes written before this migration.
  await sql`
    insert into post_notes (post_id, publish_id, notes)
    select p.id, p.publish_id,
      coalesce(l.n, 0) + coalesce(r.n, 0) + coalesce(y.n, 0)
    from posts p
    left join (select post_id, count(*)::integer as n from likes group by post_id) l on l.post_id = p.id
    left join (
      select reblog_of_id as post_id, count(*)::integer as n from posts
      where reblog_of_id is not null and publish_id is not null and not is_private
      group by reblog_of_id
    ) r on r.post_id = p.id
    left join (select post_id, count(*)::integer as n from replies group by post_id) y on y.post_id = p.id
    where p.publish_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['likes', 'replies']) {
    for (const event of ['insert', 'delete']) await sql`drop trigger ${sql.raw(`${table}_notes_${event}`)} on ${sql.table(table)}`.execute(db);
  }
  for (const event of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.raw(`posts_notes_${event}`)} on posts`.execute(db);
  await sql`drop function post_notes_rows_sync()`.execute(db);
  await sql`drop function post_notes_posts_sync()`.execute(db);
  await db.schema.dropTable('post_notes').execute();
}
