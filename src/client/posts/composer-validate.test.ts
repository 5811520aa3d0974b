import { describe, expect, it } from 'vitest';
import type { PostType } from '../../shared/constants';
import { POST_MESSAGES } from '../../shared/posts/messages';
import { composerReducer as reduce, createComposer, type ComposerAction, type ComposerState } from './composer';
import { fromSource } from './composer-payload';
import { photosWithoutAlt, SCHEDULE_MISSING, validate } from './composer-validate';
import { postView, source } from './test-fixtures';

const run = (state: ComposerState, ...actions: ComposerAction[]) => actions.reduce(reduce, state);
const newPost = (type: PostType, ...actions: ComposerAction[]) => run(createComposer({ type, blogName: 'ann', editorType: 'rich' }), ...actions);

describe('validate', () => {
  it('answers the spec message of each empty type', () => {
    expect(validate(newPost('text'))).toBe('Post body empty.');
    expect(validate(newPost('photo'))).toBe('No photos specified.');
    expect(validate(newPost('quote'))).toBe('No quote.');
    expect(validate(newPost('link'))).toBe('No url.');
    expect(validate(newPost('chat'))).toBe('No chat.');
    expect(validate(newPost('audio'))).toBe('Please choose an audio source before continuing.');
    expect(validate(newPost('video'))).toBe('No video specified.');
    // Issue 26: an embed typed but blank (spec 1 §5).
    expect(validate(newPost('video', { type: 'update', postType: 'video', patch: { embedCode: '  ' } }))).toBe('No embed specified.');
    const note = fromSource({ one: '', two: 'a', three: '', extra: {} }, postView({ type: 'note' }), { mode: 'edit', blogName: 'ann', editorType: 'rich' });
    expect(validate(note)).toBe('Post question empty.');
  });

  it('passes each type once it has what it needs', () => {
    expect(validate(newPost('text', { type: 'update', postType: 'text', patch: { title: 'Only a title' } }))).toBeNull();
    expect(validate(newPost('text', { type: 'update', postType: 'text', patch: { body: '<p>Only a body</p>' } }))).toBeNull();
    expect(validate(newPost('photo', { type: 'addPhoto', url: 'https://p.example/1.jpg' }))).toBeNull();
    expect(validate(newPost('quote', { type: 'update', postType: 'quote', patch: { quote: 'Q' } }))).toBeNull();
    expect(validate(newPost('link', { type: 'update', postType: 'link', patch: { url: 'https://l.example/a' } }))).toBeNull();
    expect(validate(newPost('chat', { type: 'update', postType: 'chat', patch: { chat: 'A: hi' } }))).toBeNull();
    expect(validate(newPost('audio', { type: 'update', postType: 'audio', patch: { url: 'https://a.example/s.mp3' } }))).toBeNull();
    expect(validate(newPost('video', { type: 'update', postType: 'video', patch: { embedCode: 'https://v.example/1' } }))).toBeNull();
  });

  it('treats an empty paragraph as empty and rejects a link that is not http(s)', () => {
    expect(validate(newPost('text', { type: 'update', postType: 'text', patch: { body: '<p></p>', title: '\u200b' } }))).toBe(POST_MESSAGES.textEmpty);
    expect(validate(newPost('link', { type: 'update', postType: 'link', patch: { url: 'ftp://l.example' } }))).toBe('Not a valid URL');
    expect(validate(newPost('link', { type: 'update', postType: 'link', patch: { url: 'example.com' } }))).toBe('Not a valid URL');
  });

  it('lets a reblog through with its trail, but not an empty text reblog without it', () => {
    const reblog = fromSource(source(), postView(), { mode: 'reblog', blogName: 'ann', editorType: 'rich', reblogKey: 'k' });
    expect(validate(reblog)).toBeNull();
    const stripped = run(reblog, { type: 'setOptions', patch: { removeReblogTree: true } });
    expect(validate(stripped)).toBe('Post body empty.');
    expect(validate(run(stripped, { type: 'setComment', comment: '<p>mine</p>' }))).toBeNull();
  });

  it('asks for a date when scheduling', () => {
    const s = newPost('quote', { type: 'update', postType: 'quote', patch: { quote: 'Q' } }, { type: 'setSubmitState', state: 'scheduled' });
    expect(validate(s)).toBe(SCHEDULE_MISSING);
    expect(validate(run(s, { type: 'setOptions', patch: { publishOn: '2030-01-01T10:00' } }))).toBeNull();
  });
});

describe('photosWithoutAlt (issue 24.4: what the reminder is about)', () => {
  it('lists the photos without alt text, in order, once typed alt text is not only spaces', () => {
    const two = newPost('photo', { type: 'addPhoto', url: 'https://p.example/1.jpg' }, { type: 'addPhoto', url: 'https://p.example/2.jpg' });
    expect(photosWithoutAlt(two)).toEqual(['o1', 'o2']);
    const one = run(two, { type: 'setPhotoAlt', id: 'o2', alt: 'A dog' }, { type: 'setPhotoAlt', id: 'o1', alt: '   ' });
    expect(photosWithoutAlt(one)).toEqual(['o1']);
    expect(photosWithoutAlt(run(one, { type: 'setPhotoAlt', id: 'o1', alt: 'A cat' }))).toEqual([]);
  });

  it('is empty for other types and for a reblog, whose photos are its parent’s', () => {
    expect(photosWithoutAlt(newPost('text'))).toEqual([]);
    const photos = newPost('photo', { type: 'addPhoto', url: 'https://p.example/1.jpg' });
    const reblog = { ...photos, mode: 'reblog', reblog: { post: postView({ type: 'photo' }), key: 'k', comment: '' } } as unknown as ComposerState;
    expect(photosWithoutAlt(reblog)).toEqual([]);
  });
});
