import { PlainTextEditor } from '../../editors/PlainTextEditor';
import styles from './fields.module.css';
import { TitleField } from './TitleField';
import { updater, type FieldsProps } from './types';

const EXAMPLE = 'Tourist: Could you give us directions to Olive Garden?\nNew Yorker: No, but I could give you directions to an actual Italian restaurant.';

/** One line per utterance, `Name: words`; the server splits them. */
export function ChatFields({ content, dispatch }: FieldsProps<'chat'>) {
  const update = updater(dispatch, 'chat');
  return (
    <>
      <TitleField value={content.title} onChange={(title) => update({ title })} />
      <PlainTextEditor className={styles.chat} value={content.chat} onChange={(chat) => update({ chat })} ariaLabel="Chat" placeholder={EXAMPLE} name="chat" />
      <p className={styles.hint}>One line each, like “Name: words”.</p>
    </>
  );
}
