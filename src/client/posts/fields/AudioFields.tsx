import { BodyEditor } from '../../editors/BodyEditor';
import { FilePicker } from '../../uploads/FilePicker';
import { PICKER_ACCEPT } from '../../uploads/upload-constants';
import { useUploadCollection } from '../../uploads/use-upload-collection';
import { usePostUploads } from '../post-uploads-context';
import styles from './fields.module.css';
import { MediaFile } from './MediaFile';
import { PermissionCheck } from './PermissionCheck';
import { updater, type FieldsProps } from './types';

/** A song or sound by address, or an uploaded file (mp3, m4a, ogg, wav, flac) whose tags fill the track fields. */
export function AudioFields({ content, dispatch, editorType }: FieldsProps<'audio'>) {
  const update = updater(dispatch, 'audio');
  const uploads = usePostUploads();
  const { items } = useUploadCollection(uploads.audio);
  const hasFile = Boolean(content.upload || content.preuploadUrl);

  const choose = ([file]: File[]) => {
    if (!file) return;
    const added = uploads.addFile('audio', file);
    update({ upload: { id: added.uploadId, status: added.failed ? 'refused' : 'pending' }, fileName: file.name, preuploadUrl: '', albumArt: '' });
  };
  const removeFile = () => {
    if (content.upload) uploads.remove('audio', content.upload.id);
    update({ upload: null, preuploadUrl: '', albumArt: '', fileName: '' });
  };

  return (
    <>
      {hasFile ? (
        <MediaFile
          kind="audio"
          fileName={content.fileName}
          mark={content.upload}
          upload={items.find((item) => item.id === content.upload?.id)}
          onRetry={() => content.upload && uploads.retry('audio', content.upload.id)}
          onRemove={removeFile}
        />
      ) : (
        <div className={styles.sourceChoice}>
          <input
            className={styles.input}
            type="url"
            inputMode="url"
            value={content.url}
            onChange={(event) => update({ url: event.currentTarget.value })}
            aria-label="Audio URL"
            placeholder="Paste the address of a song or sound"
          />
          <span className={styles.or}>or</span>
          <FilePicker accept={PICKER_ACCEPT.audio} onFiles={choose}>
            Upload an audio file
          </FilePicker>
        </div>
      )}
      {content.albumArt && <img className={styles.albumArt} src={content.albumArt} alt="Album art" />}
      <div className={styles.track}>
        <label>
          Track
          <input className={styles.input} value={content.trackTitle} onChange={(event) => update({ trackTitle: event.currentTarget.value })} />
        </label>
        <label>
          Artist
          <input className={styles.input} value={content.trackArtist} onChange={(event) => update({ trackArtist: event.currentTarget.value })} />
        </label>
        <label>
          Album
          <input className={styles.input} value={content.trackAlbum} onChange={(event) => update({ trackAlbum: event.currentTarget.value })} />
        </label>
      </div>
      {hasFile && <PermissionCheck checked={content.confirmTos} onChange={(confirmTos) => update({ confirmTos })} />}
      <BodyEditor editorType={editorType} value={content.caption} onChange={(caption) => update({ caption })} ariaLabel="Caption" placeholder="Add a caption, if you like" />
    </>
  );
}
