import { sql, type Kysely } from 'kysely';

/**
 * The queue's order (issue 24): each queued post has a place, and the publisher takes the first.
 * A post joining the queue goes to its end, whichever path queued it (the post form, a reblog, an
 * approved submission, a video that finished), because the database sets the place: next_id() is
 * larger than any place given before, and a reorder writes small numbers 1..n. A post leaving the
 * queue loses its place, so the check below holds for every row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column queue_position bigint`.execute(db);
  // The order so far was by id, oldest first: the ids keep it.
  await sql`update posts set queue_position = id where state = 'queued'`.execute(db);
  await sql`alter table posts add constraint posts_queue_position_check check ((state = 'queued') = (queue_position is not null))`.execute(db);
  await sql`
    create function posts_queue_position() returns trigger language plpgsql as $$
    begin
      if new.state <> 'queued' then
        new.queue_position := null;
      elsif tg_op = 'INSERT' or old.state <> 'queued' then
        new.queue_position := next_id();
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger posts_queue_position before insert or update of state on posts for each row execute function posts_queue_position()`.execute(db);
  // A blog's queue in order: the queue page and the publisher's "first in the queue".
  await sql`drop index posts_blog_queue_idx`.execute(db);
  await sql`create index posts_blog_queue_idx on posts (blog_id, queue_position, id) where state = 'queued'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_blog_queue_idx`.execute(db);
  await sql`create index posts_blog_queue_idx on posts (blog_id, id) where state = 'queued'`.execute(db);
  await sql`drop trigger posts_queue_position on posts`.execute(db);
  await sql`drop function posts_queue_position()`.execute(db);
  await sql`alter table posts drop constraint posts_queue_position_check`.execute(db);
  await sql`alter table posts drop column queue_position`.execute(db);
}
