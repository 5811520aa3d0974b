// The export's ZIP, streamed: each JSON file is written page by page from the database as the ZIP
// reaches it, and each media file is opened only when its turn comes (yazl's lazy streams), so
// neither the archive nor a whole list is ever held in memory, and no more than one file is open.
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { ZipFile } from 'yazl';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import { mediaKeysOf, originalKeyOf } from './media-keys';

/** Rows read per statement while a list is written. */
const PAGE = 200;

const README = `Your data, as it was when this export was made.

account.json            your account: email address, when it was made, your blogs
following.json          the blogs you follow
blogs/<name>/blog.json       the blog's title, description (sanitized HTML) and settings
blogs/<name>/posts.json      every post of the blog, in any state, with its sanitized HTML
blogs/<name>/asks.json       the asks and submitted posts waiting in the blog's inbox
blogs/<name>/messages.json   the blog's conversations and their messages
blogs/<name>/blocks.json     the blogs this blog blocks
blogs/<name>/media/          the files the blog's posts show
blogs/<name>/message-media/  the images sent in its conversations
`;

/** A JSON array, written one page at a time: `page(after)` gives the rows after a key, and each row's key. */
function jsonArray<T>(page: (after: string | null) => Promise<{ rows: T[]; last: string | null }>): Readable {
  return Readable.from(
    (async function* () {
      yield '[';
      let after: string | null = null;
      let first = true;
      for (;;) {
        const { rows, last } = await page(after);
        for (const row of rows) {
          yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
          first = false;
        }
        if (rows.length < PAGE || last === null) break;
        after = last;
      }
      yield '\n]\n';
    })(),
  );
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** One file of a list, made only when the ZIP reaches it. */
const lazy = (zip: ZipFile, name: string, make: () => Promise<Readable> | Readable) =>
  zip.addReadStreamLazy(name, (done) => {
    Promise.resolve()
      .then(make)
      .then((stream) => done(null, stream), (error: unknown) => done(error, Readable.from([])));
  });

/** The posts of a blog in states `states`, oldest first, as the export shows them. */
const postsOf = (db: Db, blogId: string, inbox: boolean) => (after: string | null) =>
  db
    .selectFrom('posts')
    .select(['id', 'type', 'state', 'is_private', 'date', 'slug', 'tags', 'source_url', 'content', 'comment_html', 'trail', 'reblog_of_id', 'publish_on', 'owner_flagged_nsfw', 'from_blog_id'])
    .where('blog_id', '=', blogId)
    .where('state', inbox ? '=' : '!=', 'unapproved')
    .$if(after !== null, (qb) => qb.where('id', '>', after!))
    .orderBy('id')
    .limit(PAGE)
    .execute()
    .then((rows) => ({ rows, last: rows.at(-1)?.id ?? null }));

/** The blog's conversations with their messages, one conversation per row (messages page inside it). */
const conversationsOf = (db: Db, blogId: string) => async (after: string | null) => {
  const conversations = await db
    .selectFrom('conversation_participants as cp')
    .innerJoin('conversations as c', 'c.id', 'cp.conversation_id')
    .innerJoin('blogs as other', (join) =>
      join.on(sql<boolean>`other.id = case when c.pair_low = ${blogId} then c.pair_high else c.pair_low end`),
    )
    .select(['c.id', 'other.name as with_blog', 'c.created_at'])
    .where('cp.blog_id', '=', blogId)
    .$if(after !== null, (qb) => qb.where('c.id', '>', after!))
    .orderBy('c.id')
    .limit(PAGE)
    .execute();
  // The page's messages in one query, not one per conversation.
  const messages =
    conversations.length === 0
      ? []
      : await db
          .selectFrom('messages as m')
          .innerJoin('blogs as b', 'b.id', 'm.sender_blog_id')
          .select(['m.conversation_id', 'm.id', 'b.name as from_blog', 'm.type', 'm.content', 'm.post_id', 'm.image', 'm.sticker_id', 'm.created_at'])
          .where('m.conversation_id', 'in', conversations.map((c) => c.id))
          .orderBy('m.conversation_id')
          .orderBy('m.id')
          .execute();
  const byConversation = new Map(conversations.map((c) => [c.id, [] as Omit<(typeof messages)[number], 'conversation_id'>[]]));
  for (const { conversation_id, ...message } of messages) byConversation.get(conversation_id)!.push(message);
  const rows = conversations.map((conversation) => ({ ...conversation, messages: byConversation.get(conversation.id)! }));
  return { rows, last: conversations.at(-1)?.id ?? null };
};

/** The stored files among `shas` (one upload row each), by the name they get in the ZIP. */
async function filesOf(ctx: AppContext, shas: string[]): Promise<{ key: string; name: string }[]> {
  if (shas.length === 0) return [];
  const rows = await ctx.db.selectFrom('media').select(['sha256', 'sizes', 'meta']).distinctOn('sha256').where('sha256', 'in', shas).orderBy('sha256').execute();
  const files = [];
  for (const row of rows) {
    const key = originalKeyOf(row) ?? mediaKeysOf(row)[0];
    if (key && (await ctx.media.exists(key))) files.push({ key, name: path.posix.basename(key) });
  }
  return files;
}

/** Adds one blog's folder. */
async function addBlog(ctx: AppContext, zip: ZipFile, blogId: string) {
  const { db } = ctx;
  const blog = await db
    .selectFrom('blogs')
    .select(['name', 'title', 'description', 'is_adult', 'theme', 'asks', 'anonymous_asks', 'ask_page_title', 'submissions', 'submission_types', 'submission_guidelines', 'can_receive_messages', 'messages_from_followed_only', 'created_at'])
    .where('id', '=', blogId)
    .executeTakeFirstOrThrow();
  const dir = `blogs/${blog.name}`;
  zip.addBuffer(json({ ...blog, description_html: blog.description, description: undefined }), `${dir}/blog.json`);
  lazy(zip, `${dir}/posts.json`, () => jsonArray(postsOf(db, blogId, false)));
  lazy(zip, `${dir}/asks.json`, () => jsonArray(postsOf(db, blogId, true)));
  lazy(zip, `${dir}/messages.json`, () => jsonArray(conversationsOf(db, blogId)));
  const blocks = await db
    .selectFrom('blocks as k')
    .innerJoin('blogs as b', 'b.id', 'k.blocked_blog_id')
    .select(['b.name', 'k.created_at'])
    .where('k.blocker_blog_id', '=', blogId)
    .orderBy('k.created_at')
    .execute();
  zip.addBuffer(json(blocks), `${dir}/blocks.json`);
  const postShas = await db
    .selectFrom('post_media as pm')
    .innerJoin('posts as p', 'p.id', 'pm.post_id')
    .select('pm.sha256')
    .distinct()
    .where('p.blog_id', '=', blogId)
    .execute();
  for (const file of await filesOf(ctx, postShas.map((r) => r.sha256))) {
    lazy(zip, `${dir}/media/${file.name}`, () => ctx.media.read(file.key));
  }
  const messageShas = await db
    .selectFrom('message_media as mm')
    .innerJoin('conversation_participants as cp', 'cp.conversation_id', 'mm.conversation_id')
    .select('mm.sha256')
    .distinct()
    .where('cp.blog_id', '=', blogId)
    .execute();
  for (const file of await filesOf(ctx, messageShas.map((r) => r.sha256))) {
    lazy(zip, `${dir}/message-media/${file.name}`, () => ctx.media.read(file.key));
  }
}

/**
 * The account's export as a ZIP stream. The caller pipes it to storage; the stream errors if a
 * part cannot be read, and the export then fails as a whole rather than leave a file out silently.
 */
export async function exportZip(ctx: AppContext, userId: string, now: Date): Promise<Readable> {
  const zip = new ZipFile();
  const user = await ctx.db.selectFrom('users').select(['email', 'created_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  const blogs = await ctx.db.selectFrom('blogs').select(['id', 'name']).where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('id').execute();
  zip.addBuffer(Buffer.from(README), 'README.txt');
  zip.addBuffer(json({ email: user.email, created_at: user.created_at, exported_at: now, blogs: blogs.map((b) => b.name) }), 'account.json');
  const following = await ctx.db
    .selectFrom('follows as f')
    .innerJoin('blogs as b', 'b.id', 'f.blog_id')
    .select(['b.name', 'f.created_at'])
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at')
    .execute();
  zip.addBuffer(json(following), 'following.json');
  for (const blog of blogs) await addBlog(ctx, zip, blog.id);
  const output = zip.outputStream as Readable;
  // A part that failed to read fails the whole stream (and so the export).
  zip.on('error', (error: Error) => output.destroy(error));
  zip.end();
  return output;
}
