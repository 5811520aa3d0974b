import { useMemo, useState, type FormEvent } from 'react';
import { ASK_PAGE_TITLE_MAX, SUBMISSION_GUIDELINES_MAX, type BlogSettingsInput } from '../../shared/blog-settings';
import { POST_TYPES, type PostType } from '../../shared/constants';
import type { Blog } from '../../shared/types';
import { useSaveBlogSettings } from '../api/blogs';
import { ApiError } from '../api/client';
import page from '../app/page.module.css';
import styles from '../blogs/settings/BlogSettingsPage.module.css';
import { POST_TYPE_LABELS } from '../compose/post-type-icons';

interface AskDraft {
  asks: boolean;
  anonymous_asks: boolean;
  ask_page_title: string;
  submissions: boolean;
  submission_types: PostType[];
  submission_guidelines: string;
}

const draftOf = (blog: Blog): AskDraft => ({
  asks: Boolean(blog.asks),
  anonymous_asks: Boolean(blog.anonymous_asks),
  ask_page_title: blog.ask_page_title ?? '',
  submissions: Boolean(blog.submissions),
  submission_types: POST_TYPES.filter((type) => blog.submission_types?.includes(type)),
  submission_guidelines: blog.submission_guidelines ?? '',
});

/** Only what differs from the saved blog, in the settings call's terms. */
function changesOf(saved: AskDraft, draft: AskDraft): BlogSettingsInput {
  const changes: BlogSettingsInput = {};
  for (const key of ['asks', 'anonymous_asks', 'ask_page_title', 'submissions', 'submission_guidelines'] as const) {
    if (draft[key] !== saved[key]) Object.assign(changes, { [key]: draft[key] });
  }
  if (draft.submission_types.join() !== saved.submission_types.join()) changes.submission_types = draft.submission_types;
  return changes;
}

/** The blog settings page's asks and submissions (issue 14), saved through the same settings call. */
export function AskSettingsForm({ blog }: { blog: Blog }) {
  const saved = useMemo(() => draftOf(blog), [blog]);
  const [draft, setDraft] = useState(saved);
  const save = useSaveBlogSettings(blog.name);
  const set = <K extends keyof AskDraft>(key: K, value: AskDraft[K]) => {
    save.reset();
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const changes = changesOf(saved, draft);
  const dirty = Object.keys(changes).length > 0;
  const error = save.error instanceof ApiError ? save.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(changes, { onSuccess: (updated) => setDraft(draftOf(updated)) });
  };
  const toggleType = (type: PostType, on: boolean) =>
    set('submission_types', POST_TYPES.filter((t) => (t === type ? on : draft.submission_types.includes(t))));

  return (
    <div className={styles.layout} style={{ marginTop: 24 }}>
      <form className={`${page.card} ${styles.form}`} onSubmit={submit} noValidate aria-labelledby="ask-settings-title">
        <h2 id="ask-settings-title" className={page.title}>
          Asks and submissions
        </h2>
        <fieldset className={styles.group}>
          <legend>Asks</legend>
          <label className={styles.inline}>
            <input type="checkbox" name="asks" checked={draft.asks} onChange={(e) => set('asks', e.target.checked)} />
            Let people ask questions
          </label>
          <label className={styles.inline}>
            <input type="checkbox" name="anonymous_asks" checked={draft.anonymous_asks} disabled={!draft.asks} onChange={(e) => set('anonymous_asks', e.target.checked)} />
            Allow anonymous questions
          </label>
          <div className={styles.field}>
            <label htmlFor="ask-page-title">Ask page title</label>
            <input id="ask-page-title" name="ask_page_title" value={draft.ask_page_title} maxLength={ASK_PAGE_TITLE_MAX} placeholder={`Ask ${blog.name} a question`}
              onChange={(e) => set('ask_page_title', e.target.value)} aria-invalid={Boolean(error?.forField('ask_page_title'))} />
          </div>
        </fieldset>
        <fieldset className={styles.group}>
          <legend>Submissions</legend>
          <label className={styles.inline}>
            <input type="checkbox" name="submissions" checked={draft.submissions} onChange={(e) => set('submissions', e.target.checked)} />
            Let people submit posts
          </label>
          <div role="group" aria-label="Post types accepted" className={styles.inline} style={{ flexWrap: 'wrap' }}>
            {POST_TYPES.map((type) => (
              <label key={type} className={styles.inline}>
                <input type="checkbox" checked={draft.submission_types.includes(type)} disabled={!draft.submissions} onChange={(e) => toggleType(type, e.target.checked)} />
                {POST_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
          <div className={styles.field}>
            <label htmlFor="submission-guidelines">Guidelines</label>
            <textarea id="submission-guidelines" name="submission_guidelines" rows={3} value={draft.submission_guidelines} maxLength={SUBMISSION_GUIDELINES_MAX}
              disabled={!draft.submissions} onChange={(e) => set('submission_guidelines', e.target.value)} />
          </div>
        </fieldset>
        {error && (
          <p role="alert" className={styles.error}>
            {error.message}
          </p>
        )}
        <div className={styles.submitRow}>
          <button type="submit" className={styles.submit} disabled={!dirty || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save asks and submissions'}
          </button>
          {save.isSuccess && !dirty && (
            <span role="status" className={styles.saved}>
              Saved.
            </span>
          )}
        </div>
      </form>
    </div>
  );
}
