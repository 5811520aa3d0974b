// The last-message line of an inbox row (spec 2 §8 "message previews"), cut to 100 characters.
import { PREVIEW_MAX_CHARS, TEXT_POST_GONE } from '../../shared/messaging/constants';
import type { Message } from './types';

const POST_PREVIEWS: Record<string, string> = {
  photo: 'sent a photo post',
  photoset: 'sent a photoset',
  gif: 'sent a GIF',
  link: 'sent a link',
  quote: 'sent a quote',
  audio: 'sent an audio post',
  video: 'sent a video',
  chat: 'sent a chat',
};

export function cutPreview(text: string, max: number = PREVIEW_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}

/** Spec 2 §3: a photo post with several photos is a photoset; one whose picture is a GIF is a gif. */
export function derivedPostType(post: { type: string; photos?: { original_size?: { url?: string } }[]; thumbnail_url?: string | null }): string {
  if (post.type !== 'photo') return post.type;
  if ((post.photos?.length ?? 0) > 1) return 'photoset';
  const url = post.photos?.[0]?.original_size?.url ?? post.thumbnail_url ?? '';
  return /\.gif(\?|$)/i.test(url) ? 'gif' : 'photo';
}

/** What a row says of a message: its text, or what kind of thing was sent, after the sender's name. */
export function messagePreview(message: Message, senderName?: string): string {
  let text: string;
  if (message.type === 'TEXT') return cutPreview(senderName ? `${senderName}: ${message.content?.text ?? ''}` : (message.content?.text ?? ''));
  if (message.type === 'POSTREF') {
    text = message.post?.state === 'disabled' || !message.post ? TEXT_POST_GONE : (POST_PREVIEWS[derivedPostType(message.post)] ?? 'sent a post');
  } else if (message.type === 'IMAGE') text = message.context === 'messaging-gif' ? 'sent a GIF' : 'sent a photo';
  else text = 'sent a sticker';
  return cutPreview(senderName ? `${senderName} ${text}` : text);
}
