import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { ASK_TEXTS, askCounter, canSubmitQuestion, normalizeQuestion, questionProblem, stripNewlines } from '../../shared/asks/ask';
import { ApiError } from '../api/client';
import { useAsk } from '../api/asks';
import styles from './AskForm.module.css';
import { Button } from '../ui/Button';

export interface AskFormProps {
  recipient: string;
  /** The blog takes anonymous questions (its anonymous_asks). */
  anonymousAllowed: boolean;
  loggedIn: boolean;
  /** The question went (spec 2 §4: success closes the modal). */
  onSent: () => void;
}

/** The server's errors as a list (spec 2 §8); the first names what to fix. */
const errorsOf = (error: unknown): string[] => {
  if (error instanceof ApiError && error.items.length > 0) return error.items.map((item) => item.title);
  return [error instanceof Error ? error.message : 'Sorry, we seem to be having technical trouble. Please try again later.'];
};

/**
 * The ask form (spec 2 §2, §5): one line of question, the counter from 100 characters left, the
 * 'Ask anonymously' switch where the blog allows it for a logged-in asker (a logged-out asker is
 * always anonymous, and sent to log in where the blog wants names).
 */
export function AskForm({ recipient, anonymousAllowed, loggedIn, onSent }: AskFormProps) {
  const [question, setQuestion] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const ask = useAsk();
  const { pathname } = useLocation();
  const ids = { question: useId(), counter: useId(), errors: useId() };

  if (!loggedIn && !anonymousAllowed) {
    return (
      <p className={styles.login}>
        {recipient} takes questions from people who are logged in. <Link to={`/login?next=${encodeURIComponent(pathname)}`}>Log in to ask</Link>.
      </p>
    );
  }

  const counter = askCounter(question);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (ask.isPending) return;
    const problem = questionProblem(question);
    if (problem) {
      setErrors([problem]);
      return;
    }
    setErrors([]);
    ask.mutate(
      { recipient, anonymous: loggedIn ? anonymous : true, question: normalizeQuestion(question) },
      { onSuccess: onSent, onError: (error) => setErrors(errorsOf(error)) },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={ask.isPending}>
      <label className="visually-hidden" htmlFor={ids.question}>
        Your question for {recipient}
      </label>
      <textarea
        id={ids.question}
        className={styles.question}
        value={question}
        placeholder={`Ask ${recipient} a question`}
        rows={4}
        data-autofocus
        aria-describedby={`${counter ? ids.counter : ''} ${errors.length ? ids.errors : ''}`.trim() || undefined}
        aria-invalid={errors.length > 0 || undefined}
        onChange={(event) => setQuestion(stripNewlines(event.target.value))}
        onKeyDown={(event) => {
          // Newlines are stripped (spec 2 §5): Enter sends instead.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
      />
      {errors.length > 0 && (
        <div id={ids.errors} role="alert">
          <ul className={styles.errors}>
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.footer}>
        {loggedIn && anonymousAllowed ? (
          <label className={styles.switch}>
            <input type="checkbox" role="switch" checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} />
            <span>{ASK_TEXTS.askAnonymously}</span>
          </label>
        ) : (
          <span />
        )}
        <span className={styles.end}>
          {counter && (
            <span id={ids.counter} className={`${styles.counter} ${styles[counter.level]}`} data-level={counter.level} aria-live="polite">
              {counter.remaining}
            </span>
          )}
          <Button type="submit" variant="primary" disabled={!canSubmitQuestion(question) || ask.isPending}>
            {ask.isPending ? 'Asking…' : ASK_TEXTS.ask}
          </Button>
        </span>
      </div>
    </form>
  );
}
