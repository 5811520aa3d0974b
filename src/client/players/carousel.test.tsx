import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Tags, TAGS_COLLAPSE_HEIGHT } from '../post/Tags';
import { carouselReducer, initialCarousel, storeCarouselIndex, type CarouselState } from './carousel';
import { Carousel } from './Carousel';

const at = (index: number, count = 3): CarouselState => ({ index, count, peek: null, introduced: false });

describe('carouselReducer (spec 2 §4)', () => {
  it('moves between 0 and count-1', () => {
    expect(carouselReducer(at(0), { type: 'next' }).index).toBe(1);
    expect(carouselReducer(at(2), { type: 'previous' }).index).toBe(1);
    expect(carouselReducer(at(0), { type: 'go', index: 2 }).index).toBe(2);
  });

  it('going past either end peeks instead of moving', () => {
    expect(carouselReducer(at(2), { type: 'next' })).toMatchObject({ index: 2, peek: 'next' });
    expect(carouselReducer(at(0), { type: 'previous' })).toMatchObject({ index: 0, peek: 'previous' });
    expect(carouselReducer({ ...at(0), peek: 'previous' }, { type: 'peek-done' }).peek).toBeNull();
  });

  it('ignores a dot outside the photos', () => {
    expect(carouselReducer(at(1), { type: 'go', index: 3 }).index).toBe(1);
    expect(carouselReducer(at(1), { type: 'go', index: -1 }).index).toBe(1);
  });

  it('peeks once when first fully in view, never again', () => {
    const first = carouselReducer(at(0), { type: 'in-view' });
    expect(first).toMatchObject({ peek: 'next', introduced: true });
    const done = carouselReducer(first, { type: 'peek-done' });
    expect(carouselReducer(done, { type: 'in-view' })).toBe(done);
    expect(carouselReducer(at(0, 1), { type: 'in-view' }).peek).toBeNull();
  });

  it('keeps the index with the post', () => {
    storeCarouselIndex('77', 2);
    expect(initialCarousel('77', 3).index).toBe(2);
    expect(initialCarousel('77', 2).index).toBe(1);
    expect(initialCarousel(undefined, 3).index).toBe(0);
  });
});

const photos = [1, 2, 3].map((n) => ({
  id: `o${n}`,
  url: `/media/${n}.jpg`,
  width: 400,
  height: 300,
  caption: n === 2 ? 'Second' : '',
  sizes: [{ url: `/media/${n}-big.jpg`, width: 1280, height: 960 }],
}));

describe('Carousel', () => {
  it('arrows and dots move it; the high-resolution source and the link wrapper', () => {
    render(<Carousel postId="c1" photos={photos} linkUrl="https://shop.example/" />);
    const region = screen.getByRole('region', { name: 'Photos, 1 of 3' });
    expect(region.querySelector('img')!.getAttribute('src')).toBe('/media/1-big.jpg');
    expect(region.querySelectorAll('a[target="_blank"][href="https://shop.example/"]')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('region', { name: 'Photos, 2 of 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Photo 2' }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Photo 3' }));
    expect(screen.getByRole('region', { name: 'Photos, 3 of 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('region', { name: 'Photos, 3 of 3' })).toBeTruthy();
    expect(region.querySelector('[data-peek="next"]')).toBeTruthy();
  });
});

describe('Tags: the See all expander (spec 2 §9)', () => {
  it('collapses tags taller than 81 px behind See all', () => {
    const height = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(TAGS_COLLAPSE_HEIGHT + 1);
    render(<Tags tags={['a', 'b', 'c']} />, { wrapper: MemoryRouter });
    const list = screen.getByRole('list', { name: 'Tags' });
    expect(list.style.maxHeight).toBe('81px');
    fireEvent.click(screen.getByRole('button', { name: 'See all' }));
    expect(list.style.maxHeight).toBe('');
    expect(screen.queryByRole('button', { name: 'See all' })).toBeNull();
    height.mockRestore();
  });

  it('shows short tags without the expander', () => {
    const height = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(TAGS_COLLAPSE_HEIGHT);
    render(<Tags tags={['a']} />, { wrapper: MemoryRouter });
    expect(screen.queryByRole('button', { name: 'See all' })).toBeNull();
    height.mockRestore();
  });
});
