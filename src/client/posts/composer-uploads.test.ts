import { describe, expect, it } from 'vitest';
import type { PostType } from '../../shared/constants';
import type { UploadedMedia } from '../uploads/upload-types';
import { composerReducer as reduce, createComposer, type ComposerAction, type ComposerState } from './composer';
import { toPayload } from './composer-payload';
import { hasPendingImages } from './composer-uploads';
import { PHOTO_REFUSED, PHOTO_UPLOAD_FAILED, validate } from './composer-validate';

const run = (state: ComposerState, ...actions: ComposerAction[]) => actions.reduce(reduce, state);
const newPost = (type: PostType, ...actions: ComposerAction[]) => run(createComposer({ type, blogName: 'ann', editorType: 'rich' }), ...actions);
const media = (overrides: Partial<UploadedMedia> = {}): UploadedMedia => ({ media_id: 'm', type: 'image', url: '/media/aa/bb/x.jpg', ...overrides });
const photosOf = (state: ComposerState) => (state.content.type === 'photo' ? state.content.photos : []);
const added = (...ids: string[]) => ({ type: 'addPhotoUploads', uploads: ids.map((uploadId) => ({ uploadId, preview: `blob:${uploadId}`, failed: false })) }) as const;

describe('photo uploads in the composer', () => {
  it('adds files as pending photos after those by address, up to 10', () => {
    const state = newPost('photo', { type: 'addPhoto', url: 'https://p.example/1.jpg' }, added('u1', 'u2'));
    expect(photosOf(state)).toEqual([
      { id: 'o1', url: 'https://p.example/1.jpg', caption: '', alt: '' },
      { id: 'o2', url: '', caption: '', alt: '', upload: { id: 'u1', status: 'pending' }, preview: 'blob:u1' },
      { id: 'o3', url: '', caption: '', alt: '', upload: { id: 'u2', status: 'pending' }, preview: 'blob:u2' },
    ]);
    const many = run(state, added(...Array.from({ length: 12 }, (_, i) => `v${i}`)));
    expect(photosOf(many)).toHaveLength(10);
  });

  it("holds the save with 'Uploads in progress.' until every file is in, then sends the uploaded url", () => {
    let state = newPost('photo', added('u1', 'u2'), { type: 'setPhotoCaption', id: 'o2', caption: 'x'.repeat(250) });
    expect(validate(state)).toBe('Uploads in progress.');
    state = run(state, { type: 'uploadDone', uploadId: 'u1', media: media({ url: '/media/1.jpg' }) });
    expect(validate(state)).toBe('Uploads in progress.');
    state = run(state, { type: 'uploadDone', uploadId: 'u2', media: media({ url: '/media/2.jpg' }) });
    expect(validate(state)).toBeNull();
    expect(photosOf(state)[0]).toEqual({ id: 'o1', url: '/media/1.jpg', caption: '', alt: '' });
    expect(toPayload(state, 'ann')).toMatchObject({
      'images[o1]': '/media/1.jpg', 'images[o2]': '/media/2.jpg', 'caption[o2]': 'x'.repeat(200), 'post[photoset_order]': 'o1,o2',
    });
  });

  it('marks a failed upload, which blocks the save until retried and done, or removed', () => {
    let state = newPost('photo', { type: 'addPhoto', url: 'https://p.example/1.jpg' }, added('u1'), { type: 'uploadFailed', uploadId: 'u1', retryable: true });
    expect(photosOf(state)[1]?.upload).toEqual({ id: 'u1', status: 'failed' });
    expect(validate(state)).toBe(PHOTO_UPLOAD_FAILED);
    expect(toPayload(state, 'ann')['images[o2]']).toBeUndefined();
    state = run(state, { type: 'uploadRetried', uploadId: 'u1' });
    expect(validate(state)).toBe('Uploads in progress.');
    expect(validate(run(state, { type: 'removePhoto', id: 'o2' }))).toBeNull();
  });

  it('keeps a refused file (here or by the server) out of the ten, until it is removed', () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ type: 'addPhoto', url: `https://p.example/${i}.jpg` }) as const);
    const refusedHere: ComposerAction = { type: 'addPhotoUploads', uploads: [{ uploadId: 'big', preview: '', failed: true }] };
    let state = newPost('photo', ...nine, refusedHere, added('u1'), { type: 'uploadFailed', uploadId: 'u1', retryable: false });
    expect(photosOf(state).map((p) => p.upload?.status ?? 'in')).toEqual([...Array(9).fill('in'), 'refused', 'refused']);
    expect(validate(state)).toBe(PHOTO_REFUSED);
    // Nine can still be posted: one more file fits, and then no more.
    state = run(state, added('u2', 'u3'));
    expect(photosOf(state).map((p) => p.upload?.id).slice(9)).toEqual(['big', 'u1', 'u2']);
    state = run(state, { type: 'removePhoto', id: 'o10' }, { type: 'removePhoto', id: 'o11' }, { type: 'uploadDone', uploadId: 'u2', media: media() });
    expect(validate(state)).toBeNull();
  });

  it('reorders by drag: the photo dropped takes the place of the one it was dropped on', () => {
    const state = newPost('photo', ...['1', '2', '3'].map((n) => ({ type: 'addPhoto', url: `https://p.example/${n}.jpg` }) as const));
    expect(photosOf(run(state, { type: 'movePhotoTo', id: 'o1', index: 2 })).map((p) => p.id)).toEqual(['o2', 'o3', 'o1']);
    expect(photosOf(run(state, { type: 'movePhotoTo', id: 'o3', index: 0 })).map((p) => p.id)).toEqual(['o3', 'o1', 'o2']);
  });

  it('lands an upload that ends while the person looks at another type', () => {
    const state = newPost('photo', added('u1'), { type: 'setType', postType: 'text' }, { type: 'uploadDone', uploadId: 'u1', media: media({ url: '/media/1.jpg' }) });
    const back = run(state, { type: 'setType', postType: 'photo' });
    expect(photosOf(back)[0]?.url).toBe('/media/1.jpg');
  });
});

describe('audio and video files in the composer', () => {
  const chose = (type: 'audio' | 'video') => ({ type: 'update', postType: type, patch: { upload: { id: 'f1', status: 'pending' }, fileName: 'f' } }) as ComposerAction;

  it('fills the empty track fields and the album art from the upload, keeping what was typed', () => {
    const state = newPost(
      'audio',
      chose('audio'),
      { type: 'update', postType: 'audio', patch: { trackArtist: 'Typed' } },
      { type: 'uploadDone', uploadId: 'f1', media: media({ type: 'audio', url: '/media/s.mp3', track_title: 'Song', track_artist: 'Band', track_album: 'LP', album_art_url: '/media/art.jpg' }) },
    );
    expect(state.content).toMatchObject({ preuploadUrl: '/media/s.mp3', upload: null, trackTitle: 'Song', trackArtist: 'Typed', trackAlbum: 'LP', albumArt: '/media/art.jpg' });
  });

  it('asks for a source, waits for the upload, then for the permission', () => {
    expect(validate(newPost('audio'))).toBe('Please choose an audio source before continuing.');
    let state = newPost('audio', chose('audio'));
    expect(validate(state)).toBe('Uploads in progress.');
    state = run(state, { type: 'uploadDone', uploadId: 'f1', media: media({ type: 'audio', url: '/media/s.mp3' }) });
    expect(validate(state)).toBe('You must agree that you have permission to share this file.');
    state = run(state, { type: 'update', postType: 'audio', patch: { confirmTos: true, trackTitle: 'T' } });
    expect(validate(state)).toBeNull();
    expect(toPayload(state, 'ann')).toMatchObject({
      'post[one]': '', preuploaded_url: '/media/s.mp3', confirm_tos: '1', album_art: '', 'id3_tags[title]': 'T',
    });
    // A failed upload leaves no source.
    expect(validate(newPost('audio', chose('audio'), { type: 'uploadFailed', uploadId: 'f1', retryable: false }))).toBe('Please choose an audio source before continuing.');
  });

  it('sends a video file as preuploaded_url with confirm_tos, and says when the server still converts it', () => {
    let state = newPost('video', chose('video'));
    expect(validate(state)).toBe('Uploads in progress.');
    state = run(state, { type: 'uploadDone', uploadId: 'f1', media: media({ type: 'video', url: '/media/v.mp4', state: 'processing' }) });
    expect(state.content).toMatchObject({ preuploadUrl: '/media/v.mp4', processing: true });
    expect(validate(state)).toBe('You must agree that you have permission to share this file.');
    state = run(state, { type: 'update', postType: 'video', patch: { confirmTos: true } });
    expect(validate(state)).toBeNull();
    expect(toPayload(state, 'ann')).toMatchObject({ 'post[one]': '', preuploaded_url: '/media/v.mp4', confirm_tos: '1', embed_code: '' });
  });
});

describe('inline images', () => {
  const withBody = (body: string) => newPost('text', { type: 'update', postType: 'text', patch: { body } });

  it("holds the save while an image is pending: 'There are still pending images.'", () => {
    const state = withBody('<p>Hi</p><figure><img src="blob:http://localhost/1"></figure>');
    expect(hasPendingImages(state)).toBe(true);
    expect(validate(state)).toBe('There are still pending images.');
  });

  it('swaps the placeholder for the uploaded address, or removes it, in bodies held in the stash too', () => {
    const body = '<p>Hi</p><figure><img src="blob:http://localhost/1"></figure><p>there</p>';
    const done = run(withBody(body), { type: 'setType', postType: 'quote' }, { type: 'replaceInlineImage', from: 'blob:http://localhost/1', to: '/media/i.jpg' });
    expect(done.content).toMatchObject({ quote: '<p>Hi</p><figure><img src="/media/i.jpg"></figure><p>there</p>' });
    expect(validate(done)).toBeNull();
    const failed = run(withBody(body), { type: 'replaceInlineImage', from: 'blob:http://localhost/1', to: null });
    expect(failed.content).toMatchObject({ body: '<p>Hi</p><p>there</p>' });
  });
});
