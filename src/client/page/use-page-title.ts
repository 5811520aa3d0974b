import { useEffect } from 'react';
import { SITE_NAME } from '../../shared/constants';

/** "{what} · Tumbleweed", or the site's name alone for null. */
export const pageTitle = (what: string | null) => (what ? `${what} · ${SITE_NAME}` : SITE_NAME);

/**
 * Names the page in the browser's tab, history and a screen reader's announcement (WCAG 2.4.2):
 * every page calls this once with what it shows. A form over a page calls it after the page
 * (effects run child first), so the form's title is the one that stands.
 */
export function usePageTitle(what: string | null) {
  useEffect(() => {
    document.title = pageTitle(what);
  }, [what]);
}
