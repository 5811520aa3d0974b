import { describe, expect, it } from 'vitest';
import { emptyQueue, nextToSend, retryButtonLabel, sendQueueReducer, type SendAction, type SendQueue } from './send-queue';
import type { Message } from './types';

const enqueue = (key: string): SendAction => ({ type: 'enqueue', item: { key, type: 'TEXT', text: `text ${key}`, clientTs: 1 } });
const sent = (key: string): Message => ({ ts: `${key}0`, type: 'TEXT', participant: 'me', content: { text: key } });
const run = (actions: SendAction[], start: SendQueue = emptyQueue) => actions.reduce(sendQueueReducer, start);
const statuses = (queue: SendQueue) => queue.items.map((item) => `${item.key}:${item.status}`);

describe('send queue', () => {
  it('sends one message at a time, in order: queued, then pending, then sent', () => {
    let queue = run([enqueue('a'), enqueue('b')]);
    expect(nextToSend(queue)?.key).toBe('a');
    queue = sendQueueReducer(queue, { type: 'start', key: 'a' });
    expect(statuses(queue)).toEqual(['a:pending', 'b:queued']);
    // While a is on its way, b may not start.
    expect(nextToSend(queue)).toBeNull();
    expect(sendQueueReducer(queue, { type: 'start', key: 'b' })).toBe(queue);
    queue = sendQueueReducer(queue, { type: 'succeeded', key: 'a', message: sent('a') });
    expect(nextToSend(queue)?.key).toBe('b');
    queue = run([{ type: 'start', key: 'b' }, { type: 'succeeded', key: 'b', message: sent('b') }], queue);
    expect(statuses(queue)).toEqual(['a:sent', 'b:sent']);
    expect(nextToSend(queue)).toBeNull();
  });

  it('stops at the first failure until that message is retried', () => {
    let queue = run([enqueue('a'), enqueue('b'), { type: 'start', key: 'a' }, { type: 'failed', key: 'a', status: 500, errorText: 'Sending machine broke.' }]);
    expect(statuses(queue)).toEqual(['a:error', 'b:queued']);
    expect(nextToSend(queue)).toBeNull();
    expect(queue.items[0]).toMatchObject({ canRetry: true, errorText: 'Sending machine broke.' });
    expect(retryButtonLabel(queue.items[0]!)).toBe('Retry');
    queue = sendQueueReducer(queue, { type: 'retry', key: 'a' });
    expect(nextToSend(queue)?.key).toBe('a');
    queue = sendQueueReducer(queue, { type: 'start', key: 'a' });
    expect(retryButtonLabel(queue.items[0]!)).toBe('Trying...');
    queue = sendQueueReducer(queue, { type: 'succeeded', key: 'a', message: sent('a') });
    expect(retryButtonLabel(queue.items[0]!)).toBeNull();
    expect(nextToSend(queue)?.key).toBe('b');
  });

  it.each([403, 404])('cannot retry after a %i: the button reads Could not send and retry does nothing', (status) => {
    const queue = run([enqueue('a'), { type: 'start', key: 'a' }, { type: 'failed', key: 'a', status, errorText: "Can't send this post." }]);
    expect(queue.items[0]!.canRetry).toBe(false);
    expect(retryButtonLabel(queue.items[0]!)).toBe('Could not send');
    expect(sendQueueReducer(queue, { type: 'retry', key: 'a' })).toEqual(queue);
    // Closing the failed message lets the rest go.
    const after = run([enqueue('b'), { type: 'remove', key: 'a' }], queue);
    expect(nextToSend(after)?.key).toBe('b');
  });

  it.each([400, 409, 429, 500, 0])('can retry after a %i', (status) => {
    const queue = run([enqueue('a'), { type: 'start', key: 'a' }, { type: 'failed', key: 'a', status, errorText: 'x' }]);
    expect(queue.items[0]!.canRetry).toBe(true);
  });

  it('queues a key once, and ignores answers for a message that is not on its way', () => {
    let queue = run([enqueue('a'), enqueue('a')]);
    expect(queue.items).toHaveLength(1);
    queue = sendQueueReducer(queue, { type: 'succeeded', key: 'a', message: sent('a') });
    expect(statuses(queue)).toEqual(['a:queued']);
  });

  it('drops sent copies once the server list holds them, never queued or failed ones', () => {
    const queue = run([
      enqueue('a'),
      enqueue('b'),
      { type: 'start', key: 'a' },
      { type: 'succeeded', key: 'a', message: sent('a') },
      { type: 'settled', keys: ['a', 'b'] },
    ]);
    expect(statuses(queue)).toEqual(['b:queued']);
  });

  // Issue 26: spec 2 §4, a failed post message without a thumbnail.
  it('removes a post message without a thumbnail that fails, keeping its error to show; one with a thumbnail stays to retry', () => {
    const post = (key: string, thumbnail_url: string | null): SendAction => ({
      type: 'enqueue',
      item: { key, type: 'POSTREF', text: '', post: { id: '9', type: 'text', thumbnail_url }, clientTs: 1 },
    });
    let queue = run([post('p', null), enqueue('b'), { type: 'start', key: 'p' }, { type: 'failed', key: 'p', status: 500, errorText: 'Sending machine broke.' }]);
    expect(statuses(queue)).toEqual(['b:queued']);
    expect(queue.removedError).toBe('Sending machine broke.');
    // The rest go on; the error stays until read.
    expect(nextToSend(queue)?.key).toBe('b');
    queue = sendQueueReducer(queue, { type: 'start', key: 'b' });
    expect(queue.removedError).toBe('Sending machine broke.');
    expect(sendQueueReducer(queue, { type: 'dismissError' }).removedError).toBeUndefined();

    const withThumbnail = run([post('q', 'https://x/t.jpg'), { type: 'start', key: 'q' }, { type: 'failed', key: 'q', status: 500, errorText: 'x' }]);
    expect(statuses(withThumbnail)).toEqual(['q:error']);
    expect(withThumbnail.removedError).toBeUndefined();
  });
});
