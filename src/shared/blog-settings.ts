// Blog settings (the owner's card and theme) and the rules both sides apply to theme colours.
import { z } from 'zod';
import { TITLE_FONT_NAMES } from './blog-fonts';
import { formFlag } from './form-flag';
import { normalizeHexColor } from './colors';
import { POST_TYPES, type PostType } from './constants';

export { normalizeHexColor };

export const BLOG_TITLE_MAX = 100;
/** The description as typed (HTML), before sanitizing: about a screenful. */
export const BLOG_DESCRIPTION_MAX = 2000;


const colour = (label: string, example: string) =>
  z.string({ error: `The ${label} must be a hex colour like ${example}.` }).transform((value, ctx) => {
    const hex = normalizeHexColor(value);
    if (hex) return hex;
    ctx.addIssue({ code: 'custom', message: `The ${label} must be a hex colour like ${example} or #FFF.` });
    return z.NEVER;
  });

/** A media URL from POST /svc/media/upload, or '' to go back to the default. Checked on the server. */
const mediaUrl = (label: string) => z.string({ error: `The ${label} must be the URL of an uploaded image, or empty.` }).trim().max(2000, `That ${label} URL is too long.`);

export const BLOG_SETTINGS_FIELDS = [
  'title', 'description', 'background_color', 'title_color', 'link_color', 'avatar_shape',
  'show_title', 'show_description', 'show_avatar', 'show_header_image', 'header_image', 'avatar',
  'can_receive_messages', 'messages_from_followed_only',
  'asks', 'anonymous_asks', 'ask_page_title', 'submissions', 'submission_types', 'submission_guidelines', 'title_font',
] as const;

export const ASK_PAGE_TITLE_MAX = 100;
export const SUBMISSION_GUIDELINES_MAX = 2000;

/** Submissions on with no post type ticked would show 'Submit' and refuse everything (issue 22). */
export const SUBMISSION_TYPES_NEEDED = 'Tick at least one post type to take as submissions, or turn submissions off.';

/** The post types a blog accepts as submissions: a list, or a comma-separated form field. */
const submissionTypes = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').map((type) => type.trim()).filter(Boolean) : value),
  z
    .array(z.enum(POST_TYPES, { error: `Submission types are post types: ${POST_TYPES.join(', ')}.` }), {
      error: `Send submission_types as a list of post types (${POST_TYPES.join(', ')}).`,
    })
    .max(POST_TYPES.length)
    .transform((types): PostType[] => [...new Set(types)]),
);

/** POST /svc/blog/{name}/settings: every field optional, at least one. */
export const blogSettingsSchema = z
  .object({
    title: z
      .string({ error: 'The title must be text.' })
      .trim()
      .min(1, 'Give your blog a title.')
      .max(BLOG_TITLE_MAX, `Blog titles can be at most ${BLOG_TITLE_MAX} characters long.`)
      .optional(),
    description: z
      .string({ error: 'The description must be text.' })
      .max(BLOG_DESCRIPTION_MAX, `Descriptions can be at most ${BLOG_DESCRIPTION_MAX} characters long.`)
      .optional(),
    background_color: colour('background colour', '#FAFAFA').optional(),
    title_color: colour('title colour', '#444444').optional(),
    link_color: colour('link colour', '#529ECC').optional(),
    avatar_shape: z.enum(['circle', 'square'], { error: 'The avatar shape must be circle or square.' }).optional(),
    show_title: formFlag('show_title').optional(),
    show_description: formFlag('show_description').optional(),
    show_avatar: formFlag('show_avatar').optional(),
    show_header_image: formFlag('show_header_image').optional(),
    header_image: mediaUrl('header image').optional(),
    avatar: mediaUrl('avatar').optional(),
    // Messaging (spec 2 §6): messages on or off, and only from blogs the owner follows.
    can_receive_messages: formFlag('can_receive_messages').optional(),
    messages_from_followed_only: formFlag('messages_from_followed_only').optional(),
    asks: formFlag('asks').optional(),
    anonymous_asks: formFlag('anonymous_asks').optional(),
    ask_page_title: z
      .string({ error: 'The ask page title must be text.' })
      .trim()
      .max(ASK_PAGE_TITLE_MAX, `Ask page titles can be at most ${ASK_PAGE_TITLE_MAX} characters long.`)
      .optional(),
    submissions: formFlag('submissions').optional(),
    submission_types: submissionTypes.optional(),
    submission_guidelines: z
      .string({ error: 'The submission guidelines must be text.' })
      .trim()
      .max(SUBMISSION_GUIDELINES_MAX, `Submission guidelines can be at most ${SUBMISSION_GUIDELINES_MAX} characters long.`)
      .optional(),
    title_font: z
      .string({ error: 'The title font must be the name of one of the fonts offered.' })
      .refine((name) => TITLE_FONT_NAMES.includes(name), 'The title font must be one of the fonts offered, such as Gibson or Lobster.')
      .optional(),
  })
  .refine((input) => BLOG_SETTINGS_FIELDS.some((field) => input[field] !== undefined), {
    message: `Send at least one setting to change: ${BLOG_SETTINGS_FIELDS.join(', ')}.`,
  });
export type BlogSettingsInput = z.input<typeof blogSettingsSchema>;
