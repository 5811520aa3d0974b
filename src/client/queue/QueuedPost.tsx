import type { KeyboardEvent } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { PostView } from '../../shared/posts/types';
import { PostCard } from '../post/PostCard';
import type { Viewer } from '../ui/viewer';
import styles from './QueueList.module.css';

interface QueuedPostProps {
  post: PostView;
  viewer: Viewer;
  index: number;
  /** How many posts the loaded list holds (the last one cannot move down). */
  count: number;
  /** The whole queue's size when every page is loaded, else null. */
  size: number | null;
  busy: boolean;
  onMove: (from: number, to: number) => void;
}

/** What a person calls a queued post in the controls' names: its place in the queue. */
export const queuedLabel = (index: number) => `queued post ${index + 1}`;

/**
 * One post in the queue (its buttons are aria-disabled rather than disabled, so that focus stays on
 * Move up after the post reaches the top): a drag handle (pointer, or Space then the arrow keys: dnd-kit's keyboard
 * sensor), Move up and Move down buttons, and Alt+ArrowUp or Alt+ArrowDown anywhere on the post.
 */
export function QueuedPost({ post, viewer, index, count, size, busy, onMove }: QueuedPostProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: post.id, disabled: busy });
  const label = queuedLabel(index);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || busy) return;
    const to = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : null;
    if (to === null || to < 0 || to >= count) return;
    event.preventDefault();
    onMove(index, to);
  };
  return (
    <li
      ref={setNodeRef}
      className={`${styles.item} ${isDragging ? styles.dragging : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      onKeyDown={onKeyDown}
    >
      <div className={styles.controls} role="group" aria-label={`Order of ${label}`}>
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={styles.handle}
          {...attributes}
          {...listeners}
          aria-label={`Drag ${label} to reorder`}
          aria-roledescription="sortable post"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M9 5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM9 10.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM9 16a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z" />
          </svg>
        </button>
        <span className={styles.place}>{size === null ? `#${index + 1}` : `#${index + 1} of ${size}`}</span>
        <button type="button" className={styles.move} aria-disabled={busy || index === 0} onClick={() => index > 0 && onMove(index, index - 1)}>
          Move up
        </button>
        <button
          type="button"
          className={styles.move}
          aria-disabled={busy || index === count - 1}
          onClick={() => index < count - 1 && onMove(index, index + 1)}
        >
          Move down
        </button>
      </div>
      <PostCard post={post} viewer={viewer} position={{ index: index + 1, size: size ?? -1 }} />
    </li>
  );
}
