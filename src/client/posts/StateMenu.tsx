import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ComposerMode, SubmitState } from './composer';
import styles from './PostForm.module.css';
import { STATE_CHOICES, submitLabel } from './submit-labels';

interface StateMenuProps {
  mode: ComposerMode;
  state: SubmitState;
  onChange: (state: SubmitState) => void;
  saving: boolean;
  disabled: boolean;
}

/** The submit button, with a menu beside it choosing when the post goes out. */
export function StateMenu({ mode, state, onChange, saving, disabled }: StateMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // Open on the current choice, like a select.
    menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const choose = (next: SubmitState) => {
    onChange(next);
    close();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown': event.preventDefault(); focus(at + 1); break;
      case 'ArrowUp': event.preventDefault(); focus(at - 1); break;
      case 'Home': event.preventDefault(); focus(0); break;
      case 'End': event.preventDefault(); focus(items.length - 1); break;
      case 'Escape':
        // Closes the menu only, not the form around it.
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab': setOpen(false); break;
    }
  };

  return (
    <div className={styles.split} ref={wrapRef}>
      <button type="submit" className={styles.submit} disabled={disabled || saving} aria-busy={saving || undefined}>
        {saving ? 'Saving…' : submitLabel(mode, state)}
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
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path fill="currentColor" d="M7 10l5 5 5-5z" />
        </svg>
      </button>
      {open && (
        <ul ref={menuRef} id={menuId} role="menu" aria-label="When to post" className={styles.menu} onKeyDown={onMenuKeyDown}>
          {STATE_CHOICES.map((choice) => (
            <li
              key={choice.state}
              role="menuitemradio"
              aria-checked={choice.state === state}
              tabIndex={-1}
              className={styles.menuItem}
              onClick={() => choose(choice.state)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                choose(choice.state);
              }}
            >
              {choice.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
