import { useParams } from 'react-router';
import { postRoots, type PageDirection } from '../api/posts';
import { Aligned, OwnerOnlyNotFound } from '../page/Aligned';
import page from '../page/page.module.css';
import { RequireUser } from '../page/RequireUser';
import { QueueSettingsForm } from '../blogs/QueueSettingsForm';
import { Feed } from '../post/Feed';
import { QueueList } from '../queue/QueueList';
import { usePageTitle } from '../page/use-page-title';

type Kind = 'drafts' | 'queue';

const KINDS: Record<Kind, { heading: string; direction: PageDirection; root: (name: string) => string; empty: string }> = {
  // Drafts read oldest first; the queue in its order, the next to go out first (QueueList).
  drafts: { heading: 'Drafts', direction: 'after', root: postRoots.drafts, empty: 'No drafts. Posts you save as drafts wait here.' },
  queue: { heading: 'Queue', direction: 'after', root: postRoots.queue, empty: 'The queue is empty. Queued posts wait here to go out.' },
};


/** A blog's drafts or queue, for its owner; anyone else gets the server's 404. */
function BlogPostsPage({ kind }: { kind: Kind }) {
  const { name = '' } = useParams();
  const { heading, direction, root, empty } = KINDS[kind];
  usePageTitle(`${heading} · ${name}`);
  const header = (
    <Aligned>
      <div className={page.card}>
        <h1 className={page.title}>{heading}</h1>
        <p className={page.muted}>{name}</p>
        {kind === 'queue' && <QueueSettingsForm blog={name} />}
      </div>
    </Aligned>
  );
  const emptyLine = (
    <Aligned>
      <p className={page.card}>{empty}</p>
    </Aligned>
  );
  const notFound = <OwnerOnlyNotFound what="its drafts and queue" />;
  return (
    <RequireUser>
      {(info) => (
        <div className={page.column}>
          {kind === 'queue' ? (
            <QueueList blog={name} viewer={info.user} header={header} empty={emptyLine} notFound={notFound} />
          ) : (
            <Feed key={root(name)} root={root(name)} direction={direction} viewer={info.user} label={`${heading} of ${name}`} header={header} empty={emptyLine} notFound={notFound} />
          )}
        </div>
      )}
    </RequireUser>
  );
}

export const BlogDraftsPage = () => <BlogPostsPage kind="drafts" />;
export const BlogQueuePage = () => <BlogPostsPage kind="queue" />;
