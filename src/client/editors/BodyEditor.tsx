import { useContext } from 'react';
import type { EditorType } from '../../shared/constants';
import { ImageFileContext } from './image-file-context';
import { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';
import { SourceEditor } from './SourceEditor';

export interface BodyEditorProps extends Omit<RichTextEditorProps, 'value' | 'onChange'> {
  editorType: EditorType;
  value: string;
  onChange: (v: string) => void;
}

/** A post body field in the writer's editor type: rich text, or its HTML or Markdown source. */
export function BodyEditor({ editorType, value, onChange, ariaLabel, placeholder, autoFocus, onFileAdded, className }: BodyEditorProps) {
  // Inside the post form, pasted and dropped images upload inline (the form's handler).
  const formImageHandler = useContext(ImageFileContext);
  if (editorType === 'rich') {
    return (
      <RichTextEditor
        value={value}
        onChange={onChange}
        ariaLabel={ariaLabel}
        placeholder={placeholder}
        autoFocus={autoFocus}
        onFileAdded={onFileAdded ?? formImageHandler ?? undefined}
        className={className}
      />
    );
  }
  return (
    <SourceEditor
      mode={editorType}
      value={value}
      onChange={onChange}
      ariaLabel={ariaLabel}
      placeholder={placeholder}
      autoFocus={autoFocus}
      className={className}
    />
  );
}
