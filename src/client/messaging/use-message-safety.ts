// A window's safety actions (spec 2 §4, §6, §8): unblur, spam, and the per-message controls.
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';
import { useBlockBlog } from '../api/blocks';
import { confirmDialog } from '../ui/dialogs';
import { deleteMessage, flagConversation, messagingKeys, reportMessage } from './api';
import { messagingUi } from './store';
import type { MessagesPage, PollAnswer } from './types';
import { setUnreadIn } from './unread';
import type { WindowRecord } from './windows';

export const TEXT_SPAM_CONFIRM = '%1$s will be blocked and reported. And any trace of this conversation will disappear from your inbox.';
/** Spec 2 §8: the footer's prompt, one of these at random, with 'Mark as spam'. */
export const SPAM_PROMPTS = ['Look sketchy?', 'Is this spam?', 'Not feeling this?', 'Seem fishy?'] as const;
export const spamConfirmText = (name: string) => TEXT_SPAM_CONFIRM.replace('%1$s', name);

type Pages = InfiniteData<MessagesPage, string | null>;

export function useMessageSafety(record: WindowRecord, myName: string, onError: (text: string) => void) {
  const queryClient = useQueryClient();
  const block = useBlockBlog();
  const [revealed, setRevealed] = useState(false);
  const started = !record.id.startsWith('new:');
  const key = messagingKeys.conversation(record.participantUuid, record.id);

  const setFirstPage = (change: (page: MessagesPage) => MessagesPage) =>
    queryClient.setQueryData<Pages>(key, (data) => (data?.pages[0] ? { ...data, pages: [change(data.pages[0]), ...data.pages.slice(1)] } : data));

  /** A click on a blurred image: every image here shows, and the server remembers it for every device. */
  const reveal = () => {
    if (revealed) return;
    setRevealed(true);
    if (!started) return;
    flagConversation(record.id, record.participantUuid, 'unblur').then(
      () => setFirstPage((page) => ({ ...page, is_blurred_images: false })),
      // The images stay revealed here; another device asks again.
      () => undefined,
    );
  };

  /** After the controls' confirm (MessageControls asks first). */
  const deleteOne = async (messageId: string) => {
    let answer: Awaited<ReturnType<typeof deleteMessage>>;
    try {
      answer = await deleteMessage(record.id, record.participantUuid, messageId);
    } catch {
      return onError('The message could not be deleted. Try again.');
    }
    // An unread message leaves the badge at once; the next poll (poked by the server) agrees.
    const count = answer.unread_messages_count;
    if (count !== undefined) {
      queryClient.setQueryData<PollAnswer['unread_messages'] | null>(messagingKeys.unread, (unread) => setUnreadIn(unread ?? undefined, record.id, count) ?? null);
    }
    queryClient.setQueryData<Pages>(key, (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, messages: { ...page.messages, data: page.messages.data.filter((m) => m.ts !== messageId) } })) } : data,
    );
    void queryClient.invalidateQueries({ queryKey: messagingKeys.inboxes });
  };

  const report = async (messageId: string) => {
    try {
      await reportMessage(record.id, record.participantUuid, messageId);
      onError('Thanks. The message was reported.');
    } catch {
      onError('The message could not be reported. Try again.');
    }
  };

  /** After the controls' confirm (MessageControls asks first). */
  const blockSender = async (name: string) => {
    try {
      await block.mutateAsync({ tumblelog: myName, blocked_tumblelog: name, block_context: 'messaging' });
    } catch {
      return onError(`${name} could not be blocked. Try again.`);
    }
    messagingUi.dispatch({ type: 'close', id: record.id });
    void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
  };

  /** 'Mark as spam': confirm, then flag; the conversation leaves the inbox. Failures are only logged. */
  const markSpam = async (name: string) => {
    if (!(await confirmDialog(spamConfirmText(name), { okLabel: 'Mark it spam', cancelLabel: 'Nevermind' }))) return;
    if (!started) return;
    try {
      await flagConversation(record.id, record.participantUuid, 'spam');
    } catch (error) {
      console.warn('Marking the conversation as spam failed', error);
      return;
    }
    messagingUi.dispatch({ type: 'close', id: record.id });
    queryClient.removeQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: messagingKeys.inboxes });
  };

  return { revealed, reveal, deleteOne, report, blockSender, markSpam };
}
