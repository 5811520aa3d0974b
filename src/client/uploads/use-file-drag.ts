import { useEffect, useRef, useState, type DragEvent } from 'react';
import { DRAG_OVER_DEBOUNCE_MS } from './upload-constants';

/** True when a drag carries files from outside the page (not, say, a photo being reordered). */
export const dragHasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * A drop area for files. The drag-over state goes off only after 100 ms without a dragover
 * (spec 1 §9): moving across the area's children fires leave/enter pairs that would make it flicker.
 */
export function useFileDrag(onFiles: (files: File[]) => void) {
  const [over, setOver] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);

  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!dragHasFiles(event)) return;
      event.preventDefault();
      cancel();
      setOver(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!dragHasFiles(event)) return;
      // Without this the browser does not allow a drop here.
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      cancel();
      setOver(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!dragHasFiles(event)) return;
      cancel();
      timer.current = setTimeout(() => setOver(false), DRAG_OVER_DEBOUNCE_MS);
    },
    onDrop: (event: DragEvent) => {
      if (!dragHasFiles(event)) return;
      event.preventDefault();
      cancel();
      setOver(false);
      const files = Array.from(event.dataTransfer.files ?? []);
      if (files.length > 0) onFiles(files);
    },
  };
  return { over, handlers };
}
