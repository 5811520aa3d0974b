import type { UploadView } from '../../uploads/upload-view';
import { UPLOAD_MESSAGES } from '../../uploads/upload-constants';
import { UploadProgress } from '../../uploads/UploadProgress';
import type { UploadMark } from '../composer';
import styles from './fields.module.css';
import { Button } from '../../ui/Button';

interface MediaFileProps {
  kind: 'audio' | 'video';
  fileName: string;
  /** The draft's record of the upload (null once it is done). */
  mark: UploadMark | null;
  /** The upload itself, while the form's collection has it. */
  upload: UploadView | undefined;
  /** Video: the server still converts it. */
  processing?: boolean;
  /** Video: the server could not convert it, and why. */
  conversionError?: string | null;
  onRetry: () => void;
  onRemove: () => void;
}

/** An audio or video file chosen for the post: its upload's progress or failure, or that it is in. */
export function MediaFile({ kind, fileName, mark, upload, processing, conversionError, onRetry, onRemove }: MediaFileProps) {
  const pending = mark?.status === 'pending';
  const failed = mark?.status === 'failed' || mark?.status === 'refused';
  // Every byte sent and no answer yet: the server is reading the file.
  const sent = pending && upload !== undefined && upload.bytesTotal > 0 && upload.bytesLoaded >= upload.bytesTotal;
  const what = `${kind} file`;
  return (
    <div className={styles.mediaFile}>
      <div className={styles.mediaFileHead}>
        <span className={styles.mediaFileName}>{fileName || `Your ${what}`}</span>
        {failed && upload?.retryable && (
          <Button variant="secondary" size="small" onClick={onRetry} aria-label={`Retry the ${what}`}>
            Retry
          </Button>
        )}
        <Button variant="secondary" size="small" onClick={onRemove} aria-label={`Remove the ${what}`}>
          Remove
        </Button>
      </div>
      {pending && <UploadProgress value={upload?.progress ?? 0} label={`Upload of the ${what}`} />}
      {failed && (
        <p className={styles.problem} role="alert">
          {upload?.message || UPLOAD_MESSAGES.network}
        </p>
      )}
      {conversionError ? (
        <p className={styles.problem} role="alert">
          {conversionError}
        </p>
      ) : kind === 'video' && (processing || sent) ? (
        <p className={styles.hint} role="status">
          Processing your video…
        </p>
      ) : (
        !pending && !failed && <p className={styles.hint}>Uploaded.</p>
      )}
    </div>
  );
}
