import { Link, useParams } from 'react-router';
import { inboxRoot } from '../api/asks';
import page from '../page/page.module.css';
import { RequireUser } from '../page/RequireUser';
import { usePageTitle } from '../page/use-page-title';
import { Feed } from '../post/Feed';

/** A line in the column, lined up with the cards rather than with the avatars. */
const Aligned = ({ children }: { children: React.ReactNode }) => (
  <div className={page.withAvatar}>
    <span />
    {children}
  </div>
);

/**
 * A blog's inbox (spec 1 §2 'inbox' context): the questions and submissions waiting for its
 * owner, newest first, each with its actions; after a save from here the list refreshes.
 */
export function InboxPage() {
  const { name = '' } = useParams();
  usePageTitle(`Asks and submissions · ${name}`);
  return (
    <RequireUser>
      {(info) => (
        <div className={page.column}>
          <Feed
            key={inboxRoot(name)}
            root={inboxRoot(name)}
            direction="before"
            viewer={info.user}
            label={`Inbox of ${name}`}
            header={
              <Aligned>
                <div className={page.card}>
                  <h1 className={page.title}>Asks and submissions</h1>
                  <p className={page.muted}>Questions and submissions sent to {name}. Only you see them until you answer or publish them.</p>
                </div>
              </Aligned>
            }
            empty={
              <Aligned>
                <p className={page.card}>Nothing waits here. Questions and submissions people send {name} wait here.</p>
              </Aligned>
            }
            notFound={
              <Aligned>
                <div className={page.card}>
                  <h1 className={page.title}>There is nothing here.</h1>
                  <p className={page.muted}>
                    Only a blog's owner sees its asks and submissions. <Link to="/dashboard">Go to your dashboard</Link>.
                  </p>
                </div>
              </Aligned>
            }
          />
        </div>
      )}
    </RequireUser>
  );
}
