// Asks, the inbox and what the owner does with what waits in it (issue 14). An ask is a post of
// the note kind in the state 'unapproved' on the recipient blog; a submission is a post of another
// type in that state (posts/submission.ts makes them). Answering an ask edits it through the post
// commands (the answer mode of the post form does the same), approving a submission publishes it.
import { sql } from 'kysely';
import { ASKS_PER_HOUR, type AskInput } from '../../shared/asks/ask';
import type { PostPage, SaveResponse } from '../../shared/posts/types';
import { notify } from '../activity/notify';
import { announcePublished } from '../activity/published';
import { assertNotBlocked, assertNotBlockedLocked } from '../blocks/queries';
import { addBlock } from '../blocks/service';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import { AppError, ErrorCode, invalidField, postNotFound } from '../http/errors';
import type { Viewer } from '../http/session';
import { hydratePosts } from '../hydration/hydrator';
import { postViews } from '../hydration/post-views';
import { giveBack, refuse, take, type Bucket, type LimitRule } from '../limits/rate-limit';
import { settingsFor } from '../posts/commands';
import { runPostCommand } from '../posts/run-command';
import { insertPost, rowFields } from '../posts/save-steps';
import { loadView } from '../posts/service';
import { notASubmission } from '../posts/submission';
import { armQueue } from '../queue-slots';
import { actingBlog, readableBlog } from '../rules/blogs';
import { assertMayReach } from '../visibility';
import { askerHash } from './asker-hash';
import { inboxItem, inboxPage } from './queries';

const HOUR = 60 * 60_000;
const ASKS_OF_USER: LimitRule = { name: 'asks-user', limit: ASKS_PER_HOUR, windowMs: HOUR };
const ASKS_OF_ADDRESS: LimitRule = { name: 'asks-address', limit: ASKS_PER_HOUR, windowMs: HOUR };

export const ANSWER_MAX = 10_000;

const refused = (message: string) => new AppError(403, ErrorCode.notAllowed, message);

export interface Asker {
  viewer: Viewer | null;
  /** The client's address (limits/client-address.ts): only its salted hash is kept, for anonymous asks. */
  address: string;
}

/**
 * POST /svc/post/ask. The rules are the client's and more: asks on, anonymous only where allowed
 * (a logged-out asker is always anonymous), no block between the two, not an address the blog
 * blocked, and a limit per sender and per address each hour. Nothing naming an anonymous asker is
 * stored where the owner can read it.
 */
export async function ask(ctx: AppContext, asker: Asker, input: Required<Pick<AskInput, 'recipient' | 'question'>> & { anonymous: boolean }): Promise<{ sent: true }> {
  const { viewer } = asker;
  const blog = await readableBlog(ctx.db, viewer?.user.id ?? null, input.recipient);
  if (!blog.asks) throw refused(`${blog.name} is not taking questions right now.`);
  const anonymous = viewer ? input.anonymous : true;
  if (anonymous && !blog.anonymous_asks) {
    if (!viewer) throw new AppError(401, ErrorCode.notLoggedIn, `Log in to ask ${blog.name} a question: it does not take anonymous questions.`);
    throw invalidField('anonymous', `${blog.name} does not take anonymous questions. Ask with your name, or not at all.`);
  }
  let askingBlog: { id: string; name: string } | null = null;
  if (viewer) {
    if (viewer.user.id === blog.user_id) throw refused('You cannot ask your own blog a question.');
    // The blog the viewer acts as (rules/blogs.ts: 'Make a blog first' without one).
    const own = await actingBlog(ctx.db, viewer.user);
    // Anonymous or not, the ask comes from this blog: a suspended one asks nobody.
    assertMayReach(own);
    // A block refuses the ask before the hour's allowance is spent on it.
    await assertNotBlocked(ctx.db, viewer.user.id, blog.id);
    askingBlog = own;
  }
  const hash = anonymous ? await askerHash(ctx.db, asker.address, blog.id) : null;
  if (hash && (await addressBlocked(ctx.db, blog.id, hash))) throw refused(`${blog.name} is not taking questions from you.`);

  const buckets: Bucket[] = [];
  if (viewer) buckets.push({ rule: ASKS_OF_USER, subject: viewer.user.id });
  if (anonymous) buckets.push({ rule: ASKS_OF_ADDRESS, subject: asker.address });
  const refusal = await take(ctx.db, buckets);
  if (refusal) throw refuse(refusal, 'questions asked this hour');

  const now = new Date();
  const content = { type: 'note' as const, question: input.question, answer_html: '', asking_name: anonymous ? null : askingBlog!.name };
  const fields = rowFields(
    settingsFor('published'),
    {
      content,
      source: { one: input.question, two: '', three: '', extra: {} },
      commentHtml: '',
      trail: [],
      state: { state: 'unapproved', is_private: false, publish_on: null },
      options: settingsFor('published').options,
      editorType: 'rich',
    },
    now,
    now,
  );
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      // Under the blog's row lock: a block made meanwhile cannot slip past (blocks/queries.ts).
      if (viewer) await assertNotBlockedLocked(trx, viewer.user.id, blog.id);
      const postId = await insertPost(trx, fields, { blogId: blog.id, type: 'note', rootId: null, reblogOf: null, fromBlogId: anonymous ? null : askingBlog!.id });
      if (hash) await trx.updateTable('posts').set({ asker_hash: hash }).where('id', '=', postId).execute();
      await notify(trx, [{ blogId: blog.id, type: 'ask', fromBlogId: anonymous ? null : askingBlog!.id, postId }]);
    })
    .catch(async (error: unknown) => {
      // An ask that was not stored (a block made meanwhile, a failure) costs no allowance.
      await giveBack(ctx.db, buckets);
      throw error;
    });
  return { sent: true };
}

const addressBlocked = async (db: Db, blogId: string, hash: string) =>
  Boolean(await db.selectFrom('ask_blocks').select('blog_id').where('blog_id', '=', blogId).where('asker_hash', '=', hash).executeTakeFirst());

/** GET /svc/blog/{name}/inbox: a page of what waits in the inbox of a blog the viewer owns (so its owner reads it). */
export async function inbox(ctx: AppContext, blog: BlogRow, before: string | null): Promise<PostPage> {
  const page = await inboxPage(ctx.db, blog.id, before);
  const hydrated = await hydratePosts(ctx.db, page.ids, blog.user_id);
  return { posts: postViews(page.ids, hydrated, blog.user_id, ctx.config.publicUrl), next: page.next };
}

export interface AnswerInput {
  post_id: string;
  tumblelog: string;
  key: string;
  answer_text: string;
}

/** POST /answer (spec 1 §7): answers an ask of the viewer's blog and publishes it at once. */
export async function answer(ctx: AppContext, viewer: Viewer, input: AnswerInput): Promise<Omit<SaveResponse, 'post_context_page'>> {
  const item = await inboxItem(ctx.db, viewer.user.id, input.post_id);
  if (!item || item.content.type !== 'note' || item.blog_name !== input.tumblelog || item.reblog_key !== input.key) throw postNotFound();
  const text = input.answer_text.trim();
  if (!text) throw invalidField('answer_text', 'Write an answer before you publish it.');
  if (text.length > ANSWER_MAX) throw invalidField('answer_text', `Answers can be at most ${ANSWER_MAX} characters long.`);
  // The answer is the post form's answer mode in one call: an edit of the ask, published.
  return runPostCommand(ctx, viewer, {
    kind: 'edit',
    input: {
      ...settingsFor('published'),
      editorType: 'markdown',
      postId: item.id,
      form: { one: item.content.question, two: text, three: '', richText: { one: false, two: false, three: false }, raw: {} },
      removeReblogTree: false,
    },
  });
}

/** POST /approve_submission (spec 1 §7: id, queue): the submission goes out now, or to the queue. */
export async function approveSubmission(ctx: AppContext, viewer: Viewer, id: string, queue: boolean) {
  const item = await inboxItem(ctx.db, viewer.user.id, id);
  if (!item || item.type === 'note') throw notASubmission();
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    // Only while it still waits: two approvals at once publish it once.
    const moved = queue
      ? await trx.updateTable('posts').set({ state: 'queued', publish_on: null, updated_at: now }).where('id', '=', item.id).where('state', '=', 'unapproved').executeTakeFirst()
      : await trx
          .updateTable('posts')
          .set({ state: 'published', publish_on: null, publish_id: sql<string>`next_id()`, was_published: true, date: now, updated_at: now })
          .where('id', '=', item.id)
          .where('state', '=', 'unapproved')
          .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw notASubmission();
    if (queue) await armQueue(trx, item.blog_id, now);
    else if (!item.was_published) await announcePublished(trx, [item.id]);
  });
  return loadView(ctx, viewer, item.id);
}

/** POST /deny_submission (spec 1 §7: pid): the submission is deleted and its submitter told. */
export async function denySubmission(ctx: AppContext, viewer: Viewer, id: string): Promise<void> {
  const item = await inboxItem(ctx.db, viewer.user.id, id);
  if (!item || item.type === 'note') throw notASubmission();
  await ctx.db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('posts').where('id', '=', item.id).where('state', '=', 'unapproved').executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw notASubmission();
    if (item.from_blog_id) await notify(trx, [{ blogId: item.from_blog_id, type: 'submission_declined', fromBlogId: item.blog_id }]);
  });
}

/**
 * Blocks whoever sent an ask or a submission waiting in the viewer's inbox, and deletes it. A named
 * sender's blog is blocked as by POST /svc/block/add; an anonymous asker's address (its salted
 * hash) can ask this blog nothing more (the block-sender confirm of spec 1 §8).
 */
export async function blockSender(ctx: AppContext, viewer: Viewer, id: string): Promise<{ blocked: 'blog' | 'address' }> {
  const item = await inboxItem(ctx.db, viewer.user.id, id);
  if (!item) throw postNotFound();
  const fromBlog = item.from_blog_id
    ? await ctx.db.selectFrom('blogs').select(['id', 'name']).where('id', '=', item.from_blog_id).executeTakeFirst()
    : undefined;
  if (!fromBlog && !item.asker_hash) throw refused('Whoever sent this is gone: there is nobody left to block.');
  if (fromBlog) {
    await addBlock(ctx, viewer, { tumblelog: item.blog_name, blocked_tumblelog: fromBlog.name, block_context: 'ask' });
  } else {
    await ctx.db.insertInto('ask_blocks').values({ blog_id: item.blog_id, asker_hash: item.asker_hash! }).onConflict((oc) => oc.doNothing()).execute();
  }
  await ctx.db.deleteFrom('posts').where('id', '=', item.id).where('state', '=', 'unapproved').execute();
  return { blocked: fromBlog ? 'blog' : 'address' };
}
