import { useId, useState } from 'react';
import type { PostView } from '../../shared/posts/types';
import { NotesPanel } from '../notes/NotesPanel';
import { ActionBar } from './ActionBar';
import { notesLabel } from './format';
import styles from './PostCard.module.css';
import { ReplyForm } from './ReplyForm';
import type { Viewer } from '../ui/viewer';

/** The notes count at the left (it opens the notes under the card), the action bar at the right. */
export function PostFooter({ post, viewer, notesOpen: openAtFirst = false }: { post: PostView; viewer: Viewer; notesOpen?: boolean }) {
  const [notesOpen, setNotesOpen] = useState(openAtFirst);
  const [replyOpen, setReplyOpen] = useState(false);
  const notesId = useId();

  return (
    <>
      <footer className={styles.footer}>
        <span className={styles.footerStart}>
          <button
            type="button"
            className={styles.notes}
            aria-expanded={notesOpen}
            aria-controls={notesOpen ? notesId : undefined}
            onClick={() => setNotesOpen((open) => !open)}
          >
            {notesLabel(post.note_count)}
          </button>
          {post.is_promoted && <span className={styles.badge}>Promoted</span>}
        </span>
        <ActionBar post={post} viewer={viewer} replyOpen={replyOpen} onReplyToggle={() => setReplyOpen((open) => !open)} />
      </footer>
      {replyOpen && (
        <ReplyForm
          post={post}
          onSent={() => {
            setReplyOpen(false);
            setNotesOpen(true);
          }}
          onCancel={() => setReplyOpen(false)}
        />
      )}
      {notesOpen && <NotesPanel id={notesId} postId={post.id} viewer={viewer} />}
    </>
  );
}
