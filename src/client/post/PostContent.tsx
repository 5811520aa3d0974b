import type { PostContent as Content } from '../../shared/posts/types';
import type { ContentPost } from './content-props';
import { renderContent } from './post-types';

/** A post's content, drawn by its type's renderer (post-types.tsx). */
export function PostContent({ content, post }: { content: Content; post?: ContentPost }) {
  return renderContent(content, post);
}
