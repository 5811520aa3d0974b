import type { ChainedCommands, Editor } from '@tiptap/core';

// Spec 1 §9 "Editor shortcuts" (Mod is Meta on a Mac, Ctrl elsewhere) and toolbar order.

export type FormatId =
  | 'bold' | 'italic' | 'headline' | 'link' | 'strike' | 'orderedList' | 'bulletList' | 'blockquote'
  | 'clear' | 'pre' | 'superscript' | 'subscript' | 'small';

export interface Format {
  id: FormatId;
  label: string;
  /** In ProseMirror's key notation. */
  shortcut: string;
  /** Adds the format's command to a chain; the link has none (it opens the link bubble). */
  apply?: (chain: ChainedCommands) => ChainedCommands;
  isActive?: (editor: Editor) => boolean;
}

export const FORMATS: readonly Format[] = [
  { id: 'bold', label: 'Bold', shortcut: 'Mod-b', apply: (c) => c.toggleMark('bold'), isActive: (e) => e.isActive('bold') },
  { id: 'italic', label: 'Italic', shortcut: 'Mod-i', apply: (c) => c.toggleMark('italic'), isActive: (e) => e.isActive('italic') },
  {
    id: 'headline', label: 'Headline', shortcut: 'Mod-Shift-2',
    apply: (c) => c.toggleHeading({ level: 2 }), isActive: (e) => e.isActive('heading', { level: 2 }),
  },
  { id: 'link', label: 'Link', shortcut: 'Mod-k', isActive: (e) => e.isActive('link') },
  { id: 'strike', label: 'Strikethrough', shortcut: 'Mod-Shift-6', apply: (c) => c.toggleStrike(), isActive: (e) => e.isActive('strike') },
  {
    id: 'orderedList', label: 'Ordered list', shortcut: 'Mod-Shift-7',
    apply: (c) => c.toggleOrderedList(), isActive: (e) => e.isActive('orderedList'),
  },
  {
    id: 'bulletList', label: 'Unordered list', shortcut: 'Mod-Shift-8',
    apply: (c) => c.toggleBulletList(), isActive: (e) => e.isActive('bulletList'),
  },
  {
    id: 'blockquote', label: 'Blockquote', shortcut: 'Mod-Shift-9',
    apply: (c) => c.toggleBlockquote(), isActive: (e) => e.isActive('blockquote'),
  },
  // Keyboard only.
  { id: 'clear', label: 'Clear formatting', shortcut: 'Mod-Shift-0', apply: (c) => c.unsetAllMarks().clearNodes() },
  { id: 'pre', label: 'Preformatted', shortcut: 'Mod-Alt-1', apply: (c) => c.toggleNode('pre', 'paragraph') },
  { id: 'superscript', label: 'Superscript', shortcut: 'Mod-.', apply: (c) => c.toggleSuperscript() },
  { id: 'subscript', label: 'Subscript', shortcut: 'Mod-,', apply: (c) => c.toggleSubscript() },
  { id: 'small', label: 'Small', shortcut: 'Mod-Shift--', apply: (c) => c.toggleMark('small') },
];

/** The formatting toolbar's buttons, in the spec's order. */
export const TOOLBAR_FORMATS: readonly Format[] = FORMATS.slice(0, 8);

export function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform);
}

/** "Mod-Shift-2" as a person reads it: "⌘⇧2" on a Mac, "Ctrl+Shift+2" elsewhere. */
export function shortcutLabel(shortcut: string, mac = isMac()): string {
  const keys = shortcut.split(/-(?!$)/).map((key) => (key.length === 1 ? key.toUpperCase() : key));
  if (mac) {
    const symbols: Record<string, string> = { Mod: '\u2318', Shift: '\u21E7', Alt: '\u2325' };
    return keys.map((key) => symbols[key] ?? key).join('');
  }
  return keys.map((key) => (key === 'Mod' ? 'Ctrl' : key)).join('+');
}

/** The same shortcut for aria-keyshortcuts ("Control+Shift+2"). */
export function ariaShortcut(shortcut: string, mac = isMac()): string {
  return shortcut
    .split(/-(?!$)/)
    .map((key) => (key === 'Mod' ? (mac ? 'Meta' : 'Control') : key.length === 1 ? key.toUpperCase() : key))
    .join('+');
}
