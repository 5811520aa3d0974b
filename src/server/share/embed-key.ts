import { createHash } from 'node:crypto';
import type { PostRow } from '../db/tables/post';
import { sameSecret } from '../http/tokens';

/*
 * The embed page's key is the post's reblog key: a random secret made with the post (48 bits),
 * stored with it, the same in every server process, and already given to everyone who can see
 * the post (they need it to reblog). So an embed URL cannot be made from a post id alone (no
 * walking ids to find posts), it needs no server secret to manage or rotate, and it grants
 * nothing new: whoever has it could see the post anyway. Visibility is still checked on every
 * request, so a post made private (or deleted) stops showing in every embed at once.
 */
export const embedKey = (post: Pick<PostRow, 'reblog_key'>) => post.reblog_key;

export const embedKeyMatches = (post: Pick<PostRow, 'reblog_key'>, key: unknown) =>
  typeof key === 'string' && key.length > 0 && sameSecret(key, post.reblog_key);

/**
 * A stable name for one post's embed, used as the iframe's id in the embed code (a page with
 * several embeds can tell them apart). A digest, so it shows nothing of the key.
 */
export const embedDid = (post: Pick<PostRow, 'id' | 'reblog_key'>) =>
  createHash('sha256').update(`embed:${post.id}:${post.reblog_key}`).digest('hex').slice(0, 20);
