import { createContext } from 'react';

/**
 * Takes an image file pasted or dropped into a body editor and starts its upload; answers the
 * placeholder's src (an object URL) to show while it uploads, or nothing to insert nothing.
 */
export type ImageFileHandler = (file: File) => string | null | void;

/** The post form gives every body editor inside it one handler, so that no field has to wire it. */
export const ImageFileContext = createContext<ImageFileHandler | null>(null);
