import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogOf, asOwner } from '../test/posts';
import { createTestApp, expectOk, markVerified, newAccount, post, readOutbox, register, userByEmail, type Session, type TestApp } from '../test/test-app';
import { EMAIL_BATCH_INTERVAL_MS, takeEmailSlot } from './email-preferences';
import { sendNewFollowerEmails } from './new-followers-email';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = EMAIL_BATCH_INTERVAL_MS;
const follow = async (who: Session, whom: Session) => expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(whom) }, asOwner(who)));
const mailsTo = async (s: Session) =>
  (await readOutbox(t.dataDir)).filter((m) => m.includes(`To: ${s.body.response.user.email}`) && /followed/.test(m));

describe('the new-followers email', () => {
  it('batches the followers of a pass into one email, then sends at most one an hour, naming only new followers', async () => {
    const owner = await register(t.app, newAccount('popular'));
    const [a, b, c] = [await register(t.app, newAccount('fan-a')), await register(t.app, newAccount('fan-b')), await register(t.app, newAccount('fan-c'))];
    await markVerified(t.db, owner);
    await follow(a, owner);
    await follow(b, owner);
    const start = new Date();
    await sendNewFollowerEmails(t.ctx, start);
    const first = await mailsTo(owner);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^Subject: 2 new followers$/m);
    expect(first[0]).toContain(`${blogOf(a)} followed ${blogOf(owner)}`);
    expect(first[0]).toContain(`${blogOf(b)} followed ${blogOf(owner)}`);
    expect(first[0]).toContain('/settings/notifications');

    await follow(c, owner);
    // Within the hour: nothing more, however often the job runs.
    await sendNewFollowerEmails(t.ctx, new Date(start.getTime() + 5 * 60_000));
    await sendNewFollowerEmails(t.ctx, new Date(start.getTime() + HOUR - 60_000));
    expect(await mailsTo(owner)).toHaveLength(1);
    // An hour on: one email, about C only.
    await sendNewFollowerEmails(t.ctx, new Date(start.getTime() + HOUR + 60_000));
    const all = await mailsTo(owner);
    expect(all).toHaveLength(2);
    expect(all[1]).toMatch(new RegExp(`^Subject: ${blogOf(c)} followed you$`, 'm'));
    expect(all[1]).not.toContain(`${blogOf(a)} followed`);
    // Nothing new: no email, even hours later.
    await sendNewFollowerEmails(t.ctx, new Date(start.getTime() + 3 * HOUR));
    expect(await mailsTo(owner)).toHaveLength(2);
  });

  it('sends nothing to people who turned it off or have not verified their address', async () => {
    const off = await register(t.app, newAccount('quiet'));
    const unverified = await register(t.app, newAccount('unverified'));
    const fan = await register(t.app, newAccount('fan'));
    await markVerified(t.db, off);
    expectOk(await post(t.app, '/svc/account/notifications', { email_new_followers: false }, asOwner(off)));
    await follow(fan, off);
    await follow(fan, unverified);
    await sendNewFollowerEmails(t.ctx, new Date());
    expect(await mailsTo(off)).toHaveLength(0);
    expect(await mailsTo(unverified)).toHaveLength(0);
  });

  it('leaves out follows older than a day (the first email after a long time)', async () => {
    const owner = await register(t.app, newAccount('old-news'));
    const fan = await register(t.app, newAccount('old-fan'));
    await markVerified(t.db, owner);
    await follow(fan, owner);
    const ownerId = (await userByEmail(t.db, owner.body.response.user.email)).primary_blog_id!;
    await t.db.updateTable('follows').set({ created_at: new Date(Date.now() - 25 * HOUR) } as never).where('blog_id', '=', ownerId).execute();
    await sendNewFollowerEmails(t.ctx, new Date());
    expect(await mailsTo(owner)).toHaveLength(0);
  });
});

describe('takeEmailSlot (the helper the asks and messages emails call)', () => {
  it('gives one slot an hour per kind, and says what the last email covered', async () => {
    const s = await register(t.app, newAccount('slots'));
    await markVerified(t.db, s);
    const user = await userByEmail(t.db, s.body.response.user.email);
    const now = new Date();
    const first = await takeEmailSlot(t.db, user.id, 'asks', now);
    expect(first).toEqual({ email: user.email, since: null });
    expect(await takeEmailSlot(t.db, user.id, 'asks', new Date(now.getTime() + HOUR - 1))).toBeNull();
    // Another kind has its own hour.
    expect(await takeEmailSlot(t.db, user.id, 'messages', now)).not.toBeNull();
    const later = new Date(now.getTime() + HOUR);
    expect(await takeEmailSlot(t.db, user.id, 'asks', later)).toEqual({ email: user.email, since: now });
  });

  it('gives one slot to one of many simultaneous callers', async () => {
    const s = await register(t.app, newAccount('slot-burst'));
    await markVerified(t.db, s);
    const user = await userByEmail(t.db, s.body.response.user.email);
    const now = new Date();
    const answers = await Promise.all(Array.from({ length: 8 }, () => takeEmailSlot(t.db, user.id, 'messages', now)));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('gives none when the kind is turned off or the address is unverified', async () => {
    const s = await register(t.app, newAccount('slot-off'));
    const user = await userByEmail(t.db, s.body.response.user.email);
    expect(await takeEmailSlot(t.db, user.id, 'asks', new Date())).toBeNull();
    await markVerified(t.db, s);
    expectOk(await post(t.app, '/svc/account/notifications', { email_asks: false }, asOwner(s)));
    expect(await takeEmailSlot(t.db, user.id, 'asks', new Date())).toBeNull();
    expect(await takeEmailSlot(t.db, user.id, 'messages', new Date())).not.toBeNull();
  });
});
