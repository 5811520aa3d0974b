import type { Dispatch } from 'react';
import type { EditorType } from '../../../shared/constants';
import type { AnyPostType } from '../../../shared/posts/types';
import type { ComposerAction, DraftOf, DraftPatch } from '../composer';

/** What each type's fields get: their draft, the composer's dispatch and the body editor type. */
export interface FieldsProps<T extends AnyPostType> {
  content: DraftOf<T>;
  dispatch: Dispatch<ComposerAction>;
  editorType: EditorType;
}

/** A setter for some fields of one type's draft. */
export const updater =
  <T extends AnyPostType>(dispatch: Dispatch<ComposerAction>, postType: T) =>
  (patch: DraftPatch<T>) =>
    dispatch({ type: 'update', postType, patch } as ComposerAction);
