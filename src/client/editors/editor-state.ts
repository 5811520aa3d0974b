import { getMarkRange, type Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { TOOLBAR_FORMATS, type FormatId } from './formats';

export interface LinkAtCursor {
  href: string;
  from: number;
  to: number;
}

/** What the editor's floating widgets need to know, recomputed after each transaction. */
export interface EditorSnapshot {
  editable: boolean;
  from: number;
  to: number;
  /** A non-empty text selection: the formatting toolbar's cue. */
  hasTextSelection: boolean;
  active: Partial<Record<FormatId, boolean>>;
  /** The link the cursor is in (or at either end of), when the selection is empty. */
  link: LinkAtCursor | null;
  /** The href of a link inside a non-empty selection, for editing it from the toolbar. */
  selectedHref: string | null;
  /** The cursor is in an empty top-level paragraph: the paragraph opener's cue. */
  emptyParagraph: boolean;
}

export function linkAtCursor(editor: Editor): LinkAtCursor | null {
  const { state } = editor;
  const type = state.schema.marks.link;
  const { $from, empty } = state.selection;
  if (!empty || !type) return null;
  const range = getMarkRange($from, type);
  if (!range) return null;
  const mark = state.doc.nodeAt(range.from)?.marks.find((m) => m.type === type);
  return mark ? { href: String(mark.attrs.href ?? ''), from: range.from, to: range.to } : null;
}

export function snapshot(editor: Editor): EditorSnapshot {
  const { selection } = editor.state;
  const { $from, empty, from, to } = selection;
  const active: Partial<Record<FormatId, boolean>> = {};
  for (const format of TOOLBAR_FORMATS) active[format.id] = format.isActive?.(editor) ?? false;
  return {
    editable: editor.isEditable,
    from,
    to,
    hasTextSelection: selection instanceof TextSelection && !empty,
    active,
    link: linkAtCursor(editor),
    selectedHref: empty ? null : ((editor.getAttributes('link').href as string | undefined) ?? null),
    emptyParagraph:
      empty && $from.depth === 1 && $from.parent.type.name === 'paragraph' && $from.parent.content.size === 0,
  };
}
