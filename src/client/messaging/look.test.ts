import { describe, expect, it } from 'vitest';
import { adjustBrightness, FULL_WIDTH_ATTRIBUTE, markFullWidthBubbles } from './look';

describe('adjustBrightness (the inbox row’s sender theme, spec 2 §9)', () => {
  it('brings each channel that share of the way to white', () => {
    expect(adjustBrightness('#000000', 0.3)).toBe('rgb(77, 77, 77)');
    expect(adjustBrightness('#36465D', 0.3)).toBe('rgb(114, 126, 142)');
    expect(adjustBrightness('#fff', 0.3)).toBe('rgb(255, 255, 255)');
    expect(adjustBrightness('#f00', 0)).toBe('rgb(255, 0, 0)');
  });

  it('draws nothing for what is not a hex colour', () => {
    for (const bad of [undefined, '', 'red', '#12345', 'url(x)', '#ggg']) expect(adjustBrightness(bad, 0.3)).toBeUndefined();
  });
});

describe('markFullWidthBubbles (spec 2 §9: wider than 60 % of the list)', () => {
  const listOf = (listWidth: number, bubbleWidths: number[]) => {
    const list = document.createElement('ol');
    Object.defineProperty(list, 'clientWidth', { value: listWidth });
    for (const width of bubbleWidths) {
      const item = document.createElement('li');
      const bubble = document.createElement('div');
      bubble.setAttribute('data-bubble', '');
      bubble.getBoundingClientRect = () => ({ width }) as DOMRect;
      item.append(bubble);
      list.append(item);
    }
    // An image message: no bubble to measure, never marked.
    list.append(document.createElement('li'));
    return list;
  };
  const marked = (list: HTMLElement) => [...list.children].map((li) => li.hasAttribute(FULL_WIDTH_ATTRIBUTE));

  it('marks the messages whose bubble is wider than 60 % of the list, and unmarks the others', () => {
    const list = listOf(300, [100, 180, 181, 290]);
    list.children[0]!.setAttribute(FULL_WIDTH_ATTRIBUTE, '');
    markFullWidthBubbles(list);
    expect(marked(list)).toEqual([false, false, true, true, false]);
  });
});
