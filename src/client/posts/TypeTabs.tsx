import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { POST_TYPES, type PostType } from '../../shared/constants';
import { POST_TYPE_REGISTRY } from '../post/post-types';
import { revealInRow, scrollHintClass, useScrollHint } from '../ui/scroll-hint';
import styles from './PostForm.module.css';

interface TypeTabsProps {
  type: PostType;
  onChange: (type: PostType) => void;
  panelId: string;
  disabled: boolean;
  /** The types offered: all seven, or those a blog takes as submissions. */
  types?: readonly PostType[];
}

export const tabId = (panelId: string, type: PostType) => `${panelId}-tab-${type}`;

/** The types of a new post (all seven unless limited); arrows move between them (and choose), like any tab list. */
export function TypeTabs({ type, onChange, panelId, disabled, types = POST_TYPES }: TypeTabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const hintRef = useScrollHint<HTMLDivElement>();
  const setList = useCallback(
    (list: HTMLDivElement | null) => {
      listRef.current = list;
      return hintRef(list);
    },
    [hintRef],
  );

  // On a phone the seven tabs scroll sideways: the chosen one (a form opened as video) is in view.
  useEffect(() => {
    const list = listRef.current;
    const chosen = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (list && chosen) revealInRow(list, chosen);
  }, [type]);

  const onKeyDown = (event: KeyboardEvent) => {
    const at = types.indexOf(type);
    const next =
      event.key === 'ArrowRight' ? types[(at + 1) % types.length]
      : event.key === 'ArrowLeft' ? types[(at - 1 + types.length) % types.length]
      : event.key === 'Home' ? types[0]
      : event.key === 'End' ? types[types.length - 1]
      : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[types.indexOf(next)]?.focus();
  };

  return (
    <div
      ref={setList}
      role="tablist"
      aria-label="Post type"
      className={`${styles.tabs} ${scrollHintClass}`}
      onKeyDown={onKeyDown}
    >
      {types.map((t) => (
        <button
          key={t}
          id={tabId(panelId, t)}
          type="button"
          role="tab"
          aria-selected={t === type}
          aria-controls={panelId}
          tabIndex={t === type ? 0 : -1}
          disabled={disabled}
          className={styles.tab}
          onClick={() => onChange(t)}
        >
          <span className={styles.tabIcon} style={{ color: t === 'text' ? 'var(--text)' : POST_TYPE_REGISTRY[t].color }}>
            {POST_TYPE_REGISTRY[t].icon(22)}
          </span>
          {POST_TYPE_REGISTRY[t].label}
        </button>
      ))}
    </div>
  );
}
