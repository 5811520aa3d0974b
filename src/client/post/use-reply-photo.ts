// Issue 26.3: the one photo a reply may carry, sent through the photo upload every post uses (its
// size limit, formats and messages), as soon as it is picked.
import { useEffect, useState } from 'react';
import { UploadCollection } from '../uploads/upload-collection';
import { ACCEPT_PATTERN, MAX_UPLOAD_BYTES, UPLOAD_ENDPOINT } from '../uploads/upload-constants';
import type { UploadView } from '../uploads/upload-view';
import { useUploadCollection } from '../uploads/use-upload-collection';

export interface ReplyPhotoState {
  /** The photo picked, as it uploads (null: none). */
  item: UploadView | null;
  /** Its address once uploaded ('' until then). */
  url: string;
  /** Shown from memory while it uploads. */
  preview: string;
  pick: (file: File) => void;
  clear: () => void;
}

export function useReplyPhoto(): ReplyPhotoState {
  const [collection] = useState(
    () => new UploadCollection({ url: UPLOAD_ENDPOINT, fieldName: 'photo', mediaType: 'image', maxSize: MAX_UPLOAD_BYTES.image, accept: ACCEPT_PATTERN.image }),
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
    // One photo: a second pick replaces the first.
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
