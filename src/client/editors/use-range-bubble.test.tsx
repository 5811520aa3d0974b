import type { Editor } from '@tiptap/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRangeBubble, type BubblePlacement } from './use-range-bubble';

/**
 * jsdom does no layout: a 1000×800 window, the editor's box at its top-left corner, a widget
 * 200×40, and characters 10 px wide on a 20 px line whose top is `lineTop`.
 */
function layout(lineTop: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.dataset.testid === 'widget') return new DOMRect(0, 0, 200, 40);
    return new DOMRect(0, 0, 1000, 800);
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(200);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
  vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1000);
  vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(800);
  const dom = document.createElement('div');
  const coordsAtPos = (pos: number) => ({ left: pos * 10, right: pos * 10 + 10, top: lineTop, bottom: lineTop + 20 });
  return { isDestroyed: false, view: { dom, coordsAtPos } } as unknown as Editor;
}

function Widget({ editor, from, to, placement }: { editor: Editor; from: number; to: number; placement: BubblePlacement }) {
  const { setFloating, style: bubbleStyle } = useRangeBubble(editor, { from, to }, placement);
  return <div ref={setFloating} style={bubbleStyle} data-testid="widget" />;
}

const placed = () => act(async () => {});

afterEach(() => vi.restoreAllMocks());

describe('useRangeBubble: editor widgets on the floating-element primitive', () => {
  it('puts the toolbar above the selection, centred on it', async () => {
    render(<Widget editor={layout(300)} from={30} to={40} placement="above" />);
    await placed();
    const widget = screen.getByTestId('widget');
    // Selection 300..410 wide, centred at 355; 300 - 8 - 40 = 252.
    expect(widget.style.top).toBe('252px');
    expect(widget.style.left).toBe('255px');
  });

  it('flips the toolbar below a selection at the top of the window', async () => {
    render(<Widget editor={layout(20)} from={30} to={40} placement="above" />);
    await placed();
    expect(screen.getByTestId('widget').style.top).toBe('48px');
  });

  it('keeps a link bubble 10 px inside the window at its right edge', async () => {
    render(<Widget editor={layout(300)} from={95} to={98} placement="below" />);
    await placed();
    const widget = screen.getByTestId('widget');
    expect(widget.style.top).toBe('328px');
    // Centred it would end at 1065 px; kept at 1000 - 10 - 200.
    expect(widget.style.left).toBe('790px');
  });

  it('puts the paragraph opener in the gutter, centred on the line', async () => {
    render(<Widget editor={layout(300)} from={5} to={5} placement="line-start" />);
    await placed();
    const widget = screen.getByTestId('widget');
    // The line's middle is at 310; the widget is 40 high.
    expect(widget.style.top).toBe('290px');
  });
});
