import type { InsightDay } from '../../shared/logging/insights';
import { INSIGHTS } from '../../shared/logging/insights';
import styles from './Insights.module.css';

type Series = (typeof INSIGHTS.series)[number];

const COLORS: Record<Series, string> = {
  impressions: '#00b8ff',
  likes: '#ff4930',
  reblogs: '#00cf35',
  replies: '#7c5cff',
  follows: '#ff8a00',
};
const LABELS: Record<Series, string> = { impressions: 'Impressions', likes: 'Likes', reblogs: 'Reblogs', replies: 'Replies', follows: 'New followers' };

const WIDTH = 500;
const HEIGHT = 220;
const PAD = { left: 40, right: 10, top: 10, bottom: 28 };

/** A round top for the y axis: 1, 2 or 5 times a power of ten, at least the largest figure. */
export function niceMax(max: number): number {
  if (max <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** Impressions, likes, reblogs, replies and follows per day as lines, in plain SVG with axes and a legend. */
export function InsightsChart({ days }: { days: InsightDay[] }) {
  const top = niceMax(Math.max(0, ...days.flatMap((d) => INSIGHTS.series.map((s) => d[s]))));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length <= 1 ? plotW / 2 : (i / (days.length - 1)) * plotW);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const ticks = [0, top / 4, top / 2, (3 * top) / 4, top];
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));
  const total = (s: Series) => days.reduce((n, d) => n + d[s], 0);
  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="insights-chart-title">
        <title id="insights-chart-title">
          {`Per day over ${days.length} days: ${INSIGHTS.series.map((s) => `${total(s)} ${LABELS[s].toLowerCase()}`).join(', ')}`}
        </title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e6e9ee" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className={styles.axisText}>
              {Number.isInteger(tick) ? tick : tick.toFixed(1)}
            </text>
          </g>
        ))}
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={PAD.top + plotH} stroke="#9aa5b1" />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke="#9aa5b1" />
        {days.map((d, i) =>
          i % labelEvery === 0 || i === days.length - 1 ? (
            // The last label ends at the last point, so it is not cut off at the right edge.
            <text key={d.date} x={x(i)} y={HEIGHT - 8} textAnchor={i === days.length - 1 && days.length > 1 ? 'end' : 'middle'} className={styles.axisText}>
              {d.date.slice(5)}
            </text>
          ) : null,
        )}
        {INSIGHTS.series.map((s) => (
          <polyline
            key={s}
            fill="none"
            stroke={COLORS[s]}
            strokeWidth={2}
            points={days.map((d, i) => `${x(i).toFixed(1)},${y(d[s]).toFixed(1)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption>
        <ul className={styles.legend} aria-label="Legend">
          {INSIGHTS.series.map((s) => (
            <li key={s}>
              <span className={styles.swatch} style={{ background: COLORS[s] }} aria-hidden="true" />
              {LABELS[s]} <strong>{total(s)}</strong>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
