import type { PostContent as Content } from '../../shared/posts/types';
import { AudioContent } from './AudioContent';
import { ChatContent } from './ChatContent';
import type { ContentPost } from './content-props';
import { LinkContent } from './LinkContent';
import { NoteContent } from './NoteContent';
import { PhotoContent } from './PhotoContent';
import { QuoteContent } from './QuoteContent';
import { TextContent } from './TextContent';
import { VideoContent } from './VideoContent';

/** One renderer per type behind a switch. */
export function PostContent({ content, post }: { content: Content; post?: ContentPost }) {
  switch (content.type) {
    case 'text':
      return <TextContent content={content} />;
    case 'photo':
      return <PhotoContent content={content} post={post} />;
    case 'quote':
      return <QuoteContent content={content} />;
    case 'link':
      return <LinkContent content={content} />;
    case 'chat':
      return <ChatContent content={content} />;
    case 'audio':
      return <AudioContent content={content} />;
    case 'video':
      return <VideoContent content={content} post={post} />;
    case 'note':
      return <NoteContent content={content} />;
  }
}
