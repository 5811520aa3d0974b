import { useEffect, useState } from 'react';
import { BLUR_REVEAL_MS, TEXT_BLURRED } from './attachments';
import styles from './Attachments.module.css';

interface Props {
  src: string;
  width: number;
  height: number;
  alt: string;
  blurred: boolean;
  /** The click that reveals: the conversation is told to unblur (once, for every device). */
  onReveal?: () => void;
}

/** Scales the picture to the bubble's 250 px at most, keeping its shape. */
const fit = (width: number, height: number) => {
  const w = Math.min(250, width || 250);
  return { width: w, height: width ? Math.round((height * w) / width) : w };
};

/**
 * Spec 2 §4 "Image blur": a blurred picture with the notice; a click (or Enter) reveals it over
 * 300 ms and asks for the conversation's images to stay unblurred.
 */
export function BlurredImage({ src, width, height, alt, blurred, onReveal }: Props) {
  const [phase, setPhase] = useState<'blurred' | 'revealing' | 'clear'>(blurred ? 'blurred' : 'clear');
  useEffect(() => {
    if (phase !== 'revealing') return;
    const timer = setTimeout(() => setPhase('clear'), BLUR_REVEAL_MS);
    return () => clearTimeout(timer);
  }, [phase]);
  const size = fit(width, height);

  if (phase === 'clear' || (!blurred && phase !== 'revealing')) {
    return <img className={styles.image} src={src} alt={alt} width={size.width} height={size.height} loading="lazy" />;
  }
  return (
    <button
      type="button"
      className={styles.blurWrap}
      data-phase={phase}
      onClick={() => {
        if (phase !== 'blurred') return;
        setPhase('revealing');
        onReveal?.();
      }}
    >
      <img
        className={`${styles.image} ${phase === 'revealing' ? styles.revealing : styles.blurred}`}
        src={src}
        alt={phase === 'blurred' ? '' : alt}
        width={size.width}
        height={size.height}
        loading="lazy"
      />
      {phase === 'blurred' && <span className={styles.blurText}>{TEXT_BLURRED}</span>}
    </button>
  );
}
