import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { clamp01 } from './media';
import styles from './players.module.css';

export interface SeekBarProps {
  label: string;
  position: number;
  duration: number | null;
  disabled?: boolean;
  onPress: (fraction: number) => void;
  onDrag: (fraction: number) => void;
  onRelease: (fraction: number) => void;
  /** Arrow keys: seconds to move by. */
  onStep: (seconds: number) => void;
  onHover?: (fraction: number | null) => void;
  children?: ReactNode;
}

export const formatTime = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** A seek bar for a pointer (press, drag, release) and a keyboard (arrows 5 s, Home, End). */
export function SeekBar({ label, position, duration, disabled, onPress, onDrag, onRelease, onStep, onHover, children }: SeekBarProps) {
  const bar = useRef<HTMLDivElement>(null);
  const pressed = useRef(false);
  const fractionAt = (event: PointerEvent) => {
    const rect = bar.current!.getBoundingClientRect();
    return rect.width ? clamp01((event.clientX - rect.left) / rect.width) : 0;
  };
  const known = duration != null && Number.isFinite(duration) && duration > 0;
  const filled = known ? clamp01(position / duration) : 0;

  const onKeyDown = (event: KeyboardEvent) => {
    if (disabled) return;
    const steps: Record<string, number> = { ArrowRight: 5, ArrowUp: 5, ArrowLeft: -5, ArrowDown: -5, Home: -Infinity, End: Infinity };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    // Home and End: a step past either end, which the player clamps.
    onStep(Number.isFinite(step) ? step : Math.sign(step) * Number.MAX_SAFE_INTEGER);
  };

  return (
    <div
      ref={bar}
      className={styles.seek}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-disabled={disabled || undefined}
      aria-valuemin={0}
      aria-valuemax={known ? Math.round(duration) : 0}
      aria-valuenow={Math.round(position)}
      aria-valuetext={known ? `${formatTime(position)} of ${formatTime(duration)}` : formatTime(position)}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (disabled || event.button !== 0) return;
        pressed.current = true;
        bar.current!.setPointerCapture?.(event.pointerId);
        onPress(fractionAt(event));
      }}
      onPointerMove={(event) => {
        if (pressed.current) onDrag(fractionAt(event));
        else onHover?.(fractionAt(event));
      }}
      onPointerUp={(event) => {
        if (!pressed.current) return;
        pressed.current = false;
        onRelease(fractionAt(event));
      }}
      onPointerLeave={() => onHover?.(null)}
    >
      <div className={styles.seekTrack}>
        <div className={styles.seekFill} style={{ width: `${filled * 100}%` }} />
      </div>
      {children}
    </div>
  );
}
