// A window's attachments (spec 2 §4, §5): the image waiting in the preview strip, the refusal
// text of a bad file, drag and drop onto the window, and the send that pairs text with the image.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { PREVIEW_CLOSE_DELAY_MS } from '../../shared/messaging/constants';
import type { GifItem } from '../../shared/search/gif';
import { canDropFile, gifSelection, inboxFileError, inboxFiles, lastFile, pendingDrops, previewFromFile, TEXT_FILE_IS_OFF, windowFileError, type PreviewImage } from './attachments';
import type { Outgoing } from './send-queue';
import { messagingUi } from './store';
import type { Sticker } from './types';

type Send = (text: string, extra?: Partial<Pick<Outgoing, 'type' | 'context' | 'image' | 'sticker'>>) => void;

interface Options {
  windowId: string;
  minimized: boolean;
  canSend: boolean;
  /** The window is loading or shows an error: nothing may be dropped or sent. */
  hasError: boolean;
  send: Send;
  /** Server data's image limit. */
  maxImageBytes?: number;
}

export function useAttachments({ windowId, minimized, canSend, hasError, send, maxImageBytes }: Options) {
  const [preview, setPreview] = useState<PreviewImage | null>(null);
  // Spec 2 §9: a picked sticker waits, shown at 250 px, until the message is sent. One attachment
  // at a time: a sticker and an image replace each other.
  const [sticker, setSticker] = useState<Sticker | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const acceptFile = (file: File) => {
    const refused = inboxFiles.has(file) ? inboxFileError(file, maxImageBytes) : windowFileError(file, maxImageBytes);
    if (refused) {
      setFileError(refused);
      return;
    }
    setFileError(null);
    previewFromFile(file).then((image) => {
      setSticker(null);
      setPreview(image);
    }, () => setFileError(TEXT_FILE_IS_OFF));
  };

  const acceptGif = (item: GifItem) => {
    const gif = gifSelection(item);
    // Spec 2 §5: a GIF without its post and that post's blog is not added.
    if (!gif) return;
    setFileError(null);
    setSticker(null);
    setPreview({ url: gif.mediaUrl, width: gif.width, height: gif.height, context: 'messaging-gif', gif });
  };

  const pickSticker = (picked: Sticker) => {
    setPreview(null);
    setSticker(picked);
  };

  /** Compose's send: the sticker or the image first (after the strip has closed for 150 ms), then the text. */
  const submit = (text: string) => {
    const image = preview;
    if (sticker) {
      setSticker(null);
      send('', { type: 'STICKER', sticker });
      if (text) send(text);
      return;
    }
    if (!image) {
      send(text);
      return;
    }
    setPreview(null);
    timers.current.push(
      setTimeout(() => {
        send('', { type: 'IMAGE', image, context: image.context });
        if (text) send(text);
      }, PREVIEW_CLOSE_DELAY_MS),
    );
  };

  // A file dropped on this window's minimized tab, or picked for it in the inbox, now that the
  // window is open and loaded (a window opened from the inbox is still loading at first).
  useEffect(() => {
    const file = pendingDrops.get(windowId);
    if (!file || minimized || hasError) return;
    pendingDrops.delete(windowId);
    // Read after this render: the file is an outside event arriving, not state derived here.
    if (canDropFile({ hasPreview: preview !== null, canSend, hasError })) void Promise.resolve(file).then(acceptFile);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [windowId, minimized, hasError]);

  const droppable = canDropFile({ hasPreview: preview !== null, canSend, hasError });
  const dropHandlers = {
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = droppable ? 'copy' : 'none';
      if (droppable) setDragging(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      setDragging(false);
      if (!droppable) return;
      const file = lastFile(event.dataTransfer.files);
      if (!file) return;
      if (minimized) messagingUi.dispatch({ type: 'restore', id: windowId, now: Date.now() });
      acceptFile(file);
    },
  };

  return {
    preview,
    fileError,
    dragging,
    acceptFile,
    acceptGif,
    sticker,
    pickSticker,
    removeSticker: () => setSticker(null),
    submit,
    removePreview: () => setPreview(null),
    setPreviewAlt: (alt: string) => setPreview((image) => image && { ...image, alt }),
    dropHandlers,
  };
}
