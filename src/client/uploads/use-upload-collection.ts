import { useSyncExternalStore } from 'react';
import type { UploadCollection } from './upload-collection';
import type { UploadCollectionSnapshot } from './upload-view';

/** The collection's items and progress, re-rendering on each change (progress included). */
export function useUploadCollection(collection: UploadCollection): UploadCollectionSnapshot {
  return useSyncExternalStore(collection.subscribe, collection.getSnapshot, collection.getSnapshot);
}
