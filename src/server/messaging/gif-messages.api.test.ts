// Issue 22, item 5: a GIF message shows only files the site itself serves. A photo post may link
// a GIF from any address; sending it in a message would make the recipient's browser fetch that
// address whenever the conversation shows (a read receipt and IP beacon), so it is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedGif, upload } from '../media/test-files';
import type { UploadedMedia } from '../media/views';
import { asOwner, createPost } from '../test/posts';
import { createTestApp, expectError, expectOk, post, type TestApp } from '../test/test-app';
import type { ConversationWithMessages } from '../../shared/messaging/api';
import { form, messagesOf, person, sent, type Person } from './test-kit';

let t: TestApp;
let ann: Person;
let bob: Person;
beforeAll(async () => {
  t = await createTestApp();
  ann = await person(t);
  bob = await person(t);
});
afterAll(() => t.close());

const sendGif = (postId: string, imageUrl: string) =>
  post(t.app, '/svc/conversations/messages', form({
    participant: ann.uuid, 'participants[]': [ann.uuid, bob.uuid], type: 'IMAGE', context: 'messaging-gif',
    'post[id]': postId, 'post[blog_uuid]': bob.uuid, image_url: imageUrl,
  }), asOwner(ann.s));

const storedImages = async () =>
  (await t.db.selectFrom('messages').innerJoin('blogs', 'blogs.id', 'messages.sender_blog_id').select('messages.image').where('blogs.uuid', '=', ann.uuid).execute()).map((row) => row.image);

describe('POST /svc/conversations/messages: GIF messages', () => {
  it('refuses a GIF its post links from another site, and stores nothing', async () => {
    const linked = await createPost(t.app, bob.s, { 'post[type]': 'photo', 'images[o1]': 'https://tracker.example/pixel.gif', 'post[tags]': 'dance' });
    expectError(await sendGif(linked.id, 'https://tracker.example/pixel.gif'), 400, 'That GIF is linked from another site, so it cannot be sent in a message: pick a GIF uploaded here.');
    expect(await storedImages()).toEqual([]);
  });

  it('sends a GIF uploaded here, every size of it on the site', async () => {
    const gif = expectOk<UploadedMedia[]>(await upload(t.app, asOwner(bob.s), { data: await animatedGif(3), filename: 'dance.gif' }))[0]!;
    const hosted = await createPost(t.app, bob.s, { 'post[type]': 'photo', 'images[o1]': gif.url, 'post[tags]': 'dance' });
    const answer = await sent(await sendGif(hosted.id, gif.url));
    const image = answer.messages.data[0]!.images![0]!;
    for (const size of [image.original_size, ...image.alt_sizes]) expect(size.url).toMatch(/^(http:\/\/localhost:3000)?\/media\//);
  });
});

describe('GET /svc/conversations/messages: media another site serves', () => {
  const uploadedGif = async () => expectOk<UploadedMedia[]>(await upload(t.app, asOwner(bob.s), { data: await animatedGif(2), filename: 'wave.gif' }))[0]!;

  it('shows a GIF message stored with another site’s address without that address', async () => {
    const gif = await uploadedGif();
    const hosted = await createPost(t.app, bob.s, { 'post[type]': 'photo', 'images[o1]': gif.url, 'post[tags]': 'wave' });
    const answer = await sent(await sendGif(hosted.id, gif.url));
    const { id: messageId } = await t.db.selectFrom('messages').select('id').where('id', '=', answer.messages.data[0]!.ts).executeTakeFirstOrThrow();
    // As a message sent before linked GIFs were refused was stored: every size elsewhere.
    const outside = { url: 'https://tracker.example/pixel.gif', width: 250, height: 250 };
    await t.db.updateTable('messages').set({ image: JSON.stringify({ original_size: outside, alt_sizes: [outside] }) }).where('id', '=', messageId).execute();
    const page = expectOk<ConversationWithMessages>(await messagesOf(t.app, bob, answer.id));
    const shown = page.messages.data.find((m) => m.ts === messageId)!;
    expect(shown).toMatchObject({ type: 'IMAGE', context: 'messaging-gif' });
    expect(shown.images).toBeUndefined();
    expect(JSON.stringify(page)).not.toContain('tracker.example');
  });

  it('keeps the sizes the site serves of a stored GIF, and drops the others', async () => {
    const gif = await uploadedGif();
    const hosted = await createPost(t.app, bob.s, { 'post[type]': 'photo', 'images[o1]': gif.url, 'post[tags]': 'wave' });
    const answer = await sent(await sendGif(hosted.id, gif.url));
    const messageId = answer.messages.data[0]!.ts;
    const ours = answer.messages.data[0]!.images![0]!.original_size;
    const outside = { url: 'https://tracker.example/big.gif', width: 500, height: 500 };
    await t.db.updateTable('messages').set({ image: JSON.stringify({ original_size: outside, alt_sizes: [outside, ours] }) }).where('id', '=', messageId).execute();
    const page = expectOk<ConversationWithMessages>(await messagesOf(t.app, bob, answer.id));
    expect(page.messages.data.find((m) => m.ts === messageId)!.images).toEqual([{ original_size: ours, alt_sizes: [ours] }]);
  });

  it('shows a post whose photo is linked from another site without its thumbnail', async () => {
    const linked = await createPost(t.app, bob.s, { 'post[type]': 'photo', 'images[o1]': 'https://tracker.example/photo.jpg', 'post[two]': '<p>Linked</p>' });
    const answer = await sent(await post(t.app, '/svc/conversations/messages', form({
      participant: ann.uuid, 'participants[]': [ann.uuid, bob.uuid], type: 'POSTREF', 'post[id]': linked.id, 'post[blog_uuid]': bob.uuid,
    }), asOwner(ann.s)));
    const page = expectOk<ConversationWithMessages>(await messagesOf(t.app, bob, answer.id));
    const shown = page.messages.data.find((m) => m.type === 'POSTREF' && m.post?.id === linked.id)!;
    expect(shown.post).toMatchObject({ state: 'published', thumbnail_url: null });
    expect(JSON.stringify(page)).not.toContain('tracker.example');
  });

  it('shows the thumbnail of a post whose photo the site serves', async () => {
    const gif = await uploadedGif();
    const hosted = await createPost(t.app, bob.s, { 'post[type]': 'photo', 'images[o1]': gif.url });
    const answer = await sent(await post(t.app, '/svc/conversations/messages', form({
      participant: ann.uuid, 'participants[]': [ann.uuid, bob.uuid], type: 'POSTREF', 'post[id]': hosted.id, 'post[blog_uuid]': bob.uuid,
    }), asOwner(ann.s)));
    const page = expectOk<ConversationWithMessages>(await messagesOf(t.app, bob, answer.id));
    expect(page.messages.data.find((m) => m.type === 'POSTREF' && m.post?.id === hosted.id)!.post!.thumbnail_url).toMatch(/^(http:\/\/localhost:3000)?\/media\//);
  });
});
