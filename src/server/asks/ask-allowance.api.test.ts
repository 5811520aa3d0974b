// Issue 22, item 14: the hour's ask allowance is spent only by asks that are stored. An ask a
// block refuses (or that fails on its way in) costs nothing.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ASKS_PER_HOUR } from '../../shared/asks/ask';
import { block } from '../notes/notes-test-kit';
import { asOwner, blogOf } from '../test/posts';
import { createTestApp, expectError, expectOk, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const takeAsks = async (s: Session) => expectOk(await post(t.app, `/svc/blog/${blogOf(s)}/settings`, { asks: true }, asOwner(s)));
const ask = (s: Session, recipient: string, question: string) =>
  post(t.app, '/svc/post/ask', { recipient, question, anonymous: false }, asOwner(s));

describe('POST /svc/post/ask: the hourly allowance', () => {
  it('is not spent by asks a block refuses: a whole allowance of refusals leaves every ask to another blog', async () => {
    const [asker, blocker, friend] = [await register(t.app), await register(t.app), await register(t.app)];
    await Promise.all([takeAsks(blocker), takeAsks(friend)]);
    await block(t.db, blocker, asker);
    for (let i = 0; i <= ASKS_PER_HOUR; i += 1) expectError(await ask(asker, blogOf(blocker), `Blocked ${i}`), 403, /blocked/);
    for (let i = 0; i < ASKS_PER_HOUR; i += 1) expectOk(await ask(asker, blogOf(friend), `Question ${i}`));
    // The allowance is still the hour's: one more is refused.
    expectError(await ask(asker, blogOf(friend), 'One too many'), 429, /Too many questions asked this hour/);
  });
});
