import { Link } from 'react-router';
import { beforePages } from '../api/posts';
import page from '../page/page.module.css';
import { RequireUser } from '../page/RequireUser';
import { usePageTitle } from '../page/use-page-title';
import { useHeaderTitle } from '../page/header-chrome';
import { Feed } from '../post/Feed';

const likedPages = beforePages('/svc/user/likes');

/** /likes: the posts the viewer liked, newest like first. */
export function LikesPage() {
  usePageTitle('Likes');
  useHeaderTitle('Likes');
  return (
    <RequireUser>
      {(info) => (
        <div className={page.column}>
          <Feed
            root="likes"
            fetchPage={likedPages}
            direction="before"
            viewer={info.user}
            label="Posts you liked"
            header={
              <div className={page.withAvatar}>
                <span />
                <section className={page.card}>
                  <h1 className={page.title}>Likes</h1>
                  <p className={page.muted}>The posts you liked, the most recent like first.</p>
                </section>
              </div>
            }
            empty={
              <div className={page.withAvatar}>
                <span />
                <p className={page.card}>
                  You haven’t liked any posts yet. Tap the heart under a post on your <Link to="/dashboard">dashboard</Link> and it
                  will wait for you here.
                </p>
              </div>
            }
          />
        </div>
      )}
    </RequireUser>
  );
}
