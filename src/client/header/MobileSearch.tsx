import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { POST_TYPE_LABELS, SEARCH_POST_TYPES, SEARCH_SORTS, SITE_SEARCH, SORT_LABELS } from '../../shared/search/site';
import type { UserInfoResponse } from '../../shared/types';
import { FlatSelect } from '../ui/FlatSelect';
import { readSearchParams, searchHref } from '../search/search-params';
import styles from './MobileHeader.module.css';
import { useSafeModeOn } from '../ui/safe-mode';

const SORT_OPTIONS = SEARCH_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));
const TYPE_OPTIONS = SEARCH_POST_TYPES.map((value) => ({ value, label: POST_TYPE_LABELS[value] }));

/**
 * The mobile header's search (spec 2 §2): a GET form to /search with q, filter_nsfw, sort and
 * filter_post_type; logged-in people get the filter icon that shows the three filters. The form
 * works as a plain GET form too; in the app it navigates without a reload.
 */
export function MobileSearch({ info }: { info: UserInfoResponse | null }) {
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const safeMode = useSafeModeOn(info?.user);
  const current = readSearchParams(pathname === '/search' ? query : new URLSearchParams(), safeMode);
  const [q, setQ] = useState(current.q);
  const [filters, setFilters] = useState(current);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = q.trim();
    if (!text) return;
    setFiltersOpen(false);
    navigate(searchHref({ ...filters, q: text, scope: 'all' }));
  };
  return (
    <form role="search" action="/search" method="get" className={styles.search} onSubmit={submit}>
      <div className={styles.searchRow}>
        <label htmlFor="mobile-search-q" className="visually-hidden">
          Search
        </label>
        <input
          id="mobile-search-q"
          name="q"
          type="search"
          enterKeyHint="search"
          placeholder="Search"
          maxLength={SITE_SEARCH.maxQueryLength}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        {info && (
          <button
            type="button"
            className={styles.iconButton}
            aria-expanded={filtersOpen}
            aria-controls="mobile-search-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path fill="currentColor" d="M3 5h18v2H3zm4 6h10v2H7zm3 6h4v2h-4z" />
            </svg>
            <span className="visually-hidden">Search filters</span>
          </button>
        )}
      </div>
      {/* Hidden when closed, but still sent: the GET form always carries the four fields. */}
      <div id="mobile-search-filters" className={styles.filters} hidden={!filtersOpen}>
        <FlatSelect name="sort" label="Sort" value={filters.sort} options={SORT_OPTIONS} onChange={(sort) => setFilters({ ...filters, sort })} />
        <FlatSelect
          name="filter_post_type"
          label="Post type"
          value={filters.filter_post_type}
          options={TYPE_OPTIONS}
          onChange={(filter_post_type) => setFilters({ ...filters, filter_post_type })}
        />
        <label className={styles.switch}>
          <input
            type="checkbox"
            checked={filters.filter_nsfw}
            onChange={(event) => setFilters({ ...filters, filter_nsfw: event.target.checked })}
          />
          Safe search
        </label>
      </div>
      <input type="hidden" name="filter_nsfw" value={String(filters.filter_nsfw)} />
      {!info && (
        <>
          <input type="hidden" name="sort" value={filters.sort} />
          <input type="hidden" name="filter_post_type" value={filters.filter_post_type} />
        </>
      )}
    </form>
  );
}
