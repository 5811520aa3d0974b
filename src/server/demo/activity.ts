// Demo activity: the other demo blogs follow, like, reply to and reblog the demo blog over the
// last week, so the activity popover has something to show (with its date headers and its
// sparkline) on the first start. The rows are real: the follows, likes and replies exist too.
import { sql } from 'kysely';
import { notify, type NewNotification } from '../activity/notify';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import type { Viewer } from '../http/session';
import { parsePostCommand } from '../posts/payload';
import { runPostCommand } from '../posts/run-command';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Records notifications as if they had happened `ago` ms back: their time, and the time in their
 * id (ids are time-sortable), so the list's order and its date headers agree. The seed runs
 * alone at first start, so "rows newer than before" are exactly this call's.
 */
async function notifyAgo(db: Db, ago: number, notifications: NewNotification[]) {
  const { rows } = await sql<{ newest: string }>`select coalesce(max(id), 0)::text as newest from notifications`.execute(db);
  await notify(db, notifications);
  const at = new Date(Date.now() - ago);
  await sql`
    update notifications set created_at = ${at}, id = (${at.getTime()}::bigint << 16) | (id & 65535)
    where id > ${rows[0]!.newest}::bigint`.execute(db);
}

export async function seedDemoActivity(ctx: AppContext) {
  const blogs = await ctx.db
    .selectFrom('blogs')
    .innerJoin('users', 'users.id', 'blogs.user_id')
    .selectAll('users')
    .select(['blogs.id as blog_id', 'blogs.name as blog_name'])
    .execute();
  const blog = (name: string) => blogs.find((b) => b.blog_name === name)!;
  const id = (name: string) => blog(name).blog_id;
  const firstPost = await ctx.db
    .selectFrom('posts')
    .select(['id', 'reblog_key'])
    .where('blog_id', '=', id('demo'))
    .where('state', '=', 'published')
    .where('reblog_of_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const skyPost = await ctx.db
    .selectFrom('posts')
    .select('id')
    .where('blog_id', '=', id('night-sky'))
    .where('type', '=', 'photo')
    .where('reblog_of_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();

  const follow = async (ago: number, from: string, to: string) => {
    await ctx.db.insertInto('follows').values({ user_id: blog(from).id, blog_id: id(to) }).onConflict((oc) => oc.doNothing()).execute();
    await notifyAgo(ctx.db, ago, [{ blogId: id(to), type: 'follower', fromBlogId: id(from) }]);
  };
  const like = async (ago: number, from: string) => {
    await ctx.db
      .insertInto('likes')
      .values({ user_id: blog(from).id, post_id: firstPost.id, blog_id: id(from), created_at: new Date(Date.now() - ago) })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await notifyAgo(ctx.db, ago, [{ blogId: id('demo'), type: 'like', fromBlogId: id(from), postId: firstPost.id }]);
  };

  await follow(6 * DAY, 'staff', 'demo');
  await follow(5 * DAY, 'night-sky', 'demo');
  await follow(3 * DAY + 2 * HOUR, 'poetry-corner', 'demo');
  await like(3 * DAY, 'poetry-corner');
  await follow(2 * DAY, 'staff', 'demo-sketches');
  await follow(DAY + 3 * HOUR, 'cats-daily', 'demo');
  await like(DAY + HOUR, 'night-sky');

  const replyText = 'What a lovely first post. Welcome!';
  await ctx.db
    .insertInto('replies')
    .values({ post_id: firstPost.id, blog_id: id('poetry-corner'), text: replyText, created_at: new Date(Date.now() - 5 * HOUR) })
    .execute();
  await notifyAgo(ctx.db, 5 * HOUR, [
    { blogId: id('demo'), type: 'reply', fromBlogId: id('poetry-corner'), postId: firstPost.id, noteMeta: { reply_text: replyText } },
  ]);
  // The demo account subscribes to Night Sky, and hears of its photo post.
  await ctx.db.insertInto('subscriptions').values({ user_id: blog('demo').id, blog_id: id('night-sky') }).onConflict((oc) => oc.doNothing()).execute();
  await notifyAgo(ctx.db, 3 * HOUR, [{ blogId: id('demo'), type: 'new_post', fromBlogId: id('night-sky'), newPostId: skyPost.id }]);
  await like(2 * HOUR, 'cats-daily');
  await follow(HOUR, 'after-dark', 'demo');

  // A real reblog, made now: saving it tells the demo blog (activity/reblog-notifications.ts).
  const catsOwner = await ctx.db.selectFrom('users').selectAll().where('id', '=', blog('cats-daily').id).executeTakeFirstOrThrow();
  const viewer: Viewer = { user: catsOwner, sessionId: '', formKey: '' };
  await runPostCommand(
    ctx,
    viewer,
    parsePostCommand({ channel_id: 'cats-daily', reblog_post_id: firstPost.id, reblog_key: firstPost.reblog_key, 'post[two]': '<p>The cat approves of this post.</p>' }).command,
  );
}
