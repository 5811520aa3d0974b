// Who acts in messaging: the acting blog must be the viewer's own; a conversation must have it
// as a participant and not stand across a block; the sender needs a verified email.
import { MESSAGING_TEXTS, MessagingErrorCode } from '../../shared/messaging/errors';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import type { UserRow } from '../db/tables/user';
import { AppError, ErrorCode } from '../http/errors';
import { inboxRow, type InboxRow } from './queries';

export const notYourBlog = () =>
  new AppError(403, ErrorCode.forbidden, 'participant must be the uuid of one of your own blogs.', [
    { code: ErrorCode.forbidden, title: 'participant must be the uuid of one of your own blogs.', field: 'participant' },
  ]);

export const conversationNotFound = () =>
  new AppError(404, ErrorCode.notFound, 'There is no such conversation, or it is not yours to see.');

export const unverified = () => new AppError(403, MessagingErrorCode.unverifiedEmail, MESSAGING_TEXTS.unverifiedEmail);

/** The viewer's blog with this uuid, else 403 (a blog of someone else, or none). */
export async function actingBlog(db: Db, user: UserRow, uuid: string): Promise<BlogRow> {
  const blog = await db.selectFrom('blogs').selectAll().where('uuid', '=', uuid).where('user_id', '=', user.id).executeTakeFirst();
  if (!blog) throw notYourBlog();
  return blog;
}

/** The acting blog's place in the conversation, else 404 (not in it, or hidden by a block). */
export async function conversationFor(db: Db, user: UserRow, blog: BlogRow, conversationId: string): Promise<InboxRow> {
  const row = await inboxRow(db, blog.id, user.id, conversationId);
  if (!row) throw conversationNotFound();
  return row;
}
