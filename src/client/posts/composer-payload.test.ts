import { describe, expect, it } from 'vitest';
import {
  composerReducer as reduce,
  createComposer,
  type ComposerAction,
  type ComposerState,
} from './composer';
import { fromSource, isoToLocalInput, localInputToIso, toPayload } from './composer-payload';
import { validate } from './composer-validate';
import { blog, postView, source } from './test-fixtures';

const run = (state: ComposerState, ...actions: ComposerAction[]) => actions.reduce(reduce, state);
const newPost = (type: Parameters<typeof createComposer>[0]['type'], ...actions: ComposerAction[]) =>
  run(createComposer({ type, blogName: 'ann', editorType: 'rich' }), ...actions);

const BASE = {
  channel_id: 'ann',
  'post[state]': '0',
  'post[tags]': '',
  'post[slug]': '',
  'post[source_url]': '',
  editor_type: 'rich',
  allow_answers: false,
  allow_photo_replies: false,
  members_only: false,
  owner_flagged_nsfw: false,
  can_be_liked: true,
  enable_cta: false,
  cta_text_code: '0',
  cta_link_url: '',
  cta_android_link_url: '',
  can_be_reblogged: true,
  context_page: 'dashboard',
};

describe('toPayload for each type', () => {
  it('text: title | body, the body rich', () => {
    const s = newPost('text', { type: 'update', postType: 'text', patch: { title: 'T', body: '<p>B</p>' } });
    expect(toPayload(s, 'ann')).toEqual({
      ...BASE, 'post[type]': 'text', 'post[one]': 'T', 'post[two]': '<p>B</p>', 'post[three]': '',
      'is_rich_text[one]': '0', 'is_rich_text[two]': '1', 'is_rich_text[three]': '0',
      content_stats: JSON.stringify({ words: 2, characters: 3, photos: 0, links: 0 }),
    });
  });

  it('photo: caption | linkthrough, images and captions (cut to 200), layout and order', () => {
    const s = newPost(
      'photo',
      { type: 'addPhoto', url: 'https://p.example/1.jpg' },
      { type: 'addPhoto', url: 'https://p.example/2.jpg' },
      { type: 'movePhoto', id: 'o2', by: -1 },
      { type: 'setPhotoCaption', id: 'o1', caption: 'x'.repeat(250) },
      { type: 'update', postType: 'photo', patch: { caption: '<p>C</p>', linkthrough: 'https://l.example' } },
    );
    const payload = toPayload(s, 'ann');
    expect(payload).toMatchObject({
      'post[type]': 'photo', 'post[one]': '', 'post[two]': '<p>C</p>', 'post[three]': 'https://l.example',
      'images[o1]': 'https://p.example/1.jpg', 'images[o2]': 'https://p.example/2.jpg', 'caption[o2]': '',
      'post[photoset_layout]': '', 'post[photoset_order]': 'o2,o1', 'is_rich_text[two]': '1',
    });
    expect(payload['caption[o1]']).toBe('x'.repeat(200));
  });

  it('quote: quote (rich) | source', () => {
    const s = newPost('quote', { type: 'update', postType: 'quote', patch: { quote: '<p>Q</p>', source: 'S' } });
    expect(toPayload(s, 'ann')).toMatchObject({
      'post[type]': 'quote', 'post[one]': '<p>Q</p>', 'post[two]': 'S', 'post[three]': '',
      'is_rich_text[one]': '1', 'is_rich_text[two]': '0',
    });
  });

  it('link: title | url | description, with excerpt and author', () => {
    const s = newPost('link', { type: 'update', postType: 'link', patch: { title: 'T', url: 'https://l.example', description: '<p>D</p>', author: 'Al' } });
    expect(toPayload(s, 'ann')).toMatchObject({
      'post[type]': 'link', 'post[one]': 'T', 'post[two]': 'https://l.example', 'post[three]': '<p>D</p>',
      excerpt: '', author: 'Al', 'is_rich_text[three]': '1', 'is_rich_text[two]': '0',
    });
  });

  it('chat: title | chat, nothing rich', () => {
    const s = newPost('chat', { type: 'update', postType: 'chat', patch: { title: 'T', chat: 'A: hi\nB: yo' } });
    expect(toPayload(s, 'ann')).toMatchObject({
      'post[type]': 'chat', 'post[one]': 'T', 'post[two]': 'A: hi\nB: yo', 'is_rich_text[one]': '0', 'is_rich_text[two]': '0', 'is_rich_text[three]': '0',
    });
  });

  it('audio: url | caption with the id3 tags', () => {
    const s = newPost('audio', {
      type: 'update', postType: 'audio', patch: { url: 'https://a.example/s.mp3', caption: '<p>C</p>', trackTitle: 'Song', trackArtist: 'Band', trackAlbum: 'LP' },
    });
    expect(toPayload(s, 'ann')).toMatchObject({
      'post[type]': 'audio', 'post[one]': 'https://a.example/s.mp3', 'post[two]': '<p>C</p>',
      'id3_tags[title]': 'Song', 'id3_tags[artist]': 'Band', 'id3_tags[album]': 'LP',
    });
  });

  it('video: embed | caption, and embed_code', () => {
    const s = newPost('video', { type: 'update', postType: 'video', patch: { embedCode: 'https://v.example/1', caption: 'c' } });
    expect(toPayload(s, 'ann')).toMatchObject({ 'post[type]': 'video', 'post[one]': 'https://v.example/1', 'post[two]': 'c', embed_code: 'https://v.example/1' });
  });

  it('marks the body editor field whatever the editor type: editor_type says its format', () => {
    const s = newPost('quote', { type: 'setEditorType', editorType: 'markdown', convert: (v) => v }, { type: 'update', postType: 'quote', patch: { quote: '*q*' } });
    expect(toPayload(s, 'ann')).toMatchObject({ editor_type: 'markdown', 'is_rich_text[one]': '1', 'is_rich_text[two]': '0' });
  });

  it('keeps a photoset layout that fits the photos', () => {
    const add = (n: number): ComposerAction => ({ type: 'addPhoto', url: `https://p.example/${n}.jpg` });
    const s = newPost('photo', add(1), add(2), add(3), { type: 'update', postType: 'photo', patch: { layout: '12' } });
    expect(toPayload(s, 'ann')['post[photoset_layout]']).toBe('12');
    expect(toPayload(run(s, { type: 'removePhoto', id: 'o3' }), 'ann')['post[photoset_layout]']).toBe('');
  });
});

describe('toPayload common fields', () => {
  it('joins tags, sends slug, source, options, the blog and the context page', () => {
    const s = newPost(
      'text',
      { type: 'addTags', text: 'a, b' },
      { type: 'setOptions', patch: { customUrl: ' my-post ', sourceUrl: 'https://s.example', allowAnswers: true, canBeReblogged: false } },
    );
    expect(toPayload(s, 'bob', 'drafts')).toMatchObject({
      channel_id: 'bob', 'post[tags]': 'a,b', 'post[slug]': 'my-post', 'post[source_url]': 'https://s.example',
      allow_answers: true, can_be_reblogged: false, context_page: 'drafts',
    });
  });

  it('sends each state code, and publish_on only when scheduling', () => {
    const codes = { published: '0', draft: '1', queued: '2', private: 'private', scheduled: 'on.2' } as const;
    for (const [state, code] of Object.entries(codes)) {
      const payload = toPayload(newPost('text', { type: 'setSubmitState', state: state as keyof typeof codes }), 'ann');
      expect(payload['post[state]']).toBe(code);
      expect('post[publish_on]' in payload).toBe(state === 'scheduled');
    }
    const scheduled = newPost('text', { type: 'setSubmitState', state: 'scheduled' }, { type: 'setOptions', patch: { publishOn: '2030-01-02T03:04' } });
    expect(toPayload(scheduled, 'ann')['post[publish_on]']).toBe(new Date('2030-01-02T03:04').toISOString());
  });

  it('sends a backdated date as ISO', () => {
    const s = newPost('text', { type: 'setOptions', patch: { postDate: '2020-05-06T07:08' } });
    expect(toPayload(s, 'ann')['post[date]']).toBe(new Date('2020-05-06T07:08').toISOString());
    expect('post[date]' in toPayload(newPost('text'), 'ann')).toBe(false);
  });
});

describe('edit', () => {
  const edit = () => fromSource(source(), postView({ state_name: 'draft', state: '1' }), { mode: 'edit', blogName: 'ann', editorType: 'markdown' });

  it('loads the source as typed, the state and the editor of the post', () => {
    const s = edit();
    expect(s.mode).toBe('edit');
    expect(s.content).toEqual({ type: 'text', title: 'Hello', body: '<p>World</p>' });
    expect(s.common).toMatchObject({ tags: ['one', 'two'], customUrl: 'hello', state: 'draft', editorType: 'rich' });
    expect(s.common.postDate).toBe(isoToLocalInput('2024-03-05T10:20:30.000Z'));
  });

  it('sends post_id and leaves the date alone unless it was changed', () => {
    const s = run(edit(), { type: 'update', postType: 'text', patch: { body: '<p>Changed</p>' } });
    const payload = toPayload(s, 'ann');
    expect(payload).toMatchObject({ post_id: '1001', 'post[two]': '<p>Changed</p>', 'post[state]': '1', 'post[tags]': 'one,two' });
    expect('post[date]' in payload).toBe(false);
    expect('reblog_key' in payload).toBe(false);
    const moved = run(s, { type: 'setOptions', patch: { postDate: '2021-01-01T00:00' } });
    expect(toPayload(moved, 'ann')['post[date]']).toBe(new Date('2021-01-01T00:00').toISOString());
  });

  it('reads photos in their order, and link, audio and video extras', () => {
    const photo = fromSource(
      { one: '', two: 'cap', three: 'https://l.example', extra: { 'images[o1]': 'https://p/1', 'caption[o1]': 'one', 'alt[o1]': 'The first', 'images[o2]': 'https://p/2', 'post[photoset_order]': 'o2,o1', 'post[photoset_layout]': '2' } },
      postView({ type: 'photo' }), { mode: 'edit', blogName: 'ann', editorType: 'rich' },
    );
    expect(photo.content).toEqual({
      type: 'photo', caption: 'cap', linkthrough: 'https://l.example', layout: '2', carousel: false, carouselLinkUrl: '',
      photos: [{ id: 'o2', url: 'https://p/2', caption: '', alt: '' }, { id: 'o1', url: 'https://p/1', caption: 'one', alt: 'The first' }],
    });
    const audio = fromSource({ one: 'https://a/s.mp3', two: '', three: '', extra: { 'id3_tags[artist]': 'Band' } }, postView({ type: 'audio' }), { mode: 'edit', blogName: 'ann', editorType: 'rich' });
    expect(audio.content).toMatchObject({ type: 'audio', url: 'https://a/s.mp3', trackArtist: 'Band' });
    const link = fromSource({ one: 'T', two: 'https://l', three: 'D', extra: { excerpt: 'E', author: 'A' } }, postView({ type: 'link' }), { mode: 'edit', blogName: 'ann', editorType: 'rich' });
    expect(link.content).toEqual({ type: 'link', title: 'T', url: 'https://l', description: 'D', excerpt: 'E', author: 'A' });
    const video = fromSource({ one: '', two: 'c', three: '', extra: { embed_code: '<iframe></iframe>' } }, postView({ type: 'video' }), { mode: 'edit', blogName: 'ann', editorType: 'rich' });
    expect(video.content).toEqual({
      type: 'video', embedCode: '<iframe></iframe>', caption: 'c', preuploadUrl: '', confirmTos: false, upload: null, processing: false, fileName: '',
    });
  });

  it('an answer: question | answer', () => {
    const note = fromSource({ one: 'Why?', two: '<p>Because</p>', three: '', extra: {} }, postView({ type: 'note' }), { mode: 'edit', blogName: 'ann', editorType: 'rich' });
    expect(toPayload(note, 'ann')).toMatchObject({ 'post[type]': 'note', 'post[one]': 'Why?', 'post[two]': '<p>Because</p>', 'is_rich_text[two]': '1' });
  });

  it('editing a reblog edits its comment, not the trail', () => {
    const post = postView({ is_reblog: true, reblogged_from: { post_id: '900', blog_name: 'zed' } });
    const s = fromSource(source({ one: '', two: '<p>mine</p>' }), post, { mode: 'edit', blogName: 'ann', editorType: 'rich' });
    expect(s.reblog?.comment).toBe('<p>mine</p>');
    const payload = toPayload(run(s, { type: 'setOptions', patch: { removeReblogTree: true } }), 'ann');
    expect(payload).toMatchObject({ post_id: '1001', 'post[two]': '<p>mine</p>', 'post[one]': '', remove_reblog_tree: '1' });
    expect('reblog_key' in payload).toBe(false);
  });
});

describe('reblog', () => {
  const reblogged = postView({ id: '900', blog: blog('zed'), reblog_key: 'fromPost', type: 'photo' });
  const start = () => fromSource(source(), reblogged, { mode: 'reblog', blogName: 'ann', editorType: 'rich', reblogKey: 'abc' });

  it('starts empty with the post to reblog, published, on the chosen blog', () => {
    const s = start();
    expect(s).toMatchObject({ mode: 'reblog', blogName: 'ann', postId: null, reblog: { postId: '900', key: 'abc', comment: '' } });
    expect(s.common).toMatchObject({ state: 'published', tags: [] });
  });

  it('sends the reblog key and post id, the comment as post[two], and the tree removal when chosen', () => {
    const s = run(start(), { type: 'setComment', comment: '<p>Wow</p>' }, { type: 'addTags', text: 'art' });
    const payload = toPayload(s, 'ann');
    expect(payload).toMatchObject({
      'post[type]': 'photo', 'post[one]': '', 'post[two]': '<p>Wow</p>', 'post[three]': '', 'post[tags]': 'art',
      reblog_key: 'abc', reblog_post_id: '900', 'is_rich_text[two]': '1',
    });
    expect('remove_reblog_tree' in payload).toBe(false);
    expect('images[o1]' in payload).toBe(false);
    expect(toPayload(run(s, { type: 'setOptions', patch: { removeReblogTree: true } }), 'ann').remove_reblog_tree).toBe('1');
  });
});

describe('datetime-local conversions', () => {
  it('round-trips to the minute and answers empty for junk', () => {
    const local = isoToLocalInput('2024-03-05T10:20:30.000Z');
    expect(local).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    expect(localInputToIso(local)).toBe('2024-03-05T10:20:00.000Z');
    expect(isoToLocalInput('nope')).toBe('');
    expect(localInputToIso('nope')).toBe('');
  });
});

describe('the carousel fields', () => {
  it('go out with every photo save (an edit keeps the carousel), the link only while it is on', () => {
    const on = newPost('photo', { type: 'update', postType: 'photo', patch: { carousel: true, carouselLinkUrl: ' https://shop.example/ ' } });
    expect(toPayload(on, 'ann')).toMatchObject({ carousel_display: true, carousel_link_url: 'https://shop.example/' });
    const off = newPost('photo', { type: 'update', postType: 'photo', patch: { carousel: false, carouselLinkUrl: 'https://shop.example/' } });
    expect(toPayload(off, 'ann')).toMatchObject({ carousel_display: false, carousel_link_url: '' });
  });

  it('an edit form starts from the post’s carousel', () => {
    const state = fromSource(
      { one: '', two: '', three: '', extra: { 'images[o1]': '/media/a/1.jpg', 'images[o2]': '/media/a/2.jpg' } },
      postView({ type: 'photo', carousel_display: true, carousel_link_url: 'https://shop.example/' }), { mode: 'edit', blogName: 'ann', editorType: 'rich' },
    );
    expect(state.content).toMatchObject({ type: 'photo', carousel: true, carouselLinkUrl: 'https://shop.example/' });
  });
});

describe('the call-to-action fields', () => {
  it('go out with every save (an edit keeps the button) and come back from the post', () => {
    const s = newPost('text', { type: 'update', postType: 'text', patch: { title: 'T', body: '<p>B</p>' } }, { type: 'setOptions', patch: { enableCta: true, ctaTextCode: 7, ctaLinkUrl: ' tickets.example ' } });
    expect(toPayload(s, 'ann')).toMatchObject({ enable_cta: true, cta_text_code: '7', cta_link_url: 'tickets.example', cta_android_link_url: '' });
  });

  it('an edit form starts from the post’s button', () => {
    const cta = { text_code: 2, text: 'Sign up' as const, link_url: 'https://s.example/', android_link_url: null };
    const state = fromSource({ one: 'T', two: '<p>B</p>', three: '', extra: {} }, postView({ cta }), { mode: 'edit', blogName: 'ann', editorType: 'rich' });
    expect(state.common).toMatchObject({ enableCta: true, ctaTextCode: 2, ctaLinkUrl: 'https://s.example/', ctaAndroidLinkUrl: '' });
  });

  it('an uploaded audio file keeps its file, its tags and its album art through an edit (issue 22)', () => {
    const audioPost = postView({
      type: 'audio',
      content: {
        type: 'audio', url: '/media/ab/cd/song-orig.mp3?nodownload=1', caption_html: '<p>c</p>', track_title: 'Song', track_artist: 'Band', track_album: 'Album',
        album_art: '/media/ef/01/art-640.jpg', embed_html: null, media_id: '7', duration: 20,
      },
    });
    const state = fromSource(
      { one: '', two: '<p>c</p>', three: '', extra: { preuploaded_url: '/media/ab/cd/song-orig.mp3', 'id3_tags[artist]': 'Band', 'id3_tags[title]': '' } },
      audioPost, { mode: 'edit', blogName: 'ann', editorType: 'rich' },
    );
    expect(state.content).toMatchObject({ preuploadUrl: '/media/ab/cd/song-orig.mp3', confirmTos: true, albumArt: '/media/ef/01/art-640.jpg', trackTitle: 'Song', trackAlbum: 'Album' });
    expect(validate(state)).toBeNull();
    expect(toPayload(state, 'ann')).toMatchObject({
      'post[one]': '', preuploaded_url: '/media/ab/cd/song-orig.mp3', confirm_tos: '1', album_art: '/media/ef/01/art-640.jpg',
      'id3_tags[title]': 'Song', 'id3_tags[artist]': 'Band', 'id3_tags[album]': 'Album',
    });
  });

  it('an uploaded video keeps its file through an edit, and a post still converting shows it is processing (issue 22)', () => {
    const at = (stateName: 'published' | 'transcoding') =>
      fromSource({ one: '', two: 'c', three: '', extra: { preuploaded_url: '/media/ab/cd/clip-orig.mp4', embed_code: '' } }, postView({ type: 'video', state_name: stateName }), { mode: 'edit', blogName: 'ann', editorType: 'rich' });
    expect(at('published').content).toMatchObject({ preuploadUrl: '/media/ab/cd/clip-orig.mp4', embedCode: '', confirmTos: true, processing: false });
    expect(at('transcoding').content).toMatchObject({ processing: true });
    expect(validate(at('published'))).toBeNull();
    expect(toPayload(at('published'), 'ann')).toMatchObject({ 'post[one]': '', embed_code: '', preuploaded_url: '/media/ab/cd/clip-orig.mp4', confirm_tos: '1' });
  });

  it('a live photo keeps its clip through an edit: read from the source, sent back as livephoto[oN]', () => {
    const state = fromSource(
      { one: '', two: '', three: '', extra: { 'images[o1]': '/media/a/still.jpg', 'livephoto[o1]': '/media/b/clip.mov' } },
      postView({ type: 'photo' }), { mode: 'edit', blogName: 'ann', editorType: 'rich' },
    );
    expect(toPayload(state, 'ann')).toMatchObject({ 'images[o1]': '/media/a/still.jpg', 'livephoto[o1]': '/media/b/clip.mov' });
  });
});

describe('issue 26.3: the form controls in the payload', () => {
  it('sends allow_photo_replies, members_only and owner_flagged_nsfw as set, and reads them back for an edit', () => {
    const s = newPost(
      'text',
      { type: 'update', postType: 'text', patch: { body: '<p>B</p>' } },
      { type: 'setOptions', patch: { allowPhotoReplies: true, membersOnly: true, ownerFlaggedNsfw: true } },
    );
    expect(toPayload(s, 'ann')).toMatchObject({ allow_photo_replies: true, members_only: true, owner_flagged_nsfw: true });
    const post = { ...postView({ type: 'text' }), allow_photo_replies: true, members_only: true, owner_flagged_nsfw: false };
    const edit = fromSource({ one: '', two: '<p>B</p>', three: '', extra: {} }, post, { mode: 'edit', blogName: 'ann', editorType: 'rich' });
    expect(edit.common).toMatchObject({ allowPhotoReplies: true, membersOnly: true, ownerFlaggedNsfw: false });
  });

  it('counts words, characters, photos and links as content_stats', () => {
    const s = newPost(
      'photo',
      { type: 'addPhoto', url: 'https://p.example/1.jpg' },
      { type: 'addPhoto', url: 'https://p.example/2.jpg' },
      { type: 'update', postType: 'photo', patch: { caption: '<p>My <a href="https://x.example">two</a> cats, see https://y.example</p>', linkthrough: 'https://l.example' } },
    );
    expect(JSON.parse(String(toPayload(s, 'ann').content_stats))).toEqual({ words: 5, characters: 34, photos: 2, links: 3 });
  });

  it('sends a live photo clip once uploaded, and the layout only while it fits the photos', () => {
    let s = newPost(
      'photo',
      { type: 'addPhoto', url: 'https://p.example/1.jpg' },
      { type: 'addPhoto', url: 'https://p.example/2.jpg' },
      { type: 'addPhoto', url: 'https://p.example/3.jpg' },
      { type: 'update', postType: 'photo', patch: { layout: '21' } },
      { type: 'setPhotoClip', id: 'o2', pending: true },
    );
    expect(toPayload(s, 'ann')).not.toHaveProperty('livephoto[o2]');
    s = run(s, { type: 'setPhotoClip', id: 'o2', livephoto: '/media/ab/cd/clip.mp4' });
    expect(toPayload(s, 'ann')).toMatchObject({ 'livephoto[o2]': '/media/ab/cd/clip.mp4', 'post[photoset_layout]': '21' });
    s = run(s, { type: 'setPhotoClip', id: 'o2' });
    expect(toPayload(s, 'ann')).not.toHaveProperty('livephoto[o2]');
    expect(toPayload(run(s, { type: 'update', postType: 'photo', patch: { layout: '22' } }), 'ann')['post[photoset_layout]']).toBe('');
  });
});
