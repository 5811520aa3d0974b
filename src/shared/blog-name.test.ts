import { describe, expect, it } from 'vitest';
import { blogNameProblem, RESERVED_BLOG_NAMES } from './blog-name';

describe('blogNameProblem', () => {
  it.each(['a', 'staff', 'night-sky', 'a1-b2-c3', 'x'.repeat(32), '2025'])('accepts %s', (name) => {
    expect(blogNameProblem(name)).toBeNull();
  });

  it.each([
    ['', 'Choose a blog name.'],
    ['x'.repeat(33), 'Blog names can be at most 32 characters long.'],
    ['Alice', 'Blog names can only use lowercase letters a-z, numbers 0-9 and hyphens.'],
    ['under_score', 'Blog names can only use lowercase letters a-z, numbers 0-9 and hyphens.'],
    ['space name', 'Blog names can only use lowercase letters a-z, numbers 0-9 and hyphens.'],
    ['ünïcode', 'Blog names can only use lowercase letters a-z, numbers 0-9 and hyphens.'],
    ['-lead', 'Blog names cannot start or end with a hyphen.'],
    ['trail-', 'Blog names cannot start or end with a hyphen.'],
    ['dashboard', '"dashboard" is reserved. Choose another blog name.'],
    ['svc', '"svc" is reserved. Choose another blog name.'],
  ])('refuses %j: %s', (name, message) => {
    expect(blogNameProblem(name)).toBe(message);
  });

  it('reserves every route word the issue names', () => {
    for (const word of ['dashboard', 'svc', 'services', 'login', 'register', 'settings', 'new', 'edit', 'reblog',
      'blog', 'follow', 'search', 'explore', 'likes', 'following', 'inbox', 'help']) {
      expect(RESERVED_BLOG_NAMES.has(word)).toBe(true);
    }
  });
});
