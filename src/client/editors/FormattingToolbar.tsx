import type { Editor } from '@tiptap/core';
import type { KeyboardEvent } from 'react';
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

/** Arrow keys move along a toolbar's buttons; Escape goes back to the text. */
function onToolbarKey(editor: Editor, event: KeyboardEvent<HTMLDivElement>) {
  if (event.key === 'Escape') {
    // This Escape is the toolbar's: not the post form's (stopped) nor the dialog's cancel (prevented).
    event.stopPropagation();
    event.preventDefault();
    editor.view.focus();
    return;
  }
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  const buttons = Array.from(event.currentTarget.querySelectorAll('button'));
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const step = event.key === 'ArrowRight' ? 1 : -1;
  buttons[(index + step + buttons.length) % buttons.length]?.focus();
  event.preventDefault();
}

/** The eight buttons in the spec's order, shared by the floating and the static toolbar. */
function FormatButtons({ editor, state, onLink }: FormattingToolbarProps) {
  return TOOLBAR_FORMATS.map((format) => (
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
  ));
}

/** Spec 1 §2 "formatting toolbar over selected text", buttons in the spec's order. */
export function FormattingToolbar({ editor, state, onLink }: FormattingToolbarProps) {
  const { setFloating, style: bubbleStyle } = useRangeBubble(editor, state, 'above');
  return (
    <div
      ref={setFloating}
      style={bubbleStyle}
      role="toolbar"
      aria-label="Formatting"
      className={styles.toolbar}
      onKeyDown={(event) => onToolbarKey(editor, event)}
      // A click on the toolbar must not take the selection away from the text.
      onMouseDown={(event) => event.preventDefault()}
    >
      <FormatButtons editor={editor} state={state} onLink={onLink} />
    </div>
  );
}

/**
 * Spec 1 §2 "static toolbar": the same buttons always in view above the text, for people who
 * format before typing or never select with a mouse. Link with nothing selected inserts the
 * address as its own text, as Mod+K does.
 */
export function StaticFormattingToolbar({ editor, state, onLink }: FormattingToolbarProps) {
  return (
    <div
      role="toolbar"
      aria-label="Text formatting"
      className={styles.staticToolbar}
      onKeyDown={(event) => onToolbarKey(editor, event)}
      onMouseDown={(event) => event.preventDefault()}
    >
      <FormatButtons editor={editor} state={state} onLink={onLink} />
    </div>
  );
}
