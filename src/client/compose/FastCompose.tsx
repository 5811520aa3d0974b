import { useRef } from 'react';
import { FAST_COMPOSE_ICON_MS, FAST_COMPOSE_STAGGER_MS, POST_TYPES, type PostType } from '../../shared/constants';
import { menuMove } from '../ui/Menu';
import { ModalDialog } from '../ui/ModalDialog';
import { usePresence } from '../ui/use-presence';
import styles from './FastCompose.module.css';
// The type's look only, not post-types.tsx: that registry brings every renderer and player, and this
// overlay is on every page's first load.
import { POST_TYPE_COLORS, POST_TYPE_LABELS, PostTypeIcon } from '../ui/post-type-icons';

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

/**
 * The seven post types over the glass, on the shared native modal: pick one with the mouse or
 * the keyboard; Escape or a click beside the icons closes. It goes at once (a pick opens the post
 * form in its place); only the glass fades in.
 */
export function FastCompose({ open, onClose, onPick }: FastComposeProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const { visible } = usePresence(open, 0);

  const focusedIndex = () => buttons.current.findIndex((b) => b === document.activeElement);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = moveFocus(event.key, event.shiftKey, Math.max(0, focusedIndex()), POST_TYPES.length);
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <ModalDialog shown={open} visible={visible} onDismiss={onClose} label="Choose a post type" className={styles.overlay}>
      {/* A click anywhere but on an icon closes, as on the glass. */}
      <div className={styles.layout} onKeyDown={onKeyDown} onClick={onClose}>
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
                data-autofocus={i === 0 || undefined}
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
    </ModalDialog>
  );
}
