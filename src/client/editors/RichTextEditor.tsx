import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useContext, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { snapshot } from './editor-state';
import { FormattingToolbar, StaticFormattingToolbar } from './FormattingToolbar';
import { EDITOR_ERRORS } from './constants';
import { LinkActions, LinkForm } from './LinkBubble';
import { readHtml } from './output';
import { ParagraphOpener } from './ParagraphOpener';
import { insertPendingImage } from './pending-images';
import { richTextExtensions } from './rich-extensions';
import { StaticToolbarContext } from './static-toolbar';
import styles from './RichTextEditor.module.css';
import './prosemirror.css';

export interface RichTextEditorProps {
  /** The initial HTML (already sanitized by the server); later changes are not read. */
  value: string;
  /** The document's HTML, allowlisted, with iframe sources restored. */
  onChange: (html: string) => void;
  ariaLabel: string;
  placeholder?: string;
  autoFocus?: boolean;
  /**
   * A pasted or dropped image file. The handler starts its upload and may answer a placeholder
   * src (an object URL), which the editor shows as a pending image until settlePendingImage.
   */
  onFileAdded?: (file: File) => string | null | void;
  className?: string;
}

/** Spec 1 §4 and §5 rich-text editor (Tiptap) with its toolbar, link bubble and paragraph opener. */
export function RichTextEditor({ value, onChange, ariaLabel, placeholder, autoFocus, onFileAdded, className }: RichTextEditorProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  // Focus inside the editor or one of its widgets: the widgets show only then.
  const [focusWithin, setFocusWithin] = useState(false);
  const [editingLink, setEditingLink] = useState(false);
  const staticToolbar = useContext(StaticToolbarContext);

  // Built once: a new set of extensions would make a new editor.
  const [extensions] = useState(() =>
    richTextExtensions({ placeholder: placeholder ?? '', onLinkShortcut: () => setEditingLink(true) }),
  );
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ariaLabel,
        ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
        class: styles.content,
      },
    }),
    [ariaLabel, placeholder],
  );
  const editor = useEditor({
    extensions,
    content: value,
    editorProps,
    // The page policy refuses inline <style> elements: the same rules come from prosemirror.css.
    injectCSS: false,
    autofocus: autoFocus ? 'end' : false,
    onUpdate: ({ editor: changed }) => onChange(readHtml(changed)),
  });
  const state = useEditorState({ editor, selector: ({ editor: current }) => snapshot(current) });

  // Spec 1 §10: an editor whose view found no element in the page to live in is logged.
  useEffect(() => {
    if (!editor.isDestroyed && !editor.view.dom.isConnected) console.error(EDITOR_ERRORS.noElement);
  }, [editor]);

  useEffect(() => {
    if (!onFileAdded) return;
    const handle = ({ file, pos }: { file: File; pos?: number }) => {
      const placeholder = onFileAdded(file);
      if (placeholder) insertPendingImage(editor, placeholder, pos);
    };
    editor.on('fileAdded', handle);
    return () => {
      editor.off('fileAdded', handle);
    };
  }, [editor, onFileAdded]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setFocusWithin(false);
    setEditingLink(false);
  };

  const show = focusWithin && state.editable;
  const closeLinkForm = () => setEditingLink(false);
  return (
    <div
      ref={containerRef}
      className={[styles.editor, className].filter(Boolean).join(' ')}
      onFocus={(event) => {
        setFocusWithin(true);
        // Back in the text (a click, Escape, Done): the link form is finished with.
        if (event.target === editor.view.dom) setEditingLink(false);
      }}
      onBlur={onBlur}
    >
      {staticToolbar && state.editable && <StaticFormattingToolbar editor={editor} state={state} onLink={() => setEditingLink(true)} />}
      <EditorContent editor={editor} />
      {show && editingLink && (
        <LinkForm
          editor={editor}
          range={state.link ?? state}
          initialHref={state.link?.href ?? state.selectedHref ?? ''}
          onClose={closeLinkForm}
        />
      )}
      {show && !editingLink && state.hasTextSelection && (
        <FormattingToolbar editor={editor} state={state} onLink={() => setEditingLink(true)} />
      )}
      {show && !editingLink && state.link && (
        <LinkActions editor={editor} link={state.link} onEdit={() => setEditingLink(true)} />
      )}
      {show && !editingLink && state.emptyParagraph && (
        <ParagraphOpener editor={editor} pos={state.from} />
      )}
    </div>
  );
}
