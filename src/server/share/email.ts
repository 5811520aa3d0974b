// Emailed shares (POST /svc/share/email, /svc/email_tumblelog): a real email through ctx.mailer.
import { SHARE_SUMMARY_MAX } from '../../shared/share/constants';
import type { BlogEmailInput, EmailShareInput } from '../../shared/share/schemas';
import type { ShareEmailResponse } from '../../shared/share/types';
import { blogByName } from '../hydration/blogs';
import { postText } from '../content/summary';
import type { AppContext } from '../context';
import type { BlogRow } from '../db/tables/blog';
import { AppError, blogNotFound, ErrorCode } from '../http/errors';
import type { Viewer } from '../http/session';
import type { OutgoingMail } from '../mail/mailer';
import { blogUrl, postUrl } from '../hydration/post-views';
import { escapeHtml } from './html';
import { SITE_NAME } from '../../shared/constants';
import { returnEmailAllowance, takeEmailAllowance } from './rate-limit';
import { actingBlogIdOf, hiddenBySuspension, isBlockedBetween, seenPost } from '../visibility';
import { notShareable } from './share-data';

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

const paragraphs = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

export function composeLetter(letter: Letter, to: string): OutgoingMail {
  const replies = letter.replyTo
    ? `Reply to this email to answer ${letter.sender}.`
    : `${letter.sender} did not share their email address, so replies to this one are not read.`;
  const message = letter.message.trim();
  const text =
    `${letter.sender} sent you this from ${SITE_NAME}:\n\n${letter.what}\n${letter.link}\n\n` +
    (message ? `Their message:\n${message}\n\n` : '') +
    `--\n${replies}\n`;
  const html =
    `<p>${escapeHtml(letter.sender)} sent you this from ${SITE_NAME}:</p>` +
    `<p><a href="${escapeHtml(letter.link)}">${escapeHtml(letter.what)}</a><br>${escapeHtml(letter.link)}</p>` +
    (message ? `<p>Their message:</p><blockquote>${paragraphs(message)}</blockquote>` : '') +
    `<hr><p>${escapeHtml(replies)}</p>`;
  return { to, subject: letter.subject, text, html, ...(letter.replyTo ? { replyTo: letter.replyTo } : {}) };
}

export const VERIFY_TO_EMAIL =
  'Verify your email address first: we send email in your name only from verified accounts. The link is in the email we sent when you signed up; the dashboard can send it again.';

/**
 * The blog the viewer acts as: their current one, else their primary one. Only a verified
 * account sends: otherwise anyone could sign up with any address and mail strangers from here.
 */
async function senderBlog(ctx: AppContext, viewer: Viewer): Promise<BlogRow> {
  if (!viewer.user.email_verified_at) throw new AppError(403, ErrorCode.notAllowed, VERIFY_TO_EMAIL);
  const id = actingBlogIdOf(viewer.user);
  const blog = id ? await ctx.db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!blog) throw new AppError(403, ErrorCode.notAllowed, 'Create a blog first: emails are sent in the name of one of your blogs.');
  return blog;
}

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

export async function emailPost(ctx: AppContext, viewer: Viewer, input: EmailShareInput): Promise<ShareEmailResponse> {
  const seen = await seenPost(ctx.db, viewer.user.id, input.post_id, input.tumblelog_name);
  if (!seen.isPublic) throw notShareable();
  const sender = await senderBlog(ctx, viewer);
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

export async function emailBlog(ctx: AppContext, viewer: Viewer, input: BlogEmailInput): Promise<ShareEmailResponse> {
  const blog = await blogByName(ctx.db, input.tumblelog_name);
  const mine = blog?.user_id === viewer.user.id;
  if (!blog || (!mine && (hiddenBySuspension(blog, viewer.user.id) || (await isBlockedBetween(ctx.db, viewer.user.id, blog.id))))) {
    throw blogNotFound(input.tumblelog_name);
  }
  const sender = await senderBlog(ctx, viewer);
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
