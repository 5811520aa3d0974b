import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { inAppHref } from '../../shared/routes';
import { POST_TYPE_LABELS, SEARCH_POST_TYPES, SEARCH_SORTS, SITE_SEARCH, SORT_LABELS } from '../../shared/search/site';
import type { UserInfoResponse } from '../../shared/types';
import { searchPages, searchRoot, useBlogSearch, type SearchParams } from '../api/search';
import { useUserInfo } from '../api/user';
import page from '../page/page.module.css';
import { usePageTitle } from '../page/use-page-title';
import { useHeaderTitle, useOwnSearch } from '../page/header-chrome';
import { Feed } from '../post/Feed';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import { FlatSelect } from '../ui/FlatSelect';
import { isHandle, RemoteAccountCard } from '../federation/RemoteAccountCard';
import { readSearchParams, searchHref } from './search-params';
import styles from './SearchPage.module.css';
import { useSafeModeOn } from '../ui/safe-mode';
import { Button } from '../ui/Button';

const SORT_OPTIONS = SEARCH_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));
const TYPE_OPTIONS = SEARCH_POST_TYPES.map((value) => ({ value, label: POST_TYPE_LABELS[value] }));

function SearchForm({ params, loggedIn }: { params: SearchParams; loggedIn: boolean }) {
  const navigate = useNavigate();
  const [q, setQ] = useState(params.q);
  const go = (next: SearchParams) => {
    if (next.q) navigate(searchHref(next));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ ...params, q: q.trim() });
  };
  return (
    <form role="search" action="/search" method="get" className={`${page.card} ${styles.form}`} onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor="search-q" className="visually-hidden">
          Search posts, tags and blogs
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          value={q}
          maxLength={SITE_SEARCH.maxQueryLength}
          placeholder="Search posts, #tags and blogs"
          onChange={(event) => setQ(event.target.value)}
        />
        <button type="submit">Search</button>
      </div>
      <div className={styles.filters}>
        <FlatSelect name="sort" label="Sort" value={params.sort} options={SORT_OPTIONS} onChange={(sort) => go({ ...params, q: q.trim() || params.q, sort })} />
        <FlatSelect
          name="filter_post_type"
          label="Post type"
          value={params.filter_post_type}
          options={TYPE_OPTIONS}
          onChange={(filter_post_type) => go({ ...params, q: q.trim() || params.q, filter_post_type })}
        />
        <label className={styles.switch}>
          <input
            type="checkbox"
            name="filter_nsfw"
            value="true"
            checked={params.filter_nsfw}
            onChange={(event) => go({ ...params, q: q.trim() || params.q, filter_nsfw: event.target.checked })}
          />
          Safe search
        </label>
        {loggedIn && (
          <label className={styles.switch}>
            <input
              type="checkbox"
              name="scope"
              value="mine"
              checked={params.scope === 'mine'}
              onChange={(event) => go({ ...params, q: q.trim() || params.q, scope: event.target.checked ? 'mine' : 'all' })}
            />
            Your stuff
          </label>
        )}
      </div>
    </form>
  );
}

function BlogResults({ q, viewer }: { q: string; viewer: UserInfoResponse['user'] | null }) {
  const blogs = useBlogSearch(q, q.length > 0);
  if (blogs.isPending || !blogs.data) return null;
  const found = blogs.data.pages.flatMap((p) => p.blogs);
  if (found.length === 0) return null;
  return (
    <section className={page.card} aria-labelledby="blog-results">
      <h2 id="blog-results" className={styles.heading}>
        Blogs
      </h2>
      <ul className={styles.blogs}>
        {found.map((blog) => (
          <li key={blog.name}>
            <a href={inAppHref(blog.url)} className={styles.blog}>
              <Avatar blog={blog} size={40} shape={blog.global_theme_params.avatar_shape} pixelated={shouldPixelate(blog, viewer)} />
              <span className={styles.names}>
                <span className={styles.name}>{blog.name}</span>
                <span className={styles.title}>{blog.title}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      {blogs.hasNextPage && (
        <Button variant="primary" size="large" onClick={() => void blogs.fetchNextPage()} disabled={blogs.isFetchingNextPage}>
          More blogs
        </Button>
      )}
    </section>
  );
}

/** /search: posts across the site (or the viewer's own stuff) and blogs, with the filters of spec 2 §2. */
export function SearchPage() {
  const [query] = useSearchParams();
  const { data: info, isPending } = useUserInfo();
  const params = readSearchParams(query, useSafeModeOn(info?.user));
  usePageTitle(params.q ? `Search: ${params.q}` : 'Search');
  useHeaderTitle('Search');
  useOwnSearch();
  if (isPending) return null;
  const viewer = info?.user ?? null;
  const form = <SearchForm key={params.q} params={params} loggedIn={Boolean(info)} />;
  if (!params.q) {
    return (
      <div className={page.column}>
        {form}
        <p className={page.card}>Type a word, a #tag or a blog’s name to search the whole site.</p>
      </div>
    );
  }
  return (
    <div className={page.column}>
      <Feed
        key={searchRoot(params)}
        root={searchRoot(params)}
        fetchPage={searchPages(params)}
        direction="before"
        viewer={viewer}
        label={`Posts found for ${params.q}`}
        header={
          <div className={styles.top}>
            {form}
            {viewer && params.scope === 'all' && isHandle(params.q) && <RemoteAccountCard handle={params.q} />}
            {params.scope === 'all' && <BlogResults q={params.q} viewer={viewer} />}
            <h1 className={styles.results}>{params.scope === 'mine' ? `Your stuff about ${params.q}` : `Posts about ${params.q}`}</h1>
          </div>
        }
        empty={<p className={page.card}>Nothing here about {params.q}.</p>}
      />
    </div>
  );
}
