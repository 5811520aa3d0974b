/**
 * Spec 1 §6 and spec 2 §6, the one rule of safe mode, on the server and in the client alike: it is
 * on for a reader when the site offers it (the site flag `safe_mode`, on by default) and the
 * reader's own setting is on (on by default). A logged-out visitor has no setting and counts as
 * having it on. Whatever it hides, one's own blog is never hidden from oneself.
 */
export function safeModeOn(siteOffersSafeMode: boolean, readerSetting: boolean | null): boolean {
  return siteOffersSafeMode && (readerSetting ?? true);
}
