import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useBlockBlog } from '../api/blocks';
import { confirmBlockBlog } from '../blocks/confirm-block';
import { Menu, MenuItem, openMenuOnArrow } from '../ui/Menu';
import { messagingKeys } from './api';
import { deleteConversationWithUndo } from './pending-deletes';
import { messagingUi } from './store';
import styles from './Window.module.css';
import type { WindowRecord } from './windows';

interface Props {
  record: WindowRecord;
  myName: string;
  ownNames: string[];
  onError: (text: string) => void;
}

/** The window's Actions menu (spec 2 §2): sound settings, delete, and a block per other blog. */
export function WindowActions({ record, myName, ownNames, onError }: Props) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const block = useBlockBlog();
  const close = () => setOpen(false);

  // No question first (issue 24 item 7): it closes at once, and the toast offers Undo before anything is sent.
  const remove = () => {
    close();
    deleteConversationWithUndo(queryClient, record);
  };

  const blockBlog = async (name: string) => {
    close();
    if (!(await confirmBlockBlog(name))) return;
    try {
      await block.mutateAsync({ tumblelog: myName, blocked_tumblelog: name, block_context: 'messaging' });
    } catch {
      return onError(`${name} could not be blocked. Try again.`);
    }
    messagingUi.dispatch({ type: 'close', id: record.id });
    void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
  };

  const menuId = `actions-${record.id}`;
  return (
    <span className={styles.actions}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.headerButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => openMenuOnArrow(event, () => setOpen(true))}
        data-tooltip="Actions"
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
        <span className="visually-hidden">Actions</span>
      </button>
      {open && (
        <Menu label="Conversation actions" triggerRef={buttonRef} onClose={close} id={menuId} className={styles.menu}>
          <MenuItem
            onSelect={() => {
              close();
              navigate('/settings/dashboard');
            }}
          >
            Sound settings
          </MenuItem>
          <MenuItem onSelect={remove}>Delete conversation</MenuItem>
          {record.participants
            .filter((p) => !ownNames.includes(p.name))
            .map((p) => (
              <MenuItem key={p.uuid} onSelect={() => void blockBlog(p.name)}>
                {`Block ${p.name}`}
              </MenuItem>
            ))}
        </Menu>
      )}
    </span>
  );
}
