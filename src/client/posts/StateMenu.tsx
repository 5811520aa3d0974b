import { useCallback, useId, useRef, useState } from 'react';
import { Menu, MenuItem, openMenuOnArrow } from '../ui/Menu';
import type { ComposerMode, SubmitState } from './composer';
import styles from './PostForm.module.css';
import { STATE_CHOICES, submitLabel } from './submit-labels';

interface StateMenuProps {
  mode: ComposerMode;
  state: SubmitState;
  /** An ask or submission from the inbox: posting answers or publishes it. */
  fromInbox?: 'ask' | 'submission';
  onChange: (state: SubmitState) => void;
  saving: boolean;
  disabled: boolean;
}

/** The submit button, with a menu beside it choosing when the post goes out. */
export function StateMenu({ mode, state, fromInbox, onChange, saving, disabled }: StateMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  const choose = (next: SubmitState) => {
    onChange(next);
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className={styles.split}>
      <button type="submit" className={styles.submit} disabled={disabled || saving} aria-busy={saving || undefined}>
        {saving ? 'Saving…' : submitLabel(mode, state, fromInbox)}
      </button>
      <button
        ref={toggleRef}
        type="button"
        className={styles.caret}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label="When to post"
        disabled={disabled || saving}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => openMenuOnArrow(event, () => setOpen(true))}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path fill="currentColor" d="M7 10l5 5 5-5z" />
        </svg>
      </button>
      {open && (
        // Opens on the current choice, like a select.
        <Menu id={menuId} label="When to post" triggerRef={toggleRef} onClose={close} initialFocus="checked" className={styles.menu}>
          {STATE_CHOICES.map((choice) => (
            <MenuItem key={choice.state} checked={choice.state === state} className={styles.menuItem} onSelect={() => choose(choice.state)}>
              {choice.label}
            </MenuItem>
          ))}
        </Menu>
      )}
    </div>
  );
}
