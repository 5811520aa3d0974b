import { z } from 'zod';
import { formFlag } from './form-flag';
import { blogNameProblem } from './blog-name';
import { EDITOR_TYPES, LIMITS, PALETTES } from './constants';

/** A string field with a person-readable message for each way it can be wrong. */
export function text(label: string, missing: string) {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? missing : `${label} must be text.`),
  });
}

export const emailField = text('Email', 'Enter your email address.')
  .trim()
  .toLowerCase()
  .min(1, 'Enter your email address.')
  .max(254, 'That email address is too long.')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'That email address does not look right.');

export const blogNameField = text('Blog name', 'Choose a blog name.').superRefine((name, ctx) => {
  const problem = blogNameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const registerSchema = z.object({
  email: emailField,
  password: text('Password', 'Choose a password.')
    .min(LIMITS.password_min_length, `Your password must be at least ${LIMITS.password_min_length} characters.`)
    .max(256, 'Your password can be at most 256 characters.'),
  blog_name: blogNameField,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** A TOTP code (6 digits) or a recovery code; spaces and dashes are ignored. */
export const tfaCodeField = (label: string) =>
  text(label, 'Enter the code from your authenticator app.')
    .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
    .pipe(
      z
        .string()
        .min(1, 'Enter the code from your authenticator app.')
        .max(32, 'That code is too long: enter the 6 digits from your authenticator app, or a recovery code.'),
    );

export const loginSchema = z.object({
  email: emailField,
  password: text('Password', 'Enter your password.').min(1, 'Enter your password.').max(256, 'Wrong email or password.'),
  /** With two-factor on: the code from the authenticator app, or a recovery code. */
  tfa_code: tfaCodeField('tfa_code').optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Confirms an emailed verification link opened while logged in to another account. */
export const verifyLinkSchema = z.object({
  token: text('token', 'Send the token of the verification link.')
    .min(1, 'Send the token of the verification link.')
    .max(200, 'That is not the token of a verification link.'),
});


export const settingsSchema = z
  .object({
    safe_mode: formFlag('safe_mode').optional(),
    is_sounds_enabled: formFlag('is_sounds_enabled').optional(),
    is_desktop_notifications_enabled: formFlag('is_desktop_notifications_enabled').optional(),
    is_multi_window_enabled: formFlag('is_multi_window_enabled').optional(),
    is_alt_text_reminder_enabled: formFlag('is_alt_text_reminder_enabled').optional(),
    default_editor_type: z
      .enum(EDITOR_TYPES, { error: `default_editor_type must be one of: ${EDITOR_TYPES.join(', ')}.` })
      .optional(),
    palette: z.enum(PALETTES, { error: `palette must be one of: ${PALETTES.join(', ')}.` }).optional(),
  })
  .refine((s) => Object.values(s).some((v) => v !== undefined), {
    message: 'Send at least one setting to change: safe_mode, is_sounds_enabled, is_desktop_notifications_enabled, is_multi_window_enabled, is_alt_text_reminder_enabled, default_editor_type or palette.',
  });
export type SettingsInput = z.infer<typeof settingsSchema>;

export const createBlogSchema = z.object({
  name: blogNameField,
  title: text('Title', 'Give your blog a title.')
    .trim()
    .max(100, 'Blog titles can be at most 100 characters.')
    .optional(),
});

export const selectBlogSchema = z.object({ tumblelog: text('tumblelog', 'Say which blog: tumblelog is missing.') });

const hour = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole hour from ${min} to ${max}.` })
    .int(`${label} must be a whole hour from ${min} to ${max}.`)
    .min(min, `${label} must be a whole hour from ${min} to ${max}.`)
    .max(max, `${label} must be a whole hour from ${min} to ${max}.`);

/** A blog's queue: how many posts a day, published evenly between two hours (UTC). */
export const queueSettingsSchema = z
  .object({
    tumblelog: text('tumblelog', 'Say which blog: tumblelog is missing.'),
    posts_per_day: z.coerce
      .number({ error: 'posts_per_day must be a number from 1 to 50.' })
      .int('posts_per_day must be a whole number from 1 to 50.')
      .min(1, 'The queue publishes at least 1 post a day.')
      .max(50, 'The queue publishes at most 50 posts a day.'),
    start_hour: hour('start_hour', 0, 23),
    end_hour: hour('end_hour', 1, 24),
  })
  .refine((s) => s.start_hour < s.end_hour, { message: 'The queue window must start before it ends.', path: ['end_hour'] });
