// Post states and the codes the save payload sends for them (spec 1 §4).

export const STATE_CODES = {
  published: '0',
  draft: '1',
  queued: '2',
  scheduled: 'on.2',
  private: 'private',
  unapproved: '0 3',
  transcoding: '4',
} as const;

export type PostState = keyof typeof STATE_CODES;
export type StateCode = (typeof STATE_CODES)[PostState];

const BY_CODE = new Map<string, PostState>(Object.entries(STATE_CODES).map(([state, code]) => [code, state as PostState]));

/** The state a sent code means, or null for an unknown code ('Invalid "state" value'). */
export function stateFromCode(code: string): PostState | null {
  return BY_CODE.get(code) ?? null;
}

/**
 * How a stored post reads back: queued with a publish_on is scheduled; published and flagged
 * private is private.
 */
export function readState(stored: { state: PostState; publish_on: string | Date | null; is_private: boolean }): PostState {
  if (stored.state === 'queued' && stored.publish_on) return 'scheduled';
  if (stored.state === 'published' && stored.is_private) return 'private';
  return stored.state;
}

export const INVALID_STATE = 'Invalid "state" value';
