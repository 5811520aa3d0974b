import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

/** A fresh copy of the primitive, whose engine is not loaded yet (as on a first page load). */
const freshPrimitive = () => {
  vi.resetModules();
  return import('./floating');
};

describe('useFloatingPlacement before its engine is loaded', () => {
  it('renders the element transparent, loads the engine, then places it', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this === document.documentElement || this === document.body) return new DOMRect(0, 0, 1000, 800);
      return this.textContent === 'anchor' ? new DOMRect(400, 100, 40, 30) : new DOMRect(0, 0, 200, 300);
    });
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(200);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(300);
    vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(800);
    const { useFloatingPlacement, loadFloating } = await freshPrimitive();

    function Floating() {
      const anchor = useRef<HTMLButtonElement>(null);
      const { refs, floatingStyles, side } = useFloatingPlacement({ open: true });
      useLayoutEffect(() => refs.setReference(anchor.current), [refs]);
      return (
        <>
          <button ref={anchor}>anchor</button>
          <div ref={refs.setFloating} data-testid="floating" data-side={side} style={floatingStyles} />
        </>
      );
    }
    render(<Floating />);
    const element = screen.getByTestId('floating');
    // Not placed yet: it does not show at the window's corner.
    expect(element.style.opacity).toBe('0');
    // The hook asked for the engine; once it is in, the element is measured and placed.
    await act(async () => void (await loadFloating()));
    await act(async () => {});
    expect(element.style.top).toBe('138px');
    expect(element.style.left).toBe('320px');
    expect(element.style.opacity).toBe('');
  });
});
