import { act, fireEvent, render, screen } from '@testing-library/react';
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
    fireEvent.mouseOver(screen.getByRole('button'));
    await act(async () => {});
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Reblog now or queue');
    expect(tip.dataset.side).toBe('top');
    // 300 - 6 - 24 = 270; 400 + 30 - 40 = 390.
    expect(tip.style.top).toBe('270px');
    expect(tip.style.left).toBe('390px');
    fireEvent.mouseOut(screen.getByRole('button'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
