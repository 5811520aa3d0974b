// The action bar's icons, drawn inline so that they take the button's colour (currentColor).
// Decorative: the buttons carry the names.
import type { ReactNode } from 'react';

function Icon({ children, size = 22 }: { children: ReactNode; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <Icon>
      <path
        d="M12 20.6 4.3 13.1A5.1 5.1 0 0 1 12 6.6a5.1 5.1 0 0 1 7.7 6.5z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

export function ReblogArrowsIcon() {
  return (
    <Icon>
      <path fill="currentColor" d="M6 8h10v3l4.5-4.5L16 2v3H3v7h3zm12 8H8v-3l-4.5 4.5L8 22v-3h13v-7h-3z" />
    </Icon>
  );
}

export function ReplyIcon() {
  return (
    <Icon>
      <path
        d="M4 5h16v11H9l-5 4z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

export function EditIcon() {
  return (
    <Icon>
      <path fill="currentColor" d="M4 17.3V20h2.7l9.9-9.9-2.7-2.7zM19.7 7a1 1 0 0 0 0-1.4l-1.3-1.3a1 1 0 0 0-1.4 0l-1.6 1.6 2.7 2.7z" />
    </Icon>
  );
}

export function DeleteIcon() {
  return (
    <Icon>
      <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4zM6 9h12l-1 12H7zm4 2v8h1.5v-8zm2.5 0v8H14v-8z" />
    </Icon>
  );
}

export function PromoteIcon() {
  return (
    <Icon>
      <path fill="currentColor" d="M3 10v4h3l6 4V6L6 10zm13 2a4 4 0 0 0-2-3.5v7a4 4 0 0 0 2-3.5zm-2-8v2a6.5 6.5 0 0 1 0 12v2a8.5 8.5 0 0 0 0-16z" />
    </Icon>
  );
}

export function ChevronIcon() {
  return (
    <Icon size={14}>
      <path fill="currentColor" d="M6 9l6 6 6-6z" />
    </Icon>
  );
}
