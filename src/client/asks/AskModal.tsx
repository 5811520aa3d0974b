import { Modal } from '../ui/Modal';
import { showSaveNotice } from '../posts/save-notice';
import { AskForm } from './AskForm';
import styles from './AskModal.module.css';

export interface AskModalProps {
  open: boolean;
  recipient: string;
  anonymousAllowed: boolean;
  loggedIn: boolean;
  onClose: () => void;
}

/** The ask modal (spec 2 §2): the form, a close button; sending closes it. */
export function AskModal({ open, recipient, anonymousAllowed, loggedIn, onClose }: AskModalProps) {
  return (
    <Modal open={open} title={`Ask ${recipient} a question`} onClose={onClose}>
      <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
        ×
      </button>
      {open && (
        <AskForm
          recipient={recipient}
          anonymousAllowed={anonymousAllowed}
          loggedIn={loggedIn}
          onSent={() => {
            onClose();
            showSaveNotice(`Your question went to ${recipient}.`);
          }}
        />
      )}
    </Modal>
  );
}
