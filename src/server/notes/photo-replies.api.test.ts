// Issue 26.3: a post that allows photo replies takes a reply carrying one uploaded photo, and
// tells its blog 'photo_reply'; nobody else may, and junk changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotesPage, ReplyResponse } from '../../shared/notes/types';
import type { UploadedMedia } from '../../shared/answers/media';
import type { PostView } from '../../shared/posts/types';
import { png, upload } from '../media/test-files';
import { asOwner, blogOf, createPost, savePost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post as postTo, register, type Session, type TestApp } from '../test/test-app';
import { block, notificationsOf, reply } from './notes-test-kit';

let t: TestApp;
let ann: Session;
let bob: Session;
let carol: Session;
let open: PostView;
let closed: PostView;
let bobPhoto: string;

const uploadPhoto = async (s: Session, colour = '#228844') =>
  expectOk<UploadedMedia[]>(await upload(t.app, asOwner(s), { data: await png(120, 80, colour) }))[0]!.url;
const replyRows = (p: PostView) => t.db.selectFrom('replies').select(['text', 'photo']).where('post_id', '=', p.id).orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob, carol] = [await register(t.app), await register(t.app), await register(t.app)];
  open = await createPost(t.app, ann, { ...textPost('Show me your cat'), allow_photo_replies: '1' });
  closed = await createPost(t.app, ann, textPost('Words only'));
  bobPhoto = await uploadPhoto(bob);
  await block(t.db, ann, carol);
});
afterAll(() => t.close());

describe('allow_photo_replies on a post', () => {
  it('is off unless the author turns it on, and an edit can turn it off', async () => {
    expect(open.allow_photo_replies).toBe(true);
    expect(closed.allow_photo_replies).toBe(false);
    const p = await createPost(t.app, ann, { ...textPost('Toggle'), allow_photo_replies: 'true' });
    const edited = await createPost(t.app, ann, { post_id: p.id, 'post[type]': 'text', 'post[two]': 'Toggle', allow_photo_replies: 'false' });
    expect(edited.allow_photo_replies).toBe(false);
  });

  it('refuses a flag that is no boolean, saving nothing', async () => {
    const before = await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const res = await savePost(t.app, ann, { ...textPost('x'), allow_photo_replies: 'maybe' });
    expectError(res, 400, /Invalid "allow_photo_replies" type. Expected boolean/);
    const after = await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('POST /svc/reply with a photo', () => {
  it('keeps the photo with its size and alt text, shows it in the notes and tells the blog photo_reply', async () => {
    const res = expectOk<ReplyResponse>(await reply(t, bob, open, '  Here is Tom  ', { photo: bobPhoto, photo_alt: '  A grey   cat asleep ' }));
    expect(res.note).toMatchObject({ type: 'reply', reply_text: 'Here is Tom', photo: { url: bobPhoto, width: 120, height: 80, alt_text: 'A grey cat asleep' } });
    expect(res.note_count).toBe(1);
    const page = expectOk<NotesPage>(await get(t.app, `/svc/post/notes?post_id=${open.id}`));
    expect(page.notes[0]).toMatchObject({ type: 'reply', photo: { url: bobPhoto, alt_text: 'A grey cat asleep' } });
    expect(await notificationsOf(t.db, blogOf(ann), 'photo_reply')).toEqual([
      expect.objectContaining({ from: blogOf(bob), post_id: open.id, note_meta: { reply_text: 'Here is Tom' } }),
    ]);
    expect(await notificationsOf(t.db, blogOf(ann), 'reply')).toEqual([]);
  });

  it('may leave the words out when it carries a photo, and a plain reply still has no photo', async () => {
    const p = await createPost(t.app, ann, { ...textPost('Pictures please'), allow_photo_replies: '1' });
    expect(expectOk<ReplyResponse>(await post(p, { photo: bobPhoto })).note).toMatchObject({ reply_text: '', photo: { url: bobPhoto, alt_text: '' } });
    expect(expectOk<ReplyResponse>(await reply(t, bob, p, 'Just words')).note.photo).toBeNull();
    expect(await replyRows(p)).toEqual([
      { text: '', photo: { url: bobPhoto, width: 120, height: 80, alt: '' } },
      { text: 'Just words', photo: null },
    ]);
    const told = await notificationsOf(t.db, blogOf(ann));
    expect(told.filter((n) => n.post_id === p.id).map((n) => n.type)).toEqual(['photo_reply', 'reply']);
  });

  it('refuses a photo where the post does not take them (403), and who may not reply at all', async () => {
    expectError(await reply(t, bob, closed, 'Look', { photo: bobPhoto }), 403, 'This post does not take photo replies: its author turned them off.');
    // Carol's blog is blocked by Ann's: a photo does not get her past the block.
    const carolPhoto = await uploadPhoto(carol);
    expect(expectError(await reply(t, carol, open, 'hi', { photo: carolPhoto }), 403).errors![0]!.code).toBe(4005);
    const draft = await createPost(t.app, ann, { ...textPost('Later'), allow_photo_replies: '1', 'post[state]': '1' });
    expectError(await reply(t, bob, draft, 'hi', { photo: bobPhoto }), 404);
    expect(await replyRows(closed)).toEqual([]);
    expect(await replyRows(draft)).toEqual([]);
  });

  it('takes only an image the replier uploaded, one of it, with sane alt text; nothing is kept otherwise', async () => {
    const p = await createPost(t.app, ann, { ...textPost('Strict'), allow_photo_replies: '1' });
    const annPhoto = await uploadPhoto(ann, '#aa0000');
    const notOurs = 'The photo is not yours';
    const notUploaded = 'photo must be the address of an image you uploaded here. Upload it again.';
    expectError(await reply(t, bob, p, notOurs, { photo: annPhoto }), 400, notUploaded);
    expectError(await reply(t, bob, p, 'x', { photo: 'https://elsewhere.example/cat.png' }), 400, notUploaded);
    expectError(await reply(t, bob, p, 'x', { photo: '/media/ab/cd/nothing.png' }), 400, notUploaded);
    expectError(await reply(t, bob, p, 'x', { photo: [bobPhoto, bobPhoto] }), 400, 'A reply carries one photo: send the address of one image you uploaded as photo.');
    expectError(await reply(t, bob, p, 'x', { photo: { url: bobPhoto } }), 400);
    expectError(await reply(t, bob, p, 'x', { photo_alt: 'A cat' }), 400, "photo_alt describes the reply's photo: send it with photo.");
    const long = expectError(await reply(t, bob, p, 'x', { photo: bobPhoto, photo_alt: 'a'.repeat(1001) }), 400, /at most 1,000/);
    expect(long.errors![0]!.field).toBe('photo_alt');
    expectError(await reply(t, bob, p, 'x'.repeat(501), { photo: bobPhoto }), 400, 'Replies can be at most 500 characters long.');
    expectError(await post(p, {}), 400, 'reply_text is missing: write the reply, or add a photo.');
    expectError(await post(p, { photo: '   ' }), 400, 'reply_text is missing: write the reply, or add a photo.');
    expect(await replyRows(p)).toEqual([]);
    expect((await notificationsOf(t.db, blogOf(ann))).filter((n) => n.post_id === p.id)).toEqual([]);
  });

  it('makes the photo public once it is a reply on a public post, and hides it again with the post', async () => {
    const p = await createPost(t.app, ann, { ...textPost('Public pictures'), allow_photo_replies: '1' });
    const photo = await uploadPhoto(bob, '#123456');
    // Uploaded only: the uploader's alone.
    expect((await get(t.app, photo)).statusCode).toBe(404);
    expect((await get(t.app, photo, asOwner(bob))).statusCode).toBe(200);
    expectOk(await reply(t, bob, p, '', { photo }));
    expect((await get(t.app, photo)).statusCode).toBe(200);
    expect((await get(t.app, photo, asOwner(ann))).statusCode).toBe(200);
    // The post made private: the reply's photo is no longer anyone's to see but the uploader's.
    await createPost(t.app, ann, { post_id: p.id, 'post[type]': 'text', 'post[one]': 'Public pictures', 'post[two]': '<p>x</p>', 'post[state]': 'private' });
    expect((await get(t.app, photo)).statusCode).toBe(404);
    expect((await get(t.app, photo, asOwner(bob))).statusCode).toBe(200);
  });

  it('two photo replies at once both land, each telling the blog once', async () => {
    const p = await createPost(t.app, ann, { ...textPost('Race'), allow_photo_replies: '1' });
    const results = await Promise.all([reply(t, bob, p, 'one', { photo: bobPhoto }), reply(t, bob, p, 'two', { photo: bobPhoto })]);
    for (const res of results) expectOk(res);
    expect(await replyRows(p)).toHaveLength(2);
    expect((await notificationsOf(t.db, blogOf(ann), 'photo_reply')).filter((n) => n.post_id === p.id)).toHaveLength(2);
  });
});

/** A reply with no reply_text field at all. */
const post = (p: PostView, extra: Record<string, unknown>) =>
  postTo(t.app, '/svc/reply', { post_id: p.id, tumblelog: p.blog.name, tumblelog_key: p.reblog_key, ...extra }, asOwner(bob));
