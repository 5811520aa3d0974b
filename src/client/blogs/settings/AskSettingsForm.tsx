import { ASK_PAGE_TITLE_MAX, SUBMISSION_GUIDELINES_MAX, type BlogSettingsInput } from '../../../shared/blog-settings';
import { POST_TYPES, type PostType } from '../../../shared/constants';
import type { Blog } from '../../../shared/types';
import page from '../../page/page.module.css';
import styles from './BlogSettingsPage.module.css';
import { SaveBar, SwitchRows } from './SettingsPieces';
import { useBlogSettingsDraft } from './use-blog-settings-draft';
import { POST_TYPE_LABELS } from '../../ui/post-type-icons';

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
  const { draft, set, dirty, error, pending, saved, submit } = useBlogSettingsDraft(blog, draftOf, changesOf);
  const toggleType = (type: PostType, on: boolean) =>
    set('submission_types', POST_TYPES.filter((t) => (t === type ? on : draft.submission_types.includes(t))));

  return (
    <div className={styles.layout} style={{ marginTop: 24 }}>
      <form className={`${page.card} ${styles.form}`} onSubmit={submit} noValidate aria-labelledby="ask-settings-title">
        <h2 id="ask-settings-title" className={page.title}>
          Asks and submissions
        </h2>
        <SwitchRows
          legend="Asks"
          items={[
            { key: 'asks', label: 'Let people ask questions' },
            { key: 'anonymous_asks', label: 'Allow anonymous questions', disabled: !draft.asks },
          ]}
          values={draft}
          onChange={set}
        >
          <div className={styles.field}>
            <label htmlFor="ask-page-title">Ask page title</label>
            <input id="ask-page-title" name="ask_page_title" value={draft.ask_page_title} maxLength={ASK_PAGE_TITLE_MAX} placeholder={`Ask ${blog.name} a question`}
              onChange={(e) => set('ask_page_title', e.target.value)} aria-invalid={Boolean(error?.forField('ask_page_title'))} />
          </div>
        </SwitchRows>
        <SwitchRows legend="Submissions" items={[{ key: 'submissions', label: 'Let people submit posts' }]} values={draft} onChange={set}>
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
        </SwitchRows>
        <SaveBar error={error} dirty={dirty} pending={pending} saved={saved} label="Save asks and submissions" />
      </form>
    </div>
  );
}
