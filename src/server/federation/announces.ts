// Reblogs out as Announce: a public, published, not members-only reblog, by a blog in good standing
// with remote followers, of an original post of ours that federates (the reblog's root) goes to
// the reblogging blog's followers as Announce of that post's object. When the reblog is deleted or
// leaves public, the outbox's pass of gone posts sends Undo of the Announce (outbox.ts).
// A reblog's added comment does not travel (a quote post would carry it; not done).
import type { Context } from '@fedify/fedify';
import { Announce, Article, Note, PUBLIC_COLLECTION, Undo } from '@fedify/vocab';
import { sql } from 'kysely';
import type { PostContent } from '../../shared/posts/types';
import type { Db } from '../db/schema';
import { publicBlog, publicPost } from '../visibility';
import type { FederationData } from './data';
import { instantOf } from './instant';

const PASS = 50;

const isArticle = (content: PostContent) => Boolean((content.type === 'text' || content.type === 'chat') && content.title);

/** New reblogs to announce, and the posts they announce: how many went out. */
export async function sendAnnounces(ctx: Context<FederationData>, db: Db): Promise<number> {
  const reblogs = await db
    .selectFrom('posts as r')
    .innerJoin('blogs as b', 'b.id', 'r.blog_id')
    .innerJoin('posts as o', 'o.id', 'r.root_id')
    .innerJoin('blogs as ob', 'ob.id', 'o.blog_id')
    .select(['r.id', 'r.blog_id', 'r.date', 'b.uuid as blog_uuid', 'o.id as original_id', 'o.content as original_content'])
    .where('r.reblog_of_id', 'is not', null)
    .where(publicPost('r'))
    .where('r.members_only', '=', false)
    .where(publicBlog('b'))
    // The original federates: public, published, not members-only, an original, its blog in good standing.
    .where(publicPost('o'))
    .where('o.members_only', '=', false)
    .where('o.reblog_of_id', 'is', null)
    .where(publicBlog('ob'))
    .where('r.blog_id', 'in', (eb) => eb.selectFrom('remote_followers').select('blog_id'))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('federated_posts as fp').select(sql`1`.as('one')).whereRef('fp.post_id', '=', 'r.id'))))
    .where((eb) =>
      eb('r.date', '>=', eb.selectFrom('remote_followers as f').select((e) => e.fn.min('f.created_at').as('since')).whereRef('f.blog_id', '=', 'r.blog_id')),
    )
    .orderBy('r.publish_id')
    .limit(PASS)
    .execute();
  let sent = 0;
  for (const reblog of reblogs) {
    const actor = ctx.getActorUri(reblog.blog_uuid);
    const object = isArticle(reblog.original_content) ? ctx.getObjectUri(Article, { id: reblog.original_id }) : ctx.getObjectUri(Note, { id: reblog.original_id });
    const id = new URL(`${actor.href}#announces/${reblog.id}`);
    // Claimed first, as a Create is: only the pass whose row went in sends.
    const claimed = await db
      .insertInto('federated_posts')
      .values({ post_id: reblog.id, blog_id: reblog.blog_id, object_uri: id.href, announced_uri: object.href })
      .onConflict((oc) => oc.doNothing())
      .returning('post_id')
      .executeTakeFirst();
    if (!claimed) continue;
    await ctx.sendActivity(
      { identifier: reblog.blog_uuid },
      'followers',
      new Announce({ id, actor, object, to: PUBLIC_COLLECTION, cc: ctx.getFollowersUri(reblog.blog_uuid), published: instantOf(reblog.date) }),
      { preferSharedInbox: true },
    );
    sent++;
  }
  return sent;
}

/** The Undo of an Announce that went out, for a reblog that is gone. */
export function undoOfAnnounce(ctx: Context<FederationData>, blogUuid: string, announceUri: string, announcedUri: string): Undo {
  const actor = ctx.getActorUri(blogUuid);
  return new Undo({
    id: new URL(`${announceUri}/undo`),
    actor,
    to: PUBLIC_COLLECTION,
    object: new Announce({ id: new URL(announceUri), actor, object: new URL(announcedUri) }),
  });
}
