import { afterEach, describe, expect, it, vi } from 'vitest';
import { setFormKey } from '../api/client';
import { CSLOG_URL, sendLogBatch } from './transport';

const events = [{ name: 'drawer.load', ts: 1 }];

describe('sending a log batch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setFormKey(null);
  });

  it('uses navigator.sendBeacon on unload, with the form key in the JSON body', async () => {
    setFormKey('fk');
    const beacon = vi.fn((_url: string, _data: Blob) => true);
    vi.stubGlobal('navigator', { sendBeacon: beacon });
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    expect(await sendLogBatch(events, { unload: true })).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(beacon.mock.calls[0]![0]).toBe(CSLOG_URL);
    const blob = beacon.mock.calls[0]![1];
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual({ events, form_key: 'fk' });
  });

  it('reports a refused beacon as a failure so the queue keeps the batch', async () => {
    vi.stubGlobal('navigator', { sendBeacon: () => false });
    expect(await sendLogBatch(events, { unload: true })).toBe(false);
  });

  it('posts with fetch on the interval; a network error or a 5xx keeps the batch, a 400 drops it', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    fetchSpy.mockResolvedValueOnce(new Response('{}', { status: 200 }));
    expect(await sendLogBatch(events, { unload: false })).toBe(true);
    expect(fetchSpy.mock.calls[0]![0]).toBe(CSLOG_URL);
    fetchSpy.mockRejectedValueOnce(new TypeError('offline'));
    expect(await sendLogBatch(events, { unload: false })).toBe(false);
    fetchSpy.mockResolvedValueOnce(new Response('{}', { status: 503 }));
    expect(await sendLogBatch(events, { unload: false })).toBe(false);
    fetchSpy.mockResolvedValueOnce(new Response('{}', { status: 429 }));
    expect(await sendLogBatch(events, { unload: false })).toBe(false);
    fetchSpy.mockResolvedValueOnce(new Response('{}', { status: 400 }));
    expect(await sendLogBatch(events, { unload: false })).toBe(true);
  });
});
