import type { ColumnType, Generated, Selectable } from 'kysely';

/** One choice of a survey: the key an answer stores, the text people read. */
export interface SurveyOption {
  key: string;
  text: string;
}

/** The blog viewer drawer's survey (spec 2 §3): the newest one not closed is shown. */
export interface SurveyTable {
  id: Generated<string>;
  title: string;
  options: ColumnType<SurveyOption[], string, string>;
  submission_confirmation: string;
  created_by: string | null;
  created_at: ColumnType<Date, never, never>;
  closed_at: Date | null;
}
export type SurveyRow = Selectable<SurveyTable>;

export interface SurveyAnswerTable {
  survey_id: string;
  user_id: string;
  option_key: string;
  answered_at: ColumnType<Date, Date | undefined, Date>;
}
