import { describe, expect, it } from 'vitest';
import { findMentions, mentionedNames } from './mentions';

describe('mentionedNames', () => {
  it.each([
    ['@ann', ['ann']],
    ['hi @ann and @bob-2!', ['ann', 'bob-2']],
    ['(@ann), "@bob"; @carol: @dave.', ['ann', 'bob', 'carol', 'dave']],
    ['@ann @ann @ann', ['ann']],
    ['line one\n@ann', ['ann']],
    ['@Ann says hi', ['ann']],
    ['thanks @ann-- really', ['ann']],
    [`@${'x'.repeat(32)}`, ['x'.repeat(32)]],
    ['@night-sky.', ['night-sky']],
  ])('finds the blogs in %j', (text, names) => {
    expect(mentionedNames(text)).toEqual(names);
  });

  it.each([
    ['ann@example.com'],
    ['mail me: ann.smith@example.com'],
    ['first+tag@example.com'],
    ['@ann@example.com'],
    ['https://example.com/@ann'],
    ['@'],
    ['@ @'],
    ['@-ann'],
    ['@under_score'],
    ['@ünïcode'],
    [`@${'x'.repeat(33)}`],
    // Route words can never be blog names.
    ['@dashboard'],
    ['no mentions here'],
  ])('finds none in %j', (text) => {
    expect(mentionedNames(text)).toEqual([]);
  });
});

describe('findMentions', () => {
  it('gives each mention with where it is, without trailing hyphens', () => {
    expect(findMentions('hey @Ann- and @bob')).toEqual([
      { name: 'ann', index: 4, length: 4 },
      { name: 'bob', index: 14, length: 4 },
    ]);
  });
});
