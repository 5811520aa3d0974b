import type { ReactNode } from 'react';

/**
 * A post's own link to another site (a photo's click-through, a carousel's link): a new tab that
 * learns nothing of this page and passes no rank; without an address, the content alone.
 */
export function OutboundLink({ href, children }: { href: string | null | undefined; children: ReactNode }) {
  if (!href) return <>{children}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}
