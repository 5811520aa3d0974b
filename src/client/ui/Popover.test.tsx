import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Popover } from './Popover';
import { SHIFT_ERROR } from './popover-position';

function Harness({ shift }: { shift?: unknown }) {
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(true);
  return (
    <>
      <button ref={anchor} onClick={() => setOpen((o) => !o)}>anchor</button>
      <p>outside</p>
      <Popover anchorRef={anchor} open={open} onClose={() => setOpen(false)} label="Menu" shift={shift as { x: number; y: number }}>
        <button>inside</button>
      </Popover>
    </>
  );
}

describe('Popover', () => {
  it('stays open on an inside click and closes on an outside one', () => {
    render(<Harness />);
    fireEvent.pointerDown(screen.getByText('inside'));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape', () => {
    render(<Harness />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a shift that is not {x, y} numbers', () => {
    expect(() => render(<Harness shift={{ x: 'left' }} />)).toThrow(SHIFT_ERROR);
  });
});

/** jsdom does no layout: give the anchor a place, the panel a size and the window a height. */
function layout(anchorTop: () => number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const top = this.textContent === 'anchor' ? anchorTop() : 0;
    return { left: 400, top, width: 40, height: 30, right: 440, bottom: top + 30, x: 400, y: top, toJSON: () => ({}) } as DOMRect;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(200);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(300);
  vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1000);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
}

describe('Popover placement', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('opens below an anchor with room under it', () => {
    layout(() => 100);
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.dataset.side).toBe('bottom');
    expect(dialog.style.top).toBe('138px');
    expect(dialog.style.left).toBe('320px');
  });

  it('opens above an anchor low in the window', () => {
    layout(() => 700);
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.dataset.side).toBe('top');
    expect(dialog.style.top).toBe('392px');
  });

  it('follows the anchor as the page scrolls, once a frame', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    let top = 700;
    layout(() => top);
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.dataset.side).toBe('top');

    top = 100;
    fireEvent.scroll(window);
    fireEvent.scroll(window);
    expect(frames).toHaveLength(1);
    act(() => frames.shift()?.(0));
    expect(dialog.dataset.side).toBe('bottom');
    expect(dialog.style.top).toBe('138px');

    top = 150;
    fireEvent(window, new Event('resize'));
    act(() => frames.shift()?.(0));
    expect(dialog.style.top).toBe('188px');
  });

  it('places again when its own size changes', () => {
    const observers: { callback: () => void; observed: Element[]; disconnected: boolean }[] = [];
    vi.stubGlobal('ResizeObserver', class {
      entry: (typeof observers)[number];
      constructor(callback: () => void) {
        this.entry = { callback, observed: [], disconnected: false };
        observers.push(this.entry);
      }
      observe(element: Element) { this.entry.observed.push(element); }
      unobserve() {}
      disconnect() { this.entry.disconnected = true; }
    });
    layout(() => 452);
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(observers[0].observed).toEqual([dialog]);
    expect(dialog.dataset.side).toBe('bottom');

    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(400);
    act(() => observers[0].callback());
    expect(dialog.dataset.side).toBe('top');

    fireEvent.pointerDown(screen.getByText('outside'));
    expect(observers[0].disconnected).toBe(true);
  });

  it('works where there is no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    layout(() => 100);
    render(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Menu' }).dataset.side).toBe('bottom');
  });

  it('stops listening when it closes', () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    layout(() => 100);
    render(<Harness />);
    fireEvent.keyDown(document, { key: 'Escape' });
    const removed = remove.mock.calls.map(([type]) => type);
    expect(removed).toContain('scroll');
    expect(removed).toContain('resize');
  });
});
