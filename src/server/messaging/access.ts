// Who acts in messaging: the acting blog must be the viewer's own (rules/blogs.ts ownedBlogByUuid,
// loaded by each route with this area's refusal); a conversation must have it as a participant and
// not stand across a block; the sender needs a verified email.
import { MESSAGING_TEXTS, MessagingErrorCode } from '../../shared/messaging/errors';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import { AppError, ErrorCode } from '../http/errors';
import type { Viewer } from '../http/session';
import { ownedBlogByUuidFrom } from '../rules/loads';
import { inboxRow, type InboxRow } from './queries';

/** The spec's refusal of a `participant` that is not one of the viewer's blogs (403, naming the field). */
export const notYourBlog = () =>
  new AppError(403, ErrorCode.forbidden, 'participant must be the uuid of one of your own blogs.', [
    { code: ErrorCode.forbidden, title: 'participant must be the uuid of one of your own blogs.', field: 'participant' },
  ]);

/** The blog the call acts as: the viewer's own, named by `participant` in the query or the body. */
export const actingParticipant = <C extends { ctx: { db: Db }; viewer: Viewer | null }>(participant: (call: C) => string) =>
  ownedBlogByUuidFrom(participant, notYourBlog);

export const conversationNotFound = () =>
  new AppError(404, ErrorCode.notFound, 'There is no such conversation, or it is not yours to see.');

export const unverified = () => new AppError(403, MessagingErrorCode.unverifiedEmail, MESSAGING_TEXTS.unverifiedEmail);

/** The acting blog's place in the conversation, else 404 (not in it, or hidden by a block). */
export async function conversationFor(db: Db, viewerUserId: string, blog: BlogRow, conversationId: string): Promise<InboxRow> {
  const row = await inboxRow(db, blog.id, viewerUserId, conversationId);
  if (!row) throw conversationNotFound();
  return row;
}
