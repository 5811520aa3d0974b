import { LOADER_DELAY_MS } from '../../shared/constants';
import { useNotes } from '../api/notes';
import type { Viewer } from '../ui/viewer';
import { NoteItem } from './NoteItem';
import styles from './Notes.module.css';
import { Button } from '../ui/Button';

/** A post's notes under its card, newest first, a page at a time. */
export function NotesPanel({ id, postId, viewer }: { id: string; postId: string; viewer: Viewer }) {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } =
    useNotes(postId);

  let body;
  if (isPending) {
    body = (
      // Quick answers never flash a loader (spec 1 §9: loader delay).
      <p className={`${styles.state} ${styles.loading}`} role="status" style={{ animationDelay: `${LOADER_DELAY_MS}ms` }}>
        Loading notes…
      </p>
    );
  } else if (!data) {
    body = (
      <p className={styles.state} role="alert">
        {error?.message ?? 'The notes could not be loaded.'}{' '}
        <Button variant="secondary" size="small" className={styles.more} onClick={() => void refetch()}>
          Try again
        </Button>
      </p>
    );
  } else {
    const notes = data.pages.flatMap((page) => page.notes);
    body = notes.length === 0 && !hasNextPage ? (
      <p className={styles.state}>No notes yet.</p>
    ) : (
      <ol className={styles.list}>
        {notes.map((note, i) => (
          // Likes have no id of their own; blog, kind and time name a note, the place breaks a tie.
          <NoteItem key={`${note.type}:${note.blog.name}:${note.timestamp}:${i}`} note={note} viewer={viewer} />
        ))}
      </ol>
    );
  }

  return (
    <section id={id} className={styles.panel} aria-label="Notes" aria-busy={isPending || isFetchingNextPage}>
      {body}
      {isFetchNextPageError && (
        <p className={styles.state} role="alert">
          More notes could not be loaded.
        </p>
      )}
      {hasNextPage && (
        <Button variant="secondary" size="small" className={styles.more} onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? 'Loading notes…' : isFetchNextPageError ? 'Try again' : 'Show more notes'}
        </Button>
      )}
    </section>
  );
}
