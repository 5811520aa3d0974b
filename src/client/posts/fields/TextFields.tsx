import { BodyEditor } from '../../editors/BodyEditor';
import { PlainTextEditor } from '../../editors/PlainTextEditor';
import styles from './fields.module.css';
import { updater, type FieldsProps } from './types';

export function TextFields({ content, dispatch, editorType }: FieldsProps<'text'>) {
  const update = updater(dispatch, 'text');
  return (
    <>
      <PlainTextEditor
        className={styles.title}
        value={content.title}
        onChange={(title) => update({ title })}
        ariaLabel="Title"
        placeholder="Title"
        name="title"
        forceSingleLine
      />
      <BodyEditor editorType={editorType} value={content.body} onChange={(body) => update({ body })} ariaLabel="Body" placeholder="Your text here" />
    </>
  );
}
