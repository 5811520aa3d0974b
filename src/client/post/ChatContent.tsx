import type { ContentProps } from './content-props';
import styles from '../ui/content.module.css';

export function ChatContent({ content }: ContentProps<'chat'>) {
  return (
    <div className={styles.block}>
      {content.title && <h2 className={styles.title}>{content.title}</h2>}
      <ul className={styles.chat}>
        {content.lines.map((line, i) => (
          <li key={i}>
            {line.label && <strong>{line.label}</strong>}
            {line.phrase}
          </li>
        ))}
      </ul>
    </div>
  );
}
