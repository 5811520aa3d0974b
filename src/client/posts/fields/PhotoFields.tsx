import { useId, useState, type ClipboardEvent } from 'react';
import { PHOTO_MAX, POST_MESSAGES } from '../../../shared/posts/messages';
import { BodyEditor } from '../../editors/BodyEditor';
import { FilePicker } from '../../uploads/FilePicker';
import { PICKER_ACCEPT } from '../../uploads/upload-constants';
import { UploadProgress } from '../../uploads/UploadProgress';
import { useFileDrag } from '../../uploads/use-file-drag';
import { useUploadCollection } from '../../uploads/use-upload-collection';
import { postablePhotos } from '../composer';
import { isWebUrl } from '../composer-validate';
import { usePostUploads } from '../post-uploads-context';
import styles from './fields.module.css';
import { PhotoLayoutPicker } from './PhotoLayoutPicker';
import { PhotoRow } from './PhotoRow';
import { updater, type FieldsProps } from './types';
import { Button } from '../../ui/Button';

/** Not a spec text: files past the tenth photo are not added. */
export const tooManyPhotos = (left: number) =>
  `A post holds at most ${PHOTO_MAX} photos: ${left} ${left === 1 ? 'was' : 'were'} left out.`;

/**
 * Photos by file (picker, drop, paste) or by address, up to 10, each with its own short caption and alt text;
 * ordered by dragging, by the arrow buttons or with Alt+arrows.
 */
export function PhotoFields({ content, dispatch, editorType }: FieldsProps<'photo'>) {
  const update = updater(dispatch, 'photo');
  const uploads = usePostUploads();
  const { items, progress, anyPending } = useUploadCollection(uploads.photos);
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const { photos } = content;
  // Refused files stay listed with their reason until removed, but take none of the ten places.
  const postable = postablePhotos(photos).length;
  const full = postable >= PHOTO_MAX;

  const addUrl = () => {
    if (!isWebUrl(url)) {
      setProblem(url.trim() ? POST_MESSAGES.invalidUrl : POST_MESSAGES.noUrl);
      return;
    }
    dispatch({ type: 'addPhoto', url });
    setUrl('');
    setProblem(null);
  };

  const addFiles = (files: File[]) => {
    const room = Math.max(0, PHOTO_MAX - postable);
    const taken = files.slice(0, room);
    setProblem(files.length > room ? tooManyPhotos(files.length - room) : null);
    if (taken.length > 0) dispatch({ type: 'addPhotoUploads', uploads: uploads.addPhotos(taken) });
  };
  const drag = useFileDrag(addFiles);

  const onPaste = (event: ClipboardEvent) => {
    // A rich-text caption takes pasted images itself (inline) and says so by preventing the default.
    if (event.defaultPrevented) return;
    const files = Array.from(event.clipboardData?.files ?? []).filter((file) => file.type.startsWith('image/'));
    if (files.length === 0) return;
    event.preventDefault();
    addFiles(files);
  };

  const viewOf = (uploadId: string | undefined) => (uploadId ? items.find((item) => item.id === uploadId) : undefined);

  return (
    // Image files pasted anywhere in the photo fields are added as photos.
    <div className={styles.photoFields} onPaste={onPaste}>
      <div className={drag.over ? `${styles.photoArea} ${styles.dragOver}` : styles.photoArea} {...drag.handlers}>
        {anyPending && <UploadProgress value={progress} label="Uploading photos" />}
        {photos.length > 0 && (
          <ol className={styles.photos} aria-label="Photos">
            {photos.map((photo, index) => (
              <PhotoRow
                key={photo.id}
                photo={photo}
                upload={viewOf(photo.upload?.id)}
                position={index + 1}
                count={photos.length}
                onMove={(by) => dispatch({ type: 'movePhoto', id: photo.id, by })}
                onMoveTo={(id) => dispatch({ type: 'movePhotoTo', id, index })}
                onRemove={() => {
                  if (photo.upload) uploads.remove('photos', photo.upload.id);
                  dispatch({ type: 'removePhoto', id: photo.id });
                }}
                onRetry={() => photo.upload && uploads.retry('photos', photo.upload.id)}
                onCaption={(caption) => dispatch({ type: 'setPhotoCaption', id: photo.id, caption })}
                onAlt={(alt) => dispatch({ type: 'setPhotoAlt', id: photo.id, alt })}
                onClip={(change) => dispatch({ type: 'setPhotoClip', id: photo.id, ...change })}
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
              addUrl();
            }}
            aria-label="Photo URL"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problemId}
            placeholder="Paste the address of a photo"
          />
          <Button variant="secondary" onClick={addUrl} disabled={full}>
            Add photo
          </Button>
          <FilePicker accept={PICKER_ACCEPT.image} multiple disabled={full} onFiles={addFiles}>
            Upload photos
          </FilePicker>
        </div>
        <p id={problemId} className={problem ? styles.problem : styles.hint} aria-live="polite">
          {problem ?? `${postable} of ${PHOTO_MAX} photos.`}
        </p>
        {!full && <p className={styles.hint}>Or drop or paste images here.</p>}
        {drag.over && (
          <p className={styles.dropHint} aria-hidden="true">
            Drop photos to add them
          </p>
        )}
      </div>
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
      {postable > 1 && !content.carousel && (
        <PhotoLayoutPicker count={postable} layout={content.layout} onChange={(layout) => update({ layout })} />
      )}
      {content.photos.length > 1 && (
        <label className={styles.check}>
          <input type="checkbox" checked={content.carousel} onChange={(event) => update({ carousel: event.currentTarget.checked })} /> Show the
          photos as a carousel
        </label>
      )}
      {content.photos.length > 1 && content.carousel && (
        <input
          className={styles.input}
          type="url"
          inputMode="url"
          value={content.carouselLinkUrl}
          onChange={(event) => update({ carouselLinkUrl: event.currentTarget.value })}
          aria-label="Carousel link"
          placeholder="Carousel link (optional)"
        />
      )}
    </div>
  );
}
