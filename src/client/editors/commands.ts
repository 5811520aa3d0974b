import type { Editor } from '@tiptap/core';
import { EDITOR_ERRORS } from './constants';
import { linkAtCursor } from './editor-state';
import { isAllowedHref, isAllowedMediaSrc, withScheme } from './urls';

/**
 * The link bubble's Done. An empty address removes the link; one without a scheme gets
 * http://. Returns false when the address cannot be a link (javascript:, ...), so the bubble
 * can stay open.
 */
export function applyLink(editor: Editor, input: string): boolean {
  const href = withScheme(input);
  if (href === '') {
    // An empty address removes the link being edited; with none there is nothing to do.
    if (linkAtCursor(editor)) removeLink(editor);
    return true;
  }
  if (!isAllowedHref(href)) return false;
  const link = linkAtCursor(editor);
  const chain = editor.chain().focus();
  if (link) {
    // Change the whole link the cursor is in, and leave the cursor after it.
    chain.setTextSelection(link).setMark('link', { href }).setTextSelection(link.to);
  } else if (editor.state.selection.empty) {
    // Nothing selected: the address itself becomes the link text.
    chain.insertContent({ type: 'text', text: input.trim(), marks: [{ type: 'link', attrs: { href } }] });
  } else {
    chain.extendMarkRange('link').setMark('link', { href });
  }
  return chain.run();
}

export function removeLink(editor: Editor): boolean {
  if (!linkAtCursor(editor)) {
    console.error(EDITOR_ERRORS.noLinkElement);
    return false;
  }
  return editor.chain().focus().extendMarkRange('link').unsetMark('link').run();
}

/** The Read more break, with a paragraph after it to keep writing in. */
export function insertReadMore(editor: Editor): boolean {
  return editor
    .chain()
    .focus()
    .insertContent([{ type: 'horizontalRule', attrs: { readMore: true } }, { type: 'paragraph' }])
    .run();
}

/** An editor that is gone, or read-only, has no cursor to insert at. */
export const hasCursor = (editor: Editor) => !editor.isDestroyed && editor.isEditable && editor.state.selection !== null;

/** Image by URL from the paragraph opener. Logs (spec 1 §8) and returns false when it cannot. */
export function insertImageByUrl(editor: Editor, input: string): boolean {
  if (input.trim() === '') {
    console.error(EDITOR_ERRORS.emptyData);
    return false;
  }
  if (!hasCursor(editor)) {
    console.error(EDITOR_ERRORS.noCursor);
    return false;
  }
  const src = withScheme(input);
  if (!isAllowedMediaSrc(src)) {
    console.error(EDITOR_ERRORS.unknownImageSource);
    return false;
  }
  const inserted = editor
    .chain()
    .focus()
    .insertContent([{ type: 'image', attrs: { src } }, { type: 'paragraph' }])
    .run();
  if (inserted) void recordOriginalSize(editor, src);
  return inserted;
}

/** The image's natural size, or null when it fails to load (spec 1 §8). */
export function measureImage(src: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = src;
  });
}

/**
 * Writes data-orig-width and data-orig-height once the image has loaded. Spec 1 §4: undo
 * ignores this asynchronous update, so one undo still removes the image.
 */
async function recordOriginalSize(editor: Editor, src: string) {
  const size = await measureImage(src);
  if (!size || editor.isDestroyed) return;
  const { tr, doc } = editor.state;
  doc.descendants((node, pos) => {
    if (node.type.name === 'image' && node.attrs.src === src && node.attrs.origWidth == null) {
      tr.setNodeMarkup(pos, undefined, { ...node.attrs, origWidth: String(size.width), origHeight: String(size.height) });
    }
  });
  if (tr.docChanged) editor.view.dispatch(tr.setMeta('addToHistory', false));
}
