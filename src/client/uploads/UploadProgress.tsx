import styles from './uploads.module.css';

interface UploadProgressProps {
  /** 0 to 1. */
  value: number;
  label: string;
  done?: boolean;
}

/** A progress bar people and screen readers can read (role progressbar, 0 to 100). */
export function UploadProgress({ value, label, done }: UploadProgressProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value * 100)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className={[styles.bar, done ? styles.done : ''].join(' ')}
    >
      <span className={styles.fill} style={{ width: `${percent}%` }} />
    </div>
  );
}
