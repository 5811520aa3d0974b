// Issue 22, item 7: many sends into one conversation at once, from both sides, on PostgreSQL's
// real concurrency: each send takes its locks in one order, so none deadlocks and none answers 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { person, sendIn, sendTo, sent, type Person } from './test-kit';

let t: TestApp;
let ann: Person;
let bob: Person;
let conversationId: string;
beforeAll(async () => {
  // A high send rate: this test is about locks, not the per-account limit.
  t = await createTestApp({}, { LIMIT_MESSAGES_PER_MINUTE: '10000' });
  ann = await person(t);
  bob = await person(t);
  conversationId = (await sent(await sendTo(t.app, ann, bob, 'Opening'))).id;
});
afterAll(() => t.close());

const IN_FLIGHT = 20;
const ROUNDS = 40;

describe('POST /svc/conversations/messages, many at once', () => {
  it(`answers every one of ${IN_FLIGHT} sends in flight from both sides with 200, and stores each once`, { timeout: 120_000 }, async () => {
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all(
        Array.from({ length: IN_FLIGHT }, (_, i) => sendIn(t.app, i % 2 === 0 ? ann : bob, conversationId, `Round ${round} send ${i}`)),
      );
      statuses.push(...answers.map((res) => res.statusCode));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const stored = await t.db.selectFrom('messages').select((eb) => eb.fn.countAll<string>().as('n')).where('conversation_id', '=', conversationId).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(1 + IN_FLIGHT * ROUNDS);
  });

  it('answers both first messages of two blogs sent at the same moment, with one conversation between them', { timeout: 60_000 }, async () => {
    const carl = await person(t);
    const dora = await person(t);
    const answers = await Promise.all(Array.from({ length: IN_FLIGHT }, (_, i) => (i % 2 === 0 ? sendTo(t.app, carl, dora, `First ${i}`) : sendTo(t.app, dora, carl, `First ${i}`))));
    expect(answers.map((res) => res.statusCode).filter((status) => status !== 200)).toEqual([]);
    expect(new Set(answers.map((res) => (res.json() as { response: { id: string } }).response.id)).size).toBe(1);
  });
});
