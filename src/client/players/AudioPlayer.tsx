import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { AudioController, type AudioState } from './audio-controller';
import { CloseIcon, PauseIcon, PlayIcon } from './icons';
import styles from './players.module.css';
import { formatTime, SeekBar } from './SeekBar';
import { useDock } from './use-dock';
import { inViewport, useViewportCheck } from './viewport';

export interface AudioPlayerProps {
  /** Spec 1 §3 Audio player inputs: streamUrl (with its no-download parameter), track, artist, albumArt. */
  streamUrl: string;
  track: string;
  artist: string;
  album?: string;
  albumArt: string | null;
  /** Seconds, as the server measured the file. */
  duration?: number | null;
}

const IDLE: AudioState = { status: 'paused', position: 0, duration: null, dragging: false };
const noop = () => () => undefined;

/** Spec 1 §4 Audio player: one custom player; the rules live in AudioController. */
export function AudioPlayer({ streamUrl, track, artist, album, albumArt, duration = null }: AudioPlayerProps) {
  const media = useRef<HTMLAudioElement>(null);
  // The slot keeps the player's place (and height) in the post while the player is docked.
  const slot = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<AudioController | null>(null);
  useEffect(() => {
    const made = new AudioController(media.current!, duration);
    setController(made);
    return () => made.dispose();
  }, [duration]);
  const state = useSyncExternalStore(controller?.subscribe ?? noop, controller?.get ?? (() => IDLE));
  const failed = state.status === 'failed';
  const playing = state.status === 'playing';
  const title = track || 'Untitled track';
  const meta = [artist, album].filter(Boolean).join(' — ');
  // Playing audio docks when it scrolls away (spec 2 §4); it gives way to a video with sound.
  const dock = useDock({ canDock: playing, demandsEviction: false, stop: () => controller?.pause() });
  useViewportCheck(slot, (rect) => {
    if (inViewport(rect, window.innerWidth, window.innerHeight, 0)) dock.inView();
    else if (dock.outOfView() && slot.current) slot.current.style.minHeight = `${slot.current.offsetHeight}px`;
  });

  return (
    <div ref={slot} className={styles.audioSlot}>
      <div className={`${styles.audio} ${dock.docked ? styles.docked : ''}`} data-state={state.status} data-docked={dock.docked || undefined}>
        <button
          type="button"
          className={styles.audioButton}
          onClick={() => controller?.toggle()}
          disabled={failed}
          aria-label={failed ? `${title} cannot be played` : playing ? `Pause ${title}` : `Play ${title}`}
        >
          {albumArt && <img src={albumArt} alt="" width={72} height={72} loading="lazy" />}
          <span className={styles.audioIcon}>{failed ? <CloseIcon /> : playing ? <PauseIcon /> : <PlayIcon />}</span>
        </button>
        <div className={styles.audioInfo}>
          <span className={styles.trackTitle}>{title}</span>
          {meta && <span className={styles.trackMeta}>{meta}</span>}
          <div className={styles.audioBar}>
            <SeekBar
              label={`Seek ${title}`}
              position={state.position}
              duration={state.duration}
              disabled={failed}
              onPress={() => controller?.pressBar()}
              onDrag={(f) => controller?.dragBar(f)}
              onRelease={(f) => controller?.releaseBar(f)}
              onStep={(s) => controller?.seekBy(s)}
            />
            <span className={styles.time} aria-hidden="true">
              {formatTime(state.position)}
              {state.duration != null && ` / ${formatTime(state.duration)}`}
            </span>
          </div>
        </div>
        <audio ref={media} preload="none" src={streamUrl} />
        {dock.docked && (
          <button type="button" className={styles.dockClose} aria-label={`Close the docked player of ${title}`} onClick={dock.close}>
            <CloseIcon />
          </button>
        )}
      </div>
    </div>
  );
}
