import { describe, expect, it } from 'vitest';
import { rangeAsked } from './serve';

describe('rangeAsked: the one byte range of a Range header', () => {
  it('reads a range, an open end and a suffix, and stops them at the end of the file', () => {
    expect(rangeAsked('bytes=0-9', 100)).toEqual({ range: { start: 0, end: 9 } });
    expect(rangeAsked('bytes=90-', 100)).toEqual({ range: { start: 90, end: 99 } });
    expect(rangeAsked('bytes=90-500', 100)).toEqual({ range: { start: 90, end: 99 } });
    expect(rangeAsked('bytes=-10', 100)).toEqual({ range: { start: 90, end: 99 } });
    expect(rangeAsked('bytes=-500', 100)).toEqual({ range: { start: 0, end: 99 } });
  });

  it('serves the whole file for no range, several ranges, another unit or a malformed one', () => {
    for (const header of [undefined, '', 'bytes=0-1,5-6', 'items=0-9', 'bytes=-', 'bytes=9-0', 'bytes=a-b']) {
      expect(rangeAsked(header, 100), String(header)).toBe('whole');
    }
  });

  it('cannot serve a range that starts past the end, nor any of an empty file (416)', () => {
    expect(rangeAsked('bytes=100-', 100)).toBe('unsatisfiable');
    expect(rangeAsked('bytes=-0', 100)).toBe('unsatisfiable');
    expect(rangeAsked('bytes=0-0', 0)).toBe('unsatisfiable');
    expect(rangeAsked('bytes=-5', 0)).toBe('unsatisfiable');
  });
});
