// Helpers for the notes area's API tests: people, blocks, and what the database holds.
import { sql } from 'kysely';
import type { PostView } from '../../shared/posts/types';
import type { Db } from '../db/schema';
import type { NotificationType } from '../db/tables/notification';
import { asOwner, blogOf } from '../test/posts';
import { post, type Session, type TestApp } from '../test/test-app';

export const blogId = async (db: Db, name: string) =>
  (await db.selectFrom('blogs').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/** The owner of `blocker`'s blog blocks `blocked`'s blog, written directly (the block routes are another area's). */
export async function block(db: Db, blocker: Session, blocked: Session) {
  await db
    .insertInto('blocks')
    .values({ blocker_blog_id: await blogId(db, blogOf(blocker)), blocked_blog_id: await blogId(db, blogOf(blocked)) })
    .execute();
}

export async function follow(db: Db, reader: Session, writer: Session) {
  const user = await db.selectFrom('users').select('id').where('email', '=', reader.body.response.user.email).executeTakeFirstOrThrow();
  await db.insertInto('follows').values({ user_id: user.id, blog_id: await blogId(db, blogOf(writer)) }).execute();
}

/** Rows of the tables these routes write, for "nothing changed" assertions. */
export async function socialRows(db: Db) {
  const { rows } = await sql<{ likes: string; replies: string; notifications: string; posts: string; promoted: string }>`
    select (select count(*) from likes) as likes, (select count(*) from replies) as replies,
      (select count(*) from notifications) as notifications, (select count(*) from posts) as posts,
      (select count(*) from posts where promoted_at is not null) as promoted`.execute(db);
  const r = rows[0]!;
  return { likes: Number(r.likes), replies: Number(r.replies), notifications: Number(r.notifications), posts: Number(r.posts), promoted: Number(r.promoted) };
}

/** Notifications a blog received, oldest first, with the names of who and what. */
export async function notificationsOf(db: Db, blogName: string, type?: NotificationType) {
  let query = db
    .selectFrom('notifications as n')
    .innerJoin('blogs as b', 'b.id', 'n.blog_id')
    .leftJoin('blogs as f', 'f.id', 'n.from_blog_id')
    .select(['n.type', 'f.name as from', 'n.post_id', 'n.new_post_id', 'n.note_meta'])
    .where('b.name', '=', blogName);
  if (type) query = query.where('n.type', '=', type);
  return query.orderBy('n.id').execute();
}

export const likeFields = (p: PostView) => ({ id: p.id, key: p.reblog_key });
export const like = (t: TestApp, s: Session, p: PostView, extra: Record<string, unknown> = {}) =>
  post(t.app, '/svc/like', { ...likeFields(p), ...extra }, asOwner(s));
export const unlike = (t: TestApp, s: Session, p: PostView) => post(t.app, '/svc/unlike', likeFields(p), asOwner(s));
export const fastReblog = (t: TestApp, s: Session, p: PostView, extra: Record<string, unknown> = {}) =>
  post(t.app, '/fast_reblog', { reblog_key: p.reblog_key, reblog_post_id: p.id, ...extra }, asOwner(s));
export const reply = (t: TestApp, s: Session, p: PostView, text: unknown, extra: Record<string, unknown> = {}) =>
  post(t.app, '/svc/reply', { reply_text: text, post_id: p.id, tumblelog: p.blog.name, tumblelog_key: p.reblog_key, ...extra }, asOwner(s));
