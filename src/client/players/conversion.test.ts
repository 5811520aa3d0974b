import { afterEach, describe, expect, it, vi } from 'vitest';
import { setFormKey } from '../api/client';
import { publish } from '../events/bus';
import { mockServer } from '../test/test-utils';
import { logConversion, startConversionLog } from './conversion';

afterEach(() => {
  vi.restoreAllMocks();
  setFormKey(null);
});
const ok = () => new Response(JSON.stringify({ meta: { status: 200, msg: 'OK' }, response: {} }), { status: 200 });
const payload = (post_id: string) => ({ post_id, root_post_id: post_id, blog_uuid: 't:a', platform: 'web' as const, type: 'replay' as const, duration: 5, time_elapsed: 0, position: 0, vendor: 'tumbleweed' });

describe('the conversion log (spec 1 §7)', () => {
  it('sends once per video on its first play or autoplay, with the form key, only when logged in', async () => {
    const calls = mockServer(ok);
    const stop = startConversionLog();
    publish('video', { name: 'auto_play', payload: payload('1') });
    expect(calls).toHaveLength(0);
    setFormKey('key');
    publish('video', { name: 'auto_play', payload: payload('1') });
    publish('video', { name: 'play', payload: payload('1') });
    publish('video', { name: 'pause', payload: payload('2') });
    publish('video', { name: 'play', payload: payload('2') });
    stop();
    expect(calls.map((c) => c.body)).toEqual([
      { post_id: '1', log: JSON.stringify({ name: 'CONVERSION_ACTION_HTML5_VIDEO', extra: { player: 'tumbleweed-html5', player_version: '1' } }) },
      { post_id: '2', log: expect.any(String) },
    ]);
  });

  it('a failed log may be sent again', async () => {
    setFormKey('key');
    const calls = mockServer(() => new Response('{}', { status: 500 }));
    logConversion('9');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    logConversion('9');
    expect(calls).toHaveLength(2);
  });
});
