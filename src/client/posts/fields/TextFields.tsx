import { BodyEditor } from '../../editors/BodyEditor';
import { TitleField } from './TitleField';
import { updater, type FieldsProps } from './types';

export function TextFields({ content, dispatch, editorType }: FieldsProps<'text'>) {
  const update = updater(dispatch, 'text');
  return (
    <>
      <TitleField value={content.title} onChange={(title) => update({ title })} placeholder="Title" />
      <BodyEditor editorType={editorType} value={content.body} onChange={(body) => update({ body })} ariaLabel="Body" placeholder="Your text here" />
    </>
  );
}
