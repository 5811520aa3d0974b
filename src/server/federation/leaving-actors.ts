// A blog that is suspended or deleted stops federating, and whoever follows it from elsewhere is
// told with a Delete of the actor (what Mastodon takes as the account gone: it drops the follow and
// what the account sent). Rather than a hook in every way a blog can be suspended (the admin switch,
// a report resolved) or deleted (the blog, the whole account), the outbox pass looks for such blogs
// that still have remote followers. The followers are taken in one statement (delete ... returning),
// so of two passes at once only one has anyone to tell, and nobody is told twice; then the Delete is
// queued to them. A crash between the two leaves them untold (as a Create claimed first, outbox.ts).
// Fedify signs it with the blog's keys, which setKeyPairsDispatcher still gives for such a blog
// (the actor dispatcher does not answer it). Unsuspended, the actor answers again and nothing is
// sent: those who were told follow again if they wish.
import type { Context } from '@fedify/fedify';
import { Delete, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { Db } from '../db/schema';
import type { FederationData } from './data';

/** Blogs one pass tells about. */
const PASS = 20;

/** Delete of each suspended or deleted blog's actor, to its remote followers: how many went out. */
export async function sendActorDeletes(ctx: Context<FederationData>, db: Db): Promise<number> {
  const leaving = await db
    .selectFrom('blogs as b')
    .select(['b.id', 'b.uuid'])
    // Driven from the few blogs with remote followers (remote_followers_pk), not from every blog.
    .where('b.id', 'in', (eb) => eb.selectFrom('remote_followers').select('blog_id').distinct())
    .where((eb) => eb.or([eb('b.is_suspended', '=', true), eb('b.deleted_at', 'is not', null)]))
    .limit(PASS)
    .execute();
  let sent = 0;
  for (const blog of leaving) {
    const taken = await db.deleteFrom('remote_followers').where('blog_id', '=', blog.id).returning('actor_id').execute();
    if (taken.length === 0) continue;
    const followers = await db
      .selectFrom('remote_actors')
      .select(['uri', 'inbox_url', 'shared_inbox_url'])
      .where('id', 'in', taken.map((row) => row.actor_id))
      .execute();
    const actor = ctx.getActorUri(blog.uuid);
    await ctx.sendActivity(
      { identifier: blog.uuid },
      followers.map((row) => ({
        id: new URL(row.uri),
        inboxId: new URL(row.inbox_url),
        endpoints: row.shared_inbox_url ? { sharedInbox: new URL(row.shared_inbox_url) } : null,
      })),
      new Delete({ id: new URL(`${actor.href}#delete-${Date.now()}`), actor, to: PUBLIC_COLLECTION, object: actor }),
      { preferSharedInbox: true },
    );
    sent++;
  }
  return sent;
}
