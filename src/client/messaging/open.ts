// Opening a conversation window: from an inbox row, a recipient picked in the inbox, or a link
// naming a blog (spec 2 §2 link shapes, §5 "Opening conversations").
import { TEXT_CANNOT_RECEIVE, TEXT_COULD_NOT_LOAD } from '../../shared/messaging/constants';
import { apiGet } from '../api/client';
import { alertDialog } from '../ui/dialogs';
import { fetchParticipantInfo } from './api';
import { messagingUi } from './store';
import type { Participant } from './types';
import { newConversationId, type WindowRecord } from './windows';

const slim = (p: Participant): WindowRecord['participants'][number] => ({
  uuid: p.uuid,
  name: p.name,
  url: p.url,
  avatar_url: p.avatar_url,
  is_adult: p.is_adult,
  theme: p.theme,
});

/** Opens (or brings forward) the window of a conversation between `participantUuid` and `others`. */
export function openConversation(participantUuid: string, others: Participant[], conversationId?: string) {
  const record = {
    id: conversationId ?? newConversationId(participantUuid, others.map((p) => p.uuid)),
    participantUuid,
    participants: others.map(slim),
  };
  // The same people in a window opened before its conversation had an id: that window, not a second one.
  const existing = messagingUi
    .get()
    .windows.find((w) => w.participantUuid === participantUuid && sameSet(w.participants.map((p) => p.uuid), record.participants.map((p) => p.uuid)));
  messagingUi.dispatch({ type: 'open', record: existing && !conversationId ? { ...record, id: existing.id } : record, now: Date.now() });
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

interface Acting {
  uuid: string;
  name: string;
}

/**
 * Opens a conversation with a blog known by name only: its uuid from the blog popover data, and
 * whether it can receive messages from participant_info. Alerts with the spec's texts otherwise.
 */
export async function openConversationByName(name: string, acting: Acting, ownNames: string[]): Promise<boolean> {
  // Never a conversation with the user's own blog as the other side.
  if (ownNames.includes(name)) return false;
  let blog: Participant;
  try {
    const card = await apiGet<Partial<Participant>>(`/svc/tumblelog_popover/${encodeURIComponent(name)}?is_tumblelog_popover=true&is_user_mention=false`);
    if (!card.uuid) throw new Error('no uuid');
    blog = await fetchParticipantInfo(card.uuid, acting.uuid).catch(() => card as Participant);
    blog = { ...card, ...blog } as Participant;
  } catch {
    await alertDialog(TEXT_COULD_NOT_LOAD);
    return false;
  }
  if (!blog.uuid) {
    await alertDialog(TEXT_COULD_NOT_LOAD);
    return false;
  }
  if (blog.can_receive_messages === false) {
    await alertDialog(TEXT_CANNOT_RECEIVE);
    return false;
  }
  openConversation(acting.uuid, [blog]);
  return true;
}
