// Deleting a conversation closes it and takes it off the inbox at once; the delete is sent when the
// Undo time runs out or the page is left, and Undo opens it again (issue 24 item 7).
import type { QueryClient } from '@tanstack/react-query';
import { showToast } from '../ui/toast';
import { undoable } from '../ui/undoable';
import { deleteConversation, deleteConversationOnLeave, messagingKeys } from './api';
import { messagingUi } from './store';
import type { WindowRecord } from './windows';

export const CONVERSATION_DELETED = 'Conversation deleted.';
export const CONVERSATION_NOT_DELETED = 'The conversation could not be deleted. Try again.';

interface Entry {
  record: WindowRecord;
  queryClient: QueryClient;
}

const forget = ({ record, queryClient }: Entry) => {
  void queryClient.invalidateQueries({ queryKey: messagingKeys.inboxes });
  queryClient.removeQueries({ queryKey: messagingKeys.conversation(record.participantUuid, record.id) });
};

const deletes = undoable<Entry>({
  text: CONVERSATION_DELETED,
  send: async (entry) => {
    await deleteConversation(entry.record.id, entry.record.participantUuid);
    forget(entry);
  },
  sendOnLeave: (entry) => {
    deleteConversationOnLeave(entry.record.id, entry.record.participantUuid);
    forget(entry);
  },
  onFailure: () => void showToast({ text: CONVERSATION_NOT_DELETED }),
});

/** The conversations waiting out their Undo time: the inbox leaves them out. */
export const useHiddenConversations = deletes.useHidden;

/** Closes the conversation now and offers Undo, which opens it again. */
export function deleteConversationWithUndo(queryClient: QueryClient, record: WindowRecord) {
  messagingUi.dispatch({ type: 'close', id: record.id });
  // One not started yet was never stored: closing it is all there is to do.
  if (record.id.startsWith('new:')) return;
  deletes.start(record.id, { record, queryClient }, () => messagingUi.dispatch({ type: 'open', record, now: Date.now() }));
}
