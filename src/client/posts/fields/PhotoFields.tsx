import { useId, useState, type KeyboardEvent } from 'react';
import { PHOTO_CAPTION_MAX, PHOTO_MAX, POST_MESSAGES } from '../../../shared/posts/messages';
import { BodyEditor } from '../../editors/BodyEditor';
import type { PhotoItem } from '../composer';
import { isWebUrl } from '../composer-validate';
import styles from './fields.module.css';
import { updater, type FieldsProps } from './types';

/** Photos by address, up to 10, each with its own short caption; order by buttons or Alt+arrows. */
export function PhotoFields({ content, dispatch, editorType }: FieldsProps<'photo'>) {
  const update = updater(dispatch, 'photo');
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const full = content.photos.length >= PHOTO_MAX;

  const add = () => {
    if (!isWebUrl(url)) {
      setProblem(url.trim() ? POST_MESSAGES.invalidUrl : POST_MESSAGES.noUrl);
      return;
    }
    dispatch({ type: 'addPhoto', url });
    setUrl('');
    setProblem(null);
  };

  return (
    <>
      {content.photos.length > 0 && (
        <ol className={styles.photos} aria-label="Photos">
          {content.photos.map((photo, index) => (
            <PhotoRow
              key={photo.id}
              photo={photo}
              position={index + 1}
              count={content.photos.length}
              onMove={(by) => dispatch({ type: 'movePhoto', id: photo.id, by })}
              onRemove={() => dispatch({ type: 'removePhoto', id: photo.id })}
              onCaption={(caption) => dispatch({ type: 'setPhotoCaption', id: photo.id, caption })}
            />
          ))}
        </ol>
      )}
      <div className={styles.addPhoto}>
        <input
          className={styles.input}
          type="url"
          inputMode="url"
          value={url}
          disabled={full}
          onChange={(event) => setUrl(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
          aria-label="Photo URL"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problemId}
          placeholder="Paste the address of a photo"
        />
        <button type="button" className={styles.button} onClick={add} disabled={full}>
          Add photo
        </button>
      </div>
      <p id={problemId} className={problem ? styles.problem : styles.hint}>
        {problem ?? `${content.photos.length} of ${PHOTO_MAX} photos.`}
      </p>
      <BodyEditor editorType={editorType} value={content.caption} onChange={(caption) => update({ caption })} ariaLabel="Caption" placeholder="Add a caption, if you like" />
      <input
        className={styles.input}
        type="url"
        inputMode="url"
        value={content.linkthrough}
        onChange={(event) => update({ linkthrough: event.currentTarget.value })}
        aria-label="Click-through link"
        placeholder="Click-through link (optional)"
      />
    </>
  );
}

interface PhotoRowProps {
  photo: PhotoItem;
  position: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onCaption: (caption: string) => void;
}

function PhotoRow({ photo, position, count, onMove, onRemove, onCaption }: PhotoRowProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onMove(event.key === 'ArrowUp' ? -1 : 1);
  };
  const over = photo.caption.length > PHOTO_CAPTION_MAX;
  return (
    <li className={styles.photo} onKeyDown={onKeyDown}>
      <img src={photo.url} alt={`Photo ${position}`} className={styles.thumb} />
      <div className={styles.photoBody}>
        <input
          className={styles.input}
          value={photo.caption}
          onChange={(event) => onCaption(event.currentTarget.value)}
          aria-label={`Caption for photo ${position}`}
          placeholder="Photo caption (optional)"
        />
        {over && <p className={styles.hint}>Only the first {PHOTO_CAPTION_MAX} characters are kept.</p>}
        <div className={styles.photoButtons}>
          <button type="button" className={styles.small} onClick={() => onMove(-1)} disabled={position === 1} aria-label={`Move photo ${position} up`}>
            ↑
          </button>
          <button type="button" className={styles.small} onClick={() => onMove(1)} disabled={position === count} aria-label={`Move photo ${position} down`}>
            ↓
          </button>
          <button type="button" className={styles.small} onClick={onRemove} aria-label={`Remove photo ${position}`}>
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
