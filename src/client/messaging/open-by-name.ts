// Opening a conversation with a blog known by name, where the person is (issue 25: the blog page's
// message icon and a message's conversation link never leave the page for the link's address).
import { useCallback, type MouseEvent } from 'react';
import { currentChannel, useUserInfo } from '../api/user';
import { messagingUserOf } from './session';
import { openConversationByName } from './open';

/** The address of a conversation with a blog (spec 2 §2 link shapes): what a new tab opens. */
export const conversationPath = (name: string) => `/messaging/conversation/${encodeURIComponent(name)}`;

/** A click that means "here" (not a new tab or window). */
export const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A click handler for a link to conversationPath(name): a plain click opens the window over the
 * page in place; other clicks keep the link's own behaviour.
 */
export function useOpenConversationHere(name: string) {
  const { data: info } = useUserInfo();
  return useCallback(
    (event: MouseEvent) => {
      const acting = info ? currentChannel(info) : undefined;
      // Not known yet (or logged out): the link's page does it, as before.
      if (!plainClick(event) || !info || !acting) return;
      event.preventDefault();
      void openConversationByName(name, { uuid: acting.uuid, name: acting.name }, messagingUserOf(info).channels.map((c) => c.name));
    },
    [info, name],
  );
}
