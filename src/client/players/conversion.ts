// Spec 1 §7: POST /svc/log/conversion once per video for a logged-in viewer, on its first play.
// A failed log is forgotten, so a later play may send it again (spec 1 §8).
import { CONVERSION_ACTION_HTML5_VIDEO, PLAYER } from '../../shared/players/constants';
import { apiPost, currentFormKey } from '../api/client';
import { subscribe } from '../events/bus';

const logged = new Set<string>();

export function logConversion(postId: string): void {
  // Logged out there is no form key, and nothing is sent.
  if (!postId || !currentFormKey() || logged.has(postId)) return;
  logged.add(postId);
  const log = JSON.stringify({ name: CONVERSION_ACTION_HTML5_VIDEO, extra: PLAYER });
  apiPost('/svc/log/conversion', { post_id: postId, log }).catch(() => logged.delete(postId));
}

/** Listens to the players' events: a play or an autoplay of a video is its conversion. */
export function startConversionLog(): () => void {
  return subscribe('video', ({ name, payload }) => {
    if (name === 'play' || name === 'auto_play') logConversion(payload.post_id);
  });
}
