// Cursors of lists that page by the time of a relation and a blog id: the blogs a user follows
// and the blogs a blog blocks. Read here, below both areas, from the `before` a client sends back.
import { invalidField } from './errors';

/** The relation's time in microseconds since the epoch (exact), then the blog id: "{us}_{blogId}". */
const CURSOR = /^(\d{1,18})_(\d{1,18})$/;

export function parseFollowCursor(before: string | undefined): { us: string; blogId: string } | null {
  if (before === undefined) return null;
  const match = CURSOR.exec(before);
  if (!match) throw invalidField('before', 'The before cursor is not one this server gave out.');
  return { us: match[1]!, blogId: match[2]! };
}
