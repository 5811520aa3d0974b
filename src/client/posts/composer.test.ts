import { describe, expect, it } from 'vitest';
import {
  composerReducer as reduce,
  createComposer,
  isBlank,
  isDirty,
  parseTags,
  type ComposerAction,
  type ComposerState,
} from './composer';
import { fromSource } from './composer-payload';
import { postView, source } from './test-fixtures';

const fresh = (type: Parameters<typeof createComposer>[0]['type'] = 'text') =>
  createComposer({ type, blogName: 'ann', editorType: 'rich' });
const run = (state: ComposerState, ...actions: ComposerAction[]) => actions.reduce(reduce, state);

describe('createComposer', () => {
  it('starts a new post of the type, clean, published, with the default editor', () => {
    const s = fresh('quote');
    expect(s.mode).toBe('new');
    expect(s.content).toEqual({ type: 'quote', quote: '', source: '' });
    expect(s.common).toMatchObject({ state: 'published', editorType: 'rich', tags: [], canBeLiked: true, canBeReblogged: true });
    expect(isDirty(s)).toBe(false);
  });
});

describe('setType', () => {
  it('carries the heading and the body, and restores type-specific fields on the way back', () => {
    const s = run(
      fresh('text'),
      { type: 'update', postType: 'text', patch: { title: 'Trip', body: '<p>Sun</p>' } },
      { type: 'setType', postType: 'link' },
    );
    expect(s.content).toEqual({ type: 'link', url: '', title: 'Trip', description: '<p>Sun</p>', excerpt: '', author: '' });
    const back = run(s, { type: 'update', postType: 'link', patch: { url: 'https://a.example' } }, { type: 'setType', postType: 'photo' });
    expect(back.content).toMatchObject({ type: 'photo', caption: '<p>Sun</p>', photos: [] });
    const link = run(back, { type: 'setType', postType: 'link' });
    expect(link.content).toMatchObject({ type: 'link', url: 'https://a.example', title: 'Trip' });
  });

  it('does not carry the chat lines into a body, nor switch types of an edit', () => {
    const chat = run(fresh('chat'), { type: 'update', postType: 'chat', patch: { title: 'T', chat: 'A: hi' } }, { type: 'setType', postType: 'text' });
    expect(chat.content).toEqual({ type: 'text', title: 'T', body: '' });
    const edit = fromSource(source(), postView(), { mode: 'edit', blogName: 'ann', editorType: 'rich' });
    expect(run(edit, { type: 'setType', postType: 'photo' })).toBe(edit);
  });
});

describe('update', () => {
  it('patches the fields of the current type and ignores patches for another type', () => {
    const s = run(fresh('audio'), { type: 'update', postType: 'audio', patch: { url: 'https://a.example/s.mp3', trackArtist: 'Band' } });
    expect(s.content).toMatchObject({ url: 'https://a.example/s.mp3', trackArtist: 'Band' });
    expect(run(s, { type: 'update', postType: 'text', patch: { title: 'x' } })).toBe(s);
  });
});

describe('photos', () => {
  const withPhotos = (n: number) =>
    run(fresh('photo'), ...Array.from({ length: n }, (_, i): ComposerAction => ({ type: 'addPhoto', url: `https://p.example/${i + 1}.jpg` })));

  it('adds with ids o1, o2, ... and stops at 10', () => {
    const s = withPhotos(11);
    if (s.content.type !== 'photo') throw new Error('photo');
    expect(s.content.photos).toHaveLength(10);
    expect(s.content.photos.slice(0, 2)).toEqual([
      { id: 'o1', url: 'https://p.example/1.jpg', caption: '', alt: '' },
      { id: 'o2', url: 'https://p.example/2.jpg', caption: '', alt: '' },
    ]);
    expect(run(fresh('photo'), { type: 'addPhoto', url: '   ' }).content).toMatchObject({ photos: [] });
  });

  it('moves within bounds, removes, captions, and never reuses a live id', () => {
    let s = withPhotos(3);
    s = run(s, { type: 'movePhoto', id: 'o3', by: -1 }, { type: 'movePhoto', id: 'o1', by: -1 }, { type: 'setPhotoCaption', id: 'o2', caption: 'two' });
    if (s.content.type !== 'photo') throw new Error('photo');
    expect(s.content.photos.map((p) => p.id)).toEqual(['o1', 'o3', 'o2']);
    expect(s.content.photos[2]!.caption).toBe('two');
    s = run(s, { type: 'removePhoto', id: 'o1' }, { type: 'addPhoto', url: 'https://p.example/4.jpg' });
    if (s.content.type !== 'photo') throw new Error('photo');
    expect(s.content.photos.map((p) => p.id)).toEqual(['o3', 'o2', 'o4']);
  });
});

describe('tags', () => {
  it('splits on commas, drops # and repeats in any case, removes by name and the last one', () => {
    expect(parseTags(' #cats, dogs ,, ')).toEqual(['cats', 'dogs']);
    let s = run(fresh(), { type: 'addTags', text: '#Cats, dogs' }, { type: 'addTags', text: 'cats,birds' });
    expect(s.common.tags).toEqual(['Cats', 'dogs', 'birds']);
    s = run(s, { type: 'removeTag', tag: 'dogs' });
    expect(s.common.tags).toEqual(['Cats', 'birds']);
    s = run(s, { type: 'removeLastTag' });
    expect(s.common.tags).toEqual(['Cats']);
  });
});

describe('options, state, blog and comment', () => {
  it('sets options and the submit state', () => {
    const s = run(
      fresh(),
      { type: 'setOptions', patch: { customUrl: 'my-slug', canBeLiked: false } },
      { type: 'setSubmitState', state: 'scheduled' },
      { type: 'setOptions', patch: { publishOn: '2030-01-02T03:04' } },
    );
    expect(s.common).toMatchObject({ customUrl: 'my-slug', canBeLiked: false, state: 'scheduled', publishOn: '2030-01-02T03:04' });
  });

  it('changes the blog of new posts and reblogs but not of an edit', () => {
    expect(run(fresh(), { type: 'setBlog', blogName: 'bob' }).blogName).toBe('bob');
    const edit = fromSource(source(), postView(), { mode: 'edit', blogName: 'ann', editorType: 'rich' });
    expect(run(edit, { type: 'setBlog', blogName: 'bob' }).blogName).toBe('ann');
  });

  it('sets the comment of a reblog only', () => {
    const reblog = fromSource(source(), postView({ blog: { ...postView().blog, name: 'zed' } }), { mode: 'reblog', blogName: 'ann', editorType: 'rich', reblogKey: 'k' });
    expect(run(reblog, { type: 'setComment', comment: '<p>So true</p>' }).reblog?.comment).toBe('<p>So true</p>');
    const s = fresh();
    expect(run(s, { type: 'setComment', comment: 'x' })).toBe(s);
  });
});

describe('setEditorType', () => {
  it('converts every body field (current, stashed, comment) and keeps plain fields', () => {
    const upper = (v: string) => v.toUpperCase();
    const s = run(
      fresh('text'),
      { type: 'update', postType: 'text', patch: { title: 'title', body: 'body' } },
      { type: 'setType', postType: 'quote' },
      { type: 'update', postType: 'quote', patch: { source: 'src' } },
      { type: 'setEditorType', editorType: 'markdown', convert: upper },
    );
    expect(s.common.editorType).toBe('markdown');
    expect(s.content).toEqual({ type: 'quote', quote: 'BODY', source: 'src' });
    expect(s.stash.text).toEqual({ type: 'text', title: 'title', body: 'BODY' });
    expect(run(s, { type: 'setEditorType', editorType: 'markdown', convert: upper })).toBe(s);
  });
});

describe('dirty check', () => {
  it('is clean when untouched, also after switching to another empty type or editor', () => {
    const s = fresh();
    expect(isDirty(run(s, { type: 'setType', postType: 'photo' }))).toBe(false);
    expect(isDirty(run(s, { type: 'setEditorType', editorType: 'html', convert: (v) => v }))).toBe(false);
    expect(isDirty(run(s, { type: 'update', postType: 'text', patch: { body: '<p>\u200b</p>' } }))).toBe(false);
  });

  it('is dirty after typing, a tag, an option or a state change, and clean again when undone', () => {
    const s = fresh();
    const typed = run(s, { type: 'update', postType: 'text', patch: { title: 'x' } });
    expect(isDirty(typed)).toBe(true);
    expect(isDirty(run(typed, { type: 'update', postType: 'text', patch: { title: '' } }))).toBe(false);
    expect(isDirty(run(s, { type: 'addTags', text: 'a' }))).toBe(true);
    expect(isDirty(run(s, { type: 'setOptions', patch: { sourceUrl: 'https://s.example' } }))).toBe(true);
    expect(isDirty(run(s, { type: 'setSubmitState', state: 'draft' }))).toBe(true);
  });

  it('compares an edit with the post as loaded', () => {
    const edit = fromSource(source(), postView(), { mode: 'edit', blogName: 'ann', editorType: 'rich' });
    expect(isDirty(edit)).toBe(false);
    expect(isDirty(run(edit, { type: 'removeTag', tag: 'one' }))).toBe(true);
    expect(isDirty(run(edit, { type: 'update', postType: 'text', patch: { body: '<p>World!</p>' } }))).toBe(true);
  });

  it('counts a reblog comment', () => {
    const reblog = fromSource(source(), postView(), { mode: 'reblog', blogName: 'ann', editorType: 'rich', reblogKey: 'k' });
    expect(isDirty(reblog)).toBe(false);
    expect(isDirty(run(reblog, { type: 'setComment', comment: 'yes' }))).toBe(true);
  });
});

describe('isBlank', () => {
  it('sees through empty paragraphs, nbsp and zero-width spaces, but not media', () => {
    expect(isBlank('<p>&nbsp;</p><p>\u200b</p>')).toBe(true);
    expect(isBlank('<p><img src="x.png"></p>')).toBe(false);
    expect(isBlank('<p>a</p>')).toBe(false);
  });
});
