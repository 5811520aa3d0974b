import type { Extensions } from '@tiptap/core';
import { Subscript } from '@tiptap/extension-subscript';
import { Superscript } from '@tiptap/extension-superscript';
import { Placeholder } from '@tiptap/extensions';
import { StarterKit } from '@tiptap/starter-kit';
import { UNDO_GROUP_DELAY_MS } from './constants';
import { FileDrop, Shortcuts, SmartQuotes } from './editor-behaviour';
import { Iframe } from './iframe-node';
import { Bold, Italic, Link, Small } from './marks';
import { FigureImage, HorizontalRule, Pre } from './nodes';
import { PendingImages } from './pending-images';

export interface RichExtensionOptions {
  placeholder: string;
  onLinkShortcut: () => void;
}

/**
 * The schema is the allowlist (spec 1 §5): a, b, i, ul, ol, li, p, h2, blockquote, img, iframe,
 * figure, br, hr, pre, sub, sup, small, and s for the toolbar's strikethrough. Whatever a paste
 * brings that no extension here parses (span, u, h1, script, style, ...) is dropped or kept as
 * plain text by ProseMirror's parser.
 */
export function richTextExtensions({ placeholder, onLinkShortcut }: RichExtensionOptions): Extensions {
  return [
    StarterKit.configure({
      // Replaced by the allowlist's own versions (marks.ts, nodes.ts).
      bold: false,
      italic: false,
      link: false,
      codeBlock: false,
      horizontalRule: false,
      // Not on the allowlist at all.
      code: false,
      underline: false,
      heading: { levels: [2] },
      undoRedo: { newGroupDelay: UNDO_GROUP_DELAY_MS },
    }),
    Bold,
    Italic,
    Small,
    Link,
    Subscript,
    Superscript,
    Pre,
    HorizontalRule,
    FigureImage,
    Iframe,
    Placeholder.configure({ placeholder }),
    Shortcuts.configure({ onLinkShortcut }),
    SmartQuotes,
    FileDrop,
    PendingImages,
  ];
}
