// Issue 22, item 21: submissions on with no post type ticked showed 'Submit' and refused every
// submission with "You can only post to your own blogs". The settings refuse that state, and a
// submission of a type the blog does not take says which types it takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_TYPES_NEEDED } from '../../shared/blog-settings';
import type { Blog } from '../../shared/types';
import { asOwner, blogOf, savePost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let owner: Session;
let submitter: Session;
beforeAll(async () => {
  t = await createTestApp();
  [owner, submitter] = [await register(t.app), await register(t.app)];
});
afterAll(() => t.close());

const settings = (fields: Record<string, unknown>) => post(t.app, `/svc/blog/${blogOf(owner)}/settings`, fields, asOwner(owner));
const stored = () => t.db.selectFrom('blogs').select(['submissions', 'submission_types']).where('name', '=', blogOf(owner)).executeTakeFirstOrThrow();
const textFields = (type = 'text') => ({ channel_id: blogOf(owner), 'post[type]': type, 'post[one]': 'For you', 'post[two]': '<p>Submitted</p>' });

describe('POST /svc/blog/{name}/settings: submissions need a post type', () => {
  it('refuses submissions on with no type, sent together or one after the other, changing nothing', async () => {
    const body = expectError(await settings({ submissions: true, submission_types: '' }), 400, SUBMISSION_TYPES_NEEDED);
    expect(body.errors![0]).toMatchObject({ field: 'submission_types' });
    expectError(await settings({ submissions: true }), 400, SUBMISSION_TYPES_NEEDED);
    expect(await stored()).toEqual({ submissions: false, submission_types: [] });

    expectOk(await settings({ submissions: true, submission_types: 'photo' }));
    // Unticking the last type while submissions stay on is the same state.
    expectError(await settings({ submission_types: [] }), 400, SUBMISSION_TYPES_NEEDED);
    expect(await stored()).toEqual({ submissions: true, submission_types: ['photo'] });
    // Off with no types is fine.
    expectOk(await settings({ submissions: false, submission_types: [] }));
    expect(await stored()).toEqual({ submissions: false, submission_types: [] });
  });

  it('two saves at once cannot reach the state together: one of them is refused', async () => {
    expectOk(await settings({ submissions: false, submission_types: 'photo' }));
    const answers = await Promise.all([settings({ submissions: true }), settings({ submission_types: [] })]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const after = await stored();
    expect(after.submissions && after.submission_types.length === 0).toBe(false);
    expectOk(await settings({ submissions: false, submission_types: [] }));
  });

  it('a blog stored in that state before the rule shows no Submit (submissions: false)', async () => {
    await t.db.updateTable('blogs').set({ submissions: true, submission_types: [] }).where('name', '=', blogOf(owner)).execute();
    expect(expectOk<Blog>(await get(t.app, `/svc/data/tumblelog?tumblelog=${blogOf(owner)}`)).submissions).toBe(false);
    expectError(await savePost(t.app, submitter, textFields()), 403, `${blogOf(owner)} is not taking submissions right now.`);
    await t.db.updateTable('blogs').set({ submissions: false }).where('name', '=', blogOf(owner)).execute();
  });
});

describe('POST /svc/post/update: a submission of a type the blog does not take', () => {
  it('is refused naming the types it takes, not as posting to someone else’s blog', async () => {
    expectOk(await settings({ submissions: true, submission_types: 'photo,quote' }));
    const body = expectError(await savePost(t.app, submitter, textFields()), 403, `${blogOf(owner)} does not take text submissions. It takes: photo, quote.`);
    expect(body.errors![0]).toMatchObject({ field: 'post[type]' });
  });
});
