import { createContext, useContext, useEffect, useState, type Dispatch } from 'react';
import type { ComposerAction } from './composer';
import { FormUploads } from './form-uploads';

export const PostUploadsContext = createContext<FormUploads | null>(null);

/** The form's uploads, for the fields that add files. */
export function usePostUploads(): FormUploads {
  const uploads = useContext(PostUploadsContext);
  if (!uploads) throw new Error('usePostUploads needs a PostUploadsProvider (the post form) around it');
  return uploads;
}

/** Made once per form; everything still uploading is cancelled when the form goes. */
export function useFormUploads(dispatch: Dispatch<ComposerAction>, notify: (message: string) => void): FormUploads {
  const [uploads] = useState(() => new FormUploads(dispatch));
  useEffect(() => uploads.setNotify(notify));
  useEffect(() => () => uploads.dispose(), [uploads]);
  return uploads;
}
