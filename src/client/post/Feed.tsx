import { Fragment, useRef, type ReactNode } from 'react';
import type { PostView } from '../../shared/posts/types';
import { LOADER_DELAY_MS } from '../../shared/constants';
import { ApiError, worthRetrying } from '../api/client';
import { usePostPages, type PageDirection, type PageFetcher } from '../api/posts';
import page from '../page/page.module.css';
import styles from './Feed.module.css';
import { InlineFormsContext } from './inline-forms';
import { PostCard } from './PostCard';
import { useHiddenPosts } from './pending-deletes';
import { useImpressions } from './use-impressions';
import { useScrollThreshold, type ScrollContainer, type ScrollTrigger } from '../ui/use-scroll-threshold';
import type { Viewer } from '../ui/viewer';
import { LeadPostContext } from './lead-post';

interface FeedProps {
  /** The page root of GET /svc/post/{root}/{direction}/{refPostId}. */
  root: string;
  direction: PageDirection;
  viewer: Viewer;
  label: string;
  /** Shown when the list has no posts at all. */
  empty: ReactNode;
  /** Shown instead of everything, the header too, when the server says there is no such list (404). */
  notFound?: ReactNode;
  /** Shown above the posts (and above loading, error and empty states). */
  header?: ReactNode;
  /**
   * The element the list scrolls in, when it is not the page (a drawer's panel): the next page
   * loads as that element's scrollbar passes 90 percent. The window by default.
   */
  scrollContainer?: ScrollContainer;
  /** Reads the pages from elsewhere than /svc/post/{root} (the drawer, in-blog search); `root` names them. */
  fetchPage?: PageFetcher;
  /** When the next page loads, if not at 90 percent of the scroll (the drawer's 175 px, spec 2 §9). */
  trigger?: ScrollTrigger;
  /** The end-of-results line; "That's all." by default. */
  end?: ReactNode;
  /** Shown after the end-of-results line (the dashboard's getting-started card). */
  afterEnd?: ReactNode;
  /**
   * What goes after the `count`-th post (an ad slot), given the ads the pages brought, in order;
   * null for nothing. Rendered inside the feed, between the articles.
   */
  slot?: (count: number, sponsored: PostView[]) => ReactNode;
}

/** A line under the cards, lined up with them rather than with the avatars. */
function Row({ children, busy = false, error = false }: { children: ReactNode; busy?: boolean; error?: boolean }) {
  return (
    <div className={page.withAvatar}>
      <span />
      <p
        className={`${styles.row} ${busy ? styles.loading : ''} ${error ? styles.error : ''}`}
        role={busy ? 'status' : error ? 'alert' : undefined}
        // Quick answers never flash a loader (spec 1 §9: loader delay).
        style={busy ? { animationDelay: `${LOADER_DELAY_MS}ms` } : undefined}
      >
        {children}
      </p>
    </div>
  );
}

/** Pages of posts in the column; the next page loads as the scrollbar passes 90 percent. */
export function Feed(props: FeedProps) {
  const { notFound, header } = props;
  const query = usePostPages(props.root, props.direction, props.fetchPage);
  if (notFound && query.error instanceof ApiError && query.error.status === 404 && !query.data) return <>{notFound}</>;
  return (
    <>
      {header}
      <FeedBody {...props} query={query} />
    </>
  );
}

function FeedBody({ viewer, label, empty, query, scrollContainer, trigger, end, afterEnd, slot }: FeedProps & { query: ReturnType<typeof usePostPages> }) {
  const { data, error, isPending, hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } =
    query;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  useScrollThreshold(() => void fetchNextPage(), canLoadMore, data?.pages.length, scrollContainer, trigger);
  const listRef = useRef<HTMLDivElement>(null);
  const hidden = useHiddenPosts();
  useImpressions(listRef, data?.pages.reduce((n, p) => n + p.posts.length, 0));

  if (isPending) return <Row busy>Loading posts…</Row>;
  if (!data) {
    return (
      <Row error>
        {error?.message ?? 'The posts could not be loaded.'}
        {worthRetrying(error) && (
          <button type="button" onClick={() => void refetch()}>
            Try again
          </button>
        )}
      </Row>
    );
  }

  const posts = data.pages.flatMap((p) => p.posts).filter((post) => !hidden.has(post.id));
  const sponsored = slot ? data.pages.flatMap((p) => p.sponsored ?? []) : [];
  if (posts.length === 0 && !hasNextPage) return <>{empty}</>;
  const size = hasNextPage ? -1 : posts.length;
  return (
    <div className={styles.feed}>
      {/* A feed holds only its articles; the status lines sit after it. */}
      <div ref={listRef} role="feed" aria-label={label} aria-busy={isFetching} className={styles.feed}>
        <InlineFormsContext.Provider value={true}>
          {posts.map((post, i) => (
            <Fragment key={post.id}>
              <LeadPostContext.Provider value={i === 0}>
                <PostCard post={post} viewer={viewer} position={{ index: i + 1, size }} />
              </LeadPostContext.Provider>
              {slot?.(i + 1, sponsored)}
            </Fragment>
          ))}
        </InlineFormsContext.Provider>
      </div>
      {isFetchingNextPage && <Row busy>Loading more posts…</Row>}
      {isFetchNextPageError && (
        <Row error>
          More posts could not be loaded.
          <button type="button" onClick={() => void fetchNextPage()}>
            Try again
          </button>
        </Row>
      )}
      {!hasNextPage && (
        <>
          {end ?? <Row>That's all.</Row>}
          {afterEnd}
        </>
      )}
    </div>
  );
}
