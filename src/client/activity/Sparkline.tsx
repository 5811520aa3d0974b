import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import styles from './Activity.module.css';

const WIDTH = 150;
const HEIGHT = 34;
const PAD = 3;
const DAY_MS = 86_400_000;

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

/**
 * The day each number counts: the server's days are UTC days and the last one is today
 * (activity/queries.ts), so day i is (length - 1 - i) days before now.
 */
export function sparklineDay(index: number, length: number, now: Date): string {
  const day = new Date(now.getTime() - (length - 1 - index) * DAY_MS);
  return day.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** What one day says, shown on hover and read out on focus. */
export function sparklineDayText(count: number, index: number, length: number, now: Date): string {
  const when = index === length - 1 ? 'Today' : sparklineDay(index, length, now);
  return `${when}: ${count} ${count === 1 ? 'note' : 'notes'}`;
}

interface SparklineProps {
  data: readonly number[];
  blog: string;
  onOpen?: () => void;
  /** "Now" for the days' dates (tests fix it). */
  now?: Date;
}

/**
 * Notes per day for the last 30 days (spec 1 §2): a line on a scale (0 to the busiest day), each day
 * a link to the full activity page that shows its count on hover and says it on focus. It is one
 * stop for Tab; the arrow keys (and Home, End) move between the days.
 */
export function Sparkline({ data, blog, onOpen, now = new Date() }: SparklineProps) {
  const [active, setActive] = useState<number | null>(null);
  const [stop, setStop] = useState(data.length - 1);
  const days = useRef<(HTMLAnchorElement | null)[]>([]);
  const points = sparklinePoints(data);
  if (!points) return null;
  const max = Math.max(...data);
  const to = `/blog/${encodeURIComponent(blog)}/activity`;
  const step = (WIDTH - 2 * PAD) / (data.length - 1);
  const x = (i: number) => PAD + i * step;
  const y = (value: number) => HEIGHT - PAD - (value / max) * (HEIGHT - 2 * PAD);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(data.length - 1, index));
    setStop(next);
    setActive(next);
    days.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = { ArrowLeft: index - 1, ArrowDown: index - 1, ArrowRight: index + 1, ArrowUp: index + 1, Home: 0, End: data.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

  return (
    <div className={styles.sparkline} data-testid="sparkline">
      <span className={styles.sparkScale} aria-hidden="true">
        <span>{max}</span>
        <span>0</span>
      </span>
      <div className={styles.sparkChart}>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} aria-hidden="true">
          {/* The scale: the busiest day's level and the zero line. */}
          <line className={styles.sparkGrid} x1={0} x2={WIDTH} y1={PAD} y2={PAD} />
          <line className={styles.sparkAxis} x1={0} x2={WIDTH} y1={HEIGHT - PAD} y2={HEIGHT - PAD} />
          <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
          {active !== null && (
            <g data-testid="sparkline-day">
              <line className={styles.sparkGrid} x1={x(active)} x2={x(active)} y1={PAD} y2={HEIGHT - PAD} />
              <circle cx={x(active)} cy={y(data[active]!)} r={2.5} fill="currentColor" />
            </g>
          )}
        </svg>
        <div className={styles.sparkDays} role="group" aria-label={`Notes per day, last ${data.length} days`} onMouseLeave={() => setActive(null)}>
          {data.map((count, index) => (
            <Link
              // Same list, same length: the day is its place in it.
              key={index}
              ref={(element) => {
                days.current[index] = element;
              }}
              to={to}
              className={styles.sparkDay}
              tabIndex={index === stop ? 0 : -1}
              aria-label={`${sparklineDayText(count, index, data.length, now)}. See all activity`}
              data-tooltip={sparklineDayText(count, index, data.length, now)}
              onClick={onOpen}
              onKeyDown={(event) => onKeyDown(event, index)}
              onFocus={() => setActive(index)}
              onBlur={() => setActive(null)}
              onMouseEnter={() => setActive(index)}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
