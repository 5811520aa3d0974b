import type { PostContent, PostView } from '../../shared/posts/types';

/** The post a player belongs to (spec 1 §3: post data for video logging; the carousel settings). */
export type ContentPost = Pick<PostView, 'id' | 'root_id' | 'carousel_display' | 'carousel_link_url'> & { blog: Pick<PostView['blog'], 'uuid'> };

/** What a type renderer gets: its own content, and the post it belongs to when there is one. */
export interface ContentProps<T extends PostContent['type']> {
  content: Extract<PostContent, { type: T }>;
  post?: ContentPost;
}
