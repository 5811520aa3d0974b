import { useParams } from 'react-router';
import { inboxRoot } from '../api/asks';
import { Aligned, OwnerOnlyNotFound } from '../page/Aligned';
import page from '../page/page.module.css';
import { RequireUser } from '../page/RequireUser';
import { usePageTitle } from '../page/use-page-title';
import { Feed } from '../post/Feed';


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
            notFound={<OwnerOnlyNotFound what="its asks and submissions" />}
          />
        </div>
      )}
    </RequireUser>
  );
}
