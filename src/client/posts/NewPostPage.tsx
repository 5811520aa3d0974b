import { Link, useParams } from 'react-router';
import { POST_TYPES, type PostType } from '../../shared/constants';
import page from '../app/page.module.css';
import { RequireUser } from '../app/RequireUser';
import { NotFoundPage } from '../app/NotFoundPage';
import { currentChannel } from '../api/user';
import { POST_TYPE_COLORS, POST_TYPE_LABELS, PostTypeIcon } from '../compose/post-type-icons';
import styles from './NewPostPage.module.css';

const isPostType = (value: string | undefined): value is PostType => POST_TYPES.includes(value as PostType);

/** /new/{type}: the type picked in fast compose, and the blog it would be posted to. */
export function NewPostPage() {
  const { type } = useParams();
  if (!isPostType(type)) return <NotFoundPage />;
  return (
    <RequireUser>
      {(info) => (
        <div className={page.column}>
          <section className={page.card} aria-labelledby="new-post-title" data-post-type={type}>
            <div className={styles.head}>
              <span className={styles.icon} style={{ background: POST_TYPE_COLORS[type] }}>
                <PostTypeIcon type={type} size={26} />
              </span>
              <h1 id="new-post-title" className={page.title}>
                New {POST_TYPE_LABELS[type].toLowerCase()} post
              </h1>
            </div>
            <p className={page.muted}>Posting to {currentChannel(info)?.name}.</p>
            <p className={styles.actions}>
              <Link to="/dashboard">Back to the dashboard</Link>
            </p>
          </section>
        </div>
      )}
    </RequireUser>
  );
}
