// The players' icons, inline so they take the button's colour. Decorative: buttons carry the names.
import type { ReactNode } from 'react';

function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const PlayIcon = () => (
  <Icon>
    <path fill="currentColor" d="M7 4.5v15l12.5-7.5z" />
  </Icon>
);

export const PauseIcon = () => (
  <Icon>
    <path fill="currentColor" d="M6 4h4v16H6zm8 0h4v16h-4z" />
  </Icon>
);

/** Spec 1 §4: a failed audio player shows a close icon in place of play. */
export const CloseIcon = () => (
  <Icon>
    <path stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" d="m6 6 12 12M18 6 6 18" />
  </Icon>
);

export const SoundIcon = ({ muted }: { muted: boolean }) => (
  <Icon>
    <path fill="currentColor" d="M3 9v6h4l5 4V5L7 9z" />
    {muted ? (
      <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="m16 9 5 5m0-5-5 5" />
    ) : (
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" />
    )}
  </Icon>
);

export const FullscreenIcon = () => (
  <Icon>
    <path fill="none" stroke="currentColor" strokeWidth="2" d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
  </Icon>
);
