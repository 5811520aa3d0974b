import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Blog } from '../../shared/types';
import { blogKeys } from '../api/blogs';
import { useSuggestions } from '../api/suggestions';
import { useTagFollow } from '../api/tags';
import { FollowButton } from '../blogs/FollowButton';
import { Avatar } from '../ui/Avatar';
import styles from './Suggestions.module.css';

/**
 * One suggested blog. Its follow state lives in a cache entry of its own under the blogs' keys, so
 * the optimistic follow (api/follows.ts) turns its button at once and back on failure, as everywhere.
 */
function SuggestedBlog({ blog }: { blog: Blog }) {
  const { data = blog } = useQuery({ queryKey: [...blogKeys.all, 'suggested', blog.name], queryFn: () => blog, initialData: blog, staleTime: Infinity });
  return (
    <li className={styles.blog}>
      <Avatar blog={data} size={40} />
      <span className={styles.names}>
        <Link to={`/blog/${encodeURIComponent(data.name)}`} className={styles.name}>
          {data.name}
        </Link>
        {data.title && data.title !== data.name && <span className={styles.title}>{data.title}</span>}
      </span>
      <FollowButton blog={data} source="suggestions" />
    </li>
  );
}

/** A trending tag to follow: turns at once, back if the server refuses. */
function SuggestedTag({ tag }: { tag: string }) {
  const follow = useTagFollow(tag);
  const [following, setFollowing] = useState(false);
  const toggle = () => {
    const next = !following;
    setFollowing(next);
    follow.mutate(next, { onError: () => setFollowing(!next) });
  };
  return (
    <li>
      <button type="button" className={`${styles.tag} ${following ? styles.on : ''}`} aria-pressed={following} onClick={toggle}>
        #{tag}
      </button>
    </li>
  );
}

/** Blogs and tags to follow, from what Explore knows; `tagsOnly` for the welcome step's interests. */
export function Suggestions({ tagsOnly = false }: { tagsOnly?: boolean }) {
  const suggestions = useSuggestions();
  if (suggestions.isPending) return <p className={styles.muted}>Finding blogs and tags for you…</p>;
  if (!suggestions.data) return <p className={styles.muted}>Suggestions could not be loaded just now.</p>;
  const { blogs, tags } = suggestions.data;
  return (
    <>
      {!tagsOnly && blogs.length > 0 && (
        <section aria-labelledby="suggested-blogs">
          <h2 id="suggested-blogs" className={styles.heading}>
            Blogs to follow
          </h2>
          <ul className={styles.blogs}>
            {blogs.map((blog) => (
              <SuggestedBlog key={blog.name} blog={blog} />
            ))}
          </ul>
        </section>
      )}
      {tags.length > 0 && (
        <section aria-labelledby={tagsOnly ? undefined : 'suggested-tags'} aria-label={tagsOnly ? 'Tags to follow' : undefined}>
          {!tagsOnly && (
            <h2 id="suggested-tags" className={styles.heading}>
              Tags to follow
            </h2>
          )}
          <ul className={styles.tags}>
            {tags.map(({ tag }) => (
              <SuggestedTag key={tag} tag={tag} />
            ))}
          </ul>
        </section>
      )}
      {blogs.length === 0 && tags.length === 0 && <p className={styles.muted}>Nothing to suggest yet: Explore shows what is popular now.</p>}
    </>
  );
}

/**
 * The getting-started card: it says the dashboard is quiet (or, below one's own posts, that there is
 * more to follow), and offers blogs, tags and Explore.
 */
export function GettingStarted({ blogName, belowPosts = false }: { blogName: string | null; belowPosts?: boolean }) {
  return (
    <section className={styles.card} aria-labelledby="getting-started">
      <h1 id="getting-started" className={styles.cardTitle}>
        {belowPosts ? 'Find more to follow' : 'Your dashboard is quiet'}
      </h1>
      <p className={styles.muted}>
        Follow some blogs and tags and their posts will show up here, newest first{blogName ? `, along with your own from ${blogName}` : ''}.
      </p>
      <Suggestions />
      <Link to="/explore" className={styles.explore}>
        Explore what's popular
      </Link>
    </section>
  );
}
