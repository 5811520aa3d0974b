import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SITE_SEARCH } from '../../shared/search/site';
import { isPageShortcut } from '../ui/page-keys';
import { typeaheadMove } from '../blog-viewer/typeahead-keys';
import styles from './DesktopSearch.module.css';
import { clearRecentSearches, readRecentSearches, rememberSearch } from './recent-searches';
import { searchPageHref, useSearchSuggestions, type Suggestion } from './search-suggestions';

// A recent search sits under its own heading: it needs no word of its kind.
const KIND_WORD: Record<Suggestion['kind'], string | null> = { recent: null, blog: 'Blog', tag: 'Tag' };

/**
 * The desktop header's search (990 px and wider; phones have their own row): a combobox with blogs
 * and tags as one types, recent searches in the empty field, `/` to reach it from anywhere but a
 * field, Enter to search posts. A GET form too, so it works before the app has loaded.
 */
export function DesktopSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>(() => readRecentSearches());
  const { options, loading } = useSearchSuggestions(q, open, recent);
  const expanded = open && (options.length > 0 || (q.trim() !== '' && !loading));

  // `/` reaches the field from anywhere on the page, never while typing or with a modifier held.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented || !isPageShortcut(event)) return;
      if (!inputRef.current || inputRef.current.offsetParent === null) return;
      event.preventDefault();
      inputRef.current.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (href: string) => {
    close();
    inputRef.current?.blur();
    void navigate(href);
  };
  const search = (text: string) => {
    const words = text.trim();
    if (!words) return;
    setRecent(rememberSearch(words));
    setQ(words);
    go(searchPageHref(words));
  };
  const pick = (option: Suggestion) => {
    if (option.q) return search(option.q);
    setQ('');
    go(option.href);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded ? options[active] : undefined;
    if (chosen) pick(chosen);
    else search(q);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (!expanded) return;
      // Escape closes the list first; a second one leaves the field as it is.
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) setOpen(true);
    const next = typeaheadMove(event.key, false, active, options.length);
    if (next !== null) setActive(next);
  };

  return (
    <form role="search" action="/search" method="get" className={styles.search} onSubmit={submit}>
      <label htmlFor={`${listId}-q`} className="visually-hidden">
        Search
      </label>
      <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path fill="currentColor" d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z" />
      </svg>
      <input
        ref={inputRef}
        id={`${listId}-q`}
        name="q"
        type="search"
        role="combobox"
        autoComplete="off"
        placeholder="Search Tumbleweed"
        maxLength={SITE_SEARCH.maxQueryLength}
        aria-keyshortcuts="/"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 && options[active] ? `${listId}-${active}` : undefined}
        value={q}
        onChange={(event) => {
          setQ(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        // Moving to the clear button keeps the list; leaving the search closes it.
        onBlur={(event) => {
          if (!event.currentTarget.form?.contains(event.relatedTarget)) close();
        }}
        onKeyDown={onKeyDown}
      />
      <div className={styles.panel} hidden={!expanded}>
        {!q.trim() && <p className={styles.heading}>Recent searches</p>}
        <ul id={listId} role="listbox" aria-label={q.trim() ? 'Suggestions' : 'Recent searches'} className={styles.list}>
          {options.map((option, index) => (
            <li
              key={`${option.kind}-${option.label}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              // The field keeps the focus: a press on an option must not blur it first.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => pick(option)}
            >
              {KIND_WORD[option.kind] && <span className={styles.kind}>{KIND_WORD[option.kind]}</span>}
              <span className={styles.label}>{option.label}</span>
            </li>
          ))}
        </ul>
        {q.trim() && options.length === 0 && !loading && <p className={styles.empty}>Press Enter to search posts.</p>}
        {!q.trim() && recent.length > 0 && (
          <button
            type="button"
            className={styles.clear}
            onBlur={(event) => {
              if (!event.currentTarget.form?.contains(event.relatedTarget)) close();
            }}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              clearRecentSearches();
              setRecent([]);
              inputRef.current?.focus();
            }}
          >
            Clear recent searches
          </button>
        )}
      </div>
    </form>
  );
}
