import { describe, expect, it } from 'vitest';
import { replyTextProblem } from '../../shared/notes/reply';
import type { BlogRow } from '../db/tables/blog';
import { idMicros, notesCursorText, parseNotesCursor } from './queries';
import { noteView } from './views';

describe('the notes cursor', () => {
  it('reads back what it wrote', () => {
    const cursor = { us: '1767323045678901', rank: 2, id: '117657942024978447' };
    expect(parseNotesCursor(notesCursorText(cursor))).toEqual(cursor);
  });

  it('starts at the top without one', () => {
    expect(parseNotesCursor(undefined)).toBeNull();
    expect(parseNotesCursor('')).toBeNull();
  });

  it.each(['abc', '1_4_1', '1_2', '-1_2_3', '1_2_3_4', `${'9'.repeat(19)}_1_1`])('refuses %j with a 400', (text) => {
    expect(() => parseNotesCursor(text)).toThrow('The before cursor is not one this server gave out.');
  });

  it('reads an id’s time as the database does: milliseconds above the low 16 bits', () => {
    const ms = 1_767_323_045_678n;
    expect(idMicros(String((ms << 16n) | 12345n))).toBe(String(ms * 1000n));
  });
});

describe('noteView', () => {
  const blog = { id: '7', name: 'ann', uuid: 'u', title: 'Ann', is_adult: false, is_nsfw: false } as BlogRow;
  const blogs = new Map([['7', blog]]);
  const base = { us: '1767323045678901', blog_id: '7', item_id: null, text: null, slug: null };

  it('gives unix seconds and the blog', () => {
    expect(noteView({ ...base, kind: 'like' }, blogs, 'https://tw.example')).toEqual({
      type: 'like',
      timestamp: 1767323045,
      // The blog as posts show it (posts/views.ts postBlogView).
      blog: expect.objectContaining({ name: 'ann', uuid: 'u', title: 'Ann', url: 'https://tw.example/blog/ann' }),
    });
  });

  it('addresses a reblog by its slug and keeps its comment', () => {
    const note = noteView({ ...base, kind: 'reblog', item_id: '42', text: '<p>Yes</p>', slug: 'so-true' }, blogs, 'https://tw.example');
    expect(note).toMatchObject({ type: 'reblog', post_id: '42', post_url: 'https://tw.example/blog/ann/post/42/so-true', added_html: '<p>Yes</p>' });
  });

  it('drops a note whose blog is gone', () => {
    expect(noteView({ ...base, kind: 'reply', item_id: '1', text: 'hi', blog_id: '8' }, blogs, 'https://tw.example')).toBeNull();
  });
});

describe('replyTextProblem', () => {
  it.each([
    ['hi', null],
    ['  hi  ', null],
    ['x'.repeat(500), null],
    ['😀'.repeat(500), null],
    ['', 'Write something to reply.'],
    [' \n\t ', 'Write something to reply.'],
    ['x'.repeat(501), 'Replies can be at most 500 characters long.'],
    [`  ${'x'.repeat(500)}  `, null],
  ])('case %#: %s', (text, problem) => {
    expect(replyTextProblem(text)).toBe(problem);
  });
});
