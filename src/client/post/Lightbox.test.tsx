import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GLASS_FADE_MS } from '../../shared/constants';
import type { PostContent as Content } from '../../shared/posts/types';
import { content } from '../test/fixtures';
import { PostContent } from './PostContent';
import { renderWithCache } from '../test/test-utils';

type Photo = Extract<Content, { type: 'photo' }>;

// The first photo carries its stored sizes (largest first): the lightbox shows the largest.
const photo: Photo = {
  ...content.photo,
  photos: content.photo.photos.map((p, i) =>
    i === 0 ? { ...p, sizes: [{ url: '/media/a-2048.jpg', width: 2048, height: 1536 }, { url: '/media/a.jpg', width: 1280, height: 960 }] } : p,
  ),
};

const viewer = () => screen.getByRole('dialog', { name: 'Photo viewer' });
const shownImage = () => viewer().querySelector('img')!;
const closed = async () => act(() => new Promise((resolve) => setTimeout(resolve, GLASS_FADE_MS + 20)));

describe('Lightbox: a post photo opened large', () => {
  it('opens at the photo clicked, largest size, with its caption and place in the set', async () => {
    const user = userEvent.setup();
    renderWithCache(<PostContent content={photo} />);
    await user.click(screen.getByRole('button', { name: 'Open photo 1 of 3' }));
    expect((viewer() as HTMLDialogElement).open).toBe(true);
    expect(shownImage().getAttribute('src')).toBe('/media/a-2048.jpg');
    expect(within(viewer()).getByText('The harbour')).toBeTruthy();
    expect(within(viewer()).getByText('1 of 3')).toBeTruthy();
    // Loading until the image says it has loaded.
    expect(within(viewer()).getByRole('status').textContent).toBe('Loading photo…');
    fireEvent.load(shownImage());
    expect(within(viewer()).queryByRole('status')).toBeNull();
  });

  it('moves with the arrow keys and the buttons, wrapping at the ends; alt text names the photo', async () => {
    const user = userEvent.setup();
    renderWithCache(<PostContent content={photo} />);
    await user.click(screen.getByRole('button', { name: 'Open photo 2 of 3' }));
    expect(shownImage().getAttribute('src')).toBe('/media/b.jpg');
    expect(shownImage().getAttribute('alt')).toBe('Photo 2 of 3');
    await user.keyboard('{ArrowRight}');
    expect(within(viewer()).getByText('3 of 3')).toBeTruthy();
    expect(shownImage().getAttribute('src')).toBe('/media/c.jpg');
    await user.keyboard('{ArrowRight}');
    expect(within(viewer()).getByText('1 of 3')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer()).getByText('3 of 3')).toBeTruthy();
    await user.click(within(viewer()).getByRole('button', { name: 'Previous photo' }));
    expect(within(viewer()).getByText('2 of 3')).toBeTruthy();
    await user.click(within(viewer()).getByRole('button', { name: 'Next photo' }));
    expect(within(viewer()).getByText('3 of 3')).toBeTruthy();
  });

  it('opens from the keyboard; Escape closes it and focus returns to the photo that opened it', async () => {
    const user = userEvent.setup();
    renderWithCache(<PostContent content={photo} />);
    const opener = screen.getByRole('button', { name: 'Open photo 2 of 3' });
    opener.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(viewer()).getByRole('button', { name: 'Close photo' }));
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Escape}');
    await closed();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    await user.keyboard(' ');
    expect(within(viewer()).getByText('2 of 3')).toBeTruthy();
  });

  it('closes on a click on the glass around the photo and on the close button', async () => {
    const user = userEvent.setup();
    renderWithCache(<PostContent content={photo} />);
    await user.click(screen.getByRole('button', { name: 'Open photo 1 of 3' }));
    await user.click(shownImage());
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(viewer());
    await closed();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open photo 3 of 3' }));
    await user.click(within(viewer()).getByRole('button', { name: 'Close photo' }));
    await closed();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a swipe on touch moves through the set', async () => {
    const user = userEvent.setup();
    renderWithCache(<PostContent content={photo} />);
    await user.click(screen.getByRole('button', { name: 'Open photo 1 of 3' }));
    const figure = shownImage().closest('figure')!;
    fireEvent.pointerDown(figure, { pointerType: 'touch', clientX: 300, clientY: 200 });
    fireEvent.pointerUp(figure, { pointerType: 'touch', clientX: 150, clientY: 210 });
    expect(within(viewer()).getByText('2 of 3')).toBeTruthy();
    fireEvent.pointerDown(figure, { pointerType: 'touch', clientX: 100, clientY: 200 });
    fireEvent.pointerUp(figure, { pointerType: 'touch', clientX: 260, clientY: 190 });
    expect(within(viewer()).getByText('1 of 3')).toBeTruthy();
    // A tap is no swipe.
    fireEvent.pointerDown(figure, { pointerType: 'touch', clientX: 100, clientY: 200 });
    fireEvent.pointerUp(figure, { pointerType: 'touch', clientX: 110, clientY: 200 });
    expect(within(viewer()).getByText('1 of 3')).toBeTruthy();
  });

  it('a photo with a link-through opens its link, not the lightbox', () => {
    renderWithCache(<PostContent content={{ ...photo, linkthrough: 'https://shop.example/' }} />);
    expect(screen.queryByRole('button', { name: /Open photo/ })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });
});

describe('Lightbox inside another modal (the blog drawer)', () => {
  it('keeps its keys: Escape and arrows reach no modal it was opened from', async () => {
    const user = userEvent.setup();
    const outer = vi.fn();
    renderWithCache(
      <div onKeyDown={(event) => outer(event.key)}>
        <PostContent content={photo} />
      </div>,
    );
    await user.click(screen.getByRole('button', { name: 'Open photo 1 of 3' }));
    await user.keyboard('{ArrowRight}j{Escape}');
    await closed();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(outer).not.toHaveBeenCalled();
  });
});
