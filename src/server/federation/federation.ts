// The ActivityPub side of the site, built on Fedify: each blog is a Person whose identifier is the
// blog's uuid (a name can pass to another blog; the uuid cannot) and whose WebFinger name is the
// blog's name; its inbox, followers, following and outbox; NodeInfo. Fedify verifies the HTTP
// signature of every inbox delivery (draft-cavage and RFC 9421), the key fetched through our safe
// fetcher (loader.ts), and refuses an activity whose actor is not the signer.
import { createFederation, type InboxContext } from '@fedify/fedify';
import type { Activity } from '@fedify/vocab';
import { Accept, Announce, Article, Create, Delete, Endpoints, Follow, Image, Like, Note, Person, Tombstone, Undo, Update, type Recipient } from '@fedify/vocab';
import { APP_VERSION } from '../../shared/version';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import { avatarUrl } from '../hydration/avatar-url';
import { blogUrl } from '../hydration/post-views';
import type { SafeFetcher } from '../links/safe-fetch';
import { blogByUuid, type Fed, type FederationData } from './data';
import { receiveAccept, receiveCreate, receiveDelete, receiveFollow, receiveUndo, receiveUnverified, receiveUpdate } from './inbox';
import { receiveAnnounce, receiveLike } from './reactions';
import { blogKeyPairs } from './keys';
import { DatabaseKvStore } from './kv';
import { safeDocumentLoader } from './loader';
import { objectOfPost } from './outbox';
import type { Log } from '../log';
import { DatabaseMessageQueue } from './queue';
import { instantOf } from './instant';
import { isUrlBlocked, onBlockedDomain } from './blocked';

export const ACTOR_PATH = '/ap/blogs/{identifier}';
export const SHARED_INBOX_PATH = '/ap/inbox';
/** Followers listed on one page of the public followers collection. */
const FOLLOWERS_PAGE = 100;

/** A blog's remote followers as deliveries to 'followers' read them: never an account the blog blocks, nor a blocked server. */
const visibleFollowers = (db: Db, blogId: string) =>
  db
    .selectFrom('remote_followers as f')
    .innerJoin('remote_actors as a', 'a.id', 'f.actor_id')
    .where('f.blog_id', '=', blogId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('remote_blocks as rb').select('rb.actor_id').whereRef('rb.blog_id', '=', 'f.blog_id').whereRef('rb.actor_id', '=', 'f.actor_id'))))
    .where((eb) => eb.not(onBlockedDomain('a.uri')));

/** A listener that ignores an activity whose actor is on a blocked server (the door checks the signer's). */
const unlessBlocked =
  <A extends Activity>(listener: (ctx: InboxContext<FederationData>, activity: A) => Promise<void>) =>
  async (ctx: InboxContext<FederationData>, activity: A): Promise<void> => {
    if (await isUrlBlocked(ctx.data.app.db, activity.actorId)) return;
    await listener(ctx, activity);
  };

export function buildFederation(app: AppContext, fetcher: SafeFetcher, log: Log<'error'>, kv: DatabaseKvStore, queue: DatabaseMessageQueue): Fed {
  const { publicUrl } = app.config;
  const loader = safeDocumentLoader(fetcher);
  const federation = createFederation<FederationData>({
    kv,
    queue,
    // The queue is started by startFederation with the app, and stopped with it.
    manuallyStartQueue: true,
    origin: publicUrl,
    documentLoaderFactory: () => loader,
    contextLoaderFactory: () => loader,
    // Signed fetches are not made yet: servers that demand them (authorized fetch) answer 401.
    authenticatedDocumentLoaderFactory: () => loader,
    // Mastodon still signs the draft-cavage way; it is what is tried first, RFC 9421 after.
    firstKnock: 'draft-cavage-http-signatures-12',
  });

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const blog = await blogByUuid(ctx.data.app, identifier);
      // A suspended blog is no actor (404) and a deleted one is gone (410); their followers are told
      // with Delete (leaving-actors.ts). Unsuspended, it answers again.
      if (!blog || blog.is_suspended) return null;
      if (blog.deleted_at) return new Tombstone({ id: ctx.getActorUri(identifier), deleted: instantOf(blog.deleted_at) });
      const keys = await ctx.getActorKeyPairs(identifier);
      const header = blog.theme.header_image_focused ?? null;
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: blog.name,
        name: blog.title || blog.name,
        summary: blog.description || null,
        url: new URL(blogUrl(publicUrl, blog.name)),
        icon: new Image({ url: new URL(avatarUrl(publicUrl, blog, 512)), mediaType: 'image/png' }),
        image: header && URL.canParse(header, publicUrl) ? new Image({ url: new URL(header, publicUrl) }) : null,
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        followers: ctx.getFollowersUri(identifier),
        following: ctx.getFollowingUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((key) => key.multikey),
        manuallyApprovesFollowers: false,
        discoverable: !blog.is_spam,
      });
    })
    .mapHandle(async (ctx, username) => {
      const blog = await ctx.data.app.db
        .selectFrom('blogs')
        .select(['uuid', 'is_suspended', 'deleted_at'])
        .where('name', '=', username.toLowerCase())
        .executeTakeFirst();
      return blog && !blog.is_suspended && !blog.deleted_at ? blog.uuid : null;
    })
    .setKeyPairsDispatcher(async (ctx, identifier) => {
      const blog = await blogByUuid(ctx.data.app, identifier);
      return blog ? blogKeyPairs(ctx.data.app.db, blog.id) : [];
    });

  federation
    .setFollowersDispatcher(`${ACTOR_PATH}/followers`, async (ctx, identifier, cursor) => {
      const blog = await blogByUuid(ctx.data.app, identifier);
      if (!blog) return null;
      let query = visibleFollowers(ctx.data.app.db, blog.id).select(['a.id', 'a.uri', 'a.inbox_url', 'a.shared_inbox_url']).orderBy('a.id');
      // No cursor: every follower (what a delivery to 'followers' reads); a cursor: one page.
      const offset = cursor === null ? null : Number(cursor);
      if (offset !== null) {
        if (!Number.isInteger(offset) || offset < 0) return null;
        query = query.offset(offset).limit(FOLLOWERS_PAGE + 1);
      }
      const rows = await query.execute();
      const shown = offset === null ? rows : rows.slice(0, FOLLOWERS_PAGE);
      const items: Recipient[] = shown.map((row) => ({
        id: new URL(row.uri),
        inboxId: new URL(row.inbox_url),
        endpoints: row.shared_inbox_url ? { sharedInbox: new URL(row.shared_inbox_url) } : null,
      }));
      const nextCursor = offset !== null && rows.length > FOLLOWERS_PAGE ? String(offset + FOLLOWERS_PAGE) : null;
      return { items, nextCursor };
    })
    .setFirstCursor(() => '0')
    .setCounter(async (ctx, identifier) => {
      const blog = await blogByUuid(ctx.data.app, identifier);
      if (!blog) return null;
      // Counted as the collection lists them: without blocked accounts and servers.
      const row = await visibleFollowers(ctx.data.app.db, blog.id)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    });

  // Whom a blog follows elsewhere is its owner's business: the collection says how many, no names.
  federation
    .setFollowingDispatcher(`${ACTOR_PATH}/following`, async (ctx, identifier) => ((await blogByUuid(ctx.data.app, identifier)) ? { items: [] } : null))
    .setCounter(() => 0);

  // The outbox lists nothing yet (the posts themselves are at their own addresses); it exists, as
  // Mastodon expects of an actor.
  federation
    .setOutboxDispatcher(`${ACTOR_PATH}/outbox`, async (ctx, identifier) => ((await blogByUuid(ctx.data.app, identifier)) ? { items: [] } : null))
    .setCounter(() => 0);

  federation.setObjectDispatcher(Note, '/ap/notes/{id}', (ctx, values) => objectOfPost(ctx, values.id, 'note'));
  federation.setObjectDispatcher(Article, '/ap/articles/{id}', (ctx, values) => objectOfPost(ctx, values.id, 'article'));

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async (ctx) => {
    const counts = await ctx.data.app.db
      .selectNoFrom((eb) => [
        eb.selectFrom('users').select((e) => e.fn.countAll<string>().as('n')).as('users'),
        eb.selectFrom('posts').select((e) => e.fn.countAll<string>().as('n')).where('publish_id', 'is not', null).where('is_private', '=', false).where('reblog_of_id', 'is', null).as('posts'),
      ])
      .executeTakeFirstOrThrow();
    return {
      software: { name: 'tumbleweed', version: APP_VERSION },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: { users: { total: Number(counts.users) }, localPosts: Number(counts.posts), localComments: 0 },
    };
  });

  federation
    .setInboxListeners(`${ACTOR_PATH}/inbox`, SHARED_INBOX_PATH)
    .on(Follow, unlessBlocked(receiveFollow))
    .on(Undo, unlessBlocked(receiveUndo))
    .on(Accept, unlessBlocked(receiveAccept))
    .on(Create, unlessBlocked(receiveCreate))
    .on(Delete, unlessBlocked(receiveDelete))
    .on(Update, unlessBlocked(receiveUpdate))
    .on(Like, unlessBlocked(receiveLike))
    .on(Announce, unlessBlocked(receiveAnnounce))
    .onUnverifiedActivity(receiveUnverified)
    .onError((_ctx, error) => log.error({ err: error }, 'federation inbox'));

  return federation;
}
