import { BodyEditor } from '../../editors/BodyEditor';
import { ASK_TEXTS } from '../../../shared/asks/ask';
import styles from './fields.module.css';
import { updater, type FieldsProps } from './types';

/** An answer to an ask: the question is the asker's and stays as asked. */
export function NoteFields({ content, dispatch, editorType }: FieldsProps<'note'>) {
  const update = updater(dispatch, 'note');
  return (
    <>
      <div className={styles.question} role="group" aria-label="Question">
        <span className={styles.asker}>{content.asker || ASK_TEXTS.anonymous} asked:</span>
        <blockquote className={styles.questionText}>{content.question}</blockquote>
      </div>
      <BodyEditor editorType={editorType} value={content.answer} onChange={(answer) => update({ answer })} ariaLabel="Answer" placeholder="Your answer" />
    </>
  );
}
