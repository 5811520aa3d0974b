import type { Db } from '../db/schema';
import { notifyAnswersPublished } from './answer-notifications';
import { notifyPublished } from './publish-notifications';
import { notifyReblogsPublished } from './reblog-notifications';

/**
 * Everything a post's first going out tells others: the blogs it reblogs (reblog,
 * post_attribution), subscribers (new_post), mentioned blogs (user_mention) and, for an answered
 * ask, the blog that asked (ask_answer). Called once per
 * post, wherever posts become published (save, /publish, the queue publisher, a finished video),
 * in the transaction that published them.
 */
export async function announcePublished(db: Db, postIds: string[]): Promise<void> {
  if (postIds.length === 0) return;
  await notifyReblogsPublished(db, postIds);
  await notifyPublished(db, postIds);
  await notifyAnswersPublished(db, postIds);
}
