import { Link } from 'react-router';
import styles from './Activity.module.css';

const WIDTH = 120;
const HEIGHT = 28;
const PAD = 2;

/**
 * The polyline's points for the numbers, scaled to the box; null when there is nothing to draw
 * (spec 1 §5: the sparkline is drawn only when its maximum is above 0).
 */
export function sparklinePoints(data: readonly number[], width = WIDTH, height = HEIGHT): string | null {
  const max = Math.max(0, ...data);
  if (data.length < 2 || !(max > 0)) return null;
  const step = (width - 2 * PAD) / (data.length - 1);
  return data
    .map((value, i) => `${(PAD + i * step).toFixed(1)},${(height - PAD - (value / max) * (height - 2 * PAD)).toFixed(1)}`)
    .join(' ');
}

/** Notes per day for the last 30 days; a click opens the full activity page (spec 1 §2). */
export function Sparkline({ data, blog, onOpen }: { data: readonly number[]; blog: string; onOpen?: () => void }) {
  const points = sparklinePoints(data);
  if (!points) return null;
  const total = data.reduce((sum, n) => sum + n, 0);
  return (
    <Link
      to={`/blog/${encodeURIComponent(blog)}/activity`}
      className={styles.sparkline}
      onClick={onOpen}
      aria-label={`${total} notes in the last ${data.length} days. See all activity`}
      data-testid="sparkline"
    >
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} aria-hidden="true">
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
      </svg>
    </Link>
  );
}
