import { useRef, useState, type Dispatch } from 'react';
import type { ComposerAction } from './composer';
import styles from './PostForm.module.css';

/**
 * Tags as removable chips: a comma or Enter adds what was typed, Backspace in the empty input
 * removes the last, leaving the field adds what is left in it.
 */
export function TagsInput({ tags, dispatch }: { tags: string[]; dispatch: Dispatch<ComposerAction> }) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  const commit = (value: string) => {
    if (value.trim()) dispatch({ type: 'addTags', text: value });
  };

  const onChange = (value: string) => {
    // Typed or pasted commas end tags; what follows the last one is still being typed.
    const cut = value.lastIndexOf(',');
    if (cut < 0) {
      setText(value);
      return;
    }
    commit(value.slice(0, cut));
    setText(value.slice(cut + 1).trimStart());
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the tag; it does not send the form.
      event.preventDefault();
      commit(text);
      setText('');
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      event.preventDefault();
      dispatch({ type: 'removeLastTag' });
    }
  };

  const remove = (tag: string) => {
    dispatch({ type: 'removeTag', tag });
    inputRef.current?.focus();
  };

  return (
    <div className={styles.tags}>
      {tags.length > 0 && (
        <ul className={styles.tagList} aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag}>
              <button type="button" className={styles.tag} onClick={() => remove(tag)} aria-label={`Remove tag ${tag}`}>
                #{tag}
                <span aria-hidden="true"> ×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={inputRef}
        className={styles.tagInput}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          commit(text);
          setText('');
        }}
        aria-label="Add tags"
        placeholder="#tags (comma or Enter adds one)"
        autoComplete="off"
      />
    </div>
  );
}
