// One file picked and sent at once through the upload every post uses (its size limits, formats
// and messages): a reply's photo, a live photo's clip (issue 26.3). A second pick replaces the first.
import { useEffect, useState } from 'react';
import { UploadCollection } from './upload-collection';
import { ACCEPT_PATTERN, MAX_UPLOAD_BYTES, UPLOAD_ENDPOINT, type MediaKind } from './upload-constants';
import type { UploadView } from './upload-view';
import { useUploadCollection } from './use-upload-collection';

export interface SingleUpload {
  /** The file picked, as it uploads (null: none). */
  item: UploadView | null;
  /** Its address once uploaded ('' until then). */
  url: string;
  /** Shown from memory while it uploads. */
  preview: string;
  pick: (file: File) => void;
  clear: () => void;
}

export function useSingleUpload(kind: MediaKind): SingleUpload {
  const [collection] = useState(
    // The server reads the file from a field named after its kind ('photo' for images), as the post form's uploads do.
    () => new UploadCollection({ url: UPLOAD_ENDPOINT, fieldName: kind === 'image' ? 'photo' : kind, mediaType: kind, maxSize: MAX_UPLOAD_BYTES[kind], accept: ACCEPT_PATTERN[kind] }),
  );
  const { items } = useUploadCollection(collection);
  const [preview, setPreview] = useState('');
  useEffect(() => () => collection.dispose(), [collection]);
  useEffect(() => () => void (preview && URL.revokeObjectURL?.(preview)), [preview]);
  const item = items[0] ?? null;
  return {
    item,
    url: item?.complete ? item.url : '',
    preview,
    pick: (file) => {
      collection.dispose();
      const added = collection.add(file);
      setPreview(added.error || typeof URL.createObjectURL !== 'function' ? '' : URL.createObjectURL(file));
    },
    clear: () => {
      collection.dispose();
      setPreview('');
    },
  };
}
