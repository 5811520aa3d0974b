/**
 * A suspended blog is gone for everyone but its owner: its blog data, its posts (alone, in
 * lists, and as the root of others' reblogs) answer as if they did not exist. One rule, read by
 * every place that shows a blog or a post to someone else.
 */
export const hiddenBySuspension = (blog: { is_suspended: boolean; user_id: string }, viewerUserId: string | null) =>
  blog.is_suspended && blog.user_id !== viewerUserId;
