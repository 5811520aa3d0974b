import { forwardRef, type SelectHTMLAttributes } from 'react';
import styles from './Select.module.css';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & {
  size?: 'small' | 'normal';
  /** As wide as its container. */
  block?: boolean;
  /** 'navy' for the header, which sits on the page's navy rather than on a card. */
  tone?: 'card' | 'navy';
  /** Classes for the wrapper (layout: margins, width). */
  wrapClassName?: string;
};

/**
 * The one select style (issue 25 item 4): a native <select> with the card's background, border and
 * a chevron in the palette's muted text. Its label stays the caller's (a <label htmlFor> or aria-label).
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { size = 'normal', block = false, tone = 'card', wrapClassName = '', className = '', children, ...rest },
  ref,
) {
  const wrap = [styles.wrap, size === 'small' ? styles.small : '', block ? styles.block : '', tone === 'navy' ? styles.navy : '', wrapClassName].filter(Boolean).join(' ');
  return (
    <span className={wrap}>
      <select ref={ref} className={`${styles.select} ${className}`.trim()} {...rest}>
        {children}
      </select>
      <svg className={styles.chevron} viewBox="0 0 10 6" width="10" height="6" aria-hidden="true">
        <path d="M0 0l5 6 5-6z" fill="currentColor" />
      </svg>
    </span>
  );
});
