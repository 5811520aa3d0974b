import { Modal } from '../ui/Modal';
import buttons from '../ui/Modal.module.css';
import styles from './ShortcutsSheet.module.css';
import { shortcutGroups } from './shortcut-list';

/** The `?` sheet: every keyboard shortcut of the page, by where it works. Escape or Close leaves. */
export function ShortcutsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Keyboard shortcuts" onClose={onClose}>
      {/* A scrolling region a keyboard can scroll too. */}
      <div className={styles.groups} tabIndex={0} role="region" aria-label="Shortcuts">
        {shortcutGroups().map((group) => (
          <section key={group.title} className={styles.group}>
            <h3 className={styles.title}>{group.title}</h3>
            <dl className={styles.list}>
              {group.shortcuts.map((shortcut) => (
                <div key={`${shortcut.keys}-${shortcut.does}`} className={styles.row}>
                  <dt>
                    <kbd className={styles.key}>{shortcut.keys}</kbd>
                  </dt>
                  <dd>{shortcut.does}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <div className={buttons.buttons}>
        <button type="button" className={`${buttons.button} ${buttons.primary}`} onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </Modal>
  );
}
