import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

const ORIGIN = 'http://localhost:3000';

describe('safeNext', () => {
  it.each([
    ['/\\evil.example/'],
    ['\\\\evil.example'],
    ['//evil.example'],
    ['///evil.example'],
    ['https://evil.example/dashboard'],
    ['http://localhost:3001/dashboard'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['/\t/evil.example'],
    ['data:text/html,hi'],
    ['http://[not a host'],
  ])('sends %s to the fallback', (next) => {
    expect(safeNext(next, '/dashboard', ORIGIN)).toBe('/dashboard');
  });

  it.each([
    ['/blog/ann', '/blog/ann'],
    ['/follow/ann?x=1#top', '/follow/ann?x=1#top'],
    ['http://localhost:3000/settings', '/settings'],
    ['/a/../settings', '/settings'],
  ])('keeps a page of this site: %s', (next, expected) => {
    expect(safeNext(next, '/dashboard', ORIGIN)).toBe(expected);
  });

  it('answers the fallback for nothing', () => {
    expect(safeNext(null, '/dashboard', ORIGIN)).toBe('/dashboard');
    expect(safeNext('', '/home', ORIGIN)).toBe('/home');
  });

  it('reads the page’s own origin by default', () => {
    expect(safeNext('/blog/ann')).toBe('/blog/ann');
    expect(safeNext('/\\evil.example/')).toBe('/dashboard');
  });
});
