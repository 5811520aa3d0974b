import { useEffect, useState } from 'react';
import styles from './Tooltip.module.css';

interface Tip {
  text: string;
  left: number;
  top: number;
}

/**
 * One tooltip for the whole page: any element with a data-tooltip attribute shows its text
 * on hover or keyboard focus, below the element. Mounted once, in the layout.
 */
export function TooltipLayer() {
  const [tip, setTip] = useState<Tip | null>(null);
  useEffect(() => {
    const show = (event: Event) => {
      const target = (event.target as Element | null)?.closest?.('[data-tooltip]');
      const text = target?.getAttribute('data-tooltip');
      if (!target || !text) return;
      const rect = target.getBoundingClientRect();
      setTip({ text, left: rect.left + rect.width / 2, top: rect.bottom + 6 });
    };
    const hide = (event: Event) => {
      if ((event.target as Element | null)?.closest?.('[data-tooltip]')) setTip(null);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setTip(null);
    const onPress = () => setTip(null);
    document.addEventListener('mouseover', show);
    document.addEventListener('focusin', show);
    document.addEventListener('mouseout', hide);
    document.addEventListener('focusout', hide);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    window.addEventListener('scroll', onPress, { passive: true });
    return () => {
      document.removeEventListener('mouseover', show);
      document.removeEventListener('focusin', show);
      document.removeEventListener('mouseout', hide);
      document.removeEventListener('focusout', hide);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
      window.removeEventListener('scroll', onPress);
    };
  }, []);
  if (!tip) return null;
  return (
    <div role="tooltip" className={styles.tooltip} style={{ left: tip.left, top: tip.top }}>
      {tip.text}
    </div>
  );
}
