// An answered ask going out tells the blog that asked ('ask_answer', with the answer's first words
// as note_meta.answer_text, spec 1 §3). An anonymous ask names nobody, so nobody is told.
import { htmlToPlainText } from '../content/sanitize';
import { cutText } from '../content/summary';
import type { Db } from '../db/schema';
import { notify } from './notify';

/** How much of the answer the notification quotes. */
const ANSWER_TEXT_MAX = 200;

/** Call where the posts first go out (announcePublished), in that transaction. */
export async function notifyAnswersPublished(db: Db, postIds: string[]): Promise<void> {
  if (postIds.length === 0) return;
  const answers = await db
    .selectFrom('posts')
    .select(['id', 'blog_id', 'from_blog_id', 'content'])
    .where('id', 'in', postIds)
    .where('type', '=', 'note')
    .where('from_blog_id', 'is not', null)
    .where('is_private', '=', false)
    .execute();
  await notify(
    db,
    answers.flatMap((post) =>
      post.content.type === 'note' && post.from_blog_id
        ? [{
            blogId: post.from_blog_id,
            type: 'ask_answer' as const,
            fromBlogId: post.blog_id,
            postId: post.id,
            noteMeta: { answer_text: cutText(htmlToPlainText(post.content.answer_html), ANSWER_TEXT_MAX) },
          }]
        : [],
    ),
  );
}
