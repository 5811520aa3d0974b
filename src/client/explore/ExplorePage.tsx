import { Link } from 'react-router';
import type { ExploreResponse } from '../../shared/tags';
import { usePostPages } from '../api/posts';
import { explorePage } from '../api/tags';
import { useUserInfo } from '../api/user';
import page from '../page/page.module.css';
import { usePageTitle } from '../page/use-page-title';
import { useHeaderTitle, useTransparentHeader } from '../page/header-chrome';
import { Feed } from '../post/Feed';
import styles from './ExplorePage.module.css';


/** Trending tags, from the same one request as the posts below (the Feed's query). */
function TrendingTags() {
  const { data, isPending } = usePostPages('explore', 'before', explorePage);
  if (isPending || !data) return null;
  const tags = (data.pages[0] as ExploreResponse | undefined)?.trending_tags ?? [];
  return (
    <section className={page.card} aria-labelledby="trending-title">
      <h2 id="trending-title" className={styles.heading}>
        Trending tags
      </h2>
      {tags.length === 0 ? (
        <p className={page.muted}>No tags have been used in the last 24 hours.</p>
      ) : (
        <ol className={styles.tags}>
          {tags.map(({ tag, post_count }) => (
            <li key={tag}>
              <Link to={`/tagged/${encodeURIComponent(tag)}`} className={styles.tag}>
                #{tag}
                <span className={styles.count}>{post_count === 1 ? '1 post' : `${post_count} posts`}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** /explore: what is active now, for anyone. */
export function ExplorePage() {
  usePageTitle('Explore');
  useHeaderTitle('Explore');
  // Discovery's front page: the bar stays out of the way over its top until the page scrolls.
  useTransparentHeader();
  const { data: info } = useUserInfo();
  return (
    <div className={page.column}>
      <Feed
        root="explore"
        fetchPage={explorePage}
        direction="before"
        viewer={info?.user ?? null}
        label="Popular posts"
        header={
          <div className={page.withAvatar}>
            <span />
            <div className={styles.top}>
              <section className={page.card}>
                <h1 className={page.title}>Explore</h1>
                <p className={page.muted}>What people are posting and passing around right now.</p>
              </section>
              <TrendingTags />
              <h2 className={styles.popular}>Popular in the last two days</h2>
            </div>
          </div>
        }
        empty={
          <div className={page.withAvatar}>
            <span />
            <p className={page.card}>Nothing has been popular in the last two days. Check back soon.</p>
          </div>
        }
      />
    </div>
  );
}
