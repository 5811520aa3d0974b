import { BodyEditor } from '../../editors/BodyEditor';
import styles from './fields.module.css';
import { updater, type FieldsProps } from './types';

/** An answer to an ask: the question is the asker's and stays as asked. */
export function NoteFields({ content, dispatch, editorType }: FieldsProps<'note'>) {
  const update = updater(dispatch, 'note');
  return (
    <>
      <blockquote className={styles.question} aria-label="Question">
        {content.question}
      </blockquote>
      <BodyEditor editorType={editorType} value={content.answer} onChange={(answer) => update({ answer })} ariaLabel="Answer" placeholder="Your answer" />
    </>
  );
}
