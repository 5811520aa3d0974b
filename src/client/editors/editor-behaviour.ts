import { Extension, InputRule } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { FORMATS } from './formats';
import { smartQuote, type StraightQuote } from './smart-quotes';

export interface ShortcutOptions {
  /** Mod+K: the link bubble lives in React, so the keymap only asks for it. */
  onLinkShortcut: () => void;
}

/** Spec 1 §9 editor shortcuts, ahead of the built-in ones of the same keys. */
export const Shortcuts = Extension.create<ShortcutOptions>({
  name: 'postShortcuts',
  priority: 1000,
  addOptions() {
    return { onLinkShortcut: () => undefined };
  },
  addKeyboardShortcuts() {
    const bindings: Record<string, () => boolean> = {};
    for (const format of FORMATS) {
      const apply = format.apply;
      bindings[format.shortcut] = apply
        ? () => apply(this.editor.chain()).run()
        : () => {
            this.options.onLinkShortcut();
            return true;
          };
    }
    return bindings;
  },
});

/** Typographic quotes and primes as one types (spec 1 §9 "Smart quotes"). Backspace right after undoes one. */
export const SmartQuotes = Extension.create({
  name: 'smartQuotes',
  addInputRules() {
    return [
      new InputRule({
        find: /["']$/,
        handler: ({ state, range, match }) => {
          const $from = state.doc.resolve(range.from);
          const offset = $from.parentOffset;
          // A hard break counts as the start of a line.
          const before = offset === 0 ? '' : $from.parent.textBetween(offset - 1, offset, undefined, '\n');
          state.tr.insertText(smartQuote(match[0] as StraightQuote, before), range.from, range.to);
        },
      }),
    ];
  },
});

declare module '@tiptap/core' {
  interface EditorEvents {
    /** A pasted or dropped image file, for the RichTextEditor's onFileAdded; `pos` is where it was dropped. */
    fileAdded: { file: File; pos?: number };
  }
}

function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
}

/**
 * A pasted or dropped image file goes to the file-added handler (spec 1 §5), which uploads it;
 * the editor inserts only the placeholder the handler answers (RichTextEditor, pending-images.ts).
 */
export const FileDrop = Extension.create({
  name: 'fileDrop',
  addProseMirrorPlugins() {
    const take = (files: File[]) => {
      if (files.length === 0) return false;
      files.forEach((file) => this.editor.emit('fileAdded', { file }));
      return true;
    };
    return [
      new Plugin({
        key: new PluginKey('fileDrop'),
        props: {
          handlePaste: (_view, event) => take(imageFiles(event.clipboardData?.files)),
          handleDrop: (view, event) => {
            const drag = event as DragEvent;
            const files = imageFiles(drag.dataTransfer?.files);
            if (files.length === 0) return false;
            event.preventDefault();
            // The first file goes where it was dropped; the others follow it (each goes in after the last).
            const pos = view.posAtCoords({ left: drag.clientX, top: drag.clientY })?.pos;
            files.forEach((file, i) => this.editor.emit('fileAdded', { file, pos: i === 0 ? pos : undefined }));
            return true;
          },
        },
      }),
    ];
  },
});
