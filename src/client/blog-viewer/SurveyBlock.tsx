import type { Survey } from './queries';
import { useSurveyAnswer } from './queries';
import styles from './BlogDrawer.module.css';

/**
 * The survey (spec 2 §3, §6): shown only in safe mode with bypass. Each option sends its own link
 * (method, address, body_params) with the form key; then the confirmation replaces the options.
 */
export function SurveyBlock({ survey }: { survey: Survey }) {
  const answer = useSurveyAnswer();
  return (
    <section className={styles.survey} aria-label="Survey">
      <h3 className={styles.surveyTitle}>{survey.title}</h3>
      {answer.isSuccess ? (
        <p role="status">{answer.data.submission_confirmation || survey.submission_confirmation}</p>
      ) : (
        <div className={styles.surveyOptions}>
          {survey.options.map((option) => (
            <button
              key={option.text}
              type="button"
              className={styles.headerButton}
              disabled={answer.isPending}
              onClick={() => answer.mutate(option)}
            >
              {option.text}
            </button>
          ))}
        </div>
      )}
      {answer.isError && <p role="alert">{answer.error.message}</p>}
    </section>
  );
}
