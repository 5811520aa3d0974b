import type { PostContent as Content } from '../../shared/posts/types';
import { AudioContent } from './AudioContent';
import { ChatContent } from './ChatContent';
import { LinkContent } from './LinkContent';
import { NoteContent } from './NoteContent';
import { PhotoContent } from './PhotoContent';
import { QuoteContent } from './QuoteContent';
import { TextContent } from './TextContent';
import { VideoContent } from './VideoContent';

/** One renderer per type behind a switch. */
export function PostContent({ content, withBody }: { content: Content; withBody: boolean }) {
  switch (content.type) {
    case 'text':
      return <TextContent content={content} withBody={withBody} />;
    case 'photo':
      return <PhotoContent content={content} withBody={withBody} />;
    case 'quote':
      return <QuoteContent content={content} withBody={withBody} />;
    case 'link':
      return <LinkContent content={content} withBody={withBody} />;
    case 'chat':
      return <ChatContent content={content} withBody={withBody} />;
    case 'audio':
      return <AudioContent content={content} withBody={withBody} />;
    case 'video':
      return <VideoContent content={content} withBody={withBody} />;
    case 'note':
      return <NoteContent content={content} withBody={withBody} />;
  }
}
