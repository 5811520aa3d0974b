import { describe, expect, it } from 'vitest';
import { INVALID_GIF_RESPONSE } from '../../shared/search/gif';
import { readGifResult } from './gif-api';
import { messageText, NO_RESULTS_JOKES, randomJoke } from './gif-messages';
import { columnsFor, masonryLayout, neighbour } from './masonry';
import { gifSearchKey } from './use-gif-search';
import { gif } from './test-fixtures';

describe('masonryLayout', () => {
  it('puts each item in the shortest column, 150 wide with a 10 px gutter', () => {
    const layout = masonryLayout(
      [
        { width: 300, height: 300 }, // 150 high
        { width: 150, height: 75 }, // 75
        { width: null, height: null }, // square: 150
        { width: 150, height: 30 }, // 30, under the second (shortest)
      ],
      3,
    );
    expect(layout.items).toEqual([
      { left: 0, top: 0, height: 150, column: 0 },
      { left: 160, top: 0, height: 75, column: 1 },
      { left: 320, top: 0, height: 150, column: 2 },
      { left: 160, top: 85, height: 30, column: 1 },
    ]);
    expect(layout.height).toBe(150);
  });

  it('adds the tag line under every item', () => {
    const layout = masonryLayout([{ width: 150, height: 100 }, { width: 150, height: 100 }], 1, 20);
    expect(layout.items.map((i) => i.top)).toEqual([0, 130]);
    expect(layout.height).toBe(250);
  });

  it('fits columns to the width, at least one', () => {
    expect(columnsFor(470)).toBe(3);
    expect(columnsFor(469)).toBe(2);
    expect(columnsFor(0)).toBe(1);
  });

  it('moves up and down within a column, and out of the top', () => {
    const layout = masonryLayout(Array.from({ length: 5 }, () => ({ width: 150, height: 150 })), 2);
    expect(neighbour(layout, 0, 'ArrowDown')).toBe(2);
    expect(neighbour(layout, 2, 'ArrowDown')).toBe(4);
    expect(neighbour(layout, 4, 'ArrowDown')).toBe(4);
    expect(neighbour(layout, 3, 'ArrowUp')).toBe(1);
    expect(neighbour(layout, 1, 'ArrowUp')).toBe(-1);
    expect(neighbour(layout, 4, 'ArrowRight')).toBe(4);
    expect(neighbour(layout, 0, 'ArrowLeft')).toBe(0);
    expect(neighbour(layout, 0, 'a')).toBeNull();
  });
});

describe('messageText', () => {
  it('strips script and link tags with their contents and keeps the rest as text', () => {
    expect(messageText('<script>alert(1)</script>Try <b>again</b><link rel="stylesheet" href="x.css">!')).toBe('Try again!');
    expect(messageText('<img src=x onerror="alert(1)">Safe &amp; sound')).toBe('Safe & sound');
  });
});

describe('randomJoke', () => {
  it('picks one of the jokes', () => {
    expect(randomJoke(() => 0)).toBe('Nothing turned up. Bummer.');
    expect(NO_RESULTS_JOKES).toContain(randomJoke(() => 0.999));
  });
});

describe('gifSearchKey', () => {
  it('keys answers by the lowercase, trimmed query', () => {
    expect(gifSearchKey('  CaT ')).toEqual(gifSearchKey('cat'));
  });
});

describe('readGifResult', () => {
  it('refuses an empty or malformed answer with the spec’s message', () => {
    for (const response of [null, undefined, '', {}, { media: null }, []]) {
      expect(() => readGifResult(response)).toThrow(INVALID_GIF_RESPONSE);
    }
  });

  it('skips items it cannot show and a message that is not text', () => {
    const result = readGifResult({ media: [gif(1), { mediaUrl: 5 }, null], message: { header: 1, body: 'x' } });
    expect(result.media.map((i) => i.postId)).toEqual(['1']);
    expect(result.message).toBeUndefined();
  });
});
