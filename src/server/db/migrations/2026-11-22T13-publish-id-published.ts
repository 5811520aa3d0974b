import { sql, type Kysely } from 'kysely';

/**
 * A feed position means "published now". publish_id stayed on a post edited back to a draft, to
 * the queue or waiting for a video, and the lists that read publish_id as "visible" (the dashboard,
 * the blog page) kept showing it. Now publish_id is cleared whenever a post leaves 'published'
 * (a check says so), and was_published keeps what publish_id also meant: the post went out once,
 * so its "first went out" notifications (activity/published.ts) are not sent again. The feed
 * indexes (`where publish_id is not null`) and the dashboard's plan stay as they were.
 *
 * "Published and public" is then spelled one way, `publish_id is not null and not is_private`
 * (visibility.ts), so the partial indexes of the notes and of GIF search say it that way too: a
 * query's filter must imply an index's predicate for the planner to use it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column was_published boolean not null default false`.execute(db);
  await sql`update posts set was_published = true where publish_id is not null`.execute(db);
  await sql`update posts set publish_id = null where state <> 'published' and publish_id is not null`.execute(db);
  await sql`alter table posts add constraint posts_publish_id_published check ((publish_id is not null) = (state = 'published'))`.execute(db);
  await sql`drop index posts_reblogs_published_idx`.execute(db);
  await sql`
    create index posts_reblogs_published_idx on posts (reblog_of_id, publish_id desc)
    where reblog_of_id is not null and publish_id is not null and not is_private`.execute(db);
  await sql`drop index posts_gif_search_idx`.execute(db);
  await sql`
    create index posts_gif_search_idx on posts using gin (gif_search_document(type, tags, content))
    where type = 'photo' and publish_id is not null and not is_private`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_gif_search_idx`.execute(db);
  await sql`
    create index posts_gif_search_idx on posts using gin (gif_search_document(type, tags, content))
    where type = 'photo' and state = 'published' and not is_private`.execute(db);
  await sql`drop index posts_reblogs_published_idx`.execute(db);
  await sql`
    create index posts_reblogs_published_idx on posts (reblog_of_id, publish_id desc)
    where reblog_of_id is not null and state = 'published' and not is_private`.execute(db);
  await sql`alter table posts drop constraint posts_publish_id_published`.execute(db);
  await sql`alter table posts drop column was_published`.execute(db);
}
