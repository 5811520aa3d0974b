// Spec 1 §4 Video player, §7 video events, §8 media errors, §9 constants. The rules live here,
// over a media-element interface, so they are tested with a fake element and fake timers; the
// component only draws the state and forwards clicks, drags and the viewport check.
import { mediaErrorName, VIDEO, VIDEO_VENDOR, type VideoEventName, type VideoEventPayload } from '../../shared/players/constants';
import { publish, subscribe } from '../events/bus';
import { clamp01, listen, safePlay, Store, type MediaLike } from './media';

export interface VideoState {
  status: 'paused' | 'playing' | 'failed';
  muted: boolean;
  autoplay: boolean;
  loop: boolean;
  hd: boolean;
  /** Between asking for the other resolution and its metadata arriving. */
  switching: boolean;
  position: number;
  /** Seconds; null while unknown; Infinity for a livestream. */
  duration: number | null;
  error: { code: number; name: string } | null;
  scrubbing: boolean;
}

export interface VideoOptions {
  src: string;
  hdSrc?: string | null;
  /** The duration the server measured, if any (the element's own wins once loaded). */
  duration?: number | null;
  /** Spec 1 §4: no autoplay on mobile. */
  mobile?: boolean;
  /** Spec 1 §3: post data for video logging. */
  post: { post_id: string; root_post_id: string; blog_uuid: string };
}

const isLive = (duration: number | null) => duration === Number.POSITIVE_INFINITY;
/** Spec 1 §4: autoplay only if the duration is above 1 s, unknown, or live. */
const longEnoughToAutoplay = (duration: number | null) => duration == null || !Number.isFinite(duration) || duration > VIDEO.minLoopDuration;
/** Spec 1 §4: loop is on by default and off for 1 s or less. */
const loops = (duration: number | null) => !(duration != null && Number.isFinite(duration) && duration <= VIDEO.minLoopDuration);

interface Switch {
  time: number;
  paused: boolean;
  muted: boolean;
}

export class VideoController extends Store<VideoState> {
  private stopListening: () => void;
  private stopBus: () => void;
  private pendingPlay: VideoEventName | null = null;
  private ended = false;
  private loaded = false;
  private elapsed = 0;
  private lastPosition = 0;
  private polls: ReturnType<typeof setInterval>[] = [];
  private waitingSince: number | null = null;
  private lastBufferPosition = 0;
  private switchTimer: ReturnType<typeof setTimeout> | null = null;
  private switchFrom: Switch | null = null;
  private scrubWasPlaying = false;
  private visible = false;

  constructor(
    private media: MediaLike,
    private options: VideoOptions,
  ) {
    const duration = options.duration ?? null;
    super({ status: 'paused', muted: true, autoplay: !options.mobile, loop: loops(duration), hd: false, switching: false, position: 0, duration, error: null, scrubbing: false });
    // Spec 1 §4 and §9: muted and paused, at the default volume.
    media.muted = true;
    media.volume = VIDEO.defaultVolume;
    media.src = options.src;
    this.stopListening = listen(media, {
      loadedmetadata: () => this.onMetadata(),
      play: () => this.onPlay(),
      pause: () => this.onPause(),
      ended: () => this.onEnded(),
      error: () => this.onError(),
      timeupdate: () => this.set({ position: media.currentTime }),
    });
    this.stopBus = subscribe('players:pause-all', () => this.media.pause());
  }

  dispose() {
    this.stopPolls();
    if (this.switchTimer) clearTimeout(this.switchTimer);
    this.stopListening();
    this.stopBus();
  }

  private get failed() {
    return this.get().status === 'failed';
  }

  private emit(name: VideoEventName, extra: Partial<VideoEventPayload> = {}) {
    const { duration } = this.get();
    publish('video', {
      name,
      payload: {
        ...this.options.post,
        platform: 'web',
        type: isLive(duration) ? 'live' : 'replay',
        duration: duration != null && Number.isFinite(duration) ? duration : null,
        time_elapsed: Math.round(this.elapsed * 1000) / 1000,
        position: this.media.currentTime,
        vendor: VIDEO_VENDOR,
        ...extra,
      },
    });
  }

  private onMetadata() {
    const duration = Number.isNaN(this.media.duration) ? this.get().duration : this.media.duration;
    if (this.switchFrom) return this.finishSwitch(duration);
    this.set({ duration, loop: loops(duration) });
    if (!this.loaded) {
      this.loaded = true;
      this.emit('initialLoad');
    }
    // A video found to be too short after all stops autoplaying; one found long enough may start.
    if (this.visible) this.setVisible(true);
  }

  private onPlay() {
    if (this.failed) return;
    const name = this.pendingPlay ?? (this.ended ? 'restart' : 'play');
    this.pendingPlay = null;
    this.ended = false;
    this.set({ status: 'playing' });
    this.startPolls();
    if (!this.switchFrom && name !== 'resolutionchange') this.emit(name);
  }

  private onPause() {
    this.stopPolls();
    if (this.failed || this.switchFrom || this.get().scrubbing) return;
    this.set({ status: 'paused' });
    if (!this.ended) this.emit('pause');
  }

  private onEnded() {
    if (this.failed) return;
    if (this.get().loop) {
      this.pendingPlay = 'loop';
      this.media.currentTime = 0;
      safePlay(this.media);
      return;
    }
    this.ended = true;
    this.stopPolls();
    this.set({ status: 'paused' });
    this.emit('end');
  }

  private onError() {
    const code = this.media.error?.code ?? 0;
    const name = mediaErrorName(code);
    this.stopPolls();
    this.switchFrom = null;
    // Spec 1 §4: on error paused, loop off, autoplay off.
    this.set({ status: 'failed', loop: false, autoplay: false, switching: false, error: { code, name } });
    this.media.pause();
    this.emit('failed', { code, name });
  }

  /** The viewport check (spec 1 §9 offset -100): autoplay muted when in view, pause when out of it. */
  setVisible(visible: boolean) {
    this.visible = visible;
    const state = this.get();
    if (this.failed) return;
    if (visible && state.autoplay && longEnoughToAutoplay(state.duration) && this.media.paused && !state.switching) {
      this.media.muted = true;
      this.set({ muted: true });
      this.pendingPlay = 'auto_play';
      void this.media.play().catch(() => {
        this.pendingPlay = null;
      });
    } else if (!visible && !this.media.paused) {
      this.media.pause();
    }
  }

  /** A click on the picture: autoplay off and sound on; it plays if paused, pauses if it already had sound. */
  click() {
    if (this.failed) return;
    const hadSound = !this.media.muted;
    this.set({ autoplay: false });
    if (!hadSound) this.setMuted(false);
    if (this.media.paused) safePlay(this.media);
    else if (hadSound) this.media.pause();
  }

  /** The play/pause button: a person's choice, so autoplay stops deciding. */
  togglePlay() {
    if (this.failed) return;
    this.set({ autoplay: false });
    if (this.media.paused) safePlay(this.media);
    else this.media.pause();
  }

  setMuted(muted: boolean) {
    if (this.failed) return;
    this.media.muted = muted;
    this.set({ muted });
    this.emit(muted ? 'mute' : 'unmute');
  }

  fullscreen() {
    this.emit('fullscreen');
  }

  seekToFraction(fraction: number) {
    const { duration } = this.get();
    if (this.failed || duration == null || !Number.isFinite(duration)) return;
    this.media.currentTime = clamp01(fraction) * duration;
    this.lastPosition = this.media.currentTime;
    this.set({ position: this.lastPosition });
  }

  seekBy(seconds: number) {
    const { duration } = this.get();
    if (this.failed || duration == null || !Number.isFinite(duration)) return;
    this.media.currentTime = Math.min(duration, Math.max(0, this.media.currentTime + seconds));
    this.lastPosition = this.media.currentTime;
    this.set({ position: this.lastPosition });
  }

  startScrub(fraction: number) {
    if (this.failed) return;
    this.scrubWasPlaying = !this.media.paused;
    this.set({ scrubbing: true });
    this.media.pause();
    this.emit('scrub_start');
    this.seekToFraction(fraction);
  }

  moveScrub(fraction: number) {
    if (this.get().scrubbing) this.seekToFraction(fraction);
  }

  endScrub(fraction: number) {
    if (!this.get().scrubbing) return;
    this.seekToFraction(fraction);
    this.set({ scrubbing: false });
    this.emit('scrub_stop');
    if (this.scrubWasPlaying) safePlay(this.media);
  }

  /** Spec 1 §4: the HD toggle switches source after 300 ms, keeping position, pause and mute. */
  toggleHd() {
    const { hdSrc, src } = this.options;
    if (!hdSrc || this.failed || this.switchTimer) return;
    const toHd = !this.get().hd;
    this.set({ switching: true });
    this.switchTimer = setTimeout(() => {
      this.switchTimer = null;
      this.switchFrom = { time: this.media.currentTime, paused: this.media.paused, muted: this.media.muted };
      this.stopPolls();
      this.set({ hd: toHd });
      this.media.src = toHd ? hdSrc : src;
    }, VIDEO.hdSwitchDelayMs);
  }

  private finishSwitch(duration: number | null) {
    const from = this.switchFrom!;
    this.media.currentTime = from.time;
    this.lastPosition = from.time;
    this.media.muted = from.muted;
    this.set({ switching: false, duration, muted: from.muted, position: from.time });
    this.emit('resolutionchange');
    this.switchFrom = null;
    if (!from.paused) {
      this.pendingPlay = 'resolutionchange';
      safePlay(this.media);
    } else {
      this.set({ status: 'paused' });
    }
  }

  /** Spec 1 §9: the position is read every 150 ms, buffering checked every 100 ms. */
  private startPolls() {
    this.stopPolls();
    this.lastPosition = this.media.currentTime;
    this.lastBufferPosition = this.media.currentTime;
    this.polls.push(setInterval(() => this.pollTime(), VIDEO.timeUpdatePollMs));
    this.polls.push(setInterval(() => this.pollBuffer(), VIDEO.bufferingPollMs));
  }

  private stopPolls() {
    for (const poll of this.polls) clearInterval(poll);
    this.polls = [];
    this.waitingSince = null;
  }

  private pollTime() {
    const position = this.media.currentTime;
    const jump = position - this.lastPosition;
    // Spec 1 §9: a jump under 0.3 s is playback; a longer one is a seek and is not watched time.
    if (jump > 0 && jump < VIDEO.seekJumpElapsedS) this.elapsed += jump;
    this.lastPosition = position;
    this.set({ position });
    this.emit('timeupdate');
  }

  private pollBuffer() {
    const position = this.media.currentTime;
    if (position === this.lastBufferPosition && !this.media.paused) {
      this.waitingSince ??= Date.now();
    } else if (this.waitingSince != null) {
      // Spec 1 §9: a wait is logged only if it lasted 2000 ms or more.
      if (Date.now() - this.waitingSince >= VIDEO.waitingLogMinMs) this.emit('waiting');
      this.waitingSince = null;
    }
    this.lastBufferPosition = position;
  }
}
