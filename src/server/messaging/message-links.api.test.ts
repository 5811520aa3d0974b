// Issue 26: links in a message are stored as content.formatting entries (spec 2 §3), and a text
// that links to a post the reader may see carries that post's card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationWithMessages } from '../../shared/messaging/api';
import { createPost, textPost } from '../test/posts';
import { createTestApp, expectOk, type TestApp } from '../test/test-app';
import { messagesOf, person, sendIn, sendTo, sent, type Person } from './test-kit';

let t: TestApp;
let ann: Person;
let bob: Person;
let conversationId: string;
let site: string;
beforeAll(async () => {
  t = await createTestApp();
  site = t.ctx.config.publicUrl;
  ann = await person(t);
  bob = await person(t);
  conversationId = (await sent(await sendTo(t.app, ann, bob, 'hello'))).id;
});
afterAll(() => t.close());

const storedContent = async (ts: string) => (await t.db.selectFrom('messages').select('content').where('id', '=', ts).executeTakeFirstOrThrow()).content;

describe('POST /svc/conversations/messages: links', () => {
  it('stores a plain text with no entries', async () => {
    const answer = await sent(await sendIn(t.app, ann, conversationId, 'just words. no links'));
    expect(answer.messages.data[0]!.content).toEqual({ text: 'just words. no links', formatting: [] });
  });

  it('stores each address as a link entry with the spec attributes, and answers them', async () => {
    const made = await createPost(t.app, bob.s, textPost('Worth a look'));
    const postAddress = `${site}/blog/${bob.name}/post/${made.id}`;
    const text = `See ${site}/blog/${bob.name}, then ${postAddress} and https://example.org/page. Talk: ${site}/messaging/conversation/${ann.name}`;
    const answer = await sent(await sendIn(t.app, ann, conversationId, text));
    const message = answer.messages.data[0]!;
    const at = (part: string) => ({ start: text.indexOf(part), end: text.indexOf(part) + part.length });
    const expected = [
      { type: 'link', position: at(`${site}/blog/${bob.name}`), attributes: { url: `${site}/blog/${bob.name}`, blog_name: bob.name } },
      { type: 'link', position: at(postAddress), attributes: { url: postAddress, blog_name: bob.name, post_id: made.id } },
      { type: 'link', position: at('https://example.org/page'), attributes: { url: 'https://example.org/page' } },
      { type: 'link', position: at(`${site}/messaging/conversation/${ann.name}`), attributes: { url: `${site}/messaging/conversation/${ann.name}`, messaging_blog_name: ann.name } },
    ];
    expect(message.content).toEqual({ text, formatting: expected });
    expect(await storedContent(message.ts)).toEqual({ text, formatting: expected });
    // The linked post rides with the text as its card, for the sender and for the reader.
    expect(message.post).toMatchObject({ id: made.id, blog_name: bob.name, state: 'published', summary: 'Worth a look' });
    const page = expectOk<ConversationWithMessages>(await messagesOf(t.app, bob, conversationId));
    const read = page.messages.data.find((m) => m.ts === message.ts)!;
    expect(read.content.formatting).toEqual(expected);
    expect(read.post).toMatchObject({ id: made.id, state: 'published' });
  });

  it('keeps the link to a post the reader may not see, without its card', async () => {
    const hidden = await createPost(t.app, bob.s, textPost('Soon a draft'));
    await t.db.updateTable('posts').set({ state: 'draft', publish_id: null }).where('id', '=', hidden.id).execute();
    const text = `${site}/blog/${bob.name}/post/${hidden.id} and ${site}/blog/${bob.name}/post/9223372036854775000`;
    const answer = await sent(await sendIn(t.app, ann, conversationId, text));
    const message = answer.messages.data[0]!;
    expect(message.content.formatting.map((entry) => entry.attributes.post_id)).toEqual([hidden.id, '9223372036854775000']);
    expect(message.post).toBeUndefined();
  });

  it('finds links in the words sent with a post, and loads the posts of a page in one query', async () => {
    const shared = await createPost(t.app, bob.s, textPost('Shared'));
    const withWords = await sent(
      await sendIn(t.app, ann, conversationId, 'from https://example.org', { type: 'POSTREF', 'post[id]': shared.id, 'post[blog_uuid]': bob.uuid }),
    );
    expect(withWords.messages.data[0]).toMatchObject({
      type: 'POSTREF',
      post: { id: shared.id },
      content: { formatting: [{ type: 'link', position: { start: 5, end: 24 }, attributes: { url: 'https://example.org/' } }] },
    });
    const before = t.queryCount();
    expectOk(await messagesOf(t.app, bob, conversationId));
    const onePost = t.queryCount() - before;
    // Two more texts, each linking another post: the page reads the same number of statements.
    for (const title of ['Second', 'Third']) {
      const linked = await createPost(t.app, bob.s, textPost(title));
      await sent(await sendIn(t.app, ann, conversationId, `${site}/blog/${bob.name}/post/${linked.id}`));
    }
    const start = t.queryCount();
    const page = expectOk<ConversationWithMessages>(await messagesOf(t.app, bob, conversationId));
    expect(t.queryCount() - start).toBe(onePost);
    expect(page.messages.data.slice(-2).map((m) => m.post?.summary)).toEqual(['Second', 'Third']);
  });
});
