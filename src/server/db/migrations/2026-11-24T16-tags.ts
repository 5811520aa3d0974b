import { sql, type Kysely } from 'kysely';

/**
 * Tags as lists: `post_tags` holds one row per tag of every public post (published, not
 * private), keyed by the tag in lower case and the feed position, so /tagged/{tag} and the
 * dashboard's probe per followed tag are an index walk that stops after the page, and explore's
 * trending tags read only the last day's rows (post_tags_recent_idx). A trigger on posts
 * keeps it, so every way a post is saved, published, made private or unpublished (the queue
 * publisher, edits, deletes by cascade) updates it in the same transaction.
 * `tag_follows` are the tags a user follows; the dashboard reads them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_tags')
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('publish_id', 'bigint', (c) => c.notNull())
    .addColumn('post_id', 'bigint', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('blog_id', 'bigint', (c) => c.notNull())
    // /tagged/{tag} and the dashboard's followed-tag probe: one tag's posts, newest first.
    .addPrimaryKeyConstraint('post_tags_pkey', ['tag', 'publish_id', 'post_id'])
    .execute();
  // The trigger's delete of a post's rows.
  await sql`create index post_tags_post_idx on post_tags (post_id)`.execute(db);
  // Explore's trending tags: the rows of the last 24 hours (publish_id is time-sortable).
  await sql`create index post_tags_recent_idx on post_tags (publish_id)`.execute(db);

  // Statement-level with transition tables: a bulk insert or the queue publisher's update of many
  // posts costs one set-based delete and insert here, not a call per row.
  await sql`
    create function post_tags_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        delete from post_tags t using old_rows o join new_rows n on n.id = o.id
        where t.post_id = o.id and (o.tags <> n.tags or o.publish_id is distinct from n.publish_id
          or o.is_private <> n.is_private or o.blog_id <> n.blog_id);
        insert into post_tags (tag, publish_id, post_id, blog_id)
        select distinct lower(x), n.publish_id, n.id, n.blog_id
        from new_rows n join old_rows o on o.id = n.id cross join lateral unnest(n.tags) x
        where n.publish_id is not null and not n.is_private
          and (o.tags <> n.tags or o.publish_id is distinct from n.publish_id or o.is_private <> n.is_private or o.blog_id <> n.blog_id)
        on conflict do nothing;
      else
        insert into post_tags (tag, publish_id, post_id, blog_id)
        select distinct lower(x), n.publish_id, n.id, n.blog_id from new_rows n cross join lateral unnest(n.tags) x
        where n.publish_id is not null and not n.is_private
        on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger posts_tags_insert after insert on posts
    referencing new table as new_rows for each statement execute function post_tags_sync()`.execute(db);
  await sql`create trigger posts_tags_update after update on posts
    referencing old table as old_rows new table as new_rows for each statement execute function post_tags_sync()`.execute(db);
  // What was there before the table existed.
  await sql`insert into post_tags (tag, publish_id, post_id, blog_id)
    select distinct lower(t), p.publish_id, p.id, p.blog_id from posts p cross join lateral unnest(p.tags) t
    where p.publish_id is not null and not p.is_private
    on conflict do nothing`.execute(db);

  // Explore's popular posts: the public posts of the last 48 hours, newest first.
  await sql`create index posts_recent_public_idx on posts (publish_id desc) where publish_id is not null and not is_private`.execute(db);
  // The spam blogs that tag lists and explore leave out.
  await sql`create index blogs_spam_idx on blogs (id) where is_spam`.execute(db);

  await db.schema
    .createTable('tag_follows')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The dashboard's followed tags of one user, and whether a user follows a tag.
    .addPrimaryKeyConstraint('tag_follows_pkey', ['user_id', 'tag'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tag_follows').execute();
  await sql`drop index blogs_spam_idx`.execute(db);
  await sql`drop index posts_recent_public_idx`.execute(db);
  await sql`drop trigger posts_tags_update on posts`.execute(db);
  await sql`drop trigger posts_tags_insert on posts`.execute(db);
  await sql`drop function post_tags_sync()`.execute(db);
  await db.schema.dropTable('post_tags').execute();
}
