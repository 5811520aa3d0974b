// Spec 1 §9 editor timings and sizes used in code (the link bubble's 200 to 600 px are in its CSS).

/** Changes closer together than this are undone as one step. */
export const UNDO_GROUP_DELAY_MS = 500;

/** Spec 1 §10: what the editor logs (never shown), spelled as the spec spells them ('initalize' too). */
export const EDITOR_ERRORS = {
  noElement: 'A valid element parameter is required to initalize the editor',
  emptyData: 'Cannot insert empty data',
  noCursor: 'Cannot insert without the editor having a cursor or selection',
  unknownImageSource: 'Unknown source type for inserting an image',
  noLinkElement: 'Cannot edit link without a valid linkElement',
} as const;
