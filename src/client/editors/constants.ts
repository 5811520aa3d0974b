// Spec 1 §9 editor timings and sizes used in code (the link bubble's 200 to 600 px are in its CSS).

/** Changes closer together than this are undone as one step. */
export const UNDO_GROUP_DELAY_MS = 500;
