import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { LivePhotoController, type LivePhotoState } from './live-photo-controller';
import styles from './players.module.css';

interface LivePhotoProps {
  /** The still (keyframe) image, as the photo shows it anyway. */
  children: ReactNode;
  keyframe: string | null | undefined;
  video: string | null | undefined;
  stillTime?: number;
  /** Spec 1 §8: a live photo without its keyframe or video is an error, unless suppressed. */
  suppressErrors?: boolean;
}

const IDLE: LivePhotoState = { phase: 'idle', videoShown: false, failed: false };
const noop = () => () => undefined;

/** Spec 1 §3, §4 Live photo: the still, with its video played while pressed and held. */
export function LivePhoto({ children, keyframe, video, stillTime, suppressErrors = false }: LivePhotoProps) {
  const complete = Boolean(keyframe && video);
  useEffect(() => {
    if (!complete && !suppressErrors) console.error('A live photo needs a keyframe image and a video URL.', { keyframe, video });
  }, [complete, suppressErrors, keyframe, video]);
  if (!complete) return <>{children}</>;
  return (
    <LivePlayer video={video!} stillTime={stillTime}>
      {children}
    </LivePlayer>
  );
}

function LivePlayer({ children, video, stillTime }: { children: ReactNode; video: string; stillTime?: number }) {
  const media = useRef<HTMLVideoElement>(null);
  const [controller, setController] = useState<LivePhotoController | null>(null);
  useEffect(() => {
    const made = new LivePhotoController(media.current!, stillTime ?? null);
    setController(made);
    return () => made.dispose();
  }, [video, stillTime]);
  const state = useSyncExternalStore(controller?.subscribe ?? noop, controller?.get ?? (() => IDLE));

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    controller?.press();
  };
  const onKey = (down: boolean) => (event: KeyboardEvent) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (down && !event.repeat) controller?.press();
    else if (!down) controller?.release();
  };

  return (
    <div
      className={styles.live}
      data-phase={state.phase}
      data-failed={state.failed || undefined}
      onPointerDown={onPointerDown}
      onPointerUp={() => controller?.release()}
      onPointerCancel={() => controller?.release()}
      onPointerEnter={(event) => event.pointerType === 'mouse' && controller?.hoverStart()}
      onPointerLeave={() => controller?.hoverEnd()}
      // A long press on a phone would open the image menu instead of playing.
      onContextMenu={(event) => state.phase !== 'idle' && event.preventDefault()}
    >
      {children}
      <video ref={media} className={`${styles.liveVideo} ${state.videoShown ? styles.liveVideoShown : ''}`} src={video} muted playsInline preload="none" aria-hidden="true" />
      {!state.failed && (
        <button
          type="button"
          className={styles.liveBadge}
          aria-label="Live photo: press and hold to play"
          aria-pressed={state.phase === 'loading' || state.phase === 'playing'}
          onKeyDown={onKey(true)}
          onKeyUp={onKey(false)}
          onBlur={() => controller?.release()}
        >
          LIVE
        </button>
      )}
    </div>
  );
}
