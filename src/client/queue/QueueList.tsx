import { useRef, useState, type ReactNode } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { PostPage } from '../../shared/posts/types';
import { ApiError } from '../api/client';
import { postKeys, postRoots, usePostPages } from '../api/posts';
import { moveInQueue, setQueueOrder, shuffleQueue } from '../api/queue';
import { useHiddenPosts } from '../post/pending-deletes';
import { LoadMore } from '../ui/LoadMore';
import type { Viewer } from '../ui/viewer';
import { moveCall, movedMessage, pagesMoved } from './queue-moves';
import { QueuedPost, queuedLabel } from './QueuedPost';
import styles from './QueueList.module.css';

interface QueueListProps {
  blog: string;
  viewer: Viewer;
  header: ReactNode;
  empty: ReactNode;
  notFound: ReactNode;
}

type Pages = InfiniteData<PostPage, string>;

/** A blog's queue in the order it goes out, to reorder by dragging, by keyboard, or by shuffling. */
export function QueueList({ blog, viewer, header, empty, notFound }: QueueListProps) {
  const queryClient = useQueryClient();
  const key = postKeys.page(postRoots.queue(blog));
  const query = usePostPages(postRoots.queue(blog), 'after');
  const hidden = useHiddenPosts();
  const [said, say] = useState('');
  const [busy, setBusy] = useState(false);
  // The order a shuffle replaced, for its Undo; gone after any other change.
  const [undo, setUndo] = useState<string[] | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (query.error instanceof ApiError && query.error.status === 404 && !query.data) return <>{notFound}</>;
  const posts = (query.data?.pages.flatMap((p) => p.posts) ?? []).filter((post) => !hidden.has(post.id));
  const ids = posts.map((p) => p.id);
  const size = query.hasNextPage ? null : posts.length;
  const refetch = () => queryClient.invalidateQueries({ queryKey: key });

  const move = async (from: number, to: number) => {
    const call = moveCall(ids, from, to);
    const data = queryClient.getQueryData<Pages>(key);
    if (!call || !data || busy) return;
    setUndo(null);
    // Shown at once; the server's answer is the same order, so only a failure reads the queue again.
    queryClient.setQueryData<Pages>(key, pagesMoved(data, from, to));
    say(movedMessage(capitalized(queuedLabel(from)), to, size));
    setBusy(true);
    try {
      await moveInQueue(blog, call);
    } catch (error) {
      say(`The post could not be moved: ${error instanceof Error ? error.message : 'try again.'}`);
      await refetch();
    } finally {
      setBusy(false);
    }
  };

  const shuffle = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { previous } = await shuffleQueue(blog);
      setUndo(previous ?? null);
      await refetch();
      say('The queue is shuffled.');
    } catch (error) {
      say(`The queue could not be shuffled: ${error instanceof Error ? error.message : 'try again.'}`);
    } finally {
      setBusy(false);
    }
  };

  const undoShuffle = async () => {
    if (!undo || busy) return;
    setBusy(true);
    try {
      await setQueueOrder(blog, undo);
      say('The order before the shuffle is back.');
    } catch (error) {
      say(`The shuffle could not be undone: ${error instanceof Error ? error.message : 'try again.'}`);
    } finally {
      setUndo(null);
      await refetch();
      setBusy(false);
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    void move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  // dnd-kit's own live region, during a drag: where the post is over, by place in the queue.
  const placeOf = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${queuedLabel(placeOf(active.id) - 1)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `${capitalized(queuedLabel(placeOf(active.id) - 1))} is over position ${placeOf(over.id)}.` : 'Not over a place in the queue.'),
    onDragEnd: ({ over }) => (over ? `Dropped at position ${placeOf(over.id)}.` : 'Dropped where it was.'),
    onDragCancel: () => 'Moving cancelled: the post is back where it was.',
  };

  return (
    <>
      {header}
      {posts.length > 1 && (
        <div className={styles.toolbar}>
          <button type="button" className={styles.action} onClick={() => void shuffle()} aria-disabled={busy}>
            Shuffle
          </button>
          {undo && (
            <button type="button" className={styles.action} onClick={() => void undoShuffle()} aria-disabled={busy}>
              Undo
            </button>
          )}
          <span className={styles.hint}>Drag a post by its handle, or focus it and press Alt+↑ or Alt+↓.</span>
        </div>
      )}
      <p className={styles.srOnly} role="status" aria-live="polite" aria-label="Queue changes">
        {said}
      </p>
      {query.isPending ? (
        <p className={styles.line}>Loading the queue…</p>
      ) : !query.data ? (
        <p className={styles.line} role="alert">
          {query.error?.message ?? 'The queue could not be loaded.'}{' '}
          <button type="button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : posts.length === 0 && !query.hasNextPage ? (
        empty
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: 'Press Space to pick the post up, the arrow keys to move it, Space to drop it, Escape to cancel.' } }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol ref={listRef} className={styles.list} aria-label={`Queue of ${blog}, first to go out first`}>
              {posts.map((post, i) => (
                <QueuedPost key={post.id} post={post} viewer={viewer} index={i} count={posts.length} size={size} busy={busy} onMove={(from, to) => void move(from, to)} />
              ))}
            </ol>
          </SortableContext>
          <LoadMore pages={query} className={styles.action} errorClassName={styles.line} />
        </DndContext>
      )}
    </>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
