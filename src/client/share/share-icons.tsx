// Icons of the share button and its options. Decorative: the buttons carry the names.
import type { ReactNode } from 'react';

function Icon({ children, size }: { children: ReactNode; size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** A paper plane: the share button. */
export function ShareIcon() {
  return (
    <Icon size={22}>
      <path d="M3 11.5 21 3l-6.5 18-3.2-7.3z M11.3 13.7 21 3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </Icon>
  );
}

export function LinkIcon() {
  return (
    <Icon size={16}>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </Icon>
  );
}

export function CodeIcon() {
  return (
    <Icon size={16}>
      <path d="m8 7-5 5 5 5m8-10 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </Icon>
  );
}

export function MailIcon() {
  return (
    <Icon size={16}>
      <path d="M3 6h18v12H3zm0 0 9 7 9-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round" />
    </Icon>
  );
}

export function FlagIcon() {
  return (
    <Icon size={16}>
      <path d="M5 21V4h12l-2 4 2 4H5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round" />
    </Icon>
  );
}
