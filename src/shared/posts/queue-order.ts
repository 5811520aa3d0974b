// Reordering and shuffling a blog's queue (issue 24): the bodies of POST /svc/blog/queue_order and
// /svc/blog/queue_shuffle, and their one answer, the queue's order after the change.
import { z } from 'zod';
import { text } from '../account';
import { idField, postIdField, postIdMessage } from '../ids';

/** The most ids a whole order may name: far above any queue a person keeps, and a bound on the body. */
export const QUEUE_ORDER_MAX = 5000;

const tumblelog = text('tumblelog', 'Say which blog: tumblelog is missing.').min(1, 'Say which blog: tumblelog is empty.');
const orderIds = z
  .array(idField('order', { missing: 'Each entry of order must be a post id.', digits: postIdMessage('order') }), {
    error: 'order must be a list of post ids, first to go out first.',
  })
  .max(QUEUE_ORDER_MAX, `order can name at most ${QUEUE_ORDER_MAX} posts.`);

/**
 * Either one move (post_id before before_id, or after after_id), or the whole order. A move says
 * where the post ends up, not by how much, so sending it twice changes nothing the second time.
 */
export const queueOrderSchema = z
  .object({
    tumblelog,
    post_id: postIdField('post_id').optional(),
    before_id: postIdField('before_id').optional(),
    after_id: postIdField('after_id').optional(),
    order: orderIds.optional(),
  })
  .superRefine((body, check) => {
    const anchors = (body.before_id === undefined ? 0 : 1) + (body.after_id === undefined ? 0 : 1);
    if (body.order !== undefined) {
      if (body.post_id !== undefined || anchors > 0) {
        check.addIssue({ code: 'custom', path: ['order'], message: 'Send either order, or post_id with before_id or after_id, not both.' });
      } else if (new Set(body.order).size !== body.order.length) {
        check.addIssue({ code: 'custom', path: ['order'], message: 'order names a post twice: name each queued post once.' });
      }
      return;
    }
    if (body.post_id === undefined) {
      check.addIssue({ code: 'custom', path: ['post_id'], message: 'Say which post to move (post_id), or send the whole order.' });
    } else if (anchors !== 1) {
      check.addIssue({ code: 'custom', path: ['before_id'], message: 'Say where the post goes: before_id or after_id (one of them).' });
    } else if (body.post_id === (body.before_id ?? body.after_id)) {
      check.addIssue({ code: 'custom', path: ['post_id'], message: 'A post cannot move before or after itself: name another queued post.' });
    }
  });
export type QueueOrderInput = z.output<typeof queueOrderSchema>;

export const queueShuffleSchema = z.object({ tumblelog });

/** The queue after a reorder or a shuffle, first to go out first; a shuffle adds the order it replaced (for Undo). */
export const queueOrderAnswerSchema = z.object({
  order: z.array(z.string()),
  previous: z.array(z.string()).optional(),
});
export type QueueOrderAnswer = z.infer<typeof queueOrderAnswerSchema>;
