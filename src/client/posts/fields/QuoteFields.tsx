import { BodyEditor } from '../../editors/BodyEditor';
import { PlainTextEditor } from '../../editors/PlainTextEditor';
import styles from './fields.module.css';
import { updater, type FieldsProps } from './types';

export function QuoteFields({ content, dispatch, editorType }: FieldsProps<'quote'>) {
  const update = updater(dispatch, 'quote');
  return (
    <>
      <div className={styles.quote}>
        <BodyEditor editorType={editorType} value={content.quote} onChange={(quote) => update({ quote })} ariaLabel="Quote" placeholder="“Quote”" />
      </div>
      <div className={styles.source}>
        <span aria-hidden="true">—</span>
        <PlainTextEditor value={content.source} onChange={(source) => update({ source })} ariaLabel="Source" placeholder="Source" name="source" />
      </div>
    </>
  );
}
