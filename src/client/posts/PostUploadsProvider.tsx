import type { ReactNode } from 'react';
import { ImageFileContext } from '../editors/image-file-context';
import type { FormUploads } from './form-uploads';
import { PostUploadsContext } from './post-uploads-context';

/** Gives the fields the form's uploads, and every body editor the inline image upload. */
export function PostUploadsProvider({ uploads, children }: { uploads: FormUploads; children: ReactNode }) {
  return (
    <PostUploadsContext.Provider value={uploads}>
      <ImageFileContext.Provider value={uploads.addInlineImage}>{children}</ImageFileContext.Provider>
    </PostUploadsContext.Provider>
  );
}
