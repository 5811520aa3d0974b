// Safe mode in the client: spec 1 §6's rule (src/shared/safe-mode.ts) fed by what the client
// knows of the reader. The layout works it out once for the page (ReaderSafeMode); avatars,
// sensitive-post covers, the drawer and search read it from there or from the viewer they hold.
import { createContext, useContext } from 'react';
import { safeModeOn } from '../../shared/safe-mode';

/** The reader as safe mode needs them: on or off, and the blogs they own (never hidden from them). */
export interface SafeModeReader {
  on: boolean;
  own: readonly string[];
}

/** A logged-in viewer as the client holds one: the setting, and the site flag as their features carry it. */
export interface SafeModeViewer {
  safe_mode: boolean;
  channels: { name: string }[];
  /** The user info's flags (their override or the site's). Absent: the site's default, on. */
  features?: { safe_mode?: boolean };
}

/** Spec 1 §6 for a logged-in viewer. */
export const viewerSafeModeOn = (viewer: SafeModeViewer) => safeModeOn(viewer.features?.safe_mode ?? true, viewer.safe_mode);

/**
 * The page's reader: a logged-in viewer, or a logged-out visitor (null) with the site flag as GET
 * /svc/site gives it (undefined until it arrives: the site's default, on, so nothing sensitive
 * shows before the flag does).
 */
export function safeModeReader(viewer: SafeModeViewer | null, siteFlag: boolean | undefined): SafeModeReader {
  if (viewer) return { on: viewerSafeModeOn(viewer), own: viewer.channels.map((c) => c.name) };
  return { on: safeModeOn(siteFlag ?? true, null), own: [] };
}

/**
 * Provided by the layout. Outside it (a component rendered alone) safe mode is off, as the
 * avatars' site flag read before.
 */
export const ReaderSafeMode = createContext<SafeModeReader>({ on: false, own: [] });

export const useReaderSafeMode = () => useContext(ReaderSafeMode);

/** Safe mode hides this blog's adult avatar or sensitive post from the reader: on, and not their own. */
export const hidesFrom = (reader: SafeModeReader, blogName: string) => reader.on && !reader.own.includes(blogName);

/** Whether safe mode is on for `viewer`, or (logged out, or not known yet) for the page's reader. */
export function useSafeModeOn(viewer: SafeModeViewer | null | undefined): boolean {
  const reader = useReaderSafeMode();
  return viewer ? viewerSafeModeOn(viewer) : reader.on;
}
