// Spec 1 §4 Audio player: paused or playing; one plays at a time (the others pause and go back
// to 0); on error the player is failed and takes no more input; dragging on the bar seeks and
// pauses during the drag; a click on the bar while playing seeks, while paused plays.
import { clamp01, listen, safePlay, Store, type MediaLike } from './media';

export interface AudioState {
  status: 'paused' | 'playing' | 'failed';
  position: number;
  duration: number | null;
  dragging: boolean;
}

/** Every mounted audio player: when one starts, the others stop (spec 1 §4). */
const players = new Set<AudioController>();

interface Scrub {
  wasPlaying: boolean;
  moved: boolean;
}

export class AudioController extends Store<AudioState> {
  private stop: () => void;
  private scrub: Scrub | null = null;

  /** `duration`: what the server measured, shown before the file (preload none) is read. */
  constructor(
    private media: MediaLike,
    duration: number | null = null,
  ) {
    super({ status: 'paused', position: 0, duration, dragging: false });
    players.add(this);
    this.stop = listen(media, {
      play: () => this.onPlay(),
      pause: () => this.failed || this.set({ status: 'paused' }),
      ended: () => this.failed || this.set({ status: 'paused' }),
      timeupdate: () => this.set({ position: media.currentTime }),
      loadedmetadata: () => this.readDuration(),
      durationchange: () => this.readDuration(),
      error: () => this.fail(),
    });
  }

  private readDuration() {
    if (Number.isFinite(this.media.duration)) this.set({ duration: this.media.duration });
  }

  dispose() {
    this.stop();
    players.delete(this);
  }

  private get failed() {
    return this.get().status === 'failed';
  }

  private onPlay() {
    if (this.failed) return;
    for (const other of players) if (other !== this) other.stopAndRewind();
    this.set({ status: 'playing' });
  }

  /** Another player started: pause and go back to the start. */
  stopAndRewind() {
    if (this.media.paused && this.media.currentTime === 0) return;
    this.media.pause();
    this.media.currentTime = 0;
  }

  private fail() {
    this.scrub = null;
    this.media.pause();
    this.set({ status: 'failed', dragging: false });
  }

  /** Evicted from the dock (out of view): stop where it is. */
  pause() {
    if (!this.media.paused) this.media.pause();
  }

  toggle() {
    if (this.failed) return;
    if (this.media.paused) safePlay(this.media);
    else this.media.pause();
  }

  /** Keyboard seeking (arrow keys, Home, End) by seconds from where it is. */
  seekBy(seconds: number) {
    if (this.failed) return;
    this.seekTo(this.media.currentTime + seconds);
  }

  seekToFraction(fraction: number) {
    const { duration } = this.get();
    if (this.failed || duration == null) return;
    this.seekTo(clamp01(fraction) * duration);
  }

  private seekTo(seconds: number) {
    const { duration } = this.get();
    const limit = duration ?? Number.POSITIVE_INFINITY;
    this.media.currentTime = Math.min(limit, Math.max(0, seconds));
    // The bar follows at once; the element's own timeupdate comes later.
    this.set({ position: this.media.currentTime });
  }

  /** Pointer down on the bar: a click or the start of a drag. */
  pressBar() {
    if (this.failed) return;
    this.scrub = { wasPlaying: !this.media.paused, moved: false };
  }

  /** The pointer moves while pressed: a drag, which pauses and seeks as it goes. */
  dragBar(fraction: number) {
    if (!this.scrub || this.failed) return;
    if (!this.scrub.moved) {
      this.scrub.moved = true;
      this.media.pause();
      this.set({ dragging: true });
    }
    this.seekToFraction(fraction);
  }

  /** Pointer up: the end of a drag (resume if it was playing) or a click. */
  releaseBar(fraction: number) {
    const scrub = this.scrub;
    this.scrub = null;
    if (!scrub || this.failed) return;
    if (scrub.moved) {
      this.seekToFraction(fraction);
      this.set({ dragging: false });
      if (scrub.wasPlaying) safePlay(this.media);
    } else if (scrub.wasPlaying) {
      this.seekToFraction(fraction);
    } else {
      safePlay(this.media);
    }
  }
}
