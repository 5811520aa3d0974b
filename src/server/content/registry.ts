// Every post type's module, by type: what used to be a switch on content.type in each area.
import type { AnyPostType, PostContent } from '../../shared/posts/types';
import type { PostTypeModule } from './post-type';
import { audio } from './types/audio';
import { chat } from './types/chat';
import { link } from './types/link';
import { note } from './types/note';
import { photo } from './types/photo';
import { quote } from './types/quote';
import { text } from './types/text';
import { video } from './types/video';

// A mapped type, so that a type left out (or a module under the wrong type) fails the typecheck.
const MODULES: { readonly [T in AnyPostType]: PostTypeModule<T> } = { text, photo, quote, link, chat, audio, video, note };

// The one cast: TypeScript cannot follow "the module of this type, for content of this type"
// through a union, but MODULES pairs each type with its own module, and callers look a module up
// by the type of the content they pass it.
export const postTypeModule = (type: AnyPostType) => MODULES[type] as unknown as PostTypeModule;

/** The module of this content's type. */
export const moduleOf = (content: PostContent) => postTypeModule(content.type);
