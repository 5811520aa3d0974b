// What goes out. Rather than a hook in every place a post is published (save, /publish, the queue
// publisher, a finished video) or leaves public (edit, delete, private), a pass compares what
// should be out with what went out (federated_posts): a public post of a blog with remote
// followers that is not there goes out as Create; a row whose post is gone, or no longer public,
// goes out as Delete. Publishing never waits for federation; a pass that stops half-way (a
// restart) finds the rest next time; sending only enqueues (the queue delivers, with retries).
// Private, draft, queued, members-only posts and reblogs never leave.
import type { Context } from '@fedify/fedify';
import { Article, Create, Delete, Note, PUBLIC_COLLECTION, Tombstone, Update } from '@fedify/vocab';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { PostContent } from '../../shared/posts/types';
import type { Db } from '../db/schema';
import { publicBlog, publicPost } from '../visibility';
import type { Fed, FederationData } from './data';
import { sendAnnounces, undoOfAnnounce } from './announces';
import { instantOf } from './instant';
import { postObject } from './objects';
import { sendActorDeletes } from './leaving-actors';

/** Posts one pass sends at most (each is one enqueued fan-out). */
const PASS = 50;

interface OutgoingPost {
  id: string;
  slug: string;
  content: PostContent;
  tags: string[];
  date: Date;
  blog_id: string;
  blog_uuid: string;
  blog_name: string;
  sensitive: boolean;
}

/** The posts of ours that may federate: public, published, not members-only, no reblogs, on a blog that is not suspended. */
export const federatable = (db: Db) =>
  db
    .selectFrom('posts as p')
    .innerJoin('blogs as b', 'b.id', 'p.blog_id')
    .select(['p.id', 'p.slug', 'p.content', 'p.tags', 'p.date', 'p.updated_at', 'p.blog_id', 'b.uuid as blog_uuid', 'b.name as blog_name'])
    .select(sql<boolean>`(p.owner_flagged_nsfw or p.is_sensitive)`.as('sensitive'))
    // The version to the microsecond, as text: a Date would lose the last digits and never match.
    .select(sql<string>`p.updated_at::text`.as('version'))
    .where(publicPost('p'))
    .where(publicBlog('b'))
    .where('p.members_only', '=', false)
    .where('p.reblog_of_id', 'is', null);

const kindOf = (content: PostContent) => (content.type === 'text' && content.title) || (content.type === 'chat' && content.title) ? 'article' : 'note';

type UriContext = Pick<Context<FederationData>, 'data' | 'getActorUri' | 'getFollowersUri' | 'getObjectUri'>;

function objectFor(ctx: UriContext, post: OutgoingPost) {
  const kind = kindOf(post.content);
  const id = kind === 'article' ? ctx.getObjectUri(Article, { id: post.id }) : ctx.getObjectUri(Note, { id: post.id });
  const { publicUrl } = ctx.data.app.config;
  return postObject(
    { ...post, sensitive: post.sensitive },
    {
      id,
      actor: ctx.getActorUri(post.blog_uuid),
      followers: ctx.getFollowersUri(post.blog_uuid),
      publicUrl,
      blogName: post.blog_name,
      tagUrl: (tag) => new URL(`${publicUrl}/tagged/${encodeURIComponent(tag)}`),
    },
  );
}

/** The object at /ap/notes/{id} or /ap/articles/{id}: only while the post may federate. */
export async function objectOfPost(ctx: UriContext, id: string, kind: 'note' | 'article') {
  if (!/^\d{1,18}$/.test(id)) return null;
  const post = await federatable(ctx.data.app.db).where('p.id', '=', id).executeTakeFirst();
  if (!post || kindOf(post.content) !== kind) return null;
  return objectFor(ctx, post);
}

/** What a follower sees of the object: an edit that changes none of it sends nothing. */
const hashOf = (object: Note | Article) => {
  const { content, name, summary, sensitive, tagIds, attachmentIds } = object;
  return createHash('sha256').update(JSON.stringify([content, name, summary, sensitive, tagIds.map(String), attachmentIds.map(String), object.url?.toString()])).digest('base64url');
};

/** Edits look back this far: a pass that has not run for longer (the server down a day) misses older ones. */
const EDIT_WINDOW = '1 day';

/**
 * Posts that went out and were saved since: out again as Update when what they show changed. The
 * version is claimed first (only where it is newer than the one recorded), so two passes send it once.
 */
async function sendUpdates(ctx: Context<FederationData>, db: Db): Promise<number> {
  let sent = 0;
  const edited = await federatable(db)
    .innerJoin('federated_posts as fp', 'fp.post_id', 'p.id')
    .select('fp.content_hash')
    // posts_published_updated_idx: only what was saved lately, not every post that ever went out.
    .where('p.updated_at', '>', sql<Date>`now() - interval '${sql.raw(EDIT_WINDOW)}'`)
    .where((eb) => eb.or([eb('fp.sent_updated_at', 'is', null), eb('fp.sent_updated_at', '<', eb.ref('p.updated_at'))]))
    .orderBy('p.updated_at')
    .limit(PASS)
    .execute();
  for (const post of edited) {
    const object = objectFor(ctx, post);
    const hash = hashOf(object);
    const claimed = await db
      .updateTable('federated_posts')
      .set({ sent_updated_at: sql<Date>`${post.version}::timestamptz`, content_hash: hash })
      .where('post_id', '=', post.id)
      .where((eb) => eb.or([eb('sent_updated_at', 'is', null), eb('sent_updated_at', '<', sql<Date>`${post.version}::timestamptz`)]))
      .returning('post_id')
      .executeTakeFirst();
    if (!claimed || hash === post.content_hash) continue;
    const updated = instantOf(post.updated_at);
    const changed = object.clone({ updated });
    await ctx.sendActivity(
      { identifier: post.blog_uuid },
      'followers',
      new Update({ id: new URL(`${object.id!.href}#update-${post.updated_at.getTime()}`), actor: ctx.getActorUri(post.blog_uuid), to: object.toId, cc: object.ccId, object: changed, updated }),
      { preferSharedInbox: true },
    );
    sent++;
  }
  return sent;
}

/** One pass: new posts out as Create, gone ones as Delete. How many activities it enqueued. */
export async function runOutbox(federation: Fed, data: FederationData): Promise<number> {
  const { db, config } = data.app;
  const ctx = federation.createContext(new URL(config.publicUrl), data);
  let sent = 0;

  const fresh = await federatable(db)
    // Driven from the few blogs with remote followers (their feed index), not from every public post.
    .where('p.blog_id', 'in', (eb) => eb.selectFrom('remote_followers').select('blog_id'))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('federated_posts as fp').select(sql`1`.as('one')).whereRef('fp.post_id', '=', 'p.id'))))
    // Only what was published after its blog's first remote follower came: no flood of the archive.
    .where((eb) =>
      eb('p.date', '>=', eb.selectFrom('remote_followers as f').select((e) => e.fn.min('f.created_at').as('since')).whereRef('f.blog_id', '=', 'p.blog_id')),
    )
    .orderBy('p.publish_id')
    .limit(PASS)
    .execute();
  for (const post of fresh) {
    const object = objectFor(ctx, post);
    const actor = ctx.getActorUri(post.blog_uuid);
    // Recorded first: a crash after it re-sends nothing, one before it sends again (same ids). Only
    // the pass whose row went in sends: two servers' passes that found the same post send it once.
    const claimed = await db
      .insertInto('federated_posts')
      .values({ post_id: post.id, blog_id: post.blog_id, object_uri: object.id!.href, sent_updated_at: sql<Date>`${post.version}::timestamptz`, content_hash: hashOf(object) })
      .onConflict((oc) => oc.doNothing())
      .returning('post_id')
      .executeTakeFirst();
    if (!claimed) continue;
    await ctx.sendActivity(
      { identifier: post.blog_uuid },
      'followers',
      new Create({ id: new URL(`${object.id!.href}#create`), actor, to: object.toId, cc: object.ccId, object, published: object.published }),
      { preferSharedInbox: true },
    );
    sent++;
  }

  sent += await sendUpdates(ctx, db);
  sent += await sendAnnounces(ctx, db);
  sent += await sendActorDeletes(ctx, db);

  const gone = await db
    .selectFrom('federated_posts as fp')
    .innerJoin('blogs as b', 'b.id', 'fp.blog_id')
    .leftJoin('posts as p', 'p.id', 'fp.post_id')
    .select(['fp.post_id', 'fp.object_uri', 'fp.announced_uri', 'b.uuid as blog_uuid'])
    .where((eb) =>
      eb.or([
        eb('p.id', 'is', null),
        eb.not(eb.and([publicPost('p'), eb('p.members_only', '=', false)])),
      ]),
    )
    .limit(PASS)
    .execute();
  for (const row of gone) {
    const actor = ctx.getActorUri(row.blog_uuid);
    await ctx.sendActivity(
      { identifier: row.blog_uuid },
      'followers',
      // A reblog that went out as Announce is taken back with Undo; a post with Delete.
      row.announced_uri ? undoOfAnnounce(ctx, row.blog_uuid, row.object_uri, row.announced_uri) : new Delete({
        id: new URL(`${row.object_uri}#delete-${Date.now()}`),
        actor,
        to: PUBLIC_COLLECTION,
        object: new Tombstone({ id: new URL(row.object_uri), deleted: instantOf(new Date()) }),
      }),
      { preferSharedInbox: true },
    );
    // Removed after the Delete is queued: a crash between them sends it again, which a receiver
    // takes as the same Delete; a Delete lost would leave the post on the other servers.
    await db.deleteFrom('federated_posts').where('post_id', '=', row.post_id).execute();
    sent++;
  }
  return sent;
}
