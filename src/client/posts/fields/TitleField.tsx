import { PlainTextEditor } from '../../editors/PlainTextEditor';
import styles from './fields.module.css';

/** The one-line title of text, link and chat posts. */
export function TitleField({ value, onChange, placeholder = 'Title (optional)' }: { value: string; onChange: (title: string) => void; placeholder?: string }) {
  return (
    <PlainTextEditor
      className={styles.title}
      value={value}
      onChange={onChange}
      ariaLabel="Title"
      placeholder={placeholder}
      name="title"
      forceSingleLine
    />
  );
}
