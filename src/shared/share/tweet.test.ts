import { describe, expect, it } from 'vitest';
import { countTweet, tweetLength } from './tweet';

describe('tweetLength', () => {
  it('counts each [URL] token as 24 characters', () => {
    expect(tweetLength('')).toBe(0);
    expect(tweetLength('hello')).toBe(5);
    expect(tweetLength('[URL]')).toBe(24);
    expect(tweetLength('look [URL] and [URL]')).toBe('look  and '.length + 48);
  });

  it('counts an emoji as one character', () => {
    expect(tweetLength('🌅')).toBe(1);
  });
});

describe('countTweet (spec 1 §5: limit 140, warning under 10, invalid below 0 or at 140)', () => {
  it('is invalid when empty: exactly 140 remaining', () => {
    expect(countTweet('')).toEqual({ remaining: 140, warning: false, valid: false });
  });

  it('is valid with some text', () => {
    expect(countTweet('a')).toEqual({ remaining: 139, warning: false, valid: true });
    expect(countTweet('[URL]')).toEqual({ remaining: 116, warning: false, valid: true });
  });

  it('warns under 10 remaining, not at 10', () => {
    expect(countTweet('x'.repeat(130))).toMatchObject({ remaining: 10, warning: false, valid: true });
    expect(countTweet('x'.repeat(131))).toMatchObject({ remaining: 9, warning: true, valid: true });
  });

  it('is valid at exactly 0 remaining and invalid below', () => {
    expect(countTweet('x'.repeat(140))).toEqual({ remaining: 0, warning: true, valid: true });
    expect(countTweet('x'.repeat(141))).toEqual({ remaining: -1, warning: true, valid: false });
    expect(countTweet(`${'x'.repeat(117)}[URL]`)).toMatchObject({ remaining: -1, valid: false });
  });
});
