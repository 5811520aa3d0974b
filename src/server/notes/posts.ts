// Refusals the post actions share. The post an action is about is the rule of rules/posts.ts
// (reachablePost, visiblePost) and the blog it is made as the rule of rules/blogs.ts (actingBlog).
import { AppError, ErrorCode, postNotFound } from '../http/errors';

export const notAllowed = (message: string) => new AppError(403, ErrorCode.notAllowed, message);

/** A write that raced the post's deletion: the foreign key refuses it, and the post is not found. */
export function postGoneAsNotFound(error: unknown): never {
  if ((error as { code?: string } | null)?.code === '23503') throw postNotFound();
  throw error;
}
