// Answer schemas of the blog viewer drawer (spec 2 §3, §7): a page of the blog, its header, the
// single-post timeline and the survey, checked against the types the drawer reads.
import { z } from 'zod';
import type { PeeprAd } from '../ads/types';
import type {
  AdminSurveyResponse,
  IndashBlogResponse,
  PeeprResponse,
  SurveyAnswerResponse,
  SurveyView,
  TumblelogHeader,
} from '../blog-viewer/types';
import { blogFields, globalThemeParamsSchema } from './blog';
import { postViewSchema } from './post';

const text = z.string();
const flag = z.boolean();

export const tumblelogHeaderSchema: z.ZodType<TumblelogHeader> = z.object({
  ...blogFields,
  following: flag,
  can_subscribe: flag,
  is_subscribed: flag,
  is_owner: flag,
  global_theme_params: z.intersection(
    globalThemeParamsSchema,
    z.object({ header_image_dimens: z.object({ width: z.number(), height: z.number() }).nullable() }),
  ),
});

/** The drawer's ads for a page (ads/serve.ts): one after every `every` posts. */
export const peeprAdSchema: z.ZodType<PeeprAd> = z.object({ every: z.number(), posts: z.array(postViewSchema) });

const surveyViewSchema: z.ZodType<SurveyView> = z.object({
  title: text,
  options: z.array(
    z.object({
      text,
      link: z.object({ href: text, method: z.literal('POST'), body_params: z.object({ survey_id: text, option: text }) }),
    }),
  ),
  submission_confirmation: text,
});

export const indashBlogSchema: z.ZodType<IndashBlogResponse> = z.object({
  posts: z.array(postViewSchema),
  tumblelog: tumblelogHeaderSchema,
  peepr_ad: peeprAdSchema.nullable(),
  tracking_html: z.literal(''),
  next: text.nullable(),
  safe_mode_hidden: flag,
  survey: z.array(surveyViewSchema),
  post_id: text.nullable(),
  tumblelog_name: text,
  post_url: text.nullable(),
  post_tiny_url: text.nullable(),
});

export const peeprSchema: z.ZodType<PeeprResponse> = z.object({
  posts: z.array(postViewSchema),
  peepr_ad: peeprAdSchema.nullable(),
  next: text.nullable(),
  safe_mode_hidden: flag,
});

export const surveyAnswerSchema: z.ZodType<SurveyAnswerResponse> = z.object({ submission_confirmation: text });

export const adminSurveySchema: z.ZodType<AdminSurveyResponse> = z.object({
  survey: z
    .object({
      id: text,
      title: text,
      options: z.array(z.object({ key: text, text, answers: z.number() })),
      submission_confirmation: text,
      created_at: text,
    })
    .nullable(),
});
