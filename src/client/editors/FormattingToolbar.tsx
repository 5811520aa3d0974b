import type { Editor } from '@tiptap/core';
import { useRef, type KeyboardEvent } from 'react';
import type { EditorSnapshot } from './editor-state';
import { ariaShortcut, shortcutLabel, TOOLBAR_FORMATS } from './formats';
import { FormatIcon } from './icons';
import styles from './RichTextEditor.module.css';
import { useRangeBubble } from './use-range-bubble';

interface FormattingToolbarProps {
  editor: Editor;
  state: EditorSnapshot;
  onLink: () => void;
}

/** Spec 1 §2 "formatting toolbar over selected text", buttons in the spec's order. */
export function FormattingToolbar({ editor, state, onLink }: FormattingToolbarProps) {
  const { setFloating, style: bubbleStyle } = useRangeBubble(editor, state, 'above');
  const ref = useRef<HTMLDivElement | null>(null);

  // Arrow keys move along the toolbar; Escape goes back to the text.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // This Escape is the toolbar's: not the post form's (stopped) nor the dialog's cancel (prevented).
      event.stopPropagation();
      event.preventDefault();
      editor.view.focus();
      return;
    }
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const buttons = Array.from(ref.current?.querySelectorAll('button') ?? []);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    buttons[(index + step + buttons.length) % buttons.length]?.focus();
    event.preventDefault();
  };

  return (
    <div
      ref={(element) => {
        ref.current = element;
        setFloating(element);
      }}
      style={bubbleStyle}
      role="toolbar"
      aria-label="Formatting"
      className={styles.toolbar}
      onKeyDown={onKeyDown}
      // A click on the toolbar must not take the selection away from the text.
      onMouseDown={(event) => event.preventDefault()}
    >
      {TOOLBAR_FORMATS.map((format) => (
        <button
          key={format.id}
          type="button"
          className={styles.toolButton}
          aria-label={format.label}
          aria-pressed={state.active[format.id] ?? false}
          aria-keyshortcuts={ariaShortcut(format.shortcut)}
          data-tooltip={`${format.label} (${shortcutLabel(format.shortcut)})`}
          onClick={() => (format.apply ? format.apply(editor.chain().focus()).run() : onLink())}
        >
          <FormatIcon id={format.id} />
        </button>
      ))}
    </div>
  );
}
