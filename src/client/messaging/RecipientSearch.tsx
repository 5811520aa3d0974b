import { useEffect, useId, useMemo, useState } from 'react';
import { EMPTY_SEARCH_TEXTS, FAVORITES_TITLE, SEARCH_DEBOUNCE_MS, SEARCH_LOADER_DELAY_MS, TEXT_CANNOT_RECEIVE } from '../../shared/messaging/constants';
import { Avatar } from '../ui/Avatar';
import { alertDialog } from '../ui/dialogs';
import { createShuffleBag } from '../ui/shuffle-bag';
import { FavoritesList } from './FavoritesList';
import styles from './Inbox.module.css';
import { useParticipantSearch } from './queries';
import type { Participant } from './types';

interface Props {
  participant: string;
  ownNames: string[];
  onPick: (blog: Participant) => void;
}

/** Waits `ms` after the last change before handing the value on. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** True once `on` has held for `ms`: a loader that does not flash for quick answers. */
export function useDelayedFlag(on: boolean, ms: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setShown(true), ms);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [on, ms]);
  return on && shown;
}

/** The compose view's 'To:' field (spec 2 §4): favorites while empty, search results otherwise. */
export function RecipientSearch({ participant, ownNames, onPick }: Props) {
  const inputId = useId();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useParticipantSearch(q, participant);
  const loaderShown = useDelayedFlag(search.isFetching, SEARCH_LOADER_DELAY_MS);
  // Spec 2 §8: a random line for no results, never the same twice in a row.
  const nextJoke = useMemo(() => createShuffleBag(EMPTY_SEARCH_TEXTS.length), []);
  const results = (search.data?.blogs ?? []).filter((blog) => !ownNames.includes(blog.name));
  const joke = useMemo(
    () => (search.isSuccess && results.length === 0 ? EMPTY_SEARCH_TEXTS[nextJoke()] : null),
    // A new line per answered search, not per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [search.dataUpdatedAt, q],
  );

  const choose = (blog: Participant) => {
    if (blog.can_receive_messages === false) return void alertDialog(TEXT_CANNOT_RECEIVE);
    onPick(blog);
  };

  return (
    <div className={styles.compose}>
      <div className={styles.to}>
        <label htmlFor={inputId}>To:</label>
        <input
          id={inputId}
          type="text"
          autoFocus
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && results[0]) choose(results[0]);
          }}
        />
      </div>
      {q === '' ? (
        <FavoritesList participant={participant} layout="list" title={FAVORITES_TITLE} onPick={choose} />
      ) : loaderShown && !search.data ? (
        <p className={styles.status} role="status">
          Searching…
        </p>
      ) : search.isError ? (
        <p className={styles.status}>The search did not work. Try again.</p>
      ) : results.length > 0 ? (
        <ul className={styles.list} aria-label="Search results">
          {results.map((blog) => (
            <li key={blog.uuid}>
              <a
                className={styles.row}
                href={`/conversation/new/${encodeURIComponent(blog.name)}`}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  choose(blog);
                }}
              >
                <Avatar blog={{ name: blog.name, is_adult: blog.is_adult ?? false, avatar_url: blog.avatar_url }} size={40} />
                <span className={styles.rowText}>
                  <span className={styles.rowName}>{blog.name}</span>
                  {blog.title && blog.title !== blog.name && <span className={styles.preview}>{blog.title}</span>}
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : joke ? (
        <p className={styles.status}>{joke}</p>
      ) : null}
    </div>
  );
}
