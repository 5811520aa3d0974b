import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { FAST_COMPOSE_ICON_MS, FAST_COMPOSE_STAGGER_MS, POST_TYPES, type PostType } from '../../shared/constants';
import { Glass } from '../ui/Glass';
import { menuMove } from '../ui/Menu';
import styles from './FastCompose.module.css';
import { POST_TYPE_COLORS, POST_TYPE_LABELS, PostTypeIcon } from './post-type-icons';

interface FastComposeProps {
  open: boolean;
  onClose: () => void;
  onPick: (type: PostType) => void;
}

/**
 * Which icon a key moves to from `index`, or null when the key is not a move: the keyboard
 * menu's moves along a row (arrows either way, Home, End), and Tab and c cycle as well.
 */
export function moveFocus(key: string, shiftKey: boolean, index: number, count: number): number | null {
  if (key === 'Tab' || key === 'c' || key === 'C') return (index + (shiftKey ? count - 1 : 1)) % count;
  return menuMove(key, index, count, 'horizontal');
}

/** The seven post types over the glass: pick one with the mouse or the keyboard. */
export function FastCompose({ open, onClose, onPick }: FastComposeProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (open) buttons.current[0]?.focus();
  }, [open]);

  if (!open) return null;
  const focusedIndex = () => buttons.current.findIndex((b) => b === document.activeElement);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = moveFocus(event.key, event.shiftKey, Math.max(0, focusedIndex()), POST_TYPES.length);
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return createPortal(
    <>
      <Glass active onClick={onClose} />
      <div className={styles.overlay} role="dialog" aria-modal="true" aria-label="Choose a post type" onKeyDown={onKeyDown} onClick={onClose}>
        <ul className={styles.icons}>
          {POST_TYPES.map((type, i) => (
            <li
              key={type}
              className={styles.item}
              style={{ animationDuration: `${FAST_COMPOSE_ICON_MS}ms`, animationDelay: `${i * FAST_COMPOSE_STAGGER_MS}ms` }}
            >
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                className={styles.icon}
                onMouseEnter={(e) => e.currentTarget.focus()}
                onClick={(e) => {
                  e.stopPropagation();
                  onPick(type);
                }}
              >
                <span className={styles.circle} style={{ background: POST_TYPE_COLORS[type] }}>
                  <PostTypeIcon type={type} size={34} />
                </span>
                <span className={styles.label}>{POST_TYPE_LABELS[type]}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </>,
    document.body,
  );
}
