// The email to a post's owner when an admin decides their appeal (issue 15), through ctx.mailer.
import { SENSITIVE_TEXTS } from '../../shared/appeals';
import { SITE_NAME } from '../../shared/constants';
import type { AppContext } from '../context';
import { postUrl } from '../hydration/post-views';
import { mailBodies } from '../mail/templates';

const decisionBodies = mailBodies<{ blog: string; decision: string; link: string; site: string }>({
  text: `We reviewed your post on <%= it.blog %>, as you asked.

<%= it.decision %>

<%= it.link %>

--
<%= it.site %>
`,
  html: '<p>We reviewed your post on <%= it.blog %>, as you asked.</p><p><%= it.decision %></p><p><a href="<%= it.link %>"><%= it.link %></a></p>',
});

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
  const bodies = decisionBodies({ blog: owner.name, decision, link, site: SITE_NAME });
  await ctx.mailer.send({ to: owner.email, subject: `${SITE_NAME}: your appeal was reviewed`, ...bodies });
}
