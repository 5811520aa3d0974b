import { confirmBlockBlog } from '../blocks/confirm-block';
import { ActionMenu, type MenuAction } from '../ui/ActionMenu';
import { confirmDialog } from '../ui/dialogs';
import { canBlockOrReport, TEXT_MESSAGE_DELETE_CONFIRM } from './message-controls';
import styles from './Window.module.css';

interface Props {
  messageId: string;
  /** The sender blog's name, when known. */
  sender: string | null;
  ownNames: readonly string[];
  /** Each runs after its confirm (Delete and Block ask first; Report does not). */
  onDelete: () => void;
  onBlock: () => void;
  onReport: () => void;
}

/** The per-message popover (spec 2 §2): Delete, and Block / Report on other people's messages. */
export function MessageControls({ messageId, sender, ownNames, onDelete, onBlock, onReport }: Props) {
  const others = canBlockOrReport(sender, ownNames);
  const actions: MenuAction[] = [
    ...(others && sender ? [{ label: 'Block', confirm: () => confirmBlockBlog(sender), act: onBlock }, { label: 'Report', act: onReport }] : []),
    {
      label: 'Delete',
      confirm: () => confirmDialog(TEXT_MESSAGE_DELETE_CONFIRM, { okLabel: 'Delete', cancelLabel: 'Nevermind' }),
      act: onDelete,
    },
  ];
  return (
    <span className={styles.messageControls}>
      <ActionMenu
        buttonLabel="Message options"
        menuLabel="Message options"
        id={`message-controls-${messageId}`}
        iconSize={14}
        buttonClassName={styles.controlsButton}
        menuClassName={`${styles.menu} ${styles.controlsMenu}`}
        actions={actions}
      />
    </span>
  );
}
