import { BodyEditor } from '../../editors/BodyEditor';
import { PlainTextEditor } from '../../editors/PlainTextEditor';
import styles from './fields.module.css';
import { updater, type FieldsProps } from './types';

export function VideoFields({ content, dispatch, editorType }: FieldsProps<'video'>) {
  const update = updater(dispatch, 'video');
  return (
    <>
      <PlainTextEditor
        className={styles.embed}
        value={content.embedCode}
        onChange={(embedCode) => update({ embedCode })}
        ariaLabel="Embed code or URL"
        placeholder="Paste a URL or embed code"
        name="embedCode"
      />
      <BodyEditor editorType={editorType} value={content.caption} onChange={(caption) => update({ caption })} ariaLabel="Caption" placeholder="Add a caption, if you like" />
    </>
  );
}
