import type { PostContent } from '../../shared/posts/types';

/** What a type renderer gets: its own content, and whether to show the body HTML. */
export interface ContentProps<T extends PostContent['type']> {
  content: Extract<PostContent, { type: T }>;
  /**
   * False for a reblog with a trail: the trail then shows each blog's words, so the type shows
   * only what is its own (title, photos, quote, link card, chat, player, question).
   */
  withBody: boolean;
}
