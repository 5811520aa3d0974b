import type { PostContent } from '../../shared/posts/types';
import { postText } from '../content/summary';

/** The start of a post's text for the insights list; a post with no text is named by its type. */
export function summaryOf(content: PostContent): string {
  const text = postText(content, { max: 80 });
  return text || 'A post without text';
}
