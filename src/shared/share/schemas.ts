// The bodies of the share calls (spec 1 §7), with the messages a person reads when one is wrong.
import { z } from 'zod';
import { formFlag } from '../form-flag';
import { idField } from '../ids';
import { SHARE_EMAIL } from './constants';
import { LOOSE_EMAIL } from './email';
import { REPORT_MESSAGE_MAX, REPORT_REASONS } from './report';

export const SHARE_MESSAGES = {
  addressMissing: 'Enter the email address to send this to.',
  addressInvalid: 'Enter an email address like name@example.com.',
  addressTooLong: `An email address can be at most ${SHARE_EMAIL.addressMax} characters.`,
  messageTooLong: `The message can be at most ${SHARE_EMAIL.messageMax} characters.`,
  postMissing: 'Say which post: post_id is missing.',
  postInvalid: 'post_id must be a post id (digits only).',
  blogMissing: 'Say which blog: tumblelog_name is missing.',
  reasonInvalid: `Choose why you report this post: ${REPORT_REASONS.map((r) => r.value).join(', ')}.`,
  reportTooLong: `Your note can be at most ${REPORT_MESSAGE_MAX} characters.`,
} as const;


const text = (label: string) => z.string({ error: `${label} must be text.` });

export const postIdField = idField('post_id', { missing: SHARE_MESSAGES.postMissing, digits: SHARE_MESSAGES.postInvalid });

const blogNameField = z
  .string({ error: SHARE_MESSAGES.blogMissing })
  .trim()
  .min(1, SHARE_MESSAGES.blogMissing)
  .max(100, 'That is not a blog name.');

const emailAddress = z
  .string({ error: SHARE_MESSAGES.addressMissing })
  .trim()
  .min(1, SHARE_MESSAGES.addressMissing)
  .max(SHARE_EMAIL.addressMax, SHARE_MESSAGES.addressTooLong)
  .regex(LOOSE_EMAIL, SHARE_MESSAGES.addressInvalid);

const emailFields = {
  email_address: emailAddress,
  message: text('message').max(SHARE_EMAIL.messageMax, SHARE_MESSAGES.messageTooLong).default(''),
  allow_reply_to: formFlag('allow_reply_to', { emptyIsOff: true }).default(false),
  // The client uses a mailto: link when this is set, so it never reaches here in that case; it
  // is accepted (and changes nothing) because the spec's payload carries it.
  share_fallback: formFlag('share_fallback', { emptyIsOff: true }).default(false),
};

/** POST /svc/share/email: a post by email. tumblelog_name, when sent, must be the post's blog. */
export const emailShareSchema = z.object({
  ...emailFields,
  post_id: postIdField,
  tumblelog_name: blogNameField.optional(),
});
export type EmailShareInput = z.infer<typeof emailShareSchema>;

/** POST /svc/email_tumblelog: a blog by email. */
export const blogEmailSchema = z.object({ ...emailFields, tumblelog_name: blogNameField });
export type BlogEmailInput = z.infer<typeof blogEmailSchema>;

/** How a client may be answered when the network cannot be posted to for the person (spec 2 §7). */
export const SHARE_FALLBACKS = ['popup', 'non-subview'] as const;

/**
 * POST /svc/share/{network}: the same fields; the address and message are not used there. With a
 * share_fallback the answer names the network's own share window to open instead.
 */
export const networkShareSchema = z.object({
  post_id: postIdField,
  tumblelog_name: blogNameField.optional(),
  // An empty field is the same as none (forms send every field).
  share_fallback: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(SHARE_FALLBACKS, { error: `share_fallback must be one of ${SHARE_FALLBACKS.join(', ')}, or left out.` }).optional(),
  ),
  /** Spec 2 §5: the send-a-post subview's text (a Facebook message, a tweet); each network checks its own limit. */
  message: z.string({ error: 'message must be text.' }).max(1000, 'The message is far too long for any network.').optional(),
});

const reasons = REPORT_REASONS.map((r) => r.value) as [string, ...string[]];

export const reportSchema = z.object({
  post_id: postIdField,
  tumblelog_name: blogNameField.optional(),
  reason: z.enum(reasons, { error: SHARE_MESSAGES.reasonInvalid }),
  message: text('message').trim().max(REPORT_MESSAGE_MAX, SHARE_MESSAGES.reportTooLong).default(''),
});
export type ReportInput = z.infer<typeof reportSchema>;
