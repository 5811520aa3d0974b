import { VIDEO } from '../../shared/players/constants';
import type { MediaSizeView } from '../../shared/posts/types';
import { clamp01 } from './media';

/** Spec 1 §9: the filmstrip holds 10 frames side by side; hovering at `fraction` of the bar shows one. */
export function filmstripFrame(strip: MediaSizeView, fraction: number) {
  const frames = VIDEO.filmstripFrames;
  const index = Math.min(frames - 1, Math.floor(clamp01(fraction) * frames));
  const width = strip.width / frames;
  return { index, width, height: strip.height, offsetX: -index * width };
}
