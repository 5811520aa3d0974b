// Answer schemas of sensitive marks and appeals (issue 15; spec 2 §3, §4).
import { z } from 'zod';
import { APPEAL_LEVEL, type AppealAnswer, type AppealLevel, type AppealsPage, type AppealView } from '../appeals';

const text = z.string();

const levels = Object.values(APPEAL_LEVEL).map((level) => z.literal(level)) as unknown as [z.ZodType<AppealLevel>, z.ZodType<AppealLevel>, ...z.ZodType<AppealLevel>[]];

const appealFields = {
  post_id: text,
  is_sensitive: z.boolean(),
  appeal_state: z.union(levels),
};

export const appealAnswerSchema: z.ZodType<AppealAnswer> = z.object(appealFields);

/** An admin's decision also says whether the owner was emailed. */
export const appealDecisionSchema: z.ZodType<AppealAnswer & { emailed: boolean }> = z.object({ ...appealFields, emailed: z.boolean() });

const appealViewSchema: z.ZodType<AppealView> = z.object({
  post: z.object({ id: text, type: text, url: text, summary: text }),
  blog: z.object({ name: text, url: text }),
  requested_at: text,
});

export const appealsPageSchema: z.ZodType<AppealsPage> = z.object({ appeals: z.array(appealViewSchema), next: text.nullable() });
