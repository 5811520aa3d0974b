import { useCallback } from 'react';
import { BodyEditor } from '../../editors/BodyEditor';
import { PlainTextEditor } from '../../editors/PlainTextEditor';
import { VideoPreview } from '../../players/VideoPreview';
import { FilePicker } from '../../uploads/FilePicker';
import { PICKER_ACCEPT } from '../../uploads/upload-constants';
import { useUploadCollection } from '../../uploads/use-upload-collection';
import { usePostUploads } from '../post-uploads-context';
import { useVideoConversion } from '../use-video-conversion';
import styles from './fields.module.css';
import { MediaFile } from './MediaFile';
import { PermissionCheck } from './PermissionCheck';
import { updater, type FieldsProps } from './types';

/** A video by URL or embed code, or an uploaded file the server converts. */
export function VideoFields({ content, dispatch, editorType }: FieldsProps<'video'>) {
  const update = updater(dispatch, 'video');
  const uploads = usePostUploads();
  const { items } = useUploadCollection(uploads.video);
  const hasFile = Boolean(content.upload || content.preuploadUrl);
  // Ready or failed, the file is no longer processing: the hint gives way to "Uploaded." or the reason.
  const settled = useCallback(() => dispatch({ type: 'update', postType: 'video', patch: { processing: false } }), [dispatch]);
  const conversion = useVideoConversion(content.preuploadUrl, content.processing, settled);

  const choose = ([file]: File[]) => {
    if (!file) return;
    const added = uploads.addFile('video', file);
    update({ upload: { id: added.uploadId, status: added.failed ? 'refused' : 'pending' }, fileName: file.name, preuploadUrl: '', processing: false });
  };
  const removeFile = () => {
    if (content.upload) uploads.remove('video', content.upload.id);
    update({ upload: null, preuploadUrl: '', processing: false, fileName: '' });
  };

  return (
    <>
      {hasFile ? (
        <>
          <MediaFile
            kind="video"
            fileName={content.fileName}
            mark={content.upload}
            upload={items.find((item) => item.id === content.upload?.id)}
            processing={content.processing}
            conversionError={content.preuploadUrl ? conversion.error : null}
            onRetry={() => content.upload && uploads.retry('video', content.upload.id)}
            onRemove={removeFile}
          />
          <PermissionCheck checked={content.confirmTos} onChange={(confirmTos) => update({ confirmTos })} />
          {content.preuploadUrl && <VideoPreview source={content.preuploadUrl} />}
        </>
      ) : (
        <>
          <PlainTextEditor
            className={styles.embed}
            value={content.embedCode}
            onChange={(embedCode) => update({ embedCode })}
            ariaLabel="Embed code or URL"
            placeholder="Paste a URL or embed code"
            name="embedCode"
          />
          <VideoPreview source={content.embedCode} />
          <div className={styles.sourceChoice}>
            <span className={styles.or}>or</span>
            <FilePicker accept={PICKER_ACCEPT.video} onFiles={choose}>
              Upload a video file
            </FilePicker>
          </div>
        </>
      )}
      <BodyEditor editorType={editorType} value={content.caption} onChange={(caption) => update({ caption })} ariaLabel="Caption" placeholder="Add a caption, if you like" />
    </>
  );
}
