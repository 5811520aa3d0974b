import type { Editor, JSONContent } from '@tiptap/core';
import { shownGifTags, type GifItem } from '../../shared/search/gif';
import { hasCursor } from './commands';
import { EDITOR_ERRORS } from './constants';
import { isAllowedHref, isAllowedMediaSrc } from './urls';

/**
 * A picked GIF goes into the post body as an image (its first tag, or "GIF", as the alt text)
 * and a small credit line linking to the post it came from; then an empty paragraph to write on.
 * Everything is on the body's allowlist: figure, img (src, alt), p, small, a (href).
 */
export function insertGif(editor: Editor, item: GifItem): boolean {
  if (!hasCursor(editor)) {
    console.error(EDITOR_ERRORS.noCursor);
    return false;
  }
  if (!isAllowedMediaSrc(item.mediaUrl)) {
    console.error(EDITOR_ERRORS.unknownImageSource);
    return false;
  }
  const image: JSONContent = {
    type: 'image',
    attrs: {
      src: item.mediaUrl,
      alt: shownGifTags(item.postTags)[0] ?? 'GIF',
      origWidth: item.width ? String(item.width) : null,
      origHeight: item.height ? String(item.height) : null,
    },
  };
  const small = { type: 'small' };
  const credit: JSONContent[] = [];
  if (item.postBlog && isAllowedHref(item.postUrl)) {
    credit.push(
      { type: 'text', text: 'GIF by ', marks: [small] },
      { type: 'text', text: item.postBlog, marks: [small, { type: 'link', attrs: { href: item.postUrl } }] },
    );
  } else if (item.postBlog) {
    credit.push({ type: 'text', text: `GIF by ${item.postBlog}`, marks: [small] });
  }
  const content: JSONContent[] = [image];
  if (credit.length) content.push({ type: 'paragraph', content: credit });
  content.push({ type: 'paragraph' });
  return editor.chain().focus().insertContent(content).run();
}
