// The send-a-post popover's rules and its send (spec 2 §2, §4, §6, §9).
import { sendMessage } from '../api';
import type { Outgoing } from '../send-queue';
import type { Participant, SendAnswer } from '../types';

export const SEND_POST_FAVORITES = 10;
export const SHARE_CLOSE_AFTER_MS = 3000;
export const CONFETTI_COUNT = 30;
export const CONFETTI_COLOURS = ['#ff492f', '#ff8a00', '#e8d738', '#00cf35', '#00b8ff', '#7c5cff'] as const;
export const TEXT_POST_SHARED = 'Post shared!';
export const TEXT_SHARE_FAILED = 'Something went screwy.';
export const TEXT_SENDING = 'Sending...';
export const PLACEHOLDER_SAY = 'Say something if you like...';
export const PLACEHOLDER_DISCUSS = 'Discuss this post if you like...';
/** Spec 2 §7: the networks' own pages open in popups of these sizes. */
export const SEND_POST_POPUPS = {
  facebook: { width: 626, height: 436 },
  twitter: { width: 550, height: 420 },
  reddit: { width: 860, height: 600 },
} as const;

/** Spec 2 §6: a recipient needs a uuid and must be able to receive messages. */
export const canReceive = (blog: Pick<Participant, 'uuid' | 'can_receive_messages'>) => Boolean(blog.uuid) && blog.can_receive_messages !== false;

/** Sending is off while sending, and for the sender's own blog as the recipient. */
export const canSendPost = (state: { sending: boolean; recipient: Pick<Participant, 'name'> | null; ownNames: readonly string[] }) =>
  !state.sending && state.recipient !== null && !state.ownNames.includes(state.recipient.name);

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/**
 * The post as a POSTREF message to the recipient's conversation, then the text as a second
 * message when there is one. Answers the conversation's id.
 */
export async function sendPostTo(
  sender: string,
  recipient: Participant,
  post: { id: string; blog_uuid: string },
  text: string,
): Promise<string | null> {
  const target = { participant: sender, participants: [sender, recipient.uuid] };
  const base = { text: '', clientTs: Date.now(), status: 'queued', canRetry: true, context: 'post-chrome' } as const;
  const postMessage: Outgoing = { ...base, key: newKey(), type: 'POSTREF', post: { id: post.id, type: 'text', blog_uuid: post.blog_uuid } };
  const first: SendAnswer = await sendMessage(target, postMessage);
  const id = first.id ?? null;
  const trimmed = text.trim();
  if (trimmed) {
    const next = id ? { participant: sender, conversationId: id } : target;
    await sendMessage(next, { ...base, key: newKey(), type: 'TEXT', text: trimmed });
  }
  return id;
}
