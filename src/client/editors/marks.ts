import { Mark } from '@tiptap/core';
import { isAllowedHref } from './urls';

// The rich-text editor's own marks. Tiptap's Bold and Italic write <strong> and <em>, which the
// spec's allowlist (b, i) does not have, and its Link carries target, rel and class, which the
// allowlist (href, title) does not have either.

/** Bold, written as <b>. Reads <strong>, <b> and bold font weights (Google Docs, Word). */
export const Bold = Mark.create({
  name: 'bold',
  parseHTML() {
    return [
      { tag: 'strong' },
      // Google Docs wraps a whole paste in <b style="font-weight:normal">: that is not bold.
      { tag: 'b', getAttrs: (node) => (node as HTMLElement).style.fontWeight !== 'normal' && null },
      { style: 'font-weight=400', clearMark: (mark) => mark.type.name === this.name },
      { style: 'font-weight', getAttrs: (value) => /^(bold(er)?|[5-9]\d{2,})$/.test(value as string) && null },
    ];
  },
  renderHTML() {
    return ['b', 0];
  },
});

/** Italic, written as <i>. */
export const Italic = Mark.create({
  name: 'italic',
  parseHTML() {
    return [
      { tag: 'em' },
      { tag: 'i', getAttrs: (node) => (node as HTMLElement).style.fontStyle !== 'normal' && null },
      { style: 'font-style=normal', clearMark: (mark) => mark.type.name === this.name },
      { style: 'font-style=italic' },
    ];
  },
  renderHTML() {
    return ['i', 0];
  },
});

/** <small>, which Tiptap has no extension for. */
export const Small = Mark.create({
  name: 'small',
  parseHTML() {
    return [{ tag: 'small' }];
  },
  renderHTML() {
    return ['small', 0];
  },
});

/** A link with only href and title; other protocols than http, https, mailto and relative are dropped. */
export const Link = Mark.create({
  name: 'link',
  // Above the other marks, so <a> wraps <b> and not the other way round.
  priority: 1000,
  // Typing at the end of a link does not lengthen it.
  inclusive: false,
  exitable: true,
  addAttributes() {
    return {
      href: { default: null },
      title: { default: null },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'a[href]',
        getAttrs: (node) => (isAllowedHref((node as HTMLElement).getAttribute('href') ?? '') ? null : false),
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ['a', HTMLAttributes, 0];
  },
});
