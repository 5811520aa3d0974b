import { useCallback, useEffect, useId, useReducer, useRef, useState, type CSSProperties } from 'react';
import { DRAWER, DRAWER_ATTR, DRAWER_DIALOG_ATTR, DRAWER_POST_ATTR } from '../../shared/blog-viewer/constants';
import { ADS } from '../../shared/ads/types';
import type { PostView } from '../../shared/posts/types';
import { LrecSlot } from '../ads/LrecSlot';
import { SponsoredPost } from '../ads/SponsoredPost';
import { ApiError } from '../api/client';
import { useFeatures } from '../api/features';
import { useUserInfo } from '../api/user';
import page from '../page/page.module.css';
import { Feed } from '../post/Feed';
import { InDrawerContext } from '../post/use-action-source';
import type { ScrollTrigger } from '../ui/use-scroll-threshold';
import type { Viewer } from '../ui/viewer';
import { ModalDialog } from '../ui/ModalDialog';
import styles from './BlogDrawer.module.css';
import { BlogSearch } from './BlogSearch';
import { DrawerClose, DrawerHeader, drawerTheme } from './DrawerHeader';
import { requestCloseDrawer, replaceDrawer, setDrawerConfirmClose, type DrawerRequest } from '../ui/drawer-store';
import { NoResults } from './NoResults';
import { drawerRoot, useDrawerBlog, useDrawerExtras, useDrawerFetcher, useSearchFetcher } from './queries';
import { SafeModeOverlay } from './SafeModeOverlay';
import { initialSearch, searchReducer, searchRoot } from './search-model';
import { SurveyBlock } from './SurveyBlock';
import { useDrawerKeys } from './use-drawer-keys';
import { usePauseOnPostDetail } from './use-pause-on-post-detail';
import { useSafeModeOn } from '../ui/safe-mode';

/** Spec 2 §9 autopagination, for Feed: 175 px from the end, scroll read every 200 ms, a load every 500 ms. */
const TRIGGER: ScrollTrigger = {
  offsetPx: DRAWER.autopaginateOffsetPx,
  throttleMs: DRAWER.autopaginateThrottleMs,
  triggerMs: DRAWER.autopaginateTriggerMs,
};

/** The ad after every ADS.every-th post: the page's next promoted post; no ad, no slot. */
function adSlot(count: number, sponsored: PostView[], viewer: Viewer) {
  if (count % ADS.every !== 0) return null;
  const ad = sponsored[count / ADS.every - 1];
  return ad ? <SponsoredPost post={ad} viewer={viewer} /> : null;
}

interface BlogDrawerProps {
  request: DrawerRequest;
  openCount: number;
  /** Sliding in (open) or out (closing). */
  entering: boolean;
  glass: boolean;
}

/**
 * The blog viewer drawer (spec 2 §2): a side sheet on the shared native modal, so focus stays in
 * it and Escape or a click on the glass asks to close. It holds the blog's header, its posts (or
 * the single post asked for) through the same Feed as every list, and the in-blog search.
 */
export function BlogDrawer({ request, openCount, entering, glass }: BlogDrawerProps) {
  const { data: info } = useUserInfo();
  const features = useFeatures();
  const viewer = info?.user ?? null;
  const name = request.tumblelog_name;
  const scrollRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Spec 1 §6: the site flag and the setting both on; a visitor who is not logged in counts as on.
  const safeMode = useSafeModeOn(viewer);
  // 'Safe search' is offered to a reader with safe mode off (with it on, flagged posts are already left out).
  const [search, dispatch] = useReducer(searchReducer, undefined, () =>
    initialSearch(name, request.searchTagTerm ?? '', { showNsfwSwitch: Boolean(viewer) && !safeMode }),
  );
  const root = drawerRoot(request, openCount);
  const fetchDrawerPage = useDrawerFetcher(request, root);
  const blog = useDrawerBlog(name);
  const extras = useDrawerExtras(root);
  const onSearchPage = useCallback((nextOffset: number) => dispatch({ type: 'pageLoaded', nextOffset }), []);
  const fetchSearchPage = useSearchFetcher(search, onSearchPage);
  const onKeyDown = useDrawerKeys(scrollRef);
  const [footerFaded, setFooterFaded] = useState(false);
  usePauseOnPostDetail(request.post_id);

  useEffect(() => {
    dialogRef.current?.setAttribute(DRAWER_DIALOG_ATTR, '');
  });

  const blogData = blog.data;
  const own = Boolean(viewer?.channels.some((channel) => channel.name === name));
  // The server withholds the posts and says so; the overlay takes the list's place.
  const hiddenBySafeMode = Boolean(extras.data?.safeModeHidden);
  const survey = request.shouldBypassSafeMode ? extras.data?.survey[0] : undefined;
  const searching = search.term.length > 0;
  const missing = blog.error instanceof ApiError && blog.error.status === 404;

  return (
    // Its likes and replies say they were made in the drawer (spec 1 §2 peepr), whatever the address.
    <InDrawerContext.Provider value={true}>
    <ModalDialog
      shown
      visible={glass}
      onDismiss={() => void requestCloseDrawer()}
      dialogRef={dialogRef}
      labelledBy={blogData ? titleId : undefined}
      label={blogData ? undefined : name}
      className={`${styles.dialog} ${entering ? styles.entering : ''}`}
      style={{ '--drawer-slide': `${DRAWER.hideMs}ms` } as CSSProperties}
    >
      <div
        ref={scrollRef}
        className={styles.panel}
        style={blogData ? drawerTheme(blogData) : undefined}
        tabIndex={-1}
        data-autofocus
        onKeyDown={onKeyDown}
        onScroll={(event) => setFooterFaded(event.currentTarget.scrollTop > DRAWER.footerFadePx)}
        // A reply being typed makes closing ask first ('Close without sending?').
        onInput={(event) => {
          const fields = event.currentTarget.querySelectorAll('textarea');
          setDrawerConfirmClose([...fields].some((field) => field.value.trim() !== ''));
        }}
        onClick={(event) => {
          // A blog marked for the drawer, inside it: the same blog stays; another one replaces it.
          const link = (event.target as Element).closest?.(`[${DRAWER_ATTR}]`);
          if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          const other = link.getAttribute(DRAWER_ATTR) ?? '';
          const postId = link.getAttribute(DRAWER_POST_ATTR) ?? undefined;
          if (other !== name || (postId && postId !== request.post_id)) replaceDrawer({ tumblelog_name: other, ...(postId ? { post_id: postId } : {}) });
        }}
      >
        {!blogData && (
          <div className={styles.bareBar}>
            <DrawerClose name={name} onClose={() => void requestCloseDrawer()} />
          </div>
        )}
        {blog.isPending && <p className={styles.status}>Loading {name}…</p>}
        {missing && <p className={styles.status}>There is no blog called {name}, or it is not yours to see.</p>}
        {blogData && (
          <DrawerHeader
            blog={blogData}
            viewer={viewer}
            titleId={titleId}
            onClose={() => void requestCloseDrawer()}
            search={<BlogSearch model={search} dispatch={dispatch} allowed={!(safeMode && blogData.is_adult && !own)} />}
          />
        )}
        {survey && <SurveyBlock survey={survey} />}
        <div className={styles.columns}>
          <div className={styles.posts}>
            {searching ? (
              <Feed
                key={searchRoot(search)}
                root={searchRoot(search)}
                direction="before"
                fetchPage={fetchSearchPage}
                viewer={viewer}
                label={`Posts about ${search.term} on ${name}`}
                empty={<NoResults term={search.term} scrollRef={scrollRef} />}
                scrollContainer={scrollRef}
                trigger={TRIGGER}
              />
            ) : (
              !missing && (
                // An ad after every 10 posts (spec 2 §9): the promoted posts each page brought (peepr_ad).
                <Feed
                  root={root}
                  direction="before"
                  fetchPage={fetchDrawerPage}
                  viewer={viewer}
                  label={request.post_id ? `A post by ${name}` : `Posts by ${name}`}
                  empty={
                    hiddenBySafeMode ? (
                      <SafeModeOverlay canModifySafeMode={request.canModifySafeMode ?? Boolean(info)} onShowAnyway={() => replaceDrawer({ ...request, shouldBypassSafeMode: true })} />
                    ) : (
                      <p className={`${page.card} ${styles.status}`}>{name} has not posted anything yet.</p>
                    )
                  }
                  notFound={<p className={styles.status}>There is no such post, or it is not yours to see.</p>}
                  scrollContainer={scrollRef}
                  trigger={TRIGGER}
                  end={<p className={styles.end}>That's all.</p>}
                  slot={(count, sponsored) => adSlot(count, sponsored, viewer)}
                />
              )
            )}
          </div>
          {/* Issue 26: the side ad beside a blog in the drawer is the lrec_on_blog_pages_peepr flag's (off by default). */}
          {features.lrec_on_blog_pages_peepr === true && <LrecSlot />}
        </div>
        <footer className={`${styles.footer} ${footerFaded ? styles.faded : ''}`}>
          <a href={blogData?.url ?? `/blog/${encodeURIComponent(name)}`}>Open {name}</a>
        </footer>
      </div>
    </ModalDialog>
    </InDrawerContext.Provider>
  );
}
