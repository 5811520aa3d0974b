// Pins what a post says in a line and which picture stands for it, per type: activity, blog
// cards, share data, reports and link previews all read these.
import { describe, expect, it } from 'vitest';
import type { AnyPostType, PhotoView, PostContent } from '../../shared/posts/types';
import { firstWords } from './post-type';
import { postTypeModule } from './registry';
import { authoredText, cutText, postText } from './summary';
import { postThumbnail } from './thumbnail';

const photo = (over: Partial<PhotoView> = {}): PhotoView => ({ id: 'o1', url: 'https://img.example/full.jpg', width: 1000, height: 800, caption: '', ...over });
const SIZES = [1280, 640, 250, 100].map((width) => ({ width, height: width, url: `https://img.example/${width}.jpg` }));

// [what, content, summary, picture (with minWidth 200)]
const CASES: Array<[string, PostContent, string, string | null]> = [
  ['text: its title', { type: 'text', title: 'Title', body_html: '<p>Body</p>' }, 'Title', null],
  ['text: its body without a title, and its first image', { type: 'text', title: '', body_html: '<p>Body <b>bold</b></p><img src="https://img.example/a.png?x=1&amp;y=2" />' }, 'Body bold', 'https://img.example/a.png?x=1&y=2'],
  ['photo: its caption, and a stored size at least as wide as asked', { type: 'photo', photos: [photo({ caption: 'own', sizes: SIZES })], caption_html: '<p>Post caption</p>', layout: '1', linkthrough: null }, 'Post caption', 'https://img.example/250.jpg'],
  ['photo: a photo caption without the post one, the photo itself without sizes', { type: 'photo', photos: [photo(), photo({ id: 'o2', caption: 'Second' })], caption_html: '', layout: '2', linkthrough: null }, 'Second', 'https://img.example/full.jpg'],
  ['quote: the quote, not its source', { type: 'quote', quote_html: '<p>To be</p>', source_html: '<p>Hamlet</p>' }, 'To be', null],
  ['link: its title', { type: 'link', title: 'Page', url: 'https://e.example/', description_html: '<p>Mine</p>', excerpt: 'Excerpt', author: '', thumbnail: 'https://e.example/t.png' }, 'Page', 'https://e.example/t.png'],
  ['link: the excerpt without a title', { type: 'link', title: '', url: 'https://e.example/', description_html: '', excerpt: 'Excerpt', author: '', thumbnail: null }, 'Excerpt', null],
  ['link: the address without either', { type: 'link', title: '', url: 'https://e.example/', description_html: '', excerpt: '', author: '', thumbnail: null }, 'https://e.example/', null],
  ['chat: its title', { type: 'chat', title: 'Talk', lines: [{ name: 'A', label: 'A:', phrase: 'hi' }] }, 'Talk', null],
  ['chat: its lines without a title', { type: 'chat', title: '', lines: [{ name: 'A', label: 'A:', phrase: 'hi' }, { name: '', label: '', phrase: 'yo' }] }, 'A: hi yo', null],
  ['audio: "Title – Artist" and the album art', { type: 'audio', url: 'https://m.example/a.mp3', caption_html: '<p>Cap</p>', track_title: 'Song', track_artist: 'Band', track_album: 'LP', album_art: 'https://m.example/art.jpg', embed_html: null }, 'Song – Band', 'https://m.example/art.jpg'],
  ['audio: the caption without tags', { type: 'audio', url: 'https://m.example/a.mp3', caption_html: '<p>Cap</p>', track_title: '', track_artist: '', track_album: '', album_art: null, embed_html: null }, 'Cap', null],
  ['video: its caption and its poster', { type: 'video', url: 'https://v.example/v.mp4', embed_html: null, caption_html: '<p>Clip</p>', poster_url: 'https://v.example/p.jpg' }, 'Clip', 'https://v.example/p.jpg'],
  ['video: an embed without caption says nothing', { type: 'video', url: 'https://youtu.be/x', embed_html: '<iframe></iframe>', caption_html: '' }, '', null],
  ['answer: the question', { type: 'note', question: 'Why?', answer_html: '<p>Because.</p>', asking_name: null }, 'Why?', null],
  ['answer: the answer without a question', { type: 'note', question: '', answer_html: '<p>Because.</p>', asking_name: null }, 'Because.', null],
];

describe('postText and postThumbnail', () => {
  it.each(CASES)('%s', (_what, content, summary, picture) => {
    expect(postText(content, { max: 100 })).toBe(summary);
    expect(postThumbnail(content, { minWidth: 200 })).toBe(picture);
  });

  it('covers every post type, each with its own module', () => {
    const types: AnyPostType[] = ['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video', 'note'];
    expect(new Set(CASES.map(([, content]) => content.type))).toEqual(new Set(types));
    for (const type of types) expect(postTypeModule(type).type).toBe(type);
  });

  it('cuts the summary to the length asked, whitespace collapsed', () => {
    const content: PostContent = { type: 'text', title: '', body_html: `<p>${'word '.repeat(40)}</p>` };
    expect(postText(content, { max: 100 })).toBe(`${'word '.repeat(19)}word…`);
    expect(postText(content, { max: 100 }).length).toBeLessThanOrEqual(100);
    expect(postText({ type: 'text', title: '  Two\n\nlines ', body_html: '' }, { max: 100 })).toBe('Two lines');
  });

  it('picks the smallest stored size at least as wide as asked, or the original for Infinity', () => {
    const content: PostContent = { type: 'photo', photos: [photo({ sizes: SIZES })], caption_html: '', layout: '1', linkthrough: null };
    expect(postThumbnail(content, { minWidth: 128 })).toBe('https://img.example/250.jpg');
    expect(postThumbnail(content, { minWidth: 300 })).toBe('https://img.example/640.jpg');
    expect(postThumbnail(content, { minWidth: Infinity })).toBe('https://img.example/full.jpg');
  });
});

describe('firstWords', () => {
  it('takes the first part with words, and works out a later part only when reached', () => {
    let read = 0;
    const body = () => {
      read++;
      return 'Body';
    };
    expect(firstWords('Title', body)).toBe('Title');
    expect(read).toBe(0);
    expect(firstWords(' \n ', null, undefined, body)).toBe('Body');
    expect(read).toBe(1);
    expect(firstWords('', () => '  ')).toBe('');
  });
});

describe('cutText', () => {
  it('keeps text that fits, as it is but for whitespace', () => {
    expect(cutText(' a \n b ', 5)).toBe('a b');
    expect(cutText('12345', 5)).toBe('12345');
  });

  it('cuts after a whole word past half of the room, the ellipsis counted in the length', () => {
    expect(cutText('one two three four', 12)).toBe('one two…');
    expect(cutText('one two three four', 12).length).toBeLessThanOrEqual(12);
  });

  it('cuts inside a word when no word ends past half of the room', () => {
    expect(cutText('a verylongwordindeed', 10)).toBe('a verylon…');
  });

  it('never leaves half of a character outside the Basic Multilingual Plane', () => {
    const cut = cutText(`abc${'😀'.repeat(10)}`, 6);
    expect(cut).toBe('abc😀…');
    expect(cut.length).toBeLessThanOrEqual(6);
    expect(cutText(`abcd${'😀'.repeat(10)}`, 6)).toBe('abcd…');
  });
});

describe('authoredText', () => {
  const post = (content: PostContent, reblog = false) => ({
    content,
    comment_html: '<p>My @comment</p>',
    reblog_of_id: reblog ? '1' : null,
    trail: [],
  });

  it("is everything the post's blog wrote: an answer, not the asker's question", () => {
    expect(authoredText(post({ type: 'note', question: 'Ask @x', answer_html: '<p>Answer @y</p>', asking_name: null }))).toBe('Answer @y');
    expect(authoredText(post({ type: 'quote', quote_html: '<p>Q</p>', source_html: '<p>@src</p>' }))).toBe('Q\n@src');
    expect(authoredText(post({ type: 'chat', title: 'T', lines: [{ name: 'A', label: 'A:', phrase: 'hi' }] }))).toBe('T\nA: hi');
  });

  it("is a reblog's comment alone", () => {
    expect(authoredText(post({ type: 'text', title: 'Theirs', body_html: '' }, true))).toBe('My @comment');
  });
});
