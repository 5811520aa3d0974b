import { useParams } from 'react-router';
import { normalizeTag, type TaggedPage as TaggedData } from '../../shared/tags';
import { usePostPages } from '../api/posts';
import { taggedPages, taggedRoot, useTagFollow } from '../api/tags';
import { useUserInfo } from '../api/user';
import page from '../page/page.module.css';
import { usePageTitle } from '../page/use-page-title';
import { useHeaderTitle } from '../page/header-chrome';
import { Feed } from '../post/Feed';
import styles from './TaggedPage.module.css';
import { Button } from '../ui/Button';

function FollowTagButton({ tag }: { tag: string }) {
  // The first page says whether the viewer follows the tag: the Feed's own query (one request).
  const { data } = usePostPages(taggedRoot(tag), 'before', taggedPages(tag));
  const following = (data?.pages[0] as TaggedData | undefined)?.following;
  const follow = useTagFollow(tag);
  if (following === undefined) return null;
  return (
    <div className={styles.follow}>
      <Button
       
        variant={following ? 'secondary' : 'primary'} size="large" className={styles.followButton}
        aria-pressed={following}
        disabled={follow.isPending}
        onClick={() => follow.mutate(!following)}
      >
        {following ? 'Unfollow' : 'Follow'}
      </Button>
      {follow.error && (
        <p role="alert" className={styles.error}>
          {follow.error.message}
        </p>
      )}
    </div>
  );
}

/** /tagged/{tag}: the tag's public posts, newest first, and following the tag. */
export function TaggedPage() {
  const { tag: raw = '' } = useParams();
  const tag = normalizeTag(raw);
  usePageTitle(`#${tag}`);
  useHeaderTitle(`#${tag}`);
  const { data: info } = useUserInfo();
  return (
    <div className={page.column}>
      <Feed
        key={tag}
        root={taggedRoot(tag)}
        fetchPage={taggedPages(tag)}
        direction="before"
        viewer={info?.user ?? null}
        label={`Posts tagged #${tag}`}
        header={
          <div className={page.withAvatar}>
            <span />
            <section className={`${page.card} ${styles.head}`} aria-labelledby="tag-title">
              <div>
                <h1 id="tag-title" className={page.title}>
                  #{tag}
                </h1>
                <p className={page.muted}>Recent posts tagged #{tag}, newest first.</p>
              </div>
              {info && tag && <FollowTagButton tag={tag} />}
            </section>
          </div>
        }
        empty={
          <div className={page.withAvatar}>
            <span />
            <p className={page.card}>Nobody has posted anything tagged #{tag} yet.</p>
          </div>
        }
      />
    </div>
  );
}
