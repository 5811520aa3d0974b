// Spec 2 §2: the favorites list is titled 'Favorites' or 'Recently Followed'; the server says which
// (recently_followed), and how short an inbox list gets favorites below it (user info, default 3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../test/posts';
import { createTestApp, expectOk, get, post, type TestApp } from '../test/test-app';
import { person, type Person } from './test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const follow = (p: Person, blog: Person) => post(t.app, '/svc/follow', { tumblelog: blog.name }, asOwner(p.s));
type Suggestions = { blogs: { name: string }[]; recently_followed?: boolean };
const suggestions = async (p: Person, query: string) =>
  expectOk<Suggestions>(await get(t.app, `/svc/conversations/participant_suggestions?participant=${p.uuid}&${query}`, asOwner(p.s)));

describe('GET /svc/conversations/participant_suggestions: favorites or recently followed', () => {
  it('says recently_followed while no followed blog follows back, and lists favorites first once one does', async () => {
    const [ann, bob, cy, dee] = [await person(t), await person(t), await person(t), await person(t)];
    expectOk(await follow(ann, bob));
    expectOk(await follow(ann, cy));
    expectOk(await follow(ann, dee));
    const recent = await suggestions(ann, 'limit=8&include_recent=true&exclude_active=true');
    expect(recent).toMatchObject({ recently_followed: true });
    expect(recent.blogs.map((b) => b.name)).toEqual([dee.name, cy.name, bob.name]);
    // Bob follows Ann back: he is a favorite, first, and the list is titled Favorites.
    expectOk(await follow(bob, ann));
    const favorites = await suggestions(ann, 'limit=8&include_recent=true&exclude_active=true');
    expect(favorites).toMatchObject({ recently_followed: false });
    expect(favorites.blogs.map((b) => b.name)).toEqual([bob.name, dee.name, cy.name]);
    // A search, or a list not asked with include_recent, says nothing of it.
    expect((await suggestions(ann, `q=${bob.name}`)).recently_followed).toBeUndefined();
    expect((await suggestions(ann, 'limit=8')).recently_followed).toBeUndefined();
  });

  it('answers an empty list for someone who follows no one', async () => {
    const lone = await person(t);
    expect(await suggestions(lone, 'limit=8&include_recent=true')).toEqual({ blogs: [], recently_followed: true });
  });
});

describe('GET /svc/user/info: messaging_inbox_favorites_append_limit', () => {
  it('tells the client the inbox favorites append limit, 3 by default', async () => {
    const ann = await person(t);
    const info = expectOk<{ user: { messaging_inbox_favorites_append_limit: number } }>(await get(t.app, '/svc/user/info', asOwner(ann.s)));
    expect(info.user.messaging_inbox_favorites_append_limit).toBe(3);
  });
});
