import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { POST_MESSAGES } from '../../../shared/posts/messages';
import { useLinkPreview } from '../../api/link-preview';
import { BodyEditor } from '../../editors/BodyEditor';
import { isBlank, type DraftPatch } from '../composer';
import { isWebUrl } from '../composer-validate';
import styles from './fields.module.css';
import { TitleField } from './TitleField';
import { LinkPreviewCard } from './LinkPreviewCard';
import { updater, type FieldsProps } from './types';

/** Typing pauses this long before the address is previewed; leaving the field previews at once. */
export const PREVIEW_DEBOUNCE_MS = 400;

const hostOf = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return '';
  }
};

export function LinkFields({ content, dispatch, editorType }: FieldsProps<'link'>) {
  const update = updater(dispatch, 'link');
  const statusId = useId();
  const url = content.url.trim();
  // The address the fields opened with is the post's own (editing) or was previewed already
  // (before a type switch): previewing it again would only overwrite what is there.
  const [openedWith] = useState(url);
  const wanted = isWebUrl(url) && url !== openedWith ? url : null;
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const preview = useLinkPreview(previewUrl);
  const loading = previewUrl !== null && preview.isFetching;
  // The title this form filled in last: it may be replaced by the next preview, a typed one not.
  const filledTitle = useRef('');
  const filledFor = useRef<string | null>(null);

  useEffect(() => {
    if (wanted === previewUrl) return;
    const timer = setTimeout(() => setPreviewUrl(wanted), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, previewUrl]);

  // The form's check reads the draft: saving waits while a preview loads (spec 1 §5). A layout
  // effect, so the draft says so before the browser paints and before the next click is handled.
  useLayoutEffect(() => {
    if (Boolean(content.loadingPreview) === loading) return;
    dispatch({ type: 'update', postType: 'link', patch: { loadingPreview: loading } });
  }, [dispatch, loading, content.loadingPreview]);

  const data = preview.data;
  const failed = preview.isError;
  useEffect(() => {
    if ((!data && !failed) || previewUrl === null || filledFor.current === previewUrl) return;
    filledFor.current = previewUrl;
    // What the page says replaces what an earlier page said (a page that failed says nothing);
    // the person's own title stays.
    const patch: DraftPatch<'link'> = {
      excerpt: data?.description ?? '',
      author: data?.author ?? '',
      thumbnail: data?.thumbnail ?? '',
      removeThumbnail: false,
    };
    if (data?.title && (isBlank(content.title) || content.title === filledTitle.current)) {
      patch.title = data.title;
      filledTitle.current = data.title;
    }
    dispatch({ type: 'update', postType: 'link', patch });
  }, [dispatch, data, failed, previewUrl, content.title]);

  const thumbnail = content.removeThumbnail ? '' : (content.thumbnail ?? '');
  const current = previewUrl !== null && previewUrl === url;
  const showCard = Boolean(thumbnail || content.excerpt || (current && data && !data.unsupported));
  return (
    <>
      <input
        className={styles.input}
        type="url"
        inputMode="url"
        value={content.url}
        onChange={(event) => update({ url: event.currentTarget.value })}
        onBlur={() => setPreviewUrl(wanted)}
        aria-label="URL"
        aria-describedby={statusId}
        placeholder="Type or paste a URL"
      />
      <div id={statusId}>
        {loading && <p className={styles.hint} role="status">{POST_MESSAGES.loadingOpenGraph}</p>}
        {!loading && previewUrl !== null && preview.error && (
          <p className={styles.problem} role="alert">
            {preview.error.message}
          </p>
        )}
      </div>
      {showCard && (
        <LinkPreviewCard
          title={(current && data?.title) || content.title}
          excerpt={content.excerpt}
          site={(current && data?.site_name) || hostOf(url)}
          thumbnail={thumbnail}
          onRemoveThumbnail={() => update({ removeThumbnail: true, thumbnail: '' })}
        />
      )}
      <TitleField value={content.title} onChange={(title) => update({ title })} />
      <BodyEditor
        editorType={editorType}
        value={content.description}
        onChange={(description) => update({ description })}
        ariaLabel="Description"
        placeholder="Add a description, if you like"
      />
    </>
  );
}
