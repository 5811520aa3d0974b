// A fake media element for the players' tests: play/pause/seek as a browser does, events on demand.
import type { MediaLike } from './media';

export class FakeMedia extends EventTarget implements MediaLike {
  paused = true;
  muted = false;
  volume = 1;
  src = '';
  error: MediaError | null = null;
  duration = NaN;
  private time = 0;
  refusePlay = false;

  get currentTime() {
    return this.time;
  }

  set currentTime(value: number) {
    this.time = value;
    this.fire('timeupdate');
  }

  play = () => {
    if (this.refusePlay) return Promise.reject(new Error('NotAllowedError'));
    if (this.paused) {
      this.paused = false;
      this.fire('play');
    }
    return Promise.resolve();
  };

  pause = () => {
    if (!this.paused) {
      this.paused = true;
      this.fire('pause');
    }
  };

  /** The browser's progress: the position moves on while playing. */
  advance(seconds: number) {
    this.time += seconds;
    this.fire('timeupdate');
  }

  load(duration: number) {
    this.duration = duration;
    this.fire('loadedmetadata');
  }

  end() {
    this.paused = true;
    this.fire('ended');
  }

  fail(code: number) {
    this.error = { code, message: '' } as MediaError;
    this.fire('error');
  }

  fire(name: string) {
    this.dispatchEvent(new Event(name));
  }
}
