// The post-search migration's tables, kept by triggers on posts: what a search and the tag
// typeahead read must follow every write of a post (publish, edit, make private, delete).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, blogOf, createPost, savePost, textPost } from '../test/posts';
import { createTestApp, expectOk, newAccount, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let writer: Session;

const tagsOf = async () =>
  Object.fromEntries(
    (
      await t.db
        .selectFrom('blog_tags')
        .innerJoin('blogs', 'blogs.id', 'blog_tags.blog_id')
        .select(['tag', 'uses'])
        .where('blogs.name', '=', blogOf(writer))
        .where('uses', '>', 0)
        .execute()
    ).map(
      (r) => [r.tag, r.uses],
    ),
  );
const privateTagsOf = async () =>
  Object.fromEntries(
    (
      await t.db
        .selectFrom('blog_tags')
        .innerJoin('blogs', 'blogs.id', 'blog_tags.blog_id')
        .select(['tag', 'private_uses'])
        .where('blogs.name', '=', blogOf(writer))
        .where('private_uses', '>', 0)
        .execute()
    ).map((r) => [r.tag, r.private_uses]),
  );
const documentOf = async (postId: string) =>
  (await t.db.selectFrom('post_search').select(sql<string>`document::text`.as('document')).where('post_id', '=', postId).executeTakeFirst())?.document;

beforeAll(async () => {
  t = await createTestApp();
  writer = await register(t.app, newAccount('scribe'));
});
afterAll(() => t?.close());

describe('post search index', () => {
  it('indexes tags, title and body text of published posts only, and counts public tags', async () => {
    const published = await createPost(t.app, writer, { ...textPost('Lanterns at dusk', '<p>The <b>harbour</b> lights &amp; boats</p>'), 'post[tags]': 'The Who,night' });
    const draft = await createPost(t.app, writer, { ...textPost('Draft words'), 'post[tags]': 'secret', 'post[state]': '1' });
    const priv = await createPost(t.app, writer, { ...textPost('Private words'), 'post[tags]': 'night,hidden', 'post[state]': 'private' });

    const doc = await documentOf(published.id);
    expect(doc).toContain("'the':");
    expect(doc).toContain("'lantern':");
    expect(doc).toContain("'harbour':");
    expect(doc).not.toContain("'b'");
    const row = await t.db.selectFrom('post_search').select('tags').where('post_id', '=', published.id).executeTakeFirstOrThrow();
    expect(row.tags.sort()).toEqual(['night', 'the who']);
    expect(await documentOf(draft.id)).toBeUndefined();
    // The owner searches their private posts: indexed, but its tags are not suggested to others.
    expect(await documentOf(priv.id)).toContain("'privat':");
    expect(await tagsOf()).toEqual({ 'The Who': 1, night: 1 });
    // Counted apart for the owner's typeahead.
    expect(await privateTagsOf()).toEqual({ night: 1, hidden: 1 });
  });

  it('follows edits, privacy changes and deletion', async () => {
    const p = await createPost(t.app, writer, { ...textPost('Marble stairs'), 'post[tags]': 'night,stone' });
    expect(await tagsOf()).toMatchObject({ night: 2, stone: 1 });

    expectOk(await savePost(t.app, writer, { post_id: p.id, ...textPost('Granite stairs'), 'post[tags]': 'granite' }));
    expect(await documentOf(p.id)).toContain("'granit':");
    expect(await documentOf(p.id)).not.toContain("'marbl'");
    const afterEdit = await tagsOf();
    expect(afterEdit).toMatchObject({ night: 1, granite: 1 });
    expect(afterEdit.stone).toBeUndefined();

    await t.db.updateTable('posts').set({ is_private: true }).where('id', '=', p.id).execute();
    expect((await tagsOf()).granite).toBeUndefined();
    await t.db.updateTable('posts').set({ is_private: false }).where('id', '=', p.id).execute();
    expect((await tagsOf()).granite).toBe(1);

    expectOk(await post(t.app, '/svc/post/delete', { post_id: p.id }, asOwner(writer)));
    expect(await documentOf(p.id)).toBeUndefined();
    expect((await tagsOf()).granite).toBeUndefined();
  });

  it('counts tags right when posts with the same tags in another order are saved at once', async () => {
    const rounds = 8;
    const results = await Promise.all(
      Array.from({ length: rounds * 2 }, (_, i) =>
        savePost(t.app, writer, { ...textPost(`Burst ${i}`), 'post[tags]': i % 2 ? 'alpha,beta,gamma,delta' : 'delta,gamma,beta,alpha' }),
      ),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(await tagsOf()).toMatchObject({ alpha: rounds * 2, beta: rounds * 2, gamma: rounds * 2, delta: rounds * 2 });
  });
});
