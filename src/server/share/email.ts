// Emailed shares (POST /svc/share/email, /svc/email_tumblelog): a real email through ctx.mailer.
import { SHARE_SUMMARY_MAX } from '../../shared/share/constants';
import type { ShareEmailResponse } from '../../shared/share/types';
import { SITE_NAME } from '../../shared/constants';
import { postText } from '../content/summary';
import type { AppContext } from '../context';
import type { BlogRow } from '../db/tables/blog';
import type { Loader } from '../http/endpoint';
import { AppError, ErrorCode, blogNotFound } from '../http/errors';
import type { Viewer } from '../http/session';
import type { OutgoingMail } from '../mail/mailer';
import { mailBodies } from '../mail/templates';
import { blogUrl, postUrl } from '../hydration/post-views';
import { actingBlog, readableBlog } from '../rules/blogs';
import type { CallWith } from '../rules/loads';
import { isBlockedBetween, type SeenPost } from '../visibility';
import { returnEmailAllowance, takeEmailAllowance } from './rate-limit';

interface Letter {
  /** The sender's blog name: who the recipient is told it is from. */
  sender: string;
  subject: string;
  /** What is shared: a line of words and its address. */
  what: string;
  link: string;
  message: string;
  replyTo: string | null;
}

interface LetterData {
  site: string;
  sender: string;
  what: string;
  link: string;
  message: string;
  /** The message's lines: the HTML body breaks them with <br>. */
  lines: string[];
  replies: string;
}

const letterBodies = mailBodies<LetterData>({
  text: `<%= it.sender %> sent you this from <%= it.site %>:

<%= it.what %>
<%= it.link %>

<% if (it.message) { %>Their message:
<%= it.message %>

<% } %>--
<%= it.replies %>
`,
  html:
    '<p><%= it.sender %> sent you this from <%= it.site %>:</p>' +
    '<p><a href="<%= it.link %>"><%= it.what %></a><br><%= it.link %></p>' +
    '<% if (it.message) { %><p>Their message:</p><blockquote>' +
    '<% it.lines.forEach((line, i) => { %><% if (i > 0) { %><br><% } %><%= line %><% }) %>' +
    '</blockquote><% } %>' +
    '<hr><p><%= it.replies %></p>',
});

export function composeLetter(letter: Letter, to: string): OutgoingMail {
  const replies = letter.replyTo
    ? `Reply to this email to answer ${letter.sender}.`
    : `${letter.sender} did not share their email address, so replies to this one are not read.`;
  const message = letter.message.trim();
  const bodies = letterBodies({ site: SITE_NAME, sender: letter.sender, what: letter.what, link: letter.link, message, lines: message.split(/\r?\n/), replies });
  return { to, subject: letter.subject, ...bodies, ...(letter.replyTo ? { replyTo: letter.replyTo } : {}) };
}

export const VERIFY_TO_EMAIL =
  'Verify your email address first: we send email in your name only from verified accounts. The link is in the email we sent when you signed up; the dashboard can send it again.';

/**
 * The blog an emailed share is sent as: the blog the viewer acts as (rules/blogs.ts actingBlog).
 * Only a verified account sends: otherwise anyone could sign up with any address and mail
 * strangers from here (docs/api.md's own 403 text, not the generic one of `access: 'verified'`).
 */
export const senderBlog: Loader<CallWith<'body', unknown>, BlogRow> = {
  describe: 'the blog the viewer acts as, of an account whose email address is verified (403 otherwise)',
  errors: [ErrorCode.notAllowed, ErrorCode.invalidInput],
  load: ({ ctx, viewer }) => {
    if (!viewer) throw new Error('senderBlog needs a logged-in route (access: user).');
    if (!viewer.user.email_verified_at) throw new AppError(403, ErrorCode.notAllowed, VERIFY_TO_EMAIL);
    return actingBlog(ctx.db, viewer.user);
  },
};

/** A blog to email about: one the viewer may read, and none across a block (404, as if there were none); their own always. */
export const blogToShare: Loader<CallWith<'body', { tumblelog_name: string }>, BlogRow> = {
  describe: 'a blog the viewer may read, with no block between it and the viewer (404 otherwise)',
  errors: [ErrorCode.blogNotFound],
  load: async ({ ctx, viewer, body }) => {
    if (!viewer) throw new Error('blogToShare needs a logged-in route (access: user).');
    const blog = await readableBlog(ctx.db, viewer.user.id, body.tumblelog_name);
    if (blog.user_id !== viewer.user.id && (await isBlockedBetween(ctx.db, viewer.user.id, blog.id))) throw blogNotFound(body.tumblelog_name);
    return blog;
  },
};

const sendFailed = () => new AppError(502, ErrorCode.internal, 'We could not send the email just now. Try again in a few minutes.');

/** Counts the send, sends, and gives the place back if the mail server refuses it. */
async function deliver(ctx: AppContext, viewer: Viewer, target: { postId: string | null; blogId: string | null }, mail: OutgoingMail): Promise<ShareEmailResponse> {
  const taken = await takeEmailAllowance(ctx.db, { userId: viewer.user.id, ...target, address: mail.to });
  try {
    await ctx.mailer.send(mail);
  } catch {
    await returnEmailAllowance(ctx.db, taken.id);
    throw sendFailed();
  }
  return { sent: true, remaining: taken.remaining };
}

interface EmailInput {
  email_address: string;
  message: string;
  allow_reply_to: boolean;
}

export async function emailPost(ctx: AppContext, viewer: Viewer, seen: SeenPost, sender: BlogRow, input: EmailInput): Promise<ShareEmailResponse> {
  const summary = postText(seen.post.content, { max: SHARE_SUMMARY_MAX });
  const letter: Letter = {
    sender: sender.name,
    subject: `${sender.name} sent you a post from ${seen.blog.name}`,
    what: summary ? `${seen.blog.name}: ${summary}` : `A post by ${seen.blog.name}`,
    link: postUrl(ctx.config.publicUrl, seen.blog.name, seen.post),
    message: input.message,
    replyTo: input.allow_reply_to ? viewer.user.email : null,
  };
  return deliver(ctx, viewer, { postId: seen.post.id, blogId: null }, composeLetter(letter, input.email_address));
}

export async function emailBlog(ctx: AppContext, viewer: Viewer, blog: BlogRow, sender: BlogRow, input: EmailInput): Promise<ShareEmailResponse> {
  const letter: Letter = {
    sender: sender.name,
    subject: `${sender.name} wants you to see ${blog.name}`,
    what: blog.title ? `${blog.name}: ${blog.title}` : blog.name,
    link: blogUrl(ctx.config.publicUrl, blog.name),
    message: input.message,
    replyTo: input.allow_reply_to ? viewer.user.email : null,
  };
  return deliver(ctx, viewer, { postId: null, blogId: blog.id }, composeLetter(letter, input.email_address));
}
