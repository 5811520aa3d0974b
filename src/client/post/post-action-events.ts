// Post action outcomes that other parts of the page may want to hear about (spec 1 §8): a
// failure (401, 404, 500, no answer, another refusal) and a forbidden (403). Plain module state
// outside React: whoever listens (a logger, a banner) subscribes with `on` and unsubscribes with
// the function it returns.
import { createEmitter } from '../uploads/emitter';

export type PostAction =
  | 'like'
  | 'unlike'
  | 'fast_reblog'
  | 'reply'
  | 'publish'
  | 'queue'
  | 'delete'
  | 'promote'
  | 'unpromote'
  // The inbox (spec 1 §7: answer, approve and deny submissions; block the sender).
  | 'approve'
  | 'deny'
  | 'block';

export type PostActionEvents = {
  /** The call failed; status 0 when the server could not be reached. */
  failure: { action: PostAction; post_id: string; status: number };
  /** The server refused (403), with its reason (blocked, not yours, ...). */
  forbidden: { action: PostAction; post_id: string; message: string };
};

export const postActionEvents = createEmitter<PostActionEvents>();
