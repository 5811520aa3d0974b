import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { ALT_TEXT_MAX, PHOTO_CAPTION_MAX } from '../../../shared/posts/messages';
import type { UploadView } from '../../uploads/upload-view';
import { IMAGE_SHOW_MS, PHOTO_REFUSAL_HINTS, UPLOAD_MESSAGES } from '../../uploads/upload-constants';
import { UploadProgress } from '../../uploads/UploadProgress';
import type { PhotoItem } from '../composer';
import styles from './fields.module.css';
import { LivePhotoClip } from './LivePhotoClip';
import { Button } from '../../ui/Button';

/** What a photo being reordered carries; files dragged in from outside carry 'Files' instead. */
const PHOTO_DRAG_TYPE = 'application/x-post-photo';
const isPhotoDrag = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes(PHOTO_DRAG_TYPE);

interface PhotoRowProps {
  photo: PhotoItem;
  /** Its upload, for a photo added as a file. */
  upload: UploadView | undefined;
  position: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  /** Another photo (by id) was dropped here: it takes this one's place. */
  onMoveTo: (id: string) => void;
  onRemove: () => void;
  onRetry: () => void;
  onCaption: (caption: string) => void;
  onAlt: (alt: string) => void;
  onClip: (change: { livephoto?: string; pending?: boolean }) => void;
}

export function PhotoRow({ photo, upload, position, count, onMove, onMoveTo, onRemove, onRetry, onCaption, onAlt, onClip }: PhotoRowProps) {
  const [dropTarget, setDropTarget] = useState(false);
  // A preview the browser cannot draw (the file is no image it reads) shows as a tile, not a broken image.
  const [broken, setBroken] = useState(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onMove(event.key === 'ArrowUp' ? -1 : 1);
  };
  const src = photo.url || photo.preview;
  const pending = photo.upload?.status === 'pending';
  const failed = photo.upload?.status === 'failed';
  // Refused (too big, not an image, turned down by the server): it will never upload, so it offers
  // only Remove, says why in its tile, and does not count toward the ten.
  const refused = photo.upload?.status === 'refused';
  const hint = refused && upload?.errorType ? PHOTO_REFUSAL_HINTS[upload.errorType] : undefined;
  const over = photo.caption.length > PHOTO_CAPTION_MAX;
  return (
    <li
      className={dropTarget ? `${styles.photo} ${styles.dropTarget}` : styles.photo}
      onKeyDown={onKeyDown}
      onDragOver={(event) => {
        if (!isPhotoDrag(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setDropTarget(true);
      }}
      onDragLeave={() => setDropTarget(false)}
      onDrop={(event) => {
        if (!isPhotoDrag(event)) return;
        event.preventDefault();
        setDropTarget(false);
        const id = event.dataTransfer.getData(PHOTO_DRAG_TYPE);
        if (id && id !== photo.id) onMoveTo(id);
      }}
    >
      <div
        className={styles.thumbHandle}
        draggable
        title="Drag to reorder"
        onDragStart={(event) => {
          event.dataTransfer.setData(PHOTO_DRAG_TYPE, photo.id);
          event.dataTransfer.effectAllowed = 'move';
        }}
      >
        {refused ? (
          <span className={`${styles.thumb} ${styles.noThumb} ${styles.refusedThumb}`} role="img" aria-label={`Photo ${position}: not added`}>
            Not added
          </span>
        ) : src && !broken ? (
          <img
            src={src}
            alt={`Photo ${position}`}
            className={styles.thumb}
            style={{ animationDuration: `${IMAGE_SHOW_MS}ms` }}
            draggable={false}
            onError={() => setBroken(true)}
          />
        ) : (
          <span className={`${styles.thumb} ${styles.noThumb}`} role="img" aria-label={`Photo ${position}`}>
            {upload?.fileName}
          </span>
        )}
      </div>
      <div className={styles.photoBody}>
        {pending && <UploadProgress value={upload?.progress ?? 0} label={`Upload of photo ${position}`} />}
        {(failed || refused) && (
          <p className={styles.problem} role="alert">
            {refused && upload?.fileName ? `${upload.fileName}: ` : ''}
            {upload?.message || (refused ? UPLOAD_MESSAGES.unknown : UPLOAD_MESSAGES.network)}
          </p>
        )}
        {hint && <p className={styles.hint}>{hint}</p>}
        {!refused && (
          <>
            <input
              className={styles.input}
              value={photo.caption}
              onChange={(event) => onCaption(event.currentTarget.value)}
              aria-label={`Caption for photo ${position}`}
              placeholder="Photo caption (optional)"
            />
            {over && <p className={styles.hint}>Only the first {PHOTO_CAPTION_MAX} characters are kept.</p>}
            {/* Issue 24.4: read out in place of the photo; the alt-text reminder finds it by data-alt-for. */}
            <textarea
              className={`${styles.input} ${styles.alt}`}
              value={photo.alt}
              rows={2}
              maxLength={ALT_TEXT_MAX}
              onChange={(event) => onAlt(event.currentTarget.value)}
              aria-label={`Alt text for photo ${position}`}
              placeholder="Alt text: what the photo shows"
              data-alt-for={photo.id}
            />
            <LivePhotoClip position={position} clip={photo.livephoto} onClip={onClip} />
          </>
        )}
        <div className={styles.photoButtons}>
          {!refused && (
            <>
              <Button variant="secondary" size="small" onClick={() => onMove(-1)} disabled={position === 1} aria-label={`Move photo ${position} up`}>
                ↑
              </Button>
              <Button variant="secondary" size="small" onClick={() => onMove(1)} disabled={position === count} aria-label={`Move photo ${position} down`}>
                ↓
              </Button>
            </>
          )}
          {failed && upload?.retryable && (
            <Button variant="secondary" size="small" onClick={onRetry} aria-label={`Retry photo ${position}`}>
              Retry
            </Button>
          )}
          <Button variant="secondary" size="small" onClick={onRemove} aria-label={`Remove photo ${position}`}>
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
