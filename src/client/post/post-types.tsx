// One entry per post type, as the server has one module per type: how a post of the type renders
// and, for the types a person can make, what the type is called and its colour and icon
// (ui/post-type-icons.tsx, which blog settings below post/ read too). Every list of types reads it
// instead of a switch of its own.
import type { ReactNode } from 'react';
import type { PostType } from '../../shared/constants';
import type { PostContent } from '../../shared/posts/types';
import { POST_TYPE_COLORS, POST_TYPE_LABELS, PostTypeIcon } from '../ui/post-type-icons';
import { AudioContent } from './AudioContent';
import { ChatContent } from './ChatContent';
import type { ContentPost } from './content-props';
import { LinkContent } from './LinkContent';
import { NoteContent } from './NoteContent';
import { PhotoContent } from './PhotoContent';
import { QuoteContent } from './QuoteContent';
import { TextContent } from './TextContent';
import { VideoContent } from './VideoContent';

type ContentType = PostContent['type'];
type RenderOf<T extends ContentType> = (content: Extract<PostContent, { type: T }>, post?: ContentPost) => ReactNode;

/** What a type a person can make shows in the type pickers and tabs. */
export interface MadeType {
  label: string;
  color: string;
  icon: (size: number) => ReactNode;
}

type Entry<T extends ContentType> = { render: RenderOf<T> } & (T extends PostType ? MadeType : object);

const made = (type: PostType): MadeType => ({
  label: POST_TYPE_LABELS[type],
  color: POST_TYPE_COLORS[type],
  icon: (size) => <PostTypeIcon type={type} size={size} />,
});

export const POST_TYPE_REGISTRY: { [T in ContentType]: Entry<T> } = {
  text: { render: (content) => <TextContent content={content} />, ...made('text') },
  photo: { render: (content, post) => <PhotoContent content={content} post={post} />, ...made('photo') },
  quote: { render: (content) => <QuoteContent content={content} />, ...made('quote') },
  link: { render: (content) => <LinkContent content={content} />, ...made('link') },
  chat: { render: (content) => <ChatContent content={content} />, ...made('chat') },
  audio: { render: (content) => <AudioContent content={content} />, ...made('audio') },
  video: { render: (content, post) => <VideoContent content={content} post={post} />, ...made('video') },
  // A note (an answered ask, a submission's reply) is shown but never picked in a type list.
  note: { render: (content) => <NoteContent content={content} /> },
};

/** A post's content drawn by its type's entry. */
export const renderContent = (content: PostContent, post?: ContentPost) =>
  // The entry is the content's own type's: TypeScript cannot pair the two through the index.
  (POST_TYPE_REGISTRY[content.type].render as RenderOf<ContentType>)(content, post);
