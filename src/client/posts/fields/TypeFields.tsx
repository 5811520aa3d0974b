import type { Dispatch } from 'react';
import type { EditorType } from '../../../shared/constants';
import type { ComposerAction, ContentDraft } from '../composer';
import { AudioFields } from './AudioFields';
import { ChatFields } from './ChatFields';
import { LinkFields } from './LinkFields';
import { NoteFields } from './NoteFields';
import { PhotoFields } from './PhotoFields';
import { QuoteFields } from './QuoteFields';
import { TextFields } from './TextFields';
import { VideoFields } from './VideoFields';

interface TypeFieldsProps {
  content: ContentDraft;
  dispatch: Dispatch<ComposerAction>;
  editorType: EditorType;
}

/** One editor component per post type. */
export function TypeFields({ content, dispatch, editorType }: TypeFieldsProps) {
  const common = { dispatch, editorType };
  switch (content.type) {
    case 'text': return <TextFields content={content} {...common} />;
    case 'photo': return <PhotoFields content={content} {...common} />;
    case 'quote': return <QuoteFields content={content} {...common} />;
    case 'link': return <LinkFields content={content} {...common} />;
    case 'chat': return <ChatFields content={content} {...common} />;
    case 'audio': return <AudioFields content={content} {...common} />;
    case 'video': return <VideoFields content={content} {...common} />;
    case 'note': return <NoteFields content={content} {...common} />;
  }
}
