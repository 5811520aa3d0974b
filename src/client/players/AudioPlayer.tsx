import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { AudioController, type AudioState } from './audio-controller';
import { CloseIcon, PauseIcon, PlayIcon } from './icons';
import styles from './players.module.css';
import { formatTime, SeekBar } from './SeekBar';

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

  return (
    <div className={styles.audio} data-state={state.status}>
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
    </div>
  );
}
