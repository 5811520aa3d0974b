import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipLayer } from './Tooltip';

/** jsdom does no layout: a 60×20 button at (400, 300) in a 1000×800 window, a 80×24 tip. */
function layout() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this === document.documentElement || this === document.body) return new DOMRect(0, 0, 1000, 800);
    return this.tagName === 'BUTTON' ? new DOMRect(400, 300, 60, 20) : new DOMRect(0, 0, 80, 24);
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(80);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(24);
  vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1000);
  vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(800);
}

afterEach(() => vi.restoreAllMocks());

describe('TooltipLayer', () => {
  it('shows the data-tooltip text above its element, centred on it (spec 2: up placement, 50% offset)', async () => {
    layout();
    render(
      <>
        <TooltipLayer />
        <button type="button" data-tooltip="Reblog now or queue">v</button>
      </>,
    );
    fireEvent.pointerOver(screen.getByRole('button'), { pointerType: 'mouse' });
    await act(async () => {});
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Reblog now or queue');
    expect(tip.dataset.side).toBe('top');
    // 300 - 6 - 24 = 270; 400 + 30 - 40 = 390.
    expect(tip.style.top).toBe('270px');
    expect(tip.style.left).toBe('390px');
    fireEvent.pointerOut(screen.getByRole('button'), { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('never shows on touch: a tap is no hover, and the focus a tap gives is no keyboard focus', async () => {
    layout();
    render(
      <>
        <TooltipLayer />
        <button type="button" data-tooltip="Like">v</button>
      </>,
    );
    const button = screen.getByRole('button');
    // A tap, as a phone sends it: pointer events of the touch kind, then the mouse events made from the tap.
    fireEvent.pointerOver(button, { pointerType: 'touch' });
    fireEvent.pointerDown(button, { pointerType: 'touch' });
    fireEvent.mouseOver(button);
    fireEvent.focusIn(button);
    await act(async () => {});
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on keyboard focus, not on the focus a mouse press gives', async () => {
    layout();
    render(
      <>
        <TooltipLayer />
        <button type="button" data-tooltip="Share">v</button>
      </>,
    );
    const button = screen.getByRole('button');
    fireEvent.pointerDown(button, { pointerType: 'mouse' });
    fireEvent.focusIn(button);
    await act(async () => {});
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focusOut(button);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    fireEvent.focusIn(button);
    await act(async () => {});
    expect(screen.getByRole('tooltip').textContent).toBe('Share');
  });

  it('hides when its element opens its popover, and shows nothing over an open one', async () => {
    layout();
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <button type="button" aria-expanded={open} data-tooltip="Account" onKeyDown={(event) => event.key === 'Enter' && setOpen(true)}>
          v
        </button>
      );
    }
    render(
      <>
        <TooltipLayer />
        <Opener />
      </>,
    );
    const button = screen.getByRole('button');
    fireEvent.keyDown(button, { key: 'Tab' });
    fireEvent.focusIn(button);
    await act(async () => {});
    expect(screen.getByRole('tooltip').textContent).toBe('Account');
    fireEvent.keyDown(button, { key: 'Enter' });
    await act(async () => {});
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerOver(button, { pointerType: 'mouse' });
    await act(async () => {});
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
