// Whether edit and reblog open inline in place of the card (issue 15): in a feed, yes; on a
// post's own page the modal stays.
import { createContext, useContext, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { openInlineForm, type InlineRequest } from './inline-form-store';

export const InlineFormsContext = createContext(false);

/** A click handler for an edit or reblog link: opens the form inline when the feed allows it. */
export function useInlineFormLink(postId: string, request: InlineRequest) {
  const inline = useContext(InlineFormsContext);
  const location = useLocation();
  return (event: MouseEvent) => {
    // A modified click keeps the link's own meaning (a new tab, a window).
    if (!inline || event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const address = `${location.pathname}${location.search}${location.hash}`;
    void openInlineForm({ postId, request, base: location.pathname, address, pageKey: location.key });
  };
}
