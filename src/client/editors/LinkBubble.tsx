import type { Editor } from '@tiptap/core';
import { useState, type KeyboardEvent } from 'react';
import { applyLink, removeLink } from './commands';
import type { LinkAtCursor } from './editor-state';
import styles from './RichTextEditor.module.css';
import { useRangeBubble } from './use-range-bubble';
import { hostOf, withScheme } from './urls';

interface BubbleProps {
  editor: Editor;
}

/** Spec 1 §4: over an existing link, Edit, Remove and Open, with the link's {host} as label. */
export function LinkActions({ editor, link, onEdit }: BubbleProps & { link: LinkAtCursor; onEdit: () => void }) {
  const { setFloating, style: bubbleStyle } = useRangeBubble(editor, link, 'below');
  const host = hostOf(link.href);
  return (
    <div
      ref={setFloating}
      style={bubbleStyle}
      role="group"
      aria-label="Link"
      className={styles.linkBubble}
      onMouseDown={(event) => event.preventDefault()}
      onKeyDown={(event) => escapeToText(event, editor)}
    >
      <span className={styles.linkHost} title={link.href}>{host}</span>
      <button type="button" className={styles.bubbleButton} onClick={onEdit}>Edit</button>
      <button type="button" className={styles.bubbleButton} onClick={() => removeLink(editor)}>Remove</button>
      <button
        type="button"
        className={styles.bubbleButton}
        // Spec 1 §5: a link without a scheme is opened with http:// in front, in a new tab.
        onClick={() => window.open(withScheme(link.href), '_blank', 'noopener')}
      >
        Open
      </button>
    </div>
  );
}

interface LinkFormProps extends BubbleProps {
  range: { from: number; to: number };
  initialHref: string;
  onClose: () => void;
}

/** Spec 1 §4: while creating or editing a link, an input and Done. Enter is Done, Escape cancels. */
export function LinkForm({ editor, range, initialHref, onClose }: LinkFormProps) {
  const { setFloating, style: bubbleStyle } = useRangeBubble(editor, range, 'below');
  const [href, setHref] = useState(initialHref);
  const [invalid, setInvalid] = useState(false);

  const done = () => {
    if (!applyLink(editor, href)) {
      setInvalid(true);
      return;
    }
    onClose();
  };
  const cancel = () => {
    onClose();
    editor.view.focus();
  };

  return (
    // Not a <form>: the editor usually sits inside the post form, and forms do not nest.
    <div
      ref={setFloating}
      style={bubbleStyle}
      role="group"
      aria-label="Link"
      className={styles.linkBubble}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          done();
        } else if (event.key === 'Escape') {
          // The post form closes on Escape too; this Escape is the bubble's (stopped for the form,
          // prevented for the dialog's cancel).
          event.stopPropagation();
          event.preventDefault();
          cancel();
        }
      }}
    >
      <input
        className={styles.linkInput}
        type="text"
        inputMode="url"
        aria-label="Link address"
        placeholder="Paste or type a link"
        value={href}
        aria-invalid={invalid || undefined}
        // The bubble opens because the person asked for it (Mod+K or the Link button).
        autoFocus
        onChange={(event) => {
          setHref(event.currentTarget.value);
          setInvalid(false);
        }}
      />
      <button type="button" className={styles.bubbleButton} onClick={done}>Done</button>
    </div>
  );
}

function escapeToText(event: KeyboardEvent, editor: Editor) {
  if (event.key !== 'Escape') return;
  // Back to the text only: not the post form's Escape (stopped) nor the dialog's cancel (prevented).
  event.stopPropagation();
  event.preventDefault();
  editor.view.focus();
}
