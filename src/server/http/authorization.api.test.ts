// The authorization matrix of the social routes: every route against the owner O's blog or post,
// called by four people (logged out, another user X, a user B whose blog O's blog blocks, and O
// himself; the moderation routes add an admin). Each cell asserts the status; a refusal must
// also leave the database as it was (row counts, O's blog, O's post P and the open report).
// Every route that reaches another person is also called by a user whose blog is suspended,
// and against a suspended blog (issue 22: the section at the end).
//
// Rows run in order, and the callers of a row in the order of CALLERS, so a success may be what
// a later cell builds on (X follows O, then subscribes, unsubscribes and unfollows; O promotes P,
// then unpromotes it). Successes that would change the setup for later rows are undone (restore).
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../shared/account-settings';
import type { TumblelogOwnerData } from '../../shared/activity/types';
import { MODERATION_SWITCHES } from '../../shared/moderation';
import type { PostView } from '../../shared/posts/types';
import type { ReportResponse } from '../../shared/share/types';
import type { BlogCardData } from '../../shared/types';
import { newVerificationLink } from '../account/verification';
import { queueOrder } from '../posts/queue-order';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { countRows, createTestApp, expectError, expectOk, get, login, markVerified, post, register, userByEmail, type As, type Session, type TestApp } from '../test/test-app';

type Caller = 'out' | 'other' | 'blocked' | 'owner' | 'admin' | 'suspended';
const CALLERS: Caller[] = ['out', 'other', 'blocked', 'owner', 'admin'];
const LABEL: Record<Caller, string> = {
  out: 'logged out',
  other: 'another user',
  blocked: 'a blocked user',
  owner: 'the owner',
  admin: 'an admin',
  suspended: 'a user whose blog is suspended',
};
const LOG_IN = 'You need to log in to do that.';

interface Row {
  route: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: (who: Caller) => string;
  body?: (who: Caller) => object | Promise<object>;
  /** The status each caller gets; a caller left out is not asked (the admin, outside moderation). */
  expect: Partial<Record<Caller, number>>;
  /** The answer is an HTML page, not the JSON envelope. */
  html?: boolean;
  /** More about a 200 answer (what this caller may see of it). */
  check?: (who: Caller, response: Record<string, unknown>) => void;
  /** Undoes a 200 that later rows must not see. */
  restore?: (who: Caller) => Promise<unknown>;
}

let t: TestApp;
let owner: Session;
let other: Session;
let blocked: Session;
let admin: Session;
let sessions: Record<Caller, Session | null>;
/** O's published public post, the target of the post rows. */
let P: PostView;
/** A report of P (made by the admin), for resolve. */
let reportId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await register(t.app);
  other = await register(t.app);
  blocked = await register(t.app);
  admin = await register(t.app);
  // Verified addresses, as sending email needs (share/email.ts); the unverified case is in its own tests.
  await markVerified(t.db, owner, other, blocked, admin);
  await t.db.updateTable('users').set({ is_admin: true }).where('email', '=', admin.body.response.user.email).execute();
  sessions = { out: null, other, blocked, owner, admin, suspended: null };
  // The lrec slot serves only with its flag on (off by default).
  await t.db.updateTable('feature_flags').set({ enabled: true }).where('name', '=', 'lrec_on_blog_pages_peepr').execute();
  P = await createPost(t.app, owner, textPost('The post everyone is after'));
  // B followed nothing; O's blog blocks B's blog.
  expectOk(await post(t.app, '/svc/block/add', { tumblelog: blogOf(owner), blocked_tumblelog: blogOf(blocked) }, asOwner(owner)));
  const report = await post(t.app, '/svc/post/report', { post_id: P.id, reason: 'spam' }, asOwner(admin));
  reportId = expectOk<ReportResponse>(report).report.id;
});
afterAll(() => t.close());

/** Messaging: a conversation between O's blog and a friend's; O is the participant among the callers. */
let conversationId: string;
/** The friend's first message in it (for the one-message rows). */
let messageTs: string;
let pollingTokens: Partial<Record<Caller, string>>;
beforeAll(async () => {
  const friend = await register(t.app);
  await markVerified(t.db, friend);
  const uuid = (s: Session) => s.body.response.user.channels[0]!.uuid;
  const body = new URLSearchParams({ participant: uuid(friend), type: 'TEXT', message: 'Hello O' });
  body.append('participants[]', uuid(friend));
  body.append('participants[]', uuid(owner));
  const first = expectOk<{ id: string; messages: { data: { ts: string }[] } }>(await post(t.app, '/svc/conversations/messages', body, asOwner(friend)));
  conversationId = first.id;
  messageTs = first.messages.data[0]!.ts;
  pollingTokens = Object.fromEntries(await Promise.all((['other', 'blocked', 'owner'] as const).map(async (who) => [who, (await userByEmail(t.db, sessions[who]!.body.response.user.email)).polling_token])));
});

const O = () => blogOf(owner);
const ownerBlogRow = () => t.db.selectFrom('blogs').selectAll().where('name', '=', O()).executeTakeFirstOrThrow();
const asCaller = (who: Caller): As => (sessions[who] ? asOwner(sessions[who]) : {});

/** What a refusal must leave as it was. */
async function snapshot() {
  return {
    rows: await countRows(t.db),
    blog: await ownerBlogRow(),
    post: await t.db.selectFrom('posts').selectAll().where('id', '=', P.id).executeTakeFirstOrThrow(),
    report: await t.db.selectFrom('reports').selectAll().where('id', '=', reportId).executeTakeFirstOrThrow(),
  };
}

function send(row: Row, who: Caller, body: object | undefined): Promise<LightMyRequestResponse> {
  const as = asCaller(who);
  const url = row.url(who);
  if (row.method === 'GET') return get(t.app, url, as);
  if (row.method === 'POST') return post(t.app, url, body, as);
  const headers = { ...(as.cookie ? { cookie: as.cookie } : {}), ...(as.formKey ? { 'x-form-key': as.formKey } : {}) };
  return t.app.inject({ method: row.method, url, payload: body ?? {}, headers });
}

/** O's blog takes asks, anonymous ones, and text submissions. */
const takeAsks = () =>
  post(t.app, `/svc/blog/${O()}/settings`, { asks: true, anonymous_asks: true, submissions: true, submission_types: 'text' }, asOwner(owner));

let askerAddress = 0;
/** A new ask or submission from X (an anonymous ask from an address of its own) waiting in O's inbox. */
async function waitingItem(kind: 'ask' | 'submission' | 'anonymous') {
  expectOk(await takeAsks());
  if (kind === 'submission') {
    expectOk(await post(t.app, '/svc/post/update', { channel_id: O(), ...textPost('Submitted') }, asOwner(other)));
  } else {
    askerAddress += 1;
    const res = await t.app.inject({
      method: 'POST', url: '/svc/post/ask', remoteAddress: `198.18.0.${askerAddress}`,
      payload: { recipient: O(), question: 'Waiting?', anonymous: kind === 'anonymous' },
      headers: kind === 'anonymous' ? {} : { cookie: other.cookie, 'x-form-key': other.formKey },
    });
    expectOk(res);
  }
  return t.db.selectFrom('posts').innerJoin('blogs', 'blogs.id', 'posts.blog_id').select(['posts.id', 'posts.reblog_key'])
    .where('blogs.name', '=', O()).where('posts.state', '=', 'unapproved').orderBy('posts.id', 'desc').executeTakeFirstOrThrow();
}
const PASSWORD = 'correct horse battery';
const ownAccount = { out: 401, other: 200, blocked: 200, owner: 200 };
let spareSession = '';
const emailOf = (who: Caller) => (sessions[who] ?? owner).body.response.user.email;
const secretsOf = (who: Caller) =>
  t.db.selectFrom('users').select(['tfa_secret', 'tfa_pending_secret']).where('email', '=', emailOf(who)).executeTakeFirstOrThrow();
// A logged-out caller is refused before any code is read: any secret will do for their cell.
const ANY_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const pendingSecret = async (who: Caller) => (who === 'out' ? ANY_SECRET : (await secretsOf(who)).tfa_pending_secret!);
const tfaSecret = async (who: Caller) => (who === 'out' ? ANY_SECRET : (await secretsOf(who)).tfa_secret!);

const likeBody = () => ({ id: P.id, key: P.reblog_key });
const emailed = { email_address: 'friend@example.org', message: 'Look at this.' };
// O's blog blocks B: what a card shows B is the blog without its posts.
const cardCheck = (who: Caller, r: Record<string, unknown>) => {
  const card = r as unknown as BlogCardData;
  if (who === 'blocked') expect(card.highlighted_posts).toEqual([]);
  else expect(card.highlighted_posts.length).toBeGreaterThan(0);
};
const moderationOnly = { out: 401, other: 403, blocked: 403, owner: 403, admin: 200 };
let videoPost: PostView | null = null;
/** O's video post (an embed), made when first needed. */
const videoOfO = async () => (videoPost ??= await createPost(t.app, owner, { 'post[type]': 'video', 'post[one]': 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }));
const CONVERSION_LOG = JSON.stringify({ name: 'CONVERSION_ACTION_HTML5_VIDEO', extra: { player: 'tumbleweed-html5', player_version: '1' } });
const unmarkP = () => post(t.app, '/svc/moderation/post/sensitive', { post_id: P.id, sensitive: '0' }, asOwner(admin));

/** The caller's own blog uuid as the acting participant (a logged-out caller sends O's). */
const acting = (who: Caller) => (sessions[who] ?? owner).body.response.user.channels[0]!.uuid;
const ownerUuid = () => owner.body.response.user.channels[0]!.uuid;
const inConversation = (who: Caller) => `participant=${acting(who)}&conversation_id=${conversationId}`;
const participantOnly = { out: 401, other: 404, blocked: 404, owner: 200 };

const MESSAGING_ROWS: Row[] = [
  // Everyone's own inbox; only O's holds the conversation.
  { route: 'GET /svc/conversations', method: 'GET', url: (who) => `/svc/conversations?participant=${acting(who)}`,
    expect: { out: 401, other: 200, blocked: 200, owner: 200 },
    check: (who, r) => expect((r.conversations as { id: string }[]).some((c) => c.id === conversationId)).toBe(who === 'owner') },
  // The token, not the cookie: no token is a 400; each caller's own token reads only their counts.
  { route: 'GET /services/poll', method: 'GET', url: (who) => (who === 'out' ? '/services/poll' : `/services/poll?token=${pollingTokens[who]}&unread_messages=true`),
    expect: { out: 400, other: 200, blocked: 200, owner: 200 },
    check: (who, r) => expect(Object.keys(r.unread_messages as object).length).toBe(who === 'owner' ? 1 : 0) },
  { route: 'GET /svc/conversations/messages', method: 'GET', url: (who) => `/svc/conversations/messages?${inConversation(who)}`, expect: participantOnly },
  { route: 'GET /svc/conversations/conversation', method: 'GET', url: (who) => `/svc/conversations/conversation?${inConversation(who)}`, expect: participantOnly },
  { route: 'POST /svc/conversations/read', method: 'POST', url: () => '/svc/conversations/read',
    body: (who) => ({ participant: acting(who), conversation_id: conversationId }), expect: participantOnly },
  { route: 'POST /svc/conversations/messages', method: 'POST', url: () => '/svc/conversations/messages',
    body: (who) => ({ participant: acting(who), conversation_id: conversationId, type: 'TEXT', message: 'Hi' }), expect: participantOnly },
  // Acting as a blog that is not one's own: 403 for anyone.
  { route: 'POST /svc/conversations/messages (as O)', method: 'POST', url: () => '/svc/conversations/messages',
    body: () => ({ participant: ownerUuid(), conversation_id: conversationId, type: 'TEXT', message: 'As O' }),
    expect: { out: 401, other: 403, blocked: 403 } },
  // O's blog blocks B's: B cannot read O's blog info.
  { route: 'GET /svc/conversations/participant_info', method: 'GET', url: (who) => `/svc/conversations/participant_info?participant=${acting(who)}&q=${ownerUuid()}`,
    expect: { out: 401, other: 200, blocked: 404, owner: 200 } },
  { route: 'GET /svc/conversations/participant_suggestions', method: 'GET', url: (who) => `/svc/conversations/participant_suggestions?participant=${acting(who)}&q=${O()}`,
    expect: { out: 401, other: 200, blocked: 200, owner: 200 },
    check: (who, r) => expect((r.blogs as unknown[]).length).toBe(who === 'other' ? 1 : 0) },
  // A stream that opens stays open: the open case (and a wrong token's 401) is in messaging/stream.api.test.ts.
  { route: 'GET /services/stream', method: 'GET', url: () => '/services/stream', expect: { out: 400, other: 400 } },
  { route: 'POST /svc/user/polling_token', method: 'POST', url: () => '/svc/user/polling_token', expect: { out: 401, other: 200, blocked: 200, owner: 200 } },
  // Issue 12: stickers, blur, reports and one-message deletes.
  { route: 'GET /svc/conversations/stickers', method: 'GET', url: () => '/svc/conversations/stickers', expect: { out: 401, other: 200, blocked: 200, owner: 200 } },
  // The drawings are everyone's: no session needed (SVG, not the JSON envelope).
  { route: 'GET /svc/stickers/{file}', method: 'GET', url: () => '/svc/stickers/smile.svg', html: true, expect: { out: 200, other: 200, blocked: 200, owner: 200 } },
  { route: 'POST /svc/conversations/flag (unblur)', method: 'POST', url: () => '/svc/conversations/flag',
    body: (who) => ({ participant: acting(who), conversation_id: conversationId, type: 'unblur' }), expect: participantOnly },
  { route: 'POST /svc/conversations/report', method: 'POST', url: () => '/svc/conversations/report',
    body: (who) => ({ participant: acting(who), conversation_id: conversationId, message_id: messageTs }), expect: participantOnly },
  { route: 'GET /svc/admin/message_reports', method: 'GET', url: () => '/svc/admin/message_reports', expect: moderationOnly,
    check: (_who, r) => expect((r.reports as unknown[]).length).toBe(1) },
  { route: 'POST /svc/admin/message_reports/resolve', method: 'POST', url: () => '/svc/admin/message_reports/resolve',
    body: async () => ({ id: (await t.db.selectFrom('message_reports').select('id').executeTakeFirstOrThrow()).id }), expect: moderationOnly },
  { route: 'DELETE /svc/conversations/messages/{message_id}', method: 'DELETE', url: (who) => `/svc/conversations/messages/${messageTs}?${inConversation(who)}`,
    expect: participantOnly },
  // Last but one: deleting for O leaves the friend's side, and the rows above, as they were.
  { route: 'DELETE /svc/conversations/messages', method: 'DELETE', url: (who) => `/svc/conversations/messages?${inConversation(who)}`, expect: participantOnly },
  // Last: marking spam blocks the friend's blog (nothing after this row needs the conversation).
  { route: 'POST /svc/conversations/flag (spam)', method: 'POST', url: () => '/svc/conversations/flag',
    body: (who) => ({ participant: acting(who), conversation_id: conversationId, type: 'spam' }), expect: participantOnly },
];

const ROWS: Row[] = [
  // Follows. O cannot follow his own blog (400); B cannot follow across the block (403, 4005).
  { route: 'POST /svc/follow', method: 'POST', url: () => '/svc/follow', body: () => ({ tumblelog: O() }),
    expect: { out: 401, other: 200, blocked: 403, owner: 400 } },
  // Subscribing needs a follow: X has one now; B (blocked) and O (own blog) cannot have one: 400.
  { route: 'POST /svc/blog/{name}/subscription', method: 'POST', url: () => `/svc/blog/${O()}/subscription`,
    expect: { out: 401, other: 200, blocked: 400, owner: 400 } },
  // Ending a subscription that is not there is a 200 that changes nothing.
  { route: 'DELETE /svc/blog/{name}/subscription', method: 'DELETE', url: () => `/svc/blog/${O()}/subscription`,
    expect: { out: 401, other: 200, blocked: 200, owner: 200 } },
  // Unfollowing what you do not follow: 200 (documented), across a block too (it reaches nobody).
  { route: 'POST /svc/unfollow', method: 'POST', url: () => '/svc/unfollow', body: () => ({ tumblelog: O() }),
    expect: { out: 401, other: 200, blocked: 200, owner: 200 } },
  // Everyone's own list.
  { route: 'GET /svc/following', method: 'GET', url: () => '/svc/following',
    expect: { out: 401, other: 200, blocked: 200, owner: 200 } },

  // Blocks are managed by the blog's owner only: nobody else may make O's blog block (or stop
  // blocking) anyone, least of all B lift his own block. O blocking B again is one block.
  { route: 'POST /svc/block/add', method: 'POST', url: () => '/svc/block/add',
    body: () => ({ tumblelog: O(), blocked_tumblelog: blogOf(blocked) }),
    expect: { out: 401, other: 403, blocked: 403, owner: 200 } },
  { route: 'POST /svc/block/remove', method: 'POST', url: () => '/svc/block/remove',
    body: () => ({ tumblelog: O(), blocked_tumblelog: blogOf(blocked) }),
    expect: { out: 401, other: 403, blocked: 403, owner: 200 },
    restore: () => post(t.app, '/svc/block/add', { tumblelog: O(), blocked_tumblelog: blogOf(blocked) }, asOwner(owner)) },
  { route: 'GET /svc/block/list', method: 'GET', url: () => `/svc/block/list?tumblelog=${O()}`,
    expect: { out: 401, other: 403, blocked: 403, owner: 200 } },

  // Post actions. Liking your own post is refused by rule (403, 4006); B is stopped by the block.
  { route: 'POST /svc/like', method: 'POST', url: () => '/svc/like', body: likeBody,
    expect: { out: 401, other: 200, blocked: 403, owner: 403 } },
  // Taking a like back reaches nobody, so it is a 200 across a block too (documented).
  { route: 'POST /svc/unlike', method: 'POST', url: () => '/svc/unlike', body: likeBody,
    expect: { out: 401, other: 200, blocked: 200, owner: 200 } },
  // Reblogging (and replying to) your own post is allowed, as on Tumblr.
  { route: 'POST /fast_reblog', method: 'POST', url: () => '/fast_reblog',
    body: () => ({ reblog_post_id: P.id, reblog_key: P.reblog_key }),
    expect: { out: 401, other: 200, blocked: 403, owner: 200 } },
  // The reblog form's load: a block says no before anything is written.
  { route: 'POST /svc/post/fetch (reblog)', method: 'POST', url: () => '/svc/post/fetch',
    body: () => ({ reblog_id: P.id, reblog_key: P.reblog_key }),
    expect: { out: 401, other: 200, blocked: 403, owner: 200 } },
  { route: 'POST /svc/reply', method: 'POST', url: () => '/svc/reply',
    body: (who) => ({ post_id: P.id, tumblelog_key: P.reblog_key, reply_text: `A reply from ${who}` }),
    expect: { out: 401, other: 200, blocked: 403, owner: 200 } },
  // Notes are public, but across a block the post is not there (404).
  { route: 'GET /svc/post/notes', method: 'GET', url: () => `/svc/post/notes?post_id=${P.id}`,
    expect: { out: 200, other: 200, blocked: 404, owner: 200 } },
  // Only the owner promotes; someone else's published post is a 403 (4003).
  { route: 'POST /svc/promote', method: 'POST', url: () => '/svc/promote', body: () => ({ post_id: P.id }),
    expect: { out: 401, other: 403, blocked: 403, owner: 200 } },
  // While P is promoted: the lrec slot serves it to anyone but its owner and those across the block.
  { route: 'GET /svc/ads/lrec', method: 'GET', url: () => '/svc/ads/lrec',
    expect: { out: 200, other: 200, blocked: 200, owner: 200 },
    check: (who, response) => {
      const served = (response.post as { id: string } | null)?.id ?? null;
      expect(served).toBe(who === 'out' || who === 'other' ? P.id : null);
    } },
  { route: 'POST /svc/unpromote', method: 'POST', url: () => '/svc/unpromote', body: () => ({ post_id: P.id }),
    expect: { out: 401, other: 403, blocked: 403, owner: 200 } },
  // A throwaway post of O's for each caller, so the owner's success does not take P away.
  { route: 'POST /svc/post/delete', method: 'POST', url: () => '/svc/post/delete',
    body: async () => ({ post_id: (await createPost(t.app, owner, textPost('Throwaway'))).id, channel_id: O() }),
    expect: { out: 401, other: 403, blocked: 403, owner: 200 } },

  // Activity is the owner's alone (another person's blog: 403).
  { route: 'GET /svc/activity/{blog}', method: 'GET', url: () => `/svc/activity/${O()}`,
    expect: { out: 401, other: 403, blocked: 403, owner: 200 } },
  { route: 'POST /svc/activity/{blog}/seen', method: 'POST', url: () => `/svc/activity/${O()}/seen`,
    body: async () => {
      const newest = await t.db.selectFrom('notifications').innerJoin('blogs', 'blogs.id', 'notifications.blog_id')
        .select('notifications.id').where('blogs.name', '=', O()).orderBy('notifications.id', 'desc').executeTakeFirstOrThrow();
      return { id: String(newest.id) };
    },
    expect: { out: 401, other: 403, blocked: 403, owner: 200 } },

  // Blog data is public; the include flags add the owner's data for the owner and nothing for anyone else.
  { route: 'GET /svc/data/tumblelog', method: 'GET',
    url: () => `/svc/data/tumblelog?tumblelog=${O()}&include_member_data=1&include_activity_data=1&include_activity_notifications=1`,
    expect: { out: 200, other: 200, blocked: 200, owner: 200 },
    check: (who, r) => {
      const data = r as TumblelogOwnerData;
      const mine = who === 'owner';
      expect(data.member_data?.is_owner ?? false).toBe(mine);
      expect('activity_data' in data).toBe(mine);
      expect('activity_notifications' in data).toBe(mine);
    } },
  // Cards are public; across a block they show no posts.
  { route: 'GET /svc/tumblelog_popover/{name}', method: 'GET', url: () => `/svc/tumblelog_popover/${O()}`,
    expect: { out: 200, other: 200, blocked: 200, owner: 200 }, check: cardCheck },
  { route: 'GET /svc/{blogName}/posts/highlighted', method: 'GET', url: () => `/svc/${O()}/posts/highlighted`,
    expect: { out: 200, other: 200, blocked: 200, owner: 200 }, check: cardCheck },
  // Owner only (another person's blog: 403, code 4003).
  { route: 'POST /svc/blog/{name}/settings', method: 'POST', url: () => `/svc/blog/${O()}/settings`,
    body: (who) => ({ title: `Renamed by ${who}` }),
    expect: { out: 401, other: 403, blocked: 403, owner: 200 } },

  // Sharing. The popover data needs no form key (logged out too); across a block the post is 404.
  { route: 'POST /svc/post/share/{blog}/{post_id}', method: 'POST', url: () => `/svc/post/share/${O()}/${P.id}`,
    expect: { out: 200, other: 200, blocked: 404, owner: 200 } },
  // A post's own page reads it: visitors too; across a block the post is 404.
  { route: 'GET /svc/post/view/{blog}/{post_id}', method: 'GET', url: () => `/svc/post/view/${O()}/${P.id}`,
    expect: { out: 200, other: 200, blocked: 404, owner: 200 } },
  // Spec 2 §7 reads the same share data over GET.
  { route: 'GET /svc/post/share/{blog}/{post_id}', method: 'GET', url: () => `/svc/post/share/${O()}/${P.id}`,
    expect: { out: 200, other: 200, blocked: 404, owner: 200 } },

  // Finding things: a tag's posts and explore are public lists, each with the viewer's blocks;
  // tag follows and the likes list are the caller's own.
  { route: 'GET /svc/tagged/{tag}', method: 'GET', url: () => '/svc/tagged/matrix',
    expect: { out: 200, other: 200, blocked: 200, owner: 200 } },
  { route: 'POST /svc/tag/{tag}/follow', method: 'POST', url: () => '/svc/tag/matrix/follow',
    expect: { out: 401, other: 200, blocked: 200, owner: 200 },
    restore: () => t.db.deleteFrom('tag_follows').execute() },
  { route: 'DELETE /svc/tag/{tag}/follow', method: 'DELETE', url: () => '/svc/tag/matrix/follow',
    expect: { out: 401, other: 200, blocked: 200, owner: 200 } },
  { route: 'GET /svc/user/likes', method: 'GET', url: () => '/svc/user/likes',
    expect: { out: 401, other: 200, blocked: 200, owner: 200 } },
  { route: 'GET /svc/explore', method: 'GET', url: () => '/svc/explore',
    expect: { out: 200, other: 200, blocked: 200, owner: 200 } },
  // Suggestions are for a logged-in person (what they follow shapes them).
  { route: 'GET /svc/explore/suggestions', method: 'GET', url: () => '/svc/explore/suggestions',
    expect: { out: 401, other: 200, blocked: 200, owner: 200 } },
  // Site search: anyone; across a block O's post is simply not found. "Your stuff" needs a login.
  { route: 'GET /svc/search/posts', method: 'GET', url: () => '/svc/search/posts?q=everyone&sort=recent',
    expect: { out: 200, other: 200, blocked: 200, owner: 200 },
    check: (who, response) => expect((response.posts as PostView[]).some((p) => p.id === P.id)).toBe(who !== 'blocked') },
  { route: 'GET /svc/search/posts?scope=mine', method: 'GET', url: () => '/svc/search/posts?q=everyone&scope=mine',
    expect: { out: 401, other: 200, blocked: 200, owner: 200 },
    check: (who, response) => expect((response.posts as PostView[]).some((p) => p.id === P.id)).toBe(who === 'owner') },
  { route: 'GET /svc/search/blogs', method: 'GET', url: () => `/svc/search/blogs?q=${O()}`,
    expect: { out: 200, other: 200, blocked: 200, owner: 200 },
    check: (who, response) => expect((response.blogs as Array<{ name: string }>).some((b) => b.name === O())).toBe(who !== 'blocked') },
  { route: 'POST /svc/share/email', method: 'POST', url: () => '/svc/share/email',
    body: () => ({ ...emailed, post_id: P.id, tumblelog_name: O() }),
    expect: { out: 401, other: 200, blocked: 404, owner: 200 } },
  { route: 'POST /svc/email_tumblelog', method: 'POST', url: () => '/svc/email_tumblelog',
    body: () => ({ ...emailed, tumblelog_name: O() }),
    expect: { out: 401, other: 200, blocked: 404, owner: 200 } },
  // Reporting your own post is refused (403, 4006); a post you cannot see is 404.
  { route: 'POST /svc/post/report', method: 'POST', url: () => '/svc/post/report',
    body: () => ({ post_id: P.id, tumblelog_name: O(), reason: 'spam' }),
    expect: { out: 401, other: 200, blocked: 404, owner: 403 } },
  // The embed page reads no cookie: the same page for everyone who has the key.
  { route: 'GET /embed/post/{blog}/{id}?key=', method: 'GET', url: () => `/embed/post/${O()}/${P.id}?key=${P.reblog_key}`,
    html: true, expect: { out: 200, other: 200, blocked: 200, owner: 200 } },

  // Asks and submissions (issue 14). O's blog takes asks (anonymous too) and text submissions.
  // Asking: logged out is anonymous (allowed here); B is across the block; O cannot ask himself.
  { route: 'POST /svc/post/ask', method: 'POST', url: () => '/svc/post/ask',
    body: async (who) => {
      await takeAsks();
      return { recipient: O(), question: `A question from ${who}`, anonymous: who === 'out' };
    },
    expect: { out: 200, other: 200, blocked: 403, owner: 403 } },
  // The inbox is the owner's alone; anyone else finds no such page.
  { route: 'GET /svc/blog/{name}/inbox', method: 'GET', url: () => `/svc/blog/${O()}/inbox`,
    expect: { out: 404, other: 404, blocked: 404, owner: 200 } },
  { route: 'GET /svc/post/blog/{name}/inbox/{direction}/{ref}', method: 'GET', url: () => `/svc/post/blog/${O()}/inbox/before/0`,
    expect: { out: 404, other: 404, blocked: 404, owner: 200 } },
  // A blog's drafts and queue are its owner's alone: to anyone else, as if there were no blog.
  { route: 'GET /svc/post/blog/{name}/drafts/{direction}/{ref}', method: 'GET', url: () => `/svc/post/blog/${O()}/drafts/before/0`,
    expect: { out: 404, other: 404, blocked: 404, owner: 200 } },
  { route: 'GET /svc/post/blog/{name}/queue/{direction}/{ref}', method: 'GET', url: () => `/svc/post/blog/${O()}/queue/before/0`,
    expect: { out: 404, other: 404, blocked: 404, owner: 200 } },
  // Reordering and shuffling a queue is its owner's alone: to anyone else, as if there were no blog.
  // The order sent is the queue as it stands, so the owner's call succeeds whatever the queue holds.
  { route: 'POST /svc/blog/queue_order', method: 'POST', url: () => '/svc/blog/queue_order',
    body: async () => ({ tumblelog: O(), order: await queueOrder(t.db, (await ownerBlogRow()).id) }),
    expect: { out: 401, other: 404, blocked: 404, owner: 200 } },
  { route: 'POST /svc/blog/queue_shuffle', method: 'POST', url: () => '/svc/blog/queue_shuffle', body: () => ({ tumblelog: O() }),
    expect: { out: 401, other: 404, blocked: 404, owner: 200 } },
  // The blog's page: public, but not across a block (403 that says so, documented).
  { route: 'GET /svc/post/blog/{name}/{direction}/{ref}', method: 'GET', url: () => `/svc/post/blog/${O()}/before/0`,
    expect: { out: 200, other: 200, blocked: 403, owner: 200 } },
  // Everyone's own dashboard.
  { route: 'GET /svc/post/dashboard/{direction}/{ref}', method: 'GET', url: () => '/svc/post/dashboard/before/0',
    expect: { out: 401, other: 200, blocked: 200, owner: 200 } },
  // Publishing or queueing a post is its owner's: another's public post is 403 (a hidden one 404).
  // P is published already: publishing it again changes nothing; only a draft can be queued (409).
  { route: 'POST /publish', method: 'POST', url: () => '/publish', body: () => ({ id: P.id }),
    expect: { out: 401, other: 403, blocked: 403, owner: 200 } },
  { route: 'POST /queue', method: 'POST', url: () => '/queue', body: () => ({ id: P.id }),
    expect: { out: 401, other: 403, blocked: 403, owner: 409 } },
  // A video's data by post: not across a block (issue 23 fixed this).
  { route: 'POST /svc/post/get_video_data', method: 'POST', url: () => '/svc/post/get_video_data', body: () => ({ post_id: P.id }),
    expect: { out: 401, other: 400, blocked: 404, owner: 400 } },
  { route: 'GET /svc/blog/inbox_counts', method: 'GET', url: () => '/svc/blog/inbox_counts',
    expect: { out: 401, other: 200, blocked: 200, owner: 200 } },
  // A fresh ask (or submission) from X for each caller: only O may act on it; to anyone else it is not there.
  { route: 'POST /answer', method: 'POST', url: () => '/answer',
    body: async () => {
      const ask = await waitingItem('ask');
      return { post_id: ask.id, tumblelog: O(), key: ask.reblog_key, answer_text: 'An answer.' };
    },
    expect: { out: 401, other: 404, blocked: 404, owner: 200 } },
  { route: 'POST /approve_submission', method: 'POST', url: () => '/approve_submission',
    body: async () => ({ id: (await waitingItem('submission')).id }),
    expect: { out: 401, other: 404, blocked: 404, owner: 200 } },
  { route: 'POST /deny_submission', method: 'POST', url: () => '/deny_submission',
    body: async () => ({ pid: (await waitingItem('submission')).id }),
    expect: { out: 401, other: 404, blocked: 404, owner: 200 } },
  { route: 'POST /svc/post/block_sender', method: 'POST', url: () => '/svc/post/block_sender',
    body: async () => ({ post_id: (await waitingItem('anonymous')).id }),
    expect: { out: 401, other: 404, blocked: 404, owner: 200 } },

  // Moderation: admins only; owners are not admins. The admin's switch is set back at once.
  ...MODERATION_SWITCHES.map((name): Row => ({
    route: `POST /${name}/toggle`, method: 'POST', url: () => `/${name}/toggle`,
    body: () => ({ tumblelog: O(), value: true }),
    expect: moderationOnly,
    restore: () => post(t.app, `/${name}/toggle`, { tumblelog: O(), value: false }, asOwner(admin)),
  })),
  // Feature flags (issue 26): admins only. Each success is set back at once.
  { route: 'GET /svc/admin/flags', method: 'GET', url: () => '/svc/admin/flags', expect: moderationOnly },
  { route: 'POST /svc/admin/flags', method: 'POST', url: () => '/svc/admin/flags',
    body: () => ({ name: 'ask_form', enabled: false }), expect: moderationOnly,
    restore: () => post(t.app, '/svc/admin/flags', { name: 'ask_form', enabled: true }, asOwner(admin)) },
  { route: 'POST /svc/admin/flags/override', method: 'POST', url: () => '/svc/admin/flags/override',
    body: () => ({ name: 'ask_form', tumblelog: O(), state: 'off' }), expect: moderationOnly,
    restore: () => post(t.app, '/svc/admin/flags/override', { name: 'ask_form', tumblelog: O(), state: 'default' }, asOwner(admin)) },
  { route: 'GET /svc/admin/reports', method: 'GET', url: () => '/svc/admin/reports', expect: moderationOnly },
  { route: 'POST /svc/admin/reports/resolve', method: 'POST', url: () => '/svc/admin/reports/resolve',
    body: () => ({ id: reportId }), expect: moderationOnly },

  // The blog viewer drawer and in-blog search (spec 2 §7): public reads, refused across a block
  // (403, as the blog page); the header save is the owner's; the survey is set by admins and
  // answered by anyone logged in.
  { route: 'GET /svc/indash_blog', method: 'GET', url: () => `/svc/indash_blog?tumblelog_name_or_id=${O()}`,
    expect: { out: 200, other: 200, blocked: 403, owner: 200 } },
  { route: 'GET /svc/indash_blog/header', method: 'GET', url: () => `/svc/indash_blog/header?tumblelog_name_or_id=${O()}`,
    expect: { out: 200, other: 200, blocked: 403, owner: 200 } },
  { route: 'POST /svc/indash_blog/header', method: 'POST', url: () => '/svc/indash_blog/header',
    body: (who) => ({ tumblelog_name_or_id: O(), tumblelog: { title: `Header by ${who}` } }),
    expect: { out: 401, other: 403, blocked: 403, owner: 200 } },
  { route: 'GET /svc/tumblelog/{name}/peepr', method: 'GET', url: () => `/svc/tumblelog/${O()}/peepr?post_id=${P.id}`,
    expect: { out: 200, other: 200, blocked: 403, owner: 200 } },
  { route: 'GET /svc/search/blog_search/{blogname}/{term}', method: 'GET', url: () => `/svc/search/blog_search/${O()}/post`,
    expect: { out: 200, other: 200, blocked: 403, owner: 200 } },
  { route: 'GET /svc/search/blog_search_typeahead/{blogname}', method: 'GET', url: () => `/svc/search/blog_search_typeahead/${O()}?q=a`,
    expect: { out: 200, other: 200, blocked: 403, owner: 200 } },
  { route: 'GET /svc/admin/blog_viewer_survey', method: 'GET', url: () => '/svc/admin/blog_viewer_survey', expect: moderationOnly },
  { route: 'POST /svc/admin/blog_viewer_survey', method: 'POST', url: () => '/svc/admin/blog_viewer_survey',
    body: () => ({ title: 'Why here?', options: ['Art', 'Friends'], submission_confirmation: 'Thanks!' }), expect: moderationOnly },
  { route: 'POST /svc/indash_blog/survey', method: 'POST', url: () => '/svc/indash_blog/survey',
    body: async () => {
      const open = await t.db.selectFrom('surveys').select('id').where('closed_at', 'is', null).executeTakeFirstOrThrow();
      return { survey_id: open.id, option: 'option_1' };
    },
    expect: { out: 401, other: 200, blocked: 200, owner: 200, admin: 200 } },
  { route: 'DELETE /svc/admin/blog_viewer_survey', method: 'DELETE', url: () => '/svc/admin/blog_viewer_survey', expect: moderationOnly },
  // The blog title fonts are public files (blogs/font-files.ts).
  { route: 'GET /fonts/{slug}/{file}', method: 'GET', url: () => '/fonts/lobster/latin-400.woff2', html: true,
    expect: { out: 200, other: 200, blocked: 200, owner: 200 } },
  // The account settings (account/settings-routes.ts) act on the caller's own account only.
  { route: 'GET /svc/account/sessions', method: 'GET', url: () => '/svc/account/sessions', expect: ownAccount },
  // The owner's second session, made for the row: only the owner may end it; for anyone else it does not exist.
  { route: 'DELETE /svc/account/sessions/{id}', method: 'DELETE', url: () => `/svc/account/sessions/${spareSession}`,
    body: async () => {
      const spare = await login(t.app, { email: owner.body.response.user.email, password: PASSWORD });
      const list = expectOk<{ sessions: AccountSession[] }>(await get(t.app, '/svc/account/sessions', asOwner(spare))).sessions;
      spareSession = list.find((s) => s.current)!.id;
      return {};
    },
    expect: { out: 401, other: 404, blocked: 404, owner: 200 } },
  { route: 'POST /svc/account/password', method: 'POST', url: () => '/svc/account/password',
    body: () => ({ current_password: PASSWORD, new_password: PASSWORD }), expect: ownAccount },
  { route: 'POST /svc/account/email', method: 'POST', url: () => '/svc/account/email',
    body: (who) => ({ email: `changed-${emailOf(who)}`, password: PASSWORD }), expect: ownAccount,
    restore: (who) => t.db.updateTable('users').set({ email: emailOf(who), email_verified_at: new Date() }).where('email', '=', `changed-${emailOf(who)}`).execute() },
  { route: 'GET /svc/account/notifications', method: 'GET', url: () => '/svc/account/notifications', expect: ownAccount },
  { route: 'POST /svc/account/notifications', method: 'POST', url: () => '/svc/account/notifications',
    body: () => ({ email_asks: true }), expect: ownAccount },
  { route: 'GET /svc/account/tfa', method: 'GET', url: () => '/svc/account/tfa', expect: ownAccount },
  { route: 'POST /svc/account/tfa/setup', method: 'POST', url: () => '/svc/account/tfa/setup', expect: ownAccount },
  // Setup has run for each caller (the row above): the code is from their own secret.
  { route: 'POST /svc/account/tfa/enable', method: 'POST', url: () => '/svc/account/tfa/enable',
    body: async (who) => ({ code: await generate({ secret: await pendingSecret(who) }) }), expect: ownAccount },
  { route: 'POST /svc/account/tfa/disable', method: 'POST', url: () => '/svc/account/tfa/disable',
    body: async (who) => ({ password: PASSWORD, code: await generate({ secret: await tfaSecret(who), epoch: Date.now() / 1000 + 30 }) }),
    expect: ownAccount },
  // Sensitive marks and appeals (appeals/routes.ts): admins mark and decide, only the owner appeals.
  { route: 'POST /svc/moderation/post/sensitive', method: 'POST', url: () => '/svc/moderation/post/sensitive',
    body: () => ({ post_id: P.id, sensitive: '1' }), expect: moderationOnly, restore: () => unmarkP() },
  { route: 'POST /svc/appeal', method: 'POST', url: () => '/svc/appeal',
    body: async () => {
      expectOk(await post(t.app, '/svc/moderation/post/sensitive', { post_id: P.id, sensitive: '1' }, asOwner(admin)));
      return { post_id: P.id, blog_name: O(), state: '3' };
    },
    expect: { out: 401, other: 403, blocked: 403, owner: 200, admin: 403 }, restore: () => unmarkP() },
  { route: 'POST /svc/moderation/appeal/decide', method: 'POST', url: () => '/svc/moderation/appeal/decide',
    body: async () => {
      expectOk(await post(t.app, '/svc/moderation/post/sensitive', { post_id: P.id, sensitive: '1' }, asOwner(admin)));
      expectOk(await post(t.app, '/svc/appeal', { post_id: P.id, blog_name: O(), state: '3' }, asOwner(owner)));
      return { post_id: P.id, sensitive: '0' };
    },
    expect: moderationOnly, restore: () => unmarkP() },
  { route: 'GET /svc/admin/appeals', method: 'GET', url: () => '/svc/admin/appeals', expect: moderationOnly },
  // The conversion log of a video (video-log/routes.ts): any logged-in viewer who may see it; B is blocked.
  { route: 'POST /svc/log/conversion', method: 'POST', url: () => '/svc/log/conversion',
    body: async () => ({ post_id: (await videoOfO()).id, log: CONVERSION_LOG }),
    expect: { out: 401, other: 200, blocked: 404, owner: 200, admin: 200 } },

  // Confirming a verification link (account/routes.ts) needs a session and its form key; each
  // caller confirms a link of their own, which keeps them in their session.
  { route: 'POST /svc/account/verify', method: 'POST', url: () => '/svc/account/verify',
    body: async (who) => {
      const user = await userByEmail(t.db, (sessions[who] ?? owner).body.response.user.email);
      const link = await newVerificationLink(t.db, t.ctx.config.publicUrl, user.id);
      return { token: link.split('/').at(-1) };
    },
    expect: { out: 401, other: 200, blocked: 200, owner: 200, admin: 200 } },
  ...MESSAGING_ROWS,

  // The behaviour log (logging/routes.ts): anyone logged in logs as themselves; insights are the owner's only.
  { route: 'POST /services/cslog', method: 'POST', url: () => '/services/cslog', body: () => ({ events: [{ name: 'matrix' }] }),
    expect: { out: 401, other: 200, blocked: 200, owner: 200, admin: 200 } },
  { route: 'POST /svc/log/lady', method: 'POST', url: () => '/svc/log/lady', body: () => ({ payload: [{ name: 'matrix' }] }),
    expect: { out: 401, other: 200, blocked: 200, owner: 200, admin: 200 } },
  { route: 'POST /svc/log/video', method: 'POST', url: () => '/svc/log/video', body: () => ({ trackers: [{ event: 'play', pt: 'x' }] }),
    expect: { out: 401, other: 200, blocked: 200, owner: 200, admin: 200 } },
  { route: 'GET /svc/blog/:name/insights', method: 'GET', url: () => `/svc/blog/${O()}/insights`,
    expect: { out: 401, other: 404, blocked: 404, owner: 200, admin: 404 } },
  { route: 'POST /svc/blog/:name/insights/refresh', method: 'POST', url: () => `/svc/blog/${O()}/insights/refresh`,
    expect: { out: 401, other: 404, blocked: 404, owner: 200, admin: 404 } },

  // Federation (federation/routes.ts): each person's own follows elsewhere, nobody else's. This app
  // does not federate (FEDERATION off): lookups and follows answer 404 saying so; the timeline is empty.
  { route: 'GET /svc/federation/lookup', method: 'GET', url: () => '/svc/federation/lookup?q=%40alice%40example.social',
    expect: { out: 401, other: 404, blocked: 404, owner: 404, admin: 404 } },
  { route: 'POST /svc/federation/follow', method: 'POST', url: () => '/svc/federation/follow', body: () => ({ handle: '@alice@example.social' }),
    expect: { out: 401, other: 404, blocked: 404, owner: 404, admin: 404 } },
  { route: 'POST /svc/federation/unfollow', method: 'POST', url: () => '/svc/federation/unfollow', body: () => ({ handle: '@alice@example.social' }),
    expect: { out: 401, other: 404, blocked: 404, owner: 404, admin: 404 } },
  { route: 'GET /svc/federation/timeline', method: 'GET', url: () => '/svc/federation/timeline',
    expect: { out: 401, other: 200, blocked: 200, owner: 200, admin: 200 } },
  // Blocks of accounts elsewhere: only from one's own blog (403 for another's). Blocking looks the
  // account up, which is off here (404); unblocking and the list need no other server.
  { route: 'POST /svc/federation/block', method: 'POST', url: () => '/svc/federation/block', body: () => ({ tumblelog: O(), handle: '@alice@example.social' }),
    expect: { out: 401, other: 403, blocked: 403, owner: 404, admin: 403 } },
  { route: 'POST /svc/federation/unblock', method: 'POST', url: () => '/svc/federation/unblock', body: () => ({ tumblelog: O(), handle: '@alice@example.social' }),
    expect: { out: 401, other: 403, blocked: 403, owner: 200, admin: 403 } },
  { route: 'GET /svc/federation/blocks', method: 'GET', url: () => `/svc/federation/blocks?tumblelog=${O()}`,
    expect: { out: 401, other: 403, blocked: 403, owner: 200, admin: 403 } },
  // Blocked servers and the servers we know: admins only (the database's, federating or not).
  { route: 'GET /svc/admin/federation/domains', method: 'GET', url: () => '/svc/admin/federation/domains', expect: moderationOnly },
  { route: 'POST /svc/admin/federation/domains', method: 'POST', url: () => '/svc/admin/federation/domains', body: () => ({ domain: 'matrix.example' }),
    expect: moderationOnly, restore: () => post(t.app, '/svc/admin/federation/domains/remove', { domain: 'matrix.example' }, asOwner(admin)) },
  { route: 'POST /svc/admin/federation/domains/remove', method: 'POST', url: () => '/svc/admin/federation/domains/remove', body: () => ({ domain: 'matrix.example' }),
    expect: moderationOnly },
  { route: 'GET /svc/admin/federation/servers', method: 'GET', url: () => '/svc/admin/federation/servers', expect: moderationOnly },

  // Leaving (leaving/routes.ts): each person's own export and account; a blog only its owner deletes.
  { route: 'GET /svc/account/export', method: 'GET', url: () => '/svc/account/export', expect: ownAccount,
    check: (_who, response) => expect(response).toEqual({ export: null }) },
  { route: 'POST /svc/account/export', method: 'POST', url: () => '/svc/account/export', expect: { ...ownAccount, admin: 200 },
    restore: (who) => t.db.deleteFrom('data_exports').where('user_id', 'in', t.db.selectFrom('users').select('id').where('email', '=', emailOf(who))).execute() },
  // Nobody has a ready export here: the session names its own account's, so another's is never reached.
  { route: 'GET /svc/account/export/file', method: 'GET', url: () => '/svc/account/export/file',
    expect: { out: 401, other: 404, blocked: 404, owner: 404, admin: 404 } },
  // O has one blog: the owner's right password reaches the last-blog refusal; anyone else is the loader's 404.
  { route: 'POST /svc/blog/:name/delete', method: 'POST', url: () => `/svc/blog/${O()}/delete`, body: () => ({ password: PASSWORD }),
    expect: { out: 401, other: 404, blocked: 404, owner: 400, admin: 404 } },
  // The caller's own account only (no target to name); a wrong password changes nothing.
  { route: 'POST /svc/account/delete', method: 'POST', url: () => '/svc/account/delete', body: () => ({ password: 'not the password' }),
    expect: { out: 401, other: 400, blocked: 400, owner: 400, admin: 400 } },

  // The site's flags and app address: the same public answer for everyone.
  { route: 'GET /svc/site', method: 'GET', url: () => '/svc/site',
    expect: { out: 200, other: 200, blocked: 200, owner: 200 },
    check: (_who, response) => expect(Object.keys(response).sort()).toEqual(['app_url', 'features', 'has_app']) },
];

describe('authorization matrix', () => {
  for (const row of ROWS) {
    describe(row.route, () => {
      for (const who of CALLERS) {
        const status = row.expect[who];
        if (status === undefined) continue;
        it(`${LABEL[who]}: ${status}`, async () => {
          const body = row.body ? await row.body(who) : undefined;
          const before = status === 200 ? null : await snapshot();
          const res = await send(row, who, body);
          try {
            if (row.html) expect(res.statusCode, res.body).toBe(status);
            else if (status === 200) {
              // Not `row.check?.(who, expectOk(res))`: without a check, that would skip expectOk too.
              const response = expectOk(res);
              row.check?.(who, response);
            } else expectError(res, status, status === 401 ? LOG_IN : undefined);
            if (before) expect(await snapshot()).toEqual(before);
          } finally {
            if (res.statusCode === 200 && row.restore) await row.restore(who);
          }
        });
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Suspension (issue 22): a suspended blog reaches nobody, and nobody reaches it. Z's blog is
// suspended and acts toward O; X acts toward S's suspended blog. Both had a conversation (Z with
// O, X with S) and S took asks and submissions before the admin suspended them.

type Target = 'O' | 'S';
interface SuspensionRow {
  route: string;
  url: (target: Target) => string;
  /** The body toward O's blog (Z calling) or toward S's (X calling). */
  body: (target: Target) => object | Promise<object>;
  /** Z, whose blog is suspended, toward O. */
  actor: number;
  /** X toward S's suspended blog. */
  counterpart: number;
}

let suspendedOwner: Session;
let suspendedPost: PostView;
/** The conversations made before the suspensions: Z with O, X with S. */
const conversationWith: Partial<Record<Target, string>> = {};
beforeAll(async () => {
  const z = await register(t.app);
  suspendedOwner = await register(t.app);
  await markVerified(t.db, z, suspendedOwner);
  sessions.suspended = z;
  const S = blogOf(suspendedOwner);
  expectOk(await post(t.app, `/svc/blog/${S}/settings`, { asks: true, submissions: true, submission_types: 'text' }, asOwner(suspendedOwner)));
  suspendedPost = await createPost(t.app, suspendedOwner, textPost('Before the suspension'));
  const uuid = (session: Session) => session.body.response.user.channels[0]!.uuid;
  // O writes to Z, and X to S, so the inboxes the rows above read have nothing new unread.
  const start = async (from: Session, to: Session) => {
    const body = new URLSearchParams({ participant: uuid(from), type: 'TEXT', message: 'Before the suspension' });
    body.append('participants[]', uuid(from));
    body.append('participants[]', uuid(to));
    return expectOk<{ id: string }>(await post(t.app, '/svc/conversations/messages', body, asOwner(from))).id;
  };
  conversationWith.O = await start(owner, z);
  conversationWith.S = await start(other, suspendedOwner);
  // Z follows O, and X follows S: a subscription needs a follow, so only the suspension refuses it.
  expectOk(await post(t.app, '/svc/follow', { tumblelog: O() }, asOwner(z)));
  expectOk(await post(t.app, '/svc/follow', { tumblelog: S }, asOwner(other)));
  for (const name of [blogOf(z), S]) expectOk(await post(t.app, '/suspended/toggle', { tumblelog: name, value: true }, asOwner(admin)));
});

const targetPost = (target: Target) => (target === 'O' ? P : suspendedPost);
const targetBlog = (target: Target) => (target === 'O' ? O() : blogOf(suspendedOwner));
const targetUuid = (target: Target) => (target === 'O' ? owner : suspendedOwner).body.response.user.channels[0]!.uuid;
/** The caller of a target's cell: Z toward O, X toward S. */
const callerOf = (target: Target) => (target === 'O' ? sessions.suspended! : other);
const callerUuid = (target: Target) => callerOf(target).body.response.user.channels[0]!.uuid;

const SUSPENSION_ROWS: SuspensionRow[] = [
  { route: 'POST /svc/follow', url: () => '/svc/follow', body: (to) => ({ tumblelog: targetBlog(to) }), actor: 403, counterpart: 404 },
  { route: 'POST /svc/like', url: () => '/svc/like', body: (to) => ({ id: targetPost(to).id, key: targetPost(to).reblog_key }), actor: 403, counterpart: 404 },
  { route: 'POST /fast_reblog', url: () => '/fast_reblog',
    body: (to) => ({ reblog_post_id: targetPost(to).id, reblog_key: targetPost(to).reblog_key }), actor: 403, counterpart: 404 },
  { route: 'POST /svc/reply', url: () => '/svc/reply',
    body: (to) => ({ post_id: targetPost(to).id, tumblelog_key: targetPost(to).reblog_key, reply_text: 'A reply' }), actor: 403, counterpart: 404 },
  { route: 'POST /svc/post/ask', url: () => '/svc/post/ask',
    body: async (to) => {
      await takeAsks();
      return { recipient: targetBlog(to), question: 'A question', anonymous: false };
    },
    actor: 403, counterpart: 404 },
  // A submission to S is refused as posting to a blog that is not one's own (403).
  { route: 'POST /svc/post/update (submission)', url: () => '/svc/post/update',
    body: async (to) => {
      await takeAsks();
      return { channel_id: targetBlog(to), ...textPost('Submitted') };
    },
    actor: 403, counterpart: 403 },
  { route: 'POST /svc/blog/{name}/subscription', url: (to) => `/svc/blog/${targetBlog(to)}/subscription`, body: () => ({}), actor: 403, counterpart: 404 },
  { route: 'POST /svc/post/report', url: () => '/svc/post/report',
    body: (to) => ({ post_id: targetPost(to).id, tumblelog_name: targetBlog(to), reason: 'spam' }), actor: 403, counterpart: 404 },
  { route: 'POST /svc/conversations/messages (new conversation)', url: () => '/svc/conversations/messages',
    body: (to) => {
      const body = new URLSearchParams({ participant: callerUuid(to), type: 'TEXT', message: 'Hello' });
      // Z writes to a stranger (the admin's blog); X names S, refused before any conversation is looked up.
      body.append('participants[]', callerUuid(to));
      body.append('participants[]', to === 'O' ? admin.body.response.user.channels[0]!.uuid : targetUuid(to));
      return body;
    },
    actor: 403, counterpart: 404 },
  { route: 'POST /svc/conversations/messages (existing conversation)', url: () => '/svc/conversations/messages',
    body: (to) => ({ participant: callerUuid(to), conversation_id: conversationWith[to]!, type: 'TEXT', message: 'Still there?' }),
    actor: 403, counterpart: 404 },
];

const messagingRows = async () => ({
  messages: Number((await t.db.selectFrom('messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
  conversations: Number((await t.db.selectFrom('conversations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
});

describe('authorization matrix: suspension', () => {
  for (const row of SUSPENSION_ROWS) {
    describe(row.route, () => {
      for (const [target, status, label] of [['O', row.actor, 'a suspended blog acting'], ['S', row.counterpart, 'toward a suspended blog']] as const) {
        it(`${label}: ${status}`, async () => {
          const body = await row.body(target);
          const before = { ...(await snapshot()), ...(await messagingRows()) };
          const res = await post(t.app, row.url(target), body, asOwner(callerOf(target)));
          const error = expectError(res, status);
          if (target === 'O') expect(error.errors![0]!.code).toBe(4007);
          expect({ ...(await snapshot()), ...(await messagingRows()) }).toEqual(before);
        });
      }
    });
  }
});

/**
 * Endpoints with no row above, and why none is needed: each reads or changes nothing of anyone's but
 * the caller's own, or is the same for everyone. A new declared endpoint must get a row or a reason.
 */
const NO_ROW: Record<string, string> = {
  'GET /healthz': "the operator's probe: the same answer for everyone, about the process, not a person",
  'GET /api/openapi.json': 'the API description: the same document for everyone, made from the declarations',
  'POST /svc/account/register': 'makes a new account: acts on nobody (its limits and same-site rule have their own tests)',
  'POST /svc/account/login': "acts on the caller's own account only (account/login tests)",
  'POST /svc/account/logout': "ends the caller's own session",
  'GET /svc/account/verify/:token': "the emailed link's token is the authority, not a session (account/verification tests)",
  'POST /svc/account/resend_verification': "the caller's own address",
  'POST /svc/account/password_reset': 'emails the address typed, the same answer for any address (account/password-reset tests)',
  'POST /svc/account/password_reset/confirm': "the emailed link's token is the authority, not a session (account/password-reset tests)",
  'GET /svc/user/info': "the caller's own user info",
  'POST /svc/user/settings': "the caller's own settings",
  'POST /svc/blog/create': 'makes a new blog of the caller',
  'POST /svc/blog/select': "chooses among the caller's own blogs (blogs tests: another's blog is 404)",
  'GET /svc/blog/queue_settings': "the caller's own blogs' queue settings (blogs tests)",
  'POST /svc/blog/queue_settings': "the caller's own blogs' queue settings (blogs tests)",
  'GET /svc/avatar/:name/:size': "a blog's avatar: public like the blog card (suspended blogs' are tested in blogs)",
  'GET /p/:postId': "a short link that redirects to the post's page, which applies the post's rules",
  'POST /svc/share/twitter': 'the address to share on another site, built from the post the popover already allowed',
  'POST /svc/share/facebook': 'the same, for Facebook',
  'POST /svc/share/pinterest': 'the same, for Pinterest',
  'POST /svc/share/reddit': 'the same, for Reddit',
  'POST /svc/facebook_status': 'a constant answer about the Facebook integration',
  'POST /svc/post/get_post_form_builder_data': "the caller's own blogs, for the post form",
  'POST /svc/search/inline_gif': 'public GIFs only, the same for everyone in the same safe mode (search tests)',
  'POST /svc/link/preview': "another site's page, fetched by the safe fetcher; nobody's data here",
  'POST /svc/media/upload': "stores a file of the caller's own (media tests)",
  'GET /svc/account/export/download/:token': "the emailed link's token is the authority, not a session (leaving tests: spent, expired, deleted account)",
  'GET /media/*': 'every file is checked by media/access.ts before it is served (media access tests: drafts, private posts, message images)',
};

/** `GET /svc/blog/{name}/inbox`, `GET /svc/blog/:name/inbox`: one key for a method and a path pattern. */
const routeKey = (label: string) => {
  const [method, path] = label.split(' ') as [string, string];
  return `${method} ${path.split('?')[0]!.replace(/\{[^}]+\}|:[A-Za-z_]+/g, '{}').replace(/\*$/, '{}')}`;
};

describe('authorization matrix: coverage', () => {
  it('has a row for every declared endpoint, or says why it needs none', () => {
    const covered = new Set([...ROWS.map((row) => row.route), ...SUSPENSION_ROWS.map((row) => row.route)].map(routeKey));
    const declared = t.app.endpoints.map((e) => `${e.method} ${e.path}`);
    const missing = declared.filter((route) => !covered.has(routeKey(route)) && !(route in NO_ROW));
    expect(missing).toEqual([]);
    // A reason for an endpoint that is gone is a stale reason.
    expect(Object.keys(NO_ROW).filter((route) => !declared.includes(route))).toEqual([]);
  });
});
