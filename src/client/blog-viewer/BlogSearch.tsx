import { useEffect, useId, useRef, useState, type Dispatch, type KeyboardEvent } from 'react';
import { BLOG_SEARCH, DRAWER_TEXTS } from '../../shared/blog-viewer/constants';
import styles from './BlogSearch.module.css';
import { FilterPopover } from './FilterPopover';
import { useTagTypeahead } from './queries';
import type { SearchAction, SearchModel } from './search-model';
import { typeaheadMove } from './typeahead-keys';

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path fill="currentColor" d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z" />
    </svg>
  );
}

function BackIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path fill="currentColor" d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" />
    </svg>
  );
}

interface BlogSearchProps {
  model: SearchModel;
  dispatch: Dispatch<SearchAction>;
  /** Spec 2 §5: hidden when safe mode is on and the blog is adult. */
  allowed: boolean;
}

/**
 * In-blog search (spec 2 §2): the search icon toggles the field, the back arrow clears it, the
 * filter icon opens the filter popover; typing suggests the blog's tags ('Popular Tags').
 */
export function BlogSearch({ model, dispatch, allowed }: BlogSearchProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [suggesting, setSuggesting] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const typed = model.unsetTerm.trim();
  const typeahead = useTagTypeahead(model.blogname, typed, model.active && suggesting);
  const tags = typeahead.data ?? [];
  const showTags = model.active && suggesting && tags.length > 0;
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Spec 2 §4: the input takes the focus 300 ms after the bar opens.
  useEffect(() => {
    if (!model.active) return;
    const timer = setTimeout(() => inputRef.current?.focus(), BLOG_SEARCH.inputFocusMs);
    return () => clearTimeout(timer);
  }, [model.active]);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  if (!allowed) return null;

  const pick = (tag: string) => {
    dispatch({ type: 'pickTag', tag });
    setSuggesting(false);
    setHighlight(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && showTags) {
      // The suggestions close first; the drawer keeps its Escape for the next press.
      event.preventDefault();
      event.stopPropagation();
      setSuggesting(false);
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      if (showTags && highlight >= 0 && tags[highlight]) pick(tags[highlight]);
      else {
        dispatch({ type: 'submit' });
        setSuggesting(false);
      }
      return;
    }
    if (!showTags) return;
    const next = typeaheadMove(event.key, event.shiftKey, highlight, tags.length);
    if (next === null) return;
    event.preventDefault();
    setHighlight(next);
  };

  return (
    <div className={styles.bar} role="search">
      {model.active ? (
        <button type="button" className={styles.icon} aria-label="Clear search" onClick={() => dispatch({ type: 'toggle', force: false })}>
          <BackIcon />
        </button>
      ) : (
        <button type="button" className={styles.icon} aria-label="Search this blog" onClick={() => dispatch({ type: 'toggle' })}>
          <SearchIcon />
        </button>
      )}
      {model.active && (
        <div className={styles.field}>
          <input
            ref={inputRef}
            className={styles.input}
            type="search"
            role="combobox"
            aria-label={DRAWER_TEXTS.searchPlaceholder(model.blogname)}
            aria-expanded={showTags}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showTags && highlight >= 0 ? `${listId}-${highlight}` : undefined}
            placeholder={DRAWER_TEXTS.searchPlaceholder(model.blogname)}
            value={model.unsetTerm}
            maxLength={BLOG_SEARCH.maxTermLength}
            onChange={(event) => {
              dispatch({ type: 'typed', text: event.target.value });
              setSuggesting(true);
              setHighlight(-1);
            }}
            onFocus={() => {
              clearTimeout(hideTimer.current);
              setSuggesting(true);
            }}
            onBlur={() => {
              // Spec 2 §9: the suggestions hide 100 ms after the field loses the focus (a click on one lands first).
              hideTimer.current = setTimeout(() => setSuggesting(false), BLOG_SEARCH.popoverHideOnBlurMs);
            }}
            onKeyDown={onKeyDown}
          />
          <div className={styles.typeahead} hidden={!showTags}>
            <p className={styles.typeaheadTitle} aria-hidden="true">
              {DRAWER_TEXTS.popularTags}
            </p>
            <ul id={listId} role="listbox" aria-label={DRAWER_TEXTS.popularTags} className={styles.tags}>
              {tags.map((tag, i) => (
                <li
                  key={tag}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === highlight}
                  className={`${styles.tag} ${i === highlight ? styles.highlighted : ''}`}
                  // Before the input's blur, so the choice is made while the list still shows.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(tag)}
                >
                  #{tag}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <FilterPopover model={model} dispatch={dispatch} />
    </div>
  );
}
