import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, renderWithApp } from '../test/test-utils';
import { loadVideoData, previewableUrl } from './video-data';
import { VideoPreview } from './VideoPreview';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const envelope = (response: unknown) => new Response(JSON.stringify({ meta: { status: 200, msg: 'OK' }, response }), { status: 200 });
const data = (thumbnail: string | null) => ({ embed_url: '/media/v.mp4', embed_width: 540, embed_height: 304, thumbnail });

describe('loadVideoData (spec 1 §7)', () => {
  it('asks once when there is a thumbnail', async () => {
    const calls = mockServer(() => envelope(data('/media/p.jpg')));
    expect((await loadVideoData('/media/v.mp4')).thumbnail).toBe('/media/p.jpg');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/svc/post/get_video_data', method: 'POST', body: { url: '/media/v.mp4' } });
  });

  it('without a thumbnail, asks exactly once more after 2000 ms', async () => {
    vi.useFakeTimers();
    let n = 0;
    const calls = mockServer(() => envelope(data(n++ === 0 ? null : '/media/p.jpg')));
    const loading = loadVideoData('/media/v.mp4');
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await loading).thumbnail).toBe('/media/p.jpg');
    expect(calls).toHaveLength(2);
  });

  it('gives up after the second answer even without a thumbnail', async () => {
    const calls = mockServer(() => envelope(data(null)));
    expect((await loadVideoData('/media/v.mp4', () => Promise.resolve())).thumbnail).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('only whole addresses are looked up', () => {
    expect(previewableUrl(' https://www.youtube.com/watch?v=abc ')).toBe('https://www.youtube.com/watch?v=abc');
    expect(previewableUrl('https://www')).toBe('');
    expect(previewableUrl('watch this')).toBe('');
    expect(previewableUrl('<iframe src="https://x.example/"></iframe>')).toBe('');
    expect(previewableUrl('/media/ab/cd/f.mp4')).toBe('/media/ab/cd/f.mp4');
  });
});

describe('VideoPreview', () => {
  it("shows the video's still, or the server's reason it cannot", async () => {
    mockServer(() => envelope(data('/media/p.jpg')));
    renderWithApp(<VideoPreview source="/media/v.mp4" />);
    expect((await screen.findByRole('img', { name: 'Video preview' })).getAttribute('src')).toBe('/media/p.jpg');
  });

  it('shows the error a person can act on', async () => {
    mockServer(() => new Response(JSON.stringify({ meta: { status: 400, msg: 'This is not a video we can play.' }, response: {} }), { status: 400 }));
    renderWithApp(<VideoPreview source="https://example.com/page" />);
    expect((await screen.findByRole('alert')).textContent).toBe('This is not a video we can play.');
  });
});
