import { describe, expect, it } from 'vitest';
import { isPageShortcut, isTypingTarget } from './page-keys';

describe('page shortcuts', () => {
  const place = (html: string) => {
    document.body.innerHTML = html;
    return document.getElementById('here')!;
  };

  it('are keys typed on the page, with Shift at most', () => {
    expect(isPageShortcut({ key: 'j', target: place('<main><p id="here">post</p></main>') })).toBe(true);
    expect(isPageShortcut({ key: '?', target: document.body })).toBe(true);
    expect(isPageShortcut({ key: 'j', ctrlKey: true, target: document.body })).toBe(false);
    expect(isPageShortcut({ key: 'j', altKey: true, target: document.body })).toBe(false);
  });

  it('never fire while typing in a field, an editor or a menu', () => {
    for (const html of ['<input id="here">', '<textarea id="here"></textarea>', '<div contenteditable="true"><p id="here">x</p></div>', '<ul role="listbox"><li id="here">a</li></ul>']) {
      const target = place(html);
      expect(isTypingTarget(target)).toBe(true);
      expect(isPageShortcut({ key: 'j', target })).toBe(false);
    }
  });

  it('never leave an open dialog for the page behind it', () => {
    expect(isPageShortcut({ key: 'j', target: place('<dialog open><button id="here">Close</button></dialog>') })).toBe(false);
    expect(isPageShortcut({ key: 'j', target: place('<div role="dialog"><img id="here" alt=""></div>') })).toBe(false);
  });
});
