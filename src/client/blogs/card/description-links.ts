// Spec 1 §5 "Activity and blog card": description links open only if their protocol is allowed.
// The server already drops other links when it sanitizes; this is the second lock.

export const ALLOWED_LINK_PROTOCOLS = ['http:', 'https:', 'mailto:'] as const;

/** True when the link may open: http, https or mailto, or a relative address on this site. */
export function isAllowedLink(href: string | null, base = window.location.href): boolean {
  if (!href) return false;
  try {
    return (ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(new URL(href, base).protocol);
  } catch {
    return false;
  }
}

/** A click handler for HTML with links in it: a link with another protocol does nothing. */
export function guardLinkClick(event: { target: EventTarget | null; preventDefault(): void }) {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (link && !isAllowedLink(link.getAttribute('href'))) event.preventDefault();
}
