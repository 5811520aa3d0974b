import { BodyEditor } from '../../editors/BodyEditor';
import { PlainTextEditor } from '../../editors/PlainTextEditor';
import styles from './fields.module.css';
import { updater, type FieldsProps } from './types';

export function LinkFields({ content, dispatch, editorType }: FieldsProps<'link'>) {
  const update = updater(dispatch, 'link');
  return (
    <>
      <input
        className={styles.input}
        type="url"
        inputMode="url"
        value={content.url}
        onChange={(event) => update({ url: event.currentTarget.value })}
        aria-label="URL"
        placeholder="Type or paste a URL"
      />
      <PlainTextEditor
        className={styles.title}
        value={content.title}
        onChange={(title) => update({ title })}
        ariaLabel="Title"
        placeholder="Title (optional)"
        name="title"
        forceSingleLine
      />
      <BodyEditor
        editorType={editorType}
        value={content.description}
        onChange={(description) => update({ description })}
        ariaLabel="Description"
        placeholder="Add a description, if you like"
      />
    </>
  );
}
