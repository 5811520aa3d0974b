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

/** A rocket taking off: promoting lifts a post to more readers (a speaker read as a volume button). */
export function PromoteIcon() {
  return (
    <Icon>
      <path
        fill="currentColor"
        d="M9.19 6.35c-2.04 2.29-3.44 5.58-3.57 5.89L2 10.69l4.05-4.05c.47-.47 1.15-.68 1.81-.55l1.33.26zM11.17 17s3.74-1.55 5.89-3.7c5.4-5.4 4.5-9.62 4.21-10.57-.95-.3-5.17-1.19-10.57 4.21C8.55 9.09 7 12.83 7 12.83L11.17 17zm6.48-2.19c-2.29 2.04-5.58 3.44-5.89 3.57L13.31 22l4.05-4.05c.47-.47.68-1.15.55-1.81l-.26-1.33zM9 18c0 .83-.34 1.58-.88 2.12C6.94 21.3 2 22 2 22s.7-4.94 1.88-6.12C4.42 15.34 5.17 15 6 15c1.66 0 3 1.34 3 3zm4-9c0-1.1.9-2 2-2s2 .9 2 2-.9 2-2 2-2-.9-2-2z"
      />
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
