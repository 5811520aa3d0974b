// The federation queue's lanes: deliveries to different servers run side by side, one server's in
// the order they were queued, and inbox work one activity after another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { DatabaseMessageQueue } from './queue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const delivery = (name: string, inbox: string) => ({ type: 'outbox', name, inbox });
const inboxWork = (name: string) => ({ type: 'inbox', name });

describe('federation queue lanes', () => {
  it('runs servers side by side, each server and the inbox in order, and leaves no job behind', async () => {
    const errors: object[] = [];
    const queue = new DatabaseMessageQueue(t.db, { error: (obj) => errors.push(obj) });
    await queue.enqueueMany([
      delivery('a1', 'https://a.example/inbox'),
      delivery('b1', 'https://b.example/users/x/inbox'),
      delivery('a2', 'https://a.example/inbox'),
      inboxWork('follow'),
      inboxWork('undo'),
      delivery('c1', 'https://c.example/inbox'),
    ]);
    const events: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const ran = await queue.runDue(async (message) => {
      const { name } = message as { name: string };
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      events.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 30));
      events.push(`end ${name}`);
      running--;
    });
    expect(ran).toBe(6);
    expect(errors).toEqual([]);
    // a.example, b.example, c.example and the inbox: four lanes at once.
    expect(mostAtOnce).toBe(4);
    const at = (event: string) => events.indexOf(event);
    expect(at('start a2')).toBeGreaterThan(at('end a1'));
    expect(at('start undo')).toBeGreaterThan(at('end follow'));
    expect(at('start b1')).toBeLessThan(at('end a1'));
    expect((await queue.getDepth()).queued).toBe(0);
  });

  it('a failing job is logged and done, and its lane goes on', async () => {
    const errors: object[] = [];
    const queue = new DatabaseMessageQueue(t.db, { error: (obj) => errors.push(obj) });
    await queue.enqueueMany([delivery('bad', 'https://a.example/inbox'), delivery('next', 'https://a.example/inbox')]);
    const seen: string[] = [];
    await queue.runDue((message) => {
      const { name } = message as { name: string };
      seen.push(name);
      if (name === 'bad') throw new Error('refused');
    });
    expect(seen).toEqual(['bad', 'next']);
    expect(errors).toHaveLength(1);
    expect((await queue.getDepth()).queued).toBe(0);
  });
});
