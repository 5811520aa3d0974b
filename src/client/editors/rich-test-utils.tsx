// Helpers for the rich-text editor's component tests (imported by *.test.tsx files only).
import type { Editor } from '@tiptap/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';
import { StaticToolbarContext } from './static-toolbar';

/**
 * jsdom does no layout: ProseMirror's coordsAtPos and scrollIntoView need these to exist.
 * Installed by each test file that mounts the editor, and removed after it.
 */
export function installLayoutShims(): () => void {
  const range = Range.prototype as unknown as Record<string, unknown>;
  const saved = {
    getClientRects: range.getClientRects,
    getBoundingClientRect: range.getBoundingClientRect,
    elementFromPoint: document.elementFromPoint,
  };
  range.getClientRects = () => [];
  range.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  document.elementFromPoint = () => null;
  return () => {
    range.getClientRects = saved.getClientRects;
    range.getBoundingClientRect = saved.getBoundingClientRect;
    document.elementFromPoint = saved.elementFromPoint;
  };
}

export function renderRich(props: Partial<RichTextEditorProps> = {}, options: { staticToolbar?: boolean } = {}) {
  const onChange = vi.fn<(html: string) => void>();
  // The GIF search opened from the paragraph opener reads through the query cache; a fresh one per editor.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <StaticToolbarContext.Provider value={options.staticToolbar ?? false}>
        <RichTextEditor ariaLabel="Post body" value="" onChange={onChange} {...props} />
      </StaticToolbarContext.Provider>
    </QueryClientProvider>,
  );
  const dom = screen.getByRole('textbox', { name: 'Post body' });
  const editor = (dom as HTMLElement & { editor: Editor }).editor;
  const lastHtml = () => onChange.mock.calls.at(-1)?.[0];
  return { ...utils, dom, editor, onChange, lastHtml };
}

/** A key press on the editor, as the browser sends it; Mod is Ctrl here (jsdom is not a Mac). */
export function press(dom: HTMLElement, key: string, modifiers: { shift?: boolean; alt?: boolean; keyCode?: number } = {}) {
  fireEvent.keyDown(dom, {
    key,
    ctrlKey: true,
    shiftKey: modifiers.shift ?? false,
    altKey: modifiers.alt ?? false,
    keyCode: modifiers.keyCode ?? key.toUpperCase().charCodeAt(0),
  });
}

/**
 * Types text the way ProseMirror handles typing: each character is offered to the
 * handleTextInput props (input rules, smart quotes) and inserted when none takes it.
 */
export function typeText(editor: Editor, text: string) {
  const { view } = editor;
  for (const char of text) {
    const { from, to } = view.state.selection;
    const deflt = () => view.state.tr.insertText(char, from, to);
    const handled = view.someProp('handleTextInput', (f) => f(view, from, to, char, deflt));
    if (!handled) view.dispatch(deflt());
  }
}

/** Selects the first occurrence of `text` in the document. */
export function selectText(editor: Editor, text: string) {
  let found: { from: number; to: number } | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (found || !node.isText) return;
    const index = node.text?.indexOf(text) ?? -1;
    if (index >= 0) found = { from: pos + index, to: pos + index + text.length };
  });
  if (!found) throw new Error(`"${text}" is not in the document`);
  placeSelection(editor, found);
}

/**
 * Sets the selection and focuses the editor at once (Tiptap's focus command waits for an
 * animation frame).
 */
export function placeSelection(editor: Editor, position: number | { from: number; to: number }) {
  editor.commands.setTextSelection(position);
  editor.view.focus();
}
