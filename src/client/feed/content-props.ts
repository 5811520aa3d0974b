import type { PostContent } from '../../shared/posts/types';

/** What a type renderer gets: its own content. */
export interface ContentProps<T extends PostContent['type']> {
  content: Extract<PostContent, { type: T }>;
}
