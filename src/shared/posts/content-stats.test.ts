import { describe, expect, it } from 'vitest';
import { CONTENT_STATS_MESSAGE, contentStatsLine, parseContentStats } from './content-stats';

describe('content stats (issue 26.3)', () => {
  it('reads the four counts from JSON text or an object; absent or empty is none', () => {
    const stats = { words: 2, characters: 9, photos: 1, links: 0 };
    expect(parseContentStats(JSON.stringify(stats))).toEqual({ stats });
    expect(parseContentStats(stats)).toEqual({ stats });
    for (const none of [undefined, null, '']) expect(parseContentStats(none)).toEqual({ stats: null });
  });

  it('refuses anything else with the message that shows the shape', () => {
    for (const junk of ['{', '1', '[]', [], { words: 1 }, { words: 1, characters: 1, photos: 1, links: -1 }, { words: 1, characters: 1, photos: 1, links: 0, more: 0 }, true]) {
      expect(parseContentStats(junk)).toEqual({ problem: CONTENT_STATS_MESSAGE });
    }
  });

  it('says the counts as a line, photos and links only when there are some', () => {
    expect(contentStatsLine({ words: 1, characters: 5, photos: 0, links: 0 })).toBe('1 word · 5 characters');
    expect(contentStatsLine({ words: 1200, characters: 1, photos: 1, links: 2 })).toBe('1,200 words · 1 character · 1 photo · 2 links');
  });
});
