import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useReducer, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { EditorType, PostType } from '../../shared/constants';
import type { SaveResponse } from '../../shared/posts/types';
import type { Channel, UserInfoResponse } from '../../shared/types';
import { useSavePost } from '../api/post-form';
import { userKeys } from '../api/user';
import { BodyEditor } from '../editors/BodyEditor';
import { Avatar } from '../ui/Avatar';
import { BlogSelect } from '../ui/BlogSelect';
import { composerReducer, isDirty, type ComposerState, type SubmitState } from './composer';
import { toPayload, type ContextPage } from './composer-payload';
import { ALT_REMINDER, photosWithoutAlt, validate } from './composer-validate';
import { DelayedLoader } from '../ui/DelayedLoader';
import { confirmDialog } from '../ui/dialogs';
import { converterBetween } from './editor-convert';
import { EditorTypeSelect } from './EditorTypeSelect';
import { TypeFields } from './fields/TypeFields';
import { FORM_SCROLL_MS, FORM_SCROLL_PADDING } from '../post/form-constants';
import styles from './PostForm.module.css';
import { contentStatsLine } from '../../shared/posts/content-stats';
import { contentStatsOf } from './composer-stats';
import { PostOptions } from './PostOptions';
import { useFormUploads } from './post-uploads-context';
import { PostUploadsProvider } from './PostUploadsProvider';
import { ReblogTrail } from './ReblogTrail';
import { scrollIntoViewAnimated } from './scroll-into-view';
import { StateMenu } from './StateMenu';
import { TagsInput } from './TagsInput';
import { tabId, TypeTabs } from './TypeTabs';

/** The field a new form's typing goes to: its first text field or editor. */
const firstField = (fields: HTMLElement | null) =>
  fields?.querySelector<HTMLElement>('input:not([type="checkbox"]), textarea, [contenteditable="true"]') ?? null;

/** What the modal asks the form before closing it. */
export interface FormGuard {
  dirty: boolean;
  busy: boolean;
}

interface PostFormProps {
  initial: ComposerState;
  /** The blogs a new post or a reblog can go to. */
  channels: Channel[];
  contextPage: ContextPage;
  frameRef: RefObject<HTMLElement | null>;
  guardRef: RefObject<FormGuard | null>;
  onTypeChange: (type: PostType) => void;
  onSaved: (answer: SaveResponse, state: SubmitState, blogName: string) => void;
  onCancel: () => void;
  /** The type tabs offered to a new post (a submission: the types the blog takes); all when absent. */
  types?: readonly PostType[];
}

export function PostForm({ initial, channels, contextPage, frameRef, guardRef, onTypeChange, onSaved, onCancel, types }: PostFormProps) {
  const [state, dispatch] = useReducer(composerReducer, initial);
  const save = useSavePost();
  const queryClient = useQueryClient();
  const [reminding, setReminding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [enabled, setEnabled] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { mode, content, common, reblog } = state;
  const saving = save.isPending;

  // Attached: scroll into view, then the form takes input (spec 1 §4 lifecycle).
  useEffect(() => {
    const frame = frameRef.current;
    const form = formRef.current;
    if (!frame || !form) {
      const timer = setTimeout(() => setEnabled(true), 0);
      return () => clearTimeout(timer);
    }
    return scrollIntoViewAnimated(frame, form, { duration: FORM_SCROLL_MS, padding: FORM_SCROLL_PADDING }, () => setEnabled(true));
  }, [frameRef]);

  // The first field takes the keys from the moment the form shows, not when its opening scroll
  // ends: what is typed at once is kept ('A scheduled post' lost its 'A ' when it waited). Marked
  // data-autofocus too, for a dialog that opens in this same commit and places focus after this.
  useLayoutEffect(() => {
    const field = firstField(fieldsRef.current);
    if (!field) return;
    field.setAttribute('data-autofocus', '');
    field.focus({ preventScroll: true });
  }, []);

  // A first field that comes later (an editor that mounts after the form) gets it once enabled.
  useEffect(() => {
    if (enabled && !formRef.current?.contains(document.activeElement)) firstField(fieldsRef.current)?.focus();
  }, [enabled]);

  useEffect(() => {
    guardRef.current = { dirty: isDirty(state), busy: saving };
  });

  const show = (message: string, focus: boolean) => {
    setProblem(message);
    // After a failed save the focused button was disabled; the message takes the focus instead.
    if (focus) requestAnimationFrame(() => alertRef.current?.focus());
  };

  // Files upload for as long as the form is open; an inline image that fails says why here.
  const uploads = useFormUploads(dispatch, (message) => show(message, false));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!enabled || saving || reminding) return;
    const found = validate(state);
    if (found) {
      show(found, false);
      return;
    }
    setProblem(null);
    const missing = altReminderOn() ? photosWithoutAlt(state) : [];
    if (missing.length === 0) {
      send();
      return;
    }
    setReminding(true);
    void confirmDialog(ALT_REMINDER.message, { okLabel: ALT_REMINDER.postAnyway, cancelLabel: ALT_REMINDER.addAltText }).then((postAnyway) => {
      setReminding(false);
      if (postAnyway) send();
      // After the dialog has handed focus back (to the submit button), it goes to the first photo to describe.
      else setTimeout(() => fieldsRef.current?.querySelector<HTMLElement>(`[data-alt-for="${missing[0]}"]`)?.focus(), 0);
    });
  };

  /** Issue 24.4: on unless the person turned it off in their settings (read from the user info already loaded). */
  const altReminderOn = () => {
    const info = queryClient.getQueryData<UserInfoResponse | null>(userKeys.info);
    return Boolean(info && info.user.is_alt_text_reminder_enabled !== false);
  };

  const send = () =>
    save.mutate(toPayload(state, state.blogName, contextPage), {
      onSuccess: (answer) => onSaved(answer, state.common.state, state.blogName),
      onError: (error) => show(error.message, true),
    });

  const switchType = (type: PostType) => {
    dispatch({ type: 'setType', postType: type });
    setProblem(null);
    onTypeChange(type);
  };

  const switchEditor = async (to: EditorType) => {
    const convert = await converterBetween(state.common.editorType, to);
    dispatch({ type: 'setEditorType', editorType: to, convert });
  };

  const locked = !enabled || saving;
  const chooseBlog = mode !== 'edit' && channels.length > 1;
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-busy={saving || undefined}>
      <div className={styles.avatar}>
        <Avatar blog={{ name: state.blogName, is_adult: false }} size={64} />
      </div>
      <div className={styles.card}>
        <div className={styles.head}>
          {chooseBlog ? (
            <label className={styles.blog}>
              <span className="visually-hidden">Blog</span>
              <BlogSelect blogs={channels} value={state.blogName} disabled={locked} onChange={(blogName) => dispatch({ type: 'setBlog', blogName })} />
            </label>
          ) : (
            <span className={styles.blogName}>{state.blogName}</span>
          )}
          {reblog && mode === 'reblog' && <span className={styles.muted}>reblogging {reblog.post.blog.name}</span>}
        </div>
        {mode === 'new' && content.type !== 'note' && <TypeTabs type={content.type} onChange={switchType} panelId={panelId} disabled={locked} types={types} />}
        <PostUploadsProvider uploads={uploads}>
          {/* Open to typing while the form scrolls into view; saving is what waits for it. */}
          <fieldset className={styles.body} disabled={saving}>
            {reblog && <ReblogTrail post={reblog.post} withoutOwn={mode === 'edit'} />}
            <div
              ref={fieldsRef}
              className={styles.fields}
              id={panelId}
              role={mode === 'new' ? 'tabpanel' : undefined}
              aria-labelledby={mode === 'new' && content.type !== 'note' ? tabId(panelId, content.type) : undefined}
            >
              {reblog ? (
                <>
                  <BodyEditor
                    editorType={common.editorType}
                    value={reblog.comment}
                    onChange={(comment) => dispatch({ type: 'setComment', comment })}
                    ariaLabel="Your comment"
                    placeholder="Add something, if you like"
                  />
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={common.removeReblogTree}
                      onChange={(event) => dispatch({ type: 'setOptions', patch: { removeReblogTree: event.currentTarget.checked } })}
                    />{' '}
                    Remove the reblog trail
                  </label>
                </>
              ) : (
                <TypeFields content={content} dispatch={dispatch} editorType={common.editorType} />
              )}
            </div>
            <TagsInput tags={common.tags} dispatch={dispatch} />
            {/* Spec 1 §3 contentStats: what the post holds so far (sent as content_stats). */}
            <p className={styles.stats} data-testid="content-stats">
              {contentStatsLine(contentStatsOf(reblog ? null : content, reblog?.comment ?? ''))}
            </p>
            <PostOptions common={common} dispatch={dispatch} />
          </fieldset>
        </PostUploadsProvider>
        <div ref={alertRef} role="alert" tabIndex={-1} className={problem ? styles.alert : styles.noAlert}>
          {problem}
        </div>
        <div className={styles.footer}>
          <button type="button" className={styles.close} onClick={onCancel} disabled={saving}>
            Close
          </button>
          <EditorTypeSelect value={common.editorType} onChange={switchEditor} disabled={locked} />
          {common.state === 'scheduled' && (
            <label className={styles.schedule}>
              <span className="visually-hidden">Publish on</span>
              <input
                className={styles.input}
                type="datetime-local"
                value={common.publishOn}
                disabled={locked}
                onChange={(event) => dispatch({ type: 'setOptions', patch: { publishOn: event.currentTarget.value } })}
              />
            </label>
          )}
          <StateMenu mode={mode} state={common.state} fromInbox={state.fromInbox} onChange={(next) => dispatch({ type: 'setSubmitState', state: next })} saving={saving} disabled={!enabled} />
        </div>
      </div>
    </form>
  );
}

/** The panel shown while the post to edit or reblog loads. */
export function PostFormLoading() {
  return (
    <div className={styles.form}>
      <span />
      <div className={styles.card}>
        <DelayedLoader label="Loading the post form…" />
      </div>
    </div>
  );
}
