import { useEffect } from 'react';
import { LIVE_PHOTO_MAX_SECONDS } from '../../../shared/players/constants';
import { FilePicker } from '../../uploads/FilePicker';
import { PICKER_ACCEPT } from '../../uploads/upload-constants';
import { UploadProgress } from '../../uploads/UploadProgress';
import { useSingleUpload } from '../../uploads/use-single-upload';
import styles from './fields.module.css';

interface LivePhotoClipProps {
  position: number;
  /** The clip the photo has (its uploaded address), if any. */
  clip: string | undefined;
  /** The clip changed: its address once uploaded, pending while it uploads, neither when removed or failed. */
  onClip: (change: { livephoto?: string; pending?: boolean }) => void;
}

/**
 * Issue 26.3 (spec 1 §3 Live photo, livephoto[oN]): a short clip that plays over the photo while
 * it is held, uploaded as a video when picked; the save waits for it and the server checks its length.
 */
export function LivePhotoClip({ position, clip, onClip }: LivePhotoClipProps) {
  const upload = useSingleUpload('video');
  const item = upload.item;
  const status = item ? (item.complete ? 'done' : item.error ? 'failed' : 'pending') : 'none';
  const url = upload.url;
  useEffect(() => {
    if (status === 'done') onClip({ livephoto: url });
    else if (status === 'pending') onClip({ pending: true });
    else if (status === 'failed') onClip({});
    // onClip is a new function each render; the status and address are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, url]);

  return (
    <div className={styles.clip}>
      {status === 'pending' && <UploadProgress value={item?.progress ?? 0} label={`Upload of the clip of photo ${position}`} />}
      {status === 'failed' && (
        <p className={styles.problem} role="alert">
          {item?.message}
        </p>
      )}
      {clip && status !== 'pending' ? (
        <>
          <span>Live photo clip added.</span>
          <button
            type="button"
            className={styles.small}
            onClick={() => {
              upload.clear();
              onClip({});
            }}
            aria-label={`Remove the clip of photo ${position}`}
          >
            Remove clip
          </button>
        </>
      ) : (
        <FilePicker accept={PICKER_ACCEPT.video} disabled={status === 'pending'} onFiles={(files) => upload.pick(files[0]!)}>
          Add a live photo clip
        </FilePicker>
      )}
      {!clip && status === 'none' && <span className={styles.hint}>A clip of up to {LIVE_PHOTO_MAX_SECONDS} seconds plays while the photo is held.</span>}
    </div>
  );
}
