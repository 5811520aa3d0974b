import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { content } from '../test/fixtures';
import { PostContent } from './PostContent';
import { IFRAME_SANDBOX } from '../ui/sandbox-iframes';
import { renderWithCache } from '../test/test-utils';

const show = (c: Parameters<typeof PostContent>[0]['content']) => renderWithCache(<PostContent content={c} />).container;

describe('PostContent: one renderer per type', () => {
  it('text: the title as a heading, then the body HTML', () => {
    const box = show(content.text);
    expect(screen.getByRole('heading', { name: 'Hello there' })).toBeTruthy();
    expect(box.querySelector('b')?.textContent).toBe('post');
  });

  it('photo: rows by layout, sizes reserved, captions shown', () => {
    const box = show(content.photo);
    const rows = box.querySelectorAll('[data-layout] > div');
    expect([...rows].map((row) => row.querySelectorAll('img').length)).toEqual([1, 2]);
    const first = box.querySelector('img')!;
    expect(first.getAttribute('src')).toBe('/media/a.jpg');
    expect(first.getAttribute('width')).toBe('1280');
    expect(first.getAttribute('height')).toBe('960');
    expect(box.querySelector('figcaption')?.textContent).toBe('The harbour');
    expect(screen.getByText('Boats at dawn')).toBeTruthy();
  });

  it('photo: a lone photo spans the column; a very tall one is capped and centred; a row of portraits fills its width', () => {
    const photo = (id: string, width: number, height: number) => ({ id, url: `/media/${id}.jpg`, width, height, caption: '' });
    const figures = (c: typeof content.photo) => [...show(c).querySelectorAll('figure')] as HTMLElement[];
    const [wide] = figures({ ...content.photo, layout: '1', photos: [photo('w', 1280, 960)] });
    expect(wide!.style.flexBasis).toBe('100%');
    const [portrait] = figures({ ...content.photo, layout: '1', photos: [photo('p', 600, 900)] });
    expect(portrait!.style.flexBasis).toBe('100%');
    // 1:2 is taller than the cap (1.5 times the width): three quarters of the column, centred by its row.
    const [tall] = figures({ ...content.photo, layout: '1', photos: [photo('t', 600, 1200)] });
    expect(tall!.style.flexBasis).toBe('75%');
    expect(tall!.style.flexGrow).toBe('0');
    // Two portraits side by side: growths of 1 and 1 (not 0.5 and 0.5, which would leave half the row empty).
    const pair = figures({ ...content.photo, layout: '12', photos: [photo('a', 1280, 960), photo('b', 600, 1200), photo('c', 400, 800)] });
    expect(pair.map((f) => f.style.flexGrow)).toEqual(['0', '1', '1']);
    expect(pair[0]!.style.flexBasis).toBe('100%');
  });

  it('photo: every photo links through when the post has a linkthrough', () => {
    const box = show({ ...content.photo, linkthrough: 'https://shop.example/' });
    const links = box.querySelectorAll('a[href="https://shop.example/"]');
    expect(links).toHaveLength(3);
  });

  it('quote: the quote and its source', () => {
    const box = show(content.quote);
    expect(box.querySelector('blockquote')?.textContent).toBe('Less is more.');
    expect(screen.getByText('Mies')).toBeTruthy();
  });

  it('link: a card to the address with thumbnail, title, excerpt and host', () => {
    const box = show(content.link);
    const card = screen.getByRole('link');
    expect(card.getAttribute('href')).toBe('https://news.example.org/story/1');
    expect(card.getAttribute('target')).toBe('_blank');
    expect(within(card).getByText('A good read')).toBeTruthy();
    expect(within(card).getByText('The story so far')).toBeTruthy();
    expect(within(card).getByText('news.example.org')).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/media/thumb.jpg');
    expect(screen.getByText('By Jo Writer')).toBeTruthy();
    expect(box.textContent).toContain('Worth it.');
  });

  it('chat: each label in bold, then its phrase', () => {
    show(content.chat);
    const lines = screen.getAllByRole('listitem');
    expect(lines.map((li) => li.textContent)).toEqual(['Ann:Is it on?', 'Bo:It is.']);
    expect(lines[0]!.querySelector('strong')?.textContent).toBe('Ann:');
  });

  it('audio: the custom player for the stream, with the track, artist and album art', () => {
    const box = show(content.audio);
    const audio = box.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe('/media/song.mp3');
    expect(audio.hasAttribute('controls')).toBe(false);
    expect(screen.getByRole('button', { name: 'Play Song' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Seek Song' })).toBeTruthy();
    expect(screen.getByText('Song')).toBeTruthy();
    expect(screen.getByText('Band — Record')).toBeTruthy();
    expect(box.querySelector('img')?.getAttribute('src')).toBe('/media/art.jpg');
    expect(screen.getByText('On repeat')).toBeTruthy();
  });

  it('audio: an embed replaces the player, sandboxed', () => {
    const box = show({ ...content.audio, embed_html: '<iframe src="https://audio.example/e/1"></iframe>' });
    expect(box.querySelector('audio')).toBeNull();
    expect(box.querySelector('iframe')?.getAttribute('sandbox')).toBe(IFRAME_SANDBOX);
  });

  it('video: the embed in a 16:9 box, sandboxed and lazy', () => {
    const box = show(content.video);
    const frame = box.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://player.example/v/1');
    expect(frame.getAttribute('sandbox')).toBe(IFRAME_SANDBOX);
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(screen.getByText('Watch')).toBeTruthy();
  });

  it('video: without an embed, the custom player for the file, muted', () => {
    const box = show({ ...content.video, embed_html: null });
    const video = box.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('https://video.example/v/1');
    expect(video.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('note: the question from Anonymous or the asker, then the answer', () => {
    const { container, rerender } = renderWithCache(<PostContent content={content.note} />);
    expect(screen.getByText('Anonymous asked:')).toBeTruthy();
    expect(screen.getByText('What is your favourite colour?')).toBeTruthy();
    expect(container.textContent).toContain('Blue.');
    rerender(<PostContent content={{ ...content.note, asking_name: 'cy' }} />);
    expect(screen.getByText('cy asked:')).toBeTruthy();
  });
});
