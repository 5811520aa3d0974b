// What a post going out tells others: its blog's subscribers get 'new_post', the blogs it
// mentions get 'user_mention'. It lives with the moderation rules because who may be told is
// theirs to say: nothing from a suspended blog, no mention across a block (visibility.ts).
import { sql } from 'kysely';
import { mentionedNames } from '../../shared/notes/mentions';
import type { PostContent } from '../../shared/posts/types';
import type { Db } from '../db/schema';
import type { PostRow } from '../db/tables/post';
import { htmlToPlainText } from '../posts/sanitize';
import { hiddenBlogIds, publicBlog, publicPost } from '../visibility';

/** At most this many blogs are told of one post's mentions: a list of names is not a mailing list. */
export const MENTIONS_PER_POST = 50;

/** The text the post's own blog wrote in it (a reblog's content is its parent's: only its comment counts). */
export function authoredText(post: Pick<PostRow, 'content' | 'comment_html' | 'reblog_of_id' | 'trail'>): string {
  if (post.reblog_of_id !== null || post.trail.length > 0) return htmlToPlainText(post.comment_html);
  return contentText(post.content).join('\n');
}

function contentText(content: PostContent): string[] {
  switch (content.type) {
    case 'text':
      return [content.title, htmlToPlainText(content.body_html)];
    case 'photo':
      return [htmlToPlainText(content.caption_html), ...content.photos.map((p) => p.caption)];
    case 'quote':
      return [htmlToPlainText(content.quote_html), htmlToPlainText(content.source_html)];
    case 'link':
      return [content.title, htmlToPlainText(content.description_html)];
    case 'chat':
      return [content.title, ...content.lines.map((l) => `${l.label} ${l.phrase}`)];
    case 'audio':
    case 'video':
      return [htmlToPlainText(content.caption_html)];
    case 'note':
      // The question is the asker's words; the answer is the blog's.
      return [htmlToPlainText(content.answer_html)];
  }
}

/**
 * Call in the transaction that publishes the posts (now, from the queue, or on schedule), once
 * per post: it does not look for notifications already made. Two statements whatever the number
 * of posts and subscribers: one insert ... select for the subscribers, one for the mentions.
 * Private posts and posts of suspended blogs tell nobody.
 */
export async function notifyPublished(db: Db, postIds: string[]): Promise<void> {
  if (postIds.length === 0) return;
  // Subscribers hear on their primary blog; subscriptions_blog_idx finds them.
  await sql`
    insert into notifications (blog_id, type, from_blog_id, new_post_id)
    select u.primary_blog_id, 'new_post', p.blog_id, p.id
    from posts p
    join blogs b on b.id = p.blog_id
    join subscriptions s on s.blog_id = p.blog_id
    join users u on u.id = s.user_id
    where p.id in (${sql.join(postIds)}) and ${publicPost('p')} and ${publicBlog('b')}
      and u.primary_blog_id is not null and u.id <> b.user_id`.execute(db);

  const posts = await db
    .selectFrom('posts')
    .select(['id', 'content', 'comment_html', 'reblog_of_id', 'trail'])
    .where('id', 'in', postIds)
    .execute();
  const mentions = posts.flatMap((post) => mentionedNames(authoredText(post)).slice(0, MENTIONS_PER_POST).map((name) => ({ post: post.id, name })));
  if (mentions.length === 0) return;
  const values = sql.join(mentions.map((m) => sql`(${m.post}::bigint, ${m.name}::text)`));
  // Not the author's own blogs, and not a blog with a block between it and the author.
  await sql`
    insert into notifications (blog_id, type, from_blog_id, post_id)
    select t.id, 'user_mention', a.id, p.id
    from (values ${values}) as m(post_id, name)
    join posts p on p.id = m.post_id
    join blogs a on a.id = p.blog_id
    join blogs t on t.name = m.name
    where ${publicPost('p')} and ${publicBlog('a')}
      and t.user_id <> a.user_id
      and t.id not in ${hiddenBlogIds(db, sql.ref<string>('a.user_id'))}`.execute(db);
}
