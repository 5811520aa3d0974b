// The email to a post's owner when an admin decides their appeal (issue 15), through ctx.mailer.
import { SENSITIVE_TEXTS } from '../../shared/appeals';
import { SITE_NAME } from '../../shared/constants';
import type { AppContext } from '../context';
import { postUrl } from '../hydration/post-views';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function sendDecisionEmail(ctx: AppContext, post: { id: string; slug: string; blog_id: string; is_sensitive: boolean }) {
  const owner = await ctx.db
    .selectFrom('blogs as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['u.email', 'b.name'])
    .where('b.id', '=', post.blog_id)
    .executeTakeFirst();
  if (!owner) return;
  const link = postUrl(ctx.config.publicUrl, owner.name, post);
  const decision = post.is_sensitive ? SENSITIVE_TEXTS.complete : 'After review, the sensitive mark was removed from this post.';
  const text = `We reviewed your post on ${owner.name}, as you asked.\n\n${decision}\n\n${link}\n\n--\n${SITE_NAME}\n`;
  const html = `<p>We reviewed your post on ${escape(owner.name)}, as you asked.</p><p>${escape(decision)}</p><p><a href="${escape(link)}">${escape(link)}</a></p>`;
  await ctx.mailer.send({ to: owner.email, subject: `${SITE_NAME}: your appeal was reviewed`, text, html });
}
