import { useId, useState } from 'react';
import { photoRows } from '../../post/photo-rows';
import styles from './fields.module.css';
import { evenLayout, LAYOUT_PRESETS, layoutFits, layoutProblem } from './photo-layout';

interface PhotoLayoutPickerProps {
  /** The photos the layout is for. */
  count: number;
  layout: string;
  onChange: (layout: string) => void;
}

const CUSTOM = 'custom';

/**
 * Issue 26.3: the photo set's layout (post[photoset_layout]): the default, even rows of one, two
 * or three, or rows typed as digits; a sketch of the rows shows what the post will look like.
 */
export function PhotoLayoutPicker({ count, layout, onChange }: PhotoLayoutPickerProps) {
  const presets = LAYOUT_PRESETS.map((preset) => ({ ...preset, layout: evenLayout(count, preset.per) }));
  const fits = layoutFits(layout, count);
  const preset = !layout ? '' : presets.find((p) => fits && p.layout === layout)?.layout;
  const [customOpen, setCustomOpen] = useState(false);
  const choice = customOpen || preset === undefined ? CUSTOM : preset;
  const problem = choice === CUSTOM ? layoutProblem(layout, count) : null;
  const problemId = useId();
  // The rows as they will show: the layout when it fits, else the default.
  const shown = fits ? layout : evenLayout(count, 3);
  const rows = photoRows(Array.from({ length: count }, (_, i) => i), shown);
  return (
    <div className={styles.layoutPicker}>
      <label className={styles.layoutChoice}>
        Layout
        <select
          className={styles.input}
          value={choice}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setCustomOpen(value === CUSTOM);
            onChange(value === CUSTOM ? (fits ? layout : shown) : value);
          }}
        >
          <option value="">Rows of up to three (default)</option>
          {presets.map((p) => (
            <option key={p.per} value={p.layout} disabled={presets.some((other) => other.per < p.per && other.layout === p.layout)}>
              {p.label}
            </option>
          ))}
          <option value={CUSTOM}>Custom rows…</option>
        </select>
      </label>
      {choice === CUSTOM && (
        <label className={styles.layoutChoice}>
          Photos in each row
          <input
            className={styles.input}
            value={layout}
            inputMode="numeric"
            maxLength={10}
            onChange={(event) => onChange(event.currentTarget.value.replace(/\s/g, ''))}
            placeholder={evenLayout(count, 2)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problemId}
          />
        </label>
      )}
      <p id={problemId} className={problem ? styles.problem : styles.hint}>
        {problem ?? (choice === CUSTOM ? `One digit (1 to 3) for each row, adding up to ${count}.` : '')}
      </p>
      <div className={styles.layoutSketch} aria-label={`Rows: ${rows.map((row) => row.length).join(', ')}`} role="img">
        {rows.map((row, index) => (
          <div key={index} className={styles.layoutRow}>
            {row.map((photo) => (
              <span key={photo} className={styles.layoutCell} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
