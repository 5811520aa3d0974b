// A "more" button (three dots) opening a menu of actions, each optionally confirmed first:
// choosing one closes the menu, asks the confirm (when it has one), and acts only on yes. The
// per-message controls and the blog card's menu are both this.
import { useCallback, useRef, useState } from 'react';
import { Menu, MenuItem, openMenuOnArrow } from './Menu';

export interface MenuAction {
  label: string;
  /** Asked first; the action runs only when it answers true. */
  confirm?: () => Promise<boolean>;
  act: () => void;
}

interface Props {
  /** The button's accessible name. */
  buttonLabel: string;
  /** The menu's accessible name. */
  menuLabel: string;
  actions: MenuAction[];
  id?: string;
  iconSize: number;
  buttonClassName?: string;
  menuClassName?: string;
  itemClassName?: string;
  /** Told of each confirm while it is open (a hover card stays open meanwhile). */
  onConfirm?: (answer: Promise<boolean>) => void;
}

export function ActionMenu({ buttonLabel, menuLabel, actions, id, iconSize, buttonClassName, menuClassName, itemClassName, onConfirm }: Props) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const choose = async (action: MenuAction) => {
    setOpen(false);
    if (!action.confirm) return action.act();
    const answer = action.confirm();
    onConfirm?.(answer);
    if (await answer) action.act();
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open && id ? id : undefined}
        aria-label={buttonLabel}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => openMenuOnArrow(event, () => setOpen(true))}
      >
        <svg viewBox="0 0 24 24" width={iconSize} height={iconSize} aria-hidden="true">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <Menu label={menuLabel} triggerRef={buttonRef} onClose={close} id={id} className={menuClassName}>
          {actions.map((action) => (
            <MenuItem key={action.label} className={itemClassName} onSelect={() => void choose(action)}>
              {action.label}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
