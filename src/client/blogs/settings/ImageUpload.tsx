import { useRef, useState } from 'react';
import { FilePicker } from '../../uploads/FilePicker';
import { UploadProgress } from '../../uploads/UploadProgress';
import { ACCEPT_PATTERN, MAX_UPLOAD_BYTES, PICKER_ACCEPT, UPLOAD_ENDPOINT, UPLOAD_MESSAGES, fileTypeMessage } from '../../uploads/upload-constants';
import { xhrTransport, type UploadHandle } from '../../uploads/upload-transport';
import styles from './BlogSettingsPage.module.css';
import { Button } from '../../ui/Button';

interface ImageUploadProps {
  label: string;
  /** Shown while nothing is uploading (the current picture), or null. */
  preview: string | null;
  previewShape?: 'circle' | 'square';
  onUploaded: (url: string) => void;
  /** Clears the picture (back to none, or to the generated avatar). */
  onRemove: (() => void) | null;
  removeLabel: string;
  /** What the empty preview says. */
  emptyLabel?: string;
}

/** One picture of the blog: upload it through POST /svc/media/upload, with progress. */
export function ImageUpload({ label, preview, previewShape = 'square', onUploaded, onRemove, removeLabel, emptyLabel = 'None' }: ImageUploadProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const handle = useRef<UploadHandle | null>(null);

  const send = (file: File) => {
    setError(null);
    if (!ACCEPT_PATTERN.image.test(file.type)) return setError(fileTypeMessage('image'));
    if (file.size > MAX_UPLOAD_BYTES.image) return setError(UPLOAD_MESSAGES.fileSize);
    setProgress(0);
    const upload = xhrTransport({ url: UPLOAD_ENDPOINT, file, fieldName: 'photo', data: { type: 'image' } }, (loaded, total) =>
      setProgress(total > 0 ? loaded / total : 0),
    );
    handle.current = upload;
    upload.promise.then(
      (media) => {
        setProgress(null);
        onUploaded((media as { url: string }).url);
      },
      (failure: unknown) => {
        setProgress(null);
        setError(failure instanceof Error ? failure.message : UPLOAD_MESSAGES.unknown);
      },
    );
  };

  return (
    <fieldset className={styles.group}>
      <legend>{label}</legend>
      <div className={styles.imageRow}>
        {preview ? (
          <img src={preview} alt={`${label} preview`} className={`${styles.imagePreview} ${previewShape === 'circle' ? styles.round : ''}`} />
        ) : (
          <span className={styles.noImage}>{emptyLabel}</span>
        )}
        <span className={styles.imageButtons}>
          <FilePicker accept={PICKER_ACCEPT.image} disabled={progress !== null} onFiles={([file]) => file && send(file)}>
            Upload {label.toLowerCase()}
          </FilePicker>
          {onRemove && (
            <Button variant="secondary" onClick={onRemove} disabled={progress !== null}>
              {removeLabel}
            </Button>
          )}
        </span>
      </div>
      {progress !== null && <UploadProgress value={progress} label={`Uploading the ${label.toLowerCase()}`} />}
      {error && (
        <p role="alert" className={styles.fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
