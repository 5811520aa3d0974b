import { useCallback, useRef, useState, type Dispatch, type ReactNode } from 'react';
import { DRAWER_TEXTS, SORT_LABELS, TYPE_LABELS } from '../../shared/blog-viewer/constants';
import { Popover } from '../ui/Popover';
import styles from './BlogSearch.module.css';
import type { SearchAction, SearchModel } from './search-model';

function FilterIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path fill="currentColor" d="M3 5h18v2H3zm3 6h12v2H6zm4 6h4v2h-4z" />
    </svg>
  );
}

/** A choice among several: the active one carries a checkmark (spec 2 §2). */
function Choice({ active, onChoose, children }: { active: boolean; onChoose: () => void; children: ReactNode }) {
  return (
    <button type="button" className={styles.choice} aria-pressed={active} onClick={onChoose}>
      <span className={styles.check} aria-hidden="true">
        {active ? '✓' : ''}
      </span>
      {children}
    </button>
  );
}

function Switch({ on, onChange, children }: { on: boolean; onChange: (on: boolean) => void; children: ReactNode }) {
  return (
    <button type="button" role="switch" aria-checked={on} className={styles.switchRow} onClick={() => onChange(!on)}>
      <span>{children}</span>
      <span className={`${styles.switch} ${on ? styles.switchOn : ''}`} aria-hidden="true" />
    </button>
  );
}

/**
 * The filter popover (spec 2 §2): Top Posts or Recent Posts, the 'Original Posts' switch when it
 * is offered, the post types, and the 'Safe search' switch when it is offered.
 */
export function FilterPopover({ model, dispatch }: { model: SearchModel; dispatch: Dispatch<SearchAction> }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.icon}
        aria-label="Search filters"
        aria-haspopup="dialog"
        aria-expanded={open}
        // Escape on the button with the popover open closes the popover only (the Popover's rule).
        onClick={() => setOpen((was) => !was)}
      >
        <FilterIcon />
      </button>
      <Popover anchorRef={buttonRef} open={open} onClose={close} label="Search filters">
        <div className={styles.filters}>
          <div role="group" aria-label="Sort">
            {SORT_LABELS.map(({ value, label }) => (
              <Choice key={value} active={model.sort === value} onChoose={() => dispatch({ type: 'sort', sort: value })}>
                {label}
              </Choice>
            ))}
          </div>
          {model.showOriginalPostsSwitch && (
            <Switch on={model.post_role === 'ORIGINAL'} onChange={(on) => dispatch({ type: 'original', on })}>
              {DRAWER_TEXTS.originalPosts}
            </Switch>
          )}
          <div role="group" aria-label="Post type">
            {TYPE_LABELS.map(({ value, label }) => (
              <Choice key={value} active={model.post_type === value} onChoose={() => dispatch({ type: 'postType', postType: value })}>
                {label}
              </Choice>
            ))}
          </div>
          {model.showNsfwSwitch && (
            <Switch on={model.filter_nsfw} onChange={(on) => dispatch({ type: 'safeSearch', on })}>
              {DRAWER_TEXTS.safeSearch}
            </Switch>
          )}
        </div>
      </Popover>
    </>
  );
}
