import { useState } from 'react';
import { CONFETTI_COLOURS, CONFETTI_COUNT } from './send-post';
import styles from './SendPost.module.css';

/** Spec 2 §9: 30 pieces in six colours, falling once (CSS only; nothing left running). */
export function Confetti() {
  const [pieces] = useState(() =>
    Array.from({ length: CONFETTI_COUNT }, (_, i) => ({
      left: Math.random() * 100,
      delay: Math.random() * 300,
      rotate: Math.random() * 360,
      colour: CONFETTI_COLOURS[i % CONFETTI_COLOURS.length],
    })),
  );
  return (
    <span className={styles.confetti} aria-hidden="true" data-testid="confetti">
      {pieces.map((piece, i) => (
        <span
          key={i}
          className={styles.piece}
          style={{ left: `${piece.left}%`, animationDelay: `${piece.delay}ms`, background: piece.colour, transform: `rotate(${piece.rotate}deg)` }}
        />
      ))}
    </span>
  );
}
