// Spec 1 §4 Live photo: idle, loading, playing (post-roll, then the video), stopping, reset; and
// §9: post-roll 375 ms, deactivate 500 ms, preview 500 ms, still time half the duration by
// default, hold-to-play guard 750 ms. Our reading of the timings:
// - press (a touch held, a mouse button, Space or Enter held) asks the video to play: loading;
// - the video plays: playing, the still stays on top for the post-roll, then the video shows;
// - a mouse resting on the photo for the preview time presses it too (and leaving releases it);
// - release stops it, but never sooner than the guard after the press (a tap shows the motion
//   instead of a flicker): stopping, the video fades out for the deactivate time;
// - reset: paused and back at the still's time, so the next play starts from the same frame;
//   then idle.
import { LIVE_PHOTO } from '../../shared/players/constants';
import { listen, Store, type MediaLike } from './media';

export type LivePhotoPhase = 'idle' | 'loading' | 'playing' | 'stopping' | 'reset';

export interface LivePhotoState {
  phase: LivePhotoPhase;
  /** The video is over the still (after the post-roll, until it starts stopping). */
  videoShown: boolean;
  /** The video could not play: the photo stays a still. */
  failed: boolean;
}

type Timer = ReturnType<typeof setTimeout>;

export class LivePhotoController extends Store<LivePhotoState> {
  private stopListening: () => void;
  private timers = new Set<Timer>();
  private pressedAt = 0;
  private held = false;
  private previewTimer: Timer | null = null;

  constructor(
    private media: MediaLike,
    /** Seconds into the video that the still shows; null: half the duration. */
    private stillTime: number | null = null,
    private now: () => number = () => Date.now(),
  ) {
    super({ phase: 'idle', videoShown: false, failed: false });
    media.muted = true;
    this.stopListening = listen(media, {
      playing: () => this.onPlaying(),
      ended: () => this.stop(),
      seeked: () => this.onSeeked(),
      timeupdate: () => this.get().phase === 'reset' && this.onSeeked(),
      error: () => this.fail(),
    });
  }

  dispose() {
    this.stopListening();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.cancelPreview();
  }

  private after(ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private clearTimers() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Press and hold: play. */
  press() {
    const { phase, failed } = this.get();
    if (failed || this.held) return;
    this.held = true;
    this.pressedAt = this.now();
    if (phase === 'loading' || phase === 'playing') return;
    this.clearTimers();
    this.set({ phase: 'loading', videoShown: false });
    this.media.currentTime = 0;
    void this.media.play().catch(() => this.fail());
  }

  /** Let go: stop, once the guard since the press has passed. */
  release() {
    this.cancelPreview();
    if (!this.held) return;
    this.held = false;
    const { phase } = this.get();
    if (phase !== 'loading' && phase !== 'playing') return;
    const wait = LIVE_PHOTO.holdToPlayGuardMs - (this.now() - this.pressedAt);
    if (wait > 0) this.after(wait, () => this.held || this.stop());
    else this.stop();
  }

  /** A mouse resting on the photo: after the preview time it plays as if pressed. */
  hoverStart() {
    this.cancelPreview();
    this.previewTimer = setTimeout(() => {
      this.previewTimer = null;
      this.press();
    }, LIVE_PHOTO.previewMs);
  }

  hoverEnd() {
    this.release();
  }

  private cancelPreview() {
    if (this.previewTimer) clearTimeout(this.previewTimer);
    this.previewTimer = null;
  }

  private onPlaying() {
    if (this.get().phase !== 'loading') return;
    this.set({ phase: 'playing' });
    this.after(LIVE_PHOTO.postRollMs, () => this.get().phase === 'playing' && this.set({ videoShown: true }));
  }

  private stop() {
    const { phase } = this.get();
    if (phase !== 'loading' && phase !== 'playing') return;
    this.held = false;
    this.clearTimers();
    this.set({ phase: 'stopping', videoShown: false });
    this.after(LIVE_PHOTO.deactivateMs, () => this.reset());
  }

  private reset() {
    this.set({ phase: 'reset' });
    this.media.pause();
    const duration = this.media.duration;
    const still = this.stillTime ?? (Number.isFinite(duration) ? duration * LIVE_PHOTO.stillTimeFraction : 0);
    this.media.currentTime = still;
  }

  private onSeeked() {
    if (this.get().phase === 'reset') this.set({ phase: 'idle' });
  }

  private fail() {
    this.clearTimers();
    this.held = false;
    this.set({ phase: 'idle', videoShown: false, failed: true });
  }
}
