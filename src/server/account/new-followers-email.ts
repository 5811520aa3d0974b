import { sql } from 'kysely';
import { SITE_NAME } from '../../shared/constants';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import { blogUrl } from '../hydration/post-views';
import { mailBodies } from '../mail/templates';
import { startPoller } from '../poller';
import { EMAIL_BATCH_INTERVAL_MS, takeEmailSlot } from './email-preferences';

/** Follows older than this are never emailed about (the first email, a server that was down). */
const LOOK_BACK_MS = 24 * 60 * 60_000;
/** People emailed per pass: a pass stays short, the next one takes the rest. */
const PEOPLE_PER_PASS = 50;
/** Followers named in one email; the rest are counted, up to MOST_COUNTED. */
const NAMES_SHOWN = 20;
const MOST_COUNTED = 1000;

interface Waiting {
  user_id: string;
}

/**
 * People with new followers not yet emailed about, who want the email, have a verified address
 * and had no such email in the last hour. Bounded by follows_created_at_idx to the look-back window.
 */
async function peopleWaiting(db: Db, now: Date): Promise<Waiting[]> {
  const lookBack = new Date(now.getTime() - LOOK_BACK_MS);
  const slotStart = new Date(now.getTime() - EMAIL_BATCH_INTERVAL_MS);
  const { rows } = await sql<Waiting>`
    select distinct b.user_id
    from follows f
    join blogs b on b.id = f.blog_id
    join users u on u.id = b.user_id
    left join email_batches e on e.user_id = b.user_id and e.kind = 'new_followers'
    where f.created_at > ${lookBack} and f.created_at <= ${now}
      and f.user_id <> b.user_id
      and u.email_new_followers and u.email_verified_at is not null
      and (e.user_id is null or (e.last_sent_at <= ${slotStart} and f.created_at > e.covered_until))
    limit ${PEOPLE_PER_PASS}`.execute(db);
  return rows;
}

interface NewFollower {
  follower: string;
  blog: string;
}

/** Who followed which of the user's blogs in (since, until]: the follower's primary blog name. */
async function newFollowers(db: Db, userId: string, since: Date, until: Date): Promise<NewFollower[]> {
  const { rows } = await sql<NewFollower>`
    select fb.name as follower, b.name as blog
    from blogs b
    join follows f on f.blog_id = b.id
    join users fu on fu.id = f.user_id
    join blogs fb on fb.id = fu.primary_blog_id
    where b.user_id = ${userId} and f.user_id <> ${userId}
      and f.created_at > ${since} and f.created_at <= ${until}
      and not exists (select 1 from blocks k where (k.blocker_blog_id = b.id and k.blocked_blog_id = fb.id))
    order by f.created_at desc
    limit ${MOST_COUNTED}`.execute(db);
  return rows;
}

interface FollowersData {
  site: string;
  followers: { follower: string; blog: string; url: string }[];
  more: number;
  settings: string;
}

const followersBodies = mailBodies<FollowersData>({
  text: `You have new followers on <%= it.site %>:

<% it.followers.forEach((f) => { %><%= f.follower %> followed <%= f.blog %>: <%= f.url %>
<% }) %><% if (it.more > 0) { %>
and <%= it.more %> more.
<% } %>
You get this email at most once an hour. Change which emails you get: <%= it.settings %>
`,
  html:
    '<p>You have new followers on <%= it.site %>:</p><ul>' +
    '<% it.followers.forEach((f) => { %><li><a href="<%= f.url %>"><%= f.follower %></a> followed <%= f.blog %></li><% }) %>' +
    '</ul><% if (it.more > 0) { %><p>and <%= it.more %> more.</p><% } %>' +
    '<p>You get this email at most once an hour. <a href="<%= it.settings %>">Change which emails you get</a>.</p>',
});

function followersEmail(ctx: AppContext, to: string, followers: NewFollower[]) {
  const shown = followers.slice(0, NAMES_SHOWN);
  const subject = followers.length === 1 ? `${followers[0]!.follower} followed you` : `${followers.length} new followers`;
  return {
    to,
    subject,
    ...followersBodies({
      site: SITE_NAME,
      followers: shown.map((f) => ({ ...f, url: blogUrl(ctx.config.publicUrl, f.follower) })),
      more: followers.length - shown.length,
      settings: `${ctx.config.publicUrl}/settings/notifications`,
    }),
  };
}

/**
 * One pass: each person waiting gets one email naming the followers since their last one. The
 * hour's slot is taken before sending (takeEmailSlot), so two processes never send twice. A failed
 * send is not retried (a broken mail server must not make every pass send again): the failure is
 * logged by the poller and the next email covers the followers after it.
 */
export async function sendNewFollowerEmails(ctx: AppContext, now: Date, signal?: AbortSignal): Promise<number> {
  let sent = 0;
  for (const { user_id } of await peopleWaiting(ctx.db, now)) {
    if (signal?.aborted) break;
    const slot = await takeEmailSlot(ctx.db, user_id, 'new_followers', now);
    if (!slot) continue;
    const lookBack = new Date(now.getTime() - LOOK_BACK_MS);
    const since = slot.since && slot.since > lookBack ? slot.since : lookBack;
    const followers = await newFollowers(ctx.db, user_id, since, now);
    if (followers.length === 0) continue;
    await ctx.mailer.send(followersEmail(ctx, slot.email, followers));
    sent += 1;
  }
  return sent;
}

/** Runs the new-followers email every `intervalMs`; the returned stop waits for a pass in progress. */
export function startNewFollowerEmails(ctx: AppContext, log: { error: (obj: object, msg: string) => void }, intervalMs = 5 * 60_000) {
  const poller = startPoller({
    tick: (signal) => sendNewFollowerEmails(ctx, new Date(), signal),
    intervalMs,
    onError: (error) => log.error({ err: error }, 'new-followers email pass failed'),
  });
  return () => poller.stop();
}
