// Every email's HTML body shows what people typed as text, never as markup: a blog title, a blog
// name or a message holding HTML reaches the reader escaped (mail/templates.ts), in each of the
// four emails the server sends. The text body carries the same words as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendNewFollowerEmails } from '../account/new-followers-email';
import { sendDecisionEmail } from '../appeals/mail';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectOk, markVerified, post, readOutbox, register, type Session, type TestApp } from '../test/test-app';

/** Blog names are unique: each test's own. */
let named = 0;
const hostileName = () => `x${(named += 1)}"><img src=x onerror=alert(1)>`;
const TITLE = '<script>alert(2)</script>';
const MESSAGE = 'Look "><img src=x onerror=alert(3)>\n<script>alert(4)</script>';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const emailOf = (s: Session) => s.body.response.user.email;

/** A name no form accepts, as an older row (or a bug elsewhere) could hold it. */
const renameBlog = (from: string, to: string) => t.db.updateTable('blogs').set({ name: to }).where('name', '=', from).execute();

/** The HTML part of the newest email to this address. */
async function htmlTo(address: string): Promise<string> {
  const mail = (await readOutbox(t.dataDir)).filter((m) => m.includes(`To: ${address}`)).at(-1);
  expect(mail, `an email to ${address}`).toBeDefined();
  const html = mail!.split(/Content-Type: text\/html[^\n]*\n/)[1]?.split(/\n--/)[0];
  expect(html, 'an HTML part').toBeDefined();
  return html!;
}

/** Nothing typed became markup: no tag opened, no attribute closed by it. */
function expectEscaped(html: string, ...typed: string[]) {
  expect(html).not.toMatch(/<script|<img|onerror=alert\(\d\)>/);
  for (const text of typed) {
    expect(html).toContain(text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').split('\n')[0]);
  }
}

describe('email HTML bodies', () => {
  it('escape the blog name in the verification email', async () => {
    const NAME = hostileName();
    const person = await register(t.app);
    await renameBlog(blogOf(person), NAME);
    // The registration's email was just sent: the cooldown is over once its link is gone.
    await t.db.deleteFrom('email_verifications').execute();
    expectOk(await post(t.app, '/svc/account/resend_verification', {}, asOwner(person)));
    expectEscaped(await htmlTo(emailOf(person)), NAME);
  });

  it('escape the followers and blog names in the new-followers email', async () => {
    const [NAME, OWNER] = [hostileName(), hostileName()];
    const owner = await register(t.app);
    const fan = await register(t.app);
    await markVerified(t.db, owner);
    expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(owner) }, asOwner(fan)));
    await renameBlog(blogOf(fan), NAME);
    await renameBlog(blogOf(owner), OWNER);
    await sendNewFollowerEmails(t.ctx, new Date());
    expectEscaped(await htmlTo(emailOf(owner)), NAME, OWNER);
  });

  it('escape the sender, the blog title and the message in an emailed share', async () => {
    const NAME = hostileName();
    const sender = await register(t.app);
    const shared = await register(t.app);
    await markVerified(t.db, sender);
    expectOk(await post(t.app, `/svc/blog/${blogOf(shared)}/settings`, { title: TITLE }, asOwner(shared)));
    const to = `friend-${Date.now()}@example.org`;
    await renameBlog(blogOf(sender), NAME);
    expectOk(await post(t.app, '/svc/email_tumblelog', { email_address: to, tumblelog_name: blogOf(shared), message: MESSAGE }, asOwner(sender)));
    const html = await htmlTo(to);
    expectEscaped(html, NAME, TITLE, MESSAGE, MESSAGE.split('\n')[1]!);
    // The message's lines are kept, as line breaks of the HTML.
    expect(html).toContain('&lt;img src=x onerror=alert(3)&gt;<br>&lt;script&gt;');
  });

  it("escape the blog name in an appeal's decision", async () => {
    const NAME = hostileName();
    const owner = await register(t.app);
    const made = await createPost(t.app, owner, textPost('Appealed'));
    await renameBlog(blogOf(owner), NAME);
    const row = await t.db.selectFrom('posts').select(['id', 'slug', 'blog_id']).where('id', '=', made.id).executeTakeFirstOrThrow();
    await sendDecisionEmail(t.ctx, { ...row, is_sensitive: false });
    expectEscaped(await htmlTo(emailOf(owner)), NAME);
  });
});
