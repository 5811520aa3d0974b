import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { MediaSizeView } from '../../shared/posts/types';
import { useFeatures } from '../api/features';
import { filmstripFrame } from './filmstrip';
import { CloseIcon, FullscreenIcon, PauseIcon, PlayIcon, SoundIcon } from './icons';
import styles from './players.module.css';
import { formatTime, SeekBar } from './SeekBar';
import { VideoController, type VideoOptions, type VideoState } from './video-controller';
import { useDock } from './use-dock';
import { inViewport, isMobile, useViewportCheck } from './viewport';

export interface VideoPlayerProps {
  src: string;
  hdSrc: string | null;
  poster: string | null;
  duration: number | null;
  filmstrip: MediaSizeView | null;
  width: number | null;
  height: number | null;
  post: VideoOptions['post'];
}

const noop = () => () => undefined;

/** Spec 1 §4 Video player: the rules live in VideoController; this draws them. */
export function VideoPlayer({ src, hdSrc, poster, duration, filmstrip, width, height, post }: VideoPlayerProps) {
  // The slot keeps the player's place in the post; the box inside it is what docks (spec 2 §4).
  const slot = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const media = useRef<HTMLVideoElement>(null);
  const [controller, setController] = useState<VideoController | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  // Issue 26: is_mobile_handset treats the browser as a phone whatever its pointer.
  const handset = useFeatures().is_mobile_handset === true;
  useEffect(() => {
    const made = new VideoController(media.current!, { src, hdSrc, duration, mobile: handset || isMobile(), post });
    setController(made);
    return () => made.dispose();
    // One controller per source: a new post object with the same ids is the same player.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, hdSrc, duration, post.post_id, handset]);
  const initial = useRef<VideoState>({ status: 'paused', muted: true, autoplay: false, loop: true, hd: false, switching: false, position: 0, duration, error: null, scrubbing: false });
  const state = useSyncExternalStore(controller?.subscribe ?? noop, controller?.get ?? (() => initial.current));
  // A video the person is watching docks when it scrolls away; an autoplaying one pauses (spec 1 §4).
  const dock = useDock({ canDock: state.status === 'playing' && !state.autoplay, demandsEviction: !state.muted, stop: () => controller?.setVisible(false) });
  useViewportCheck(slot, (rect) => {
    const visible = inViewport(rect, window.innerWidth, window.innerHeight);
    if (visible) dock.inView();
    else if (dock.outOfView()) return;
    controller?.setVisible(visible);
  }, controller);

  const live = state.duration === Number.POSITIVE_INFINITY;
  const playing = state.status === 'playing';
  const failed = state.status === 'failed';
  const frame = filmstrip && hover != null ? filmstripFrame(filmstrip, hover) : null;
  const ratio = width && height ? `${width} / ${height}` : undefined;

  return (
    <div ref={slot} className={styles.videoSlot} style={{ aspectRatio: ratio }}>
      <div
        ref={box}
        className={`${styles.videoBox} ${dock.docked ? styles.docked : ''}`}
        style={{ aspectRatio: ratio }}
        data-state={state.status}
        data-hd={state.hd || undefined}
        data-docked={dock.docked || undefined}
      >
        {/* The picture: a click turns autoplay off and unmutes (spec 1 §4); the buttons below do the same by keyboard. */}
        <video ref={media} className={styles.picture} poster={poster ?? undefined} playsInline preload="metadata" onClick={() => controller?.click()} />
        {failed && (
          <div className={styles.videoError} role="status">
            {state.error?.name}
          </div>
        )}
        <div className={styles.controls}>
          <button type="button" className={styles.control} onClick={() => controller?.togglePlay()} disabled={failed} aria-label={playing ? 'Pause' : 'Play'}>
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          {!live && (
            <>
              <span className={styles.videoTime} aria-hidden="true">
                {formatTime(state.position)}
                {state.duration != null && ` / ${formatTime(state.duration)}`}
              </span>
              <SeekBar
                label="Seek"
                position={state.position}
                duration={state.duration}
                disabled={failed}
                onPress={(f) => controller?.startScrub(f)}
                onDrag={(f) => controller?.moveScrub(f)}
                onRelease={(f) => controller?.endScrub(f)}
                onStep={(s) => controller?.seekBy(s)}
                onHover={setHover}
              >
                {frame && (
                  <span
                    className={styles.filmstrip}
                    data-frame={frame.index}
                    style={{
                      left: `${hover! * 100}%`,
                      width: frame.width,
                      height: frame.height,
                      backgroundImage: `url("${filmstrip!.url}")`,
                      backgroundPosition: `${frame.offsetX}px 0`,
                    }}
                  />
                )}
              </SeekBar>
            </>
          )}
          <button type="button" className={styles.control} onClick={() => controller?.setMuted(!state.muted)} disabled={failed} aria-label={state.muted ? 'Unmute' : 'Mute'}>
            <SoundIcon muted={state.muted} />
          </button>
          {hdSrc && (
            <button type="button" className={`${styles.control} ${styles.hd}`} onClick={() => controller?.toggleHd()} disabled={failed || state.switching} aria-pressed={state.hd} aria-label="HD">
              HD
            </button>
          )}
          <button
            type="button"
            className={styles.control}
            aria-label="Full screen"
            onClick={() => {
              controller?.fullscreen();
              void box.current?.requestFullscreen?.().catch(() => undefined);
            }}
          >
            <FullscreenIcon />
          </button>
          {dock.docked && (
            <button type="button" className={styles.control} aria-label="Close the docked video" onClick={dock.close}>
              <CloseIcon />
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
