import type { ReactNode } from 'react';
import type { FormatId } from './formats';

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const ICONS: Partial<Record<FormatId, ReactNode>> = {
  bold: <b aria-hidden="true">B</b>,
  italic: <i aria-hidden="true" style={{ fontFamily: 'Georgia, serif' }}>I</i>,
  headline: <span aria-hidden="true" style={{ fontWeight: 700 }}>H</span>,
  link: (
    <Svg>
      <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
    </Svg>
  ),
  strike: <s aria-hidden="true">S</s>,
  orderedList: (
    <Svg>
      <path d="M10 6h11M10 12h11M10 18h11" />
      <path d="M4 5l1-1v5M3.5 14.5a1.5 1.5 0 0 1 3 0c0 1.5-3 2.5-3 4h3" />
    </Svg>
  ),
  bulletList: (
    <Svg>
      <path d="M9 6h12M9 12h12M9 18h12" />
      <circle cx="4" cy="6" r="1" fill="currentColor" />
      <circle cx="4" cy="12" r="1" fill="currentColor" />
      <circle cx="4" cy="18" r="1" fill="currentColor" />
    </Svg>
  ),
  blockquote: (
    <Svg>
      <path d="M7 7H4v6h3l-1 4M17 7h-3v6h3l-1 4" />
    </Svg>
  ),
};

export function FormatIcon({ id }: { id: FormatId }) {
  return <>{ICONS[id]}</>;
}

export function PlusIcon() {
  return (
    <Svg>
      <path d="M12 5v14M5 12h14" />
    </Svg>
  );
}
