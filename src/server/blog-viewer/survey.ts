// The drawer's survey (spec 2 §3, §6): an admin sets it, the drawer carries it in safe mode with
// bypass, and an answer is stored once per person (answering again changes it).
import { sql } from 'kysely';
import { z } from 'zod';
import { SURVEY_LIMITS, type AdminSurveyResponse, type SurveyView } from '../../shared/blog-viewer/types';
import { idField } from '../../shared/ids';
import type { Db } from '../db/schema';
import { uniqueViolation } from '../db/errors';
import type { SurveyRow } from '../db/tables/survey';
import { AppError, ErrorCode, invalidField } from '../http/errors';

export const SURVEY_ANSWER_PATH = '/svc/indash_blog/survey';

const openSurvey = (db: Db) => db.selectFrom('surveys').selectAll().where('closed_at', 'is', null).executeTakeFirst();

/** The open survey for `userId`, as the drawer shows it, unless they answered it already. */
export async function surveyFor(db: Db, userId: string | null): Promise<SurveyView[]> {
  // Logged out there is no one to store an answer for: no survey.
  if (!userId) return [];
  const row = await db
    .selectFrom('surveys as s')
    .selectAll('s')
    .where('s.closed_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('survey_answers as a').select(sql<number>`1`.as('one')).whereRef('a.survey_id', '=', 's.id').where('a.user_id', '=', userId))),
    )
    .executeTakeFirst();
  return row ? [surveyView(row)] : [];
}

function surveyView(row: SurveyRow): SurveyView {
  return {
    title: row.title,
    options: row.options.map((option) => ({
      text: option.text,
      link: { href: SURVEY_ANSWER_PATH, method: 'POST', body_params: { survey_id: row.id, option: option.key } },
    })),
    submission_confirmation: row.submission_confirmation,
  };
}

export const surveyAnswerBody = z.object({
  survey_id: idField('survey_id', { missing: 'Say which survey: survey_id is missing.', digits: 'survey_id must be a survey id (digits only).' }),
  option: z.string({ error: 'Say which answer: option is missing.' }).min(1, 'Say which answer: option is empty.').max(40, 'That is not one of the answers.'),
});

const surveyClosed = () => new AppError(404, ErrorCode.notFound, 'That survey is over: there is nothing to answer.');

/** POST /svc/indash_blog/survey: stores the viewer's answer to the open survey. */
export async function answerSurvey(db: Db, userId: string, input: z.infer<typeof surveyAnswerBody>): Promise<{ submission_confirmation: string }> {
  const survey = await openSurvey(db);
  if (!survey || survey.id !== input.survey_id) throw surveyClosed();
  if (!survey.options.some((option) => option.key === input.option)) throw invalidField('option', 'That is not one of the answers of this survey.');
  // One row per person and survey: a second answer (or a double click) replaces the first.
  await db
    .insertInto('survey_answers')
    .values({ survey_id: survey.id, user_id: userId, option_key: input.option })
    .onConflict((oc) => oc.columns(['survey_id', 'user_id']).doUpdateSet({ option_key: input.option, answered_at: new Date() }))
    .execute();
  return { submission_confirmation: survey.submission_confirmation };
}

const line = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .min(1, `Write the ${label}.`)
    .max(max, `Keep the ${label} to ${max} characters or fewer.`);

export const surveyBody = z.object({
  title: line('survey title', SURVEY_LIMITS.titleMax),
  options: z
    .array(line('answer', SURVEY_LIMITS.optionMax), { error: 'options must be a list of the answers people choose from.' })
    .min(SURVEY_LIMITS.minOptions, `Give at least ${SURVEY_LIMITS.minOptions} answers to choose from.`)
    .max(SURVEY_LIMITS.maxOptions, `Give at most ${SURVEY_LIMITS.maxOptions} answers.`)
    .refine((options) => new Set(options.map((o) => o.toLowerCase())).size === options.length, 'Each answer must be different.'),
  submission_confirmation: line('thank-you text', SURVEY_LIMITS.confirmationMax),
});

/** POST /svc/admin/blog_viewer_survey: the new survey replaces the open one (closed, answers kept). */
export async function setSurvey(db: Db, adminUserId: string, input: z.infer<typeof surveyBody>): Promise<AdminSurveyResponse> {
  const options = input.options.map((text, i) => ({ key: `option_${i + 1}`, text }));
  const replace = () =>
    db.transaction().execute(async (trx) => {
      await trx.updateTable('surveys').set({ closed_at: new Date() }).where('closed_at', 'is', null).execute();
      await trx
        .insertInto('surveys')
        .values({ title: input.title, options: JSON.stringify(options), submission_confirmation: input.submission_confirmation, created_by: adminUserId })
        .execute();
    });
  try {
    await replace();
  } catch (error) {
    // Two admins at once: the partial unique index lets one open survey in; the other, whose
    // close ran before that one was written, tries again after it (and replaces it).
    if (uniqueViolation(error) === null) throw error;
    await replace();
  }
  return adminSurvey(db);
}

/** DELETE /svc/admin/blog_viewer_survey: no survey is shown any more. */
export async function closeSurvey(db: Db): Promise<AdminSurveyResponse> {
  await db.updateTable('surveys').set({ closed_at: new Date() }).where('closed_at', 'is', null).execute();
  return { survey: null };
}

/** GET /svc/admin/blog_viewer_survey: the open survey with how many chose each answer. */
export async function adminSurvey(db: Db): Promise<AdminSurveyResponse> {
  const survey = await openSurvey(db);
  if (!survey) return { survey: null };
  const counts = await db
    .selectFrom('survey_answers')
    .select(['option_key', (eb) => eb.fn.countAll<string>().as('n')])
    .where('survey_id', '=', survey.id)
    .groupBy('option_key')
    .execute();
  const byKey = new Map(counts.map((c) => [c.option_key, Number(c.n)]));
  return {
    survey: {
      id: survey.id,
      title: survey.title,
      options: survey.options.map((o) => ({ ...o, answers: byKey.get(o.key) ?? 0 })),
      submission_confirmation: survey.submission_confirmation,
      created_at: survey.created_at.toISOString(),
    },
  };
}
