// What every post type knows about itself: how its content is built from the form, which words
// and which picture stand for it, and what its author wrote. One module per type in types/,
// found through registry.ts, so a new type (or a new use of all of them) is one place to change.
import type { EditorType } from '../../shared/constants';
import type { AnyPostType, PhotoView, PostContent } from '../../shared/posts/types';
import type { RawPayload } from '../http/fields';
import type { PostUploads } from './uploads';

export type ContentOf<T extends AnyPostType> = Extract<PostContent, { type: T }>;

/** The form fields a post's content is built from (the save payload, spec 1 §7). */
export interface ContentInput {
  one: string;
  two: string;
  three: string;
  richText: { one: boolean; two: boolean; three: boolean };
  raw: RawPayload;
}

export interface BuildContext {
  editorType: EditorType;
  /** The site's own host: its /embed/post/ pages may be iframed. */
  ownHost: string;
  uploads: PostUploads;
  /**
   * The link thumbnail sent with the form, checked and normalised, or null. Passed in because
   * which addresses are public is the links area's rule; read only for link posts.
   */
  linkThumbnail: (raw: RawPayload) => string | null;
}

/** A picture standing for a post: a photo (the picker chooses among its stored sizes) or an address. */
export type Picture = PhotoView | string | null;

export interface PostTypeModule<T extends AnyPostType = AnyPostType> {
  readonly type: T;
  /** The content of a new or edited post; bad input throws the spec's message for the field. */
  build(input: ContentInput, ctx: BuildContext): ContentOf<T>;
  /** The words that stand for the post in a line: the first of its parts that says something (see firstWords). */
  summary(content: ContentOf<T>): string;
  /** Every text the post's own blog wrote in it (mentions are read from these). */
  authored(content: ContentOf<T>): string[];
  picture(content: ContentOf<T>): Picture;
}

/**
 * The first part with words in it, whitespace collapsed. A function is only called when reached,
 * since HTML to text is a parse: a summary with a title never reads the body.
 */
export function firstWords(...parts: Array<string | null | undefined | (() => string)>): string {
  for (const part of parts) {
    const words = (typeof part === 'function' ? part() : (part ?? '')).replace(/\s+/g, ' ').trim();
    if (words) return words;
  }
  return '';
}
