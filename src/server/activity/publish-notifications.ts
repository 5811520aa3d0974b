// What a post going out tells others: its blog's subscribers get 'new_post', the blogs it
// mentions get 'user_mention'. Who may be told is the visibility rules' to say: nothing from a
// suspended blog, no mention across a block (visibility.ts).
import { sql } from 'kysely';
import { mentionedNames } from '../../shared/notes/mentions';
import { notifySelected } from './notify';
import { authoredText } from '../content/summary';
import type { Db } from '../db/schema';
import { hiddenBlogIds, publicBlog, publicPost } from '../visibility';

/** At most this many blogs are told of one post's mentions: a list of names is not a mailing list. */
export const MENTIONS_PER_POST = 50;

/**
 * Call in the transaction that publishes the posts (now, from the queue, or on schedule), once
 * per post: it does not look for notifications already made. Two statements whatever the number
 * of posts and subscribers (notifySelected): one for the subscribers, one for the mentions.
 * Private posts and posts of suspended blogs tell nobody.
 */
export async function notifyPublished(db: Db, postIds: string[]): Promise<void> {
  if (postIds.length === 0) return;
  // Subscribers hear on their primary blog; subscriptions_blog_idx finds them.
  await notifySelected(
    db,
    sql`
    select u.primary_blog_id, 'new_post', p.blog_id, null::bigint, p.id, '{}'::jsonb
    from posts p
    join blogs b on b.id = p.blog_id
    join subscriptions s on s.blog_id = p.blog_id
    join users u on u.id = s.user_id
    where p.id in (${sql.join(postIds)}) and ${publicPost('p')} and ${publicBlog('b')}
      and u.primary_blog_id is not null and u.id <> b.user_id`,
  );

  const posts = await db
    .selectFrom('posts')
    .select(['id', 'content', 'comment_html', 'reblog_of_id', 'trail'])
    .where('id', 'in', postIds)
    .execute();
  const mentions = posts.flatMap((post) => mentionedNames(authoredText(post)).slice(0, MENTIONS_PER_POST).map((name) => ({ post: post.id, name })));
  if (mentions.length === 0) return;
  const values = sql.join(mentions.map((m) => sql`(${m.post}::bigint, ${m.name}::text)`));
  // Not the author's own blogs, not a suspended blog, and not a blog with a block between it and the author.
  await notifySelected(
    db,
    sql`
    select t.id, 'user_mention', a.id, p.id, null::bigint, '{}'::jsonb
    from (values ${values}) as m(post_id, name)
    join posts p on p.id = m.post_id
    join blogs a on a.id = p.blog_id
    join blogs t on t.name = m.name
    where ${publicPost('p')} and ${publicBlog('a')} and ${publicBlog('t')}
      and t.user_id <> a.user_id
      and t.id not in ${hiddenBlogIds(db, sql.ref<string>('a.user_id'))}`,
  );
}
