import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Popover } from './Popover';
import { SHIFT_ERROR } from './popover-shift';

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

/** jsdom does no layout: give the anchor a place, the panel a size and the window a size. */
function layout(anchorTop: () => number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this === document.documentElement || this === document.body) return new DOMRect(0, 0, 1000, 800);
    const top = this.textContent === 'anchor' ? anchorTop() : 0;
    return { left: 400, top, width: 40, height: 30, right: 440, bottom: top + 30, x: 400, y: top, toJSON: () => ({}) } as DOMRect;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(200);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(300);
  vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1000);
  vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
}

/** Placing is asynchronous (floating-ui measures, then writes): let it finish. */
const placed = () => act(async () => {});

describe('Popover placement', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('opens below an anchor with room under it, centred on it', async () => {
    layout(() => 100);
    render(<Harness />);
    await placed();
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.dataset.side).toBe('bottom');
    expect(dialog.style.top).toBe('138px');
    expect(dialog.style.left).toBe('320px');
  });

  it('opens above an anchor low in the window', async () => {
    layout(() => 700);
    render(<Harness />);
    await placed();
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.dataset.side).toBe('top');
    expect(dialog.style.top).toBe('392px');
  });

  it('opens below when it fits with exactly 10 px to spare, above when it does not', async () => {
    let top = 452;
    layout(() => top);
    render(<Harness />);
    await placed();
    // 452 + 30 + 8 + 300 = 790: 10 px from the bottom edge.
    expect(screen.getByRole('dialog').dataset.side).toBe('bottom');
    top = 453;
    fireEvent.scroll(window);
    await placed();
    expect(screen.getByRole('dialog').dataset.side).toBe('top');
  });

  it('applies the shift on either side: x to the right, y away from the anchor', async () => {
    layout(() => 100);
    render(<Harness shift={{ x: 15, y: 5 }} />);
    await placed();
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.style.left).toBe('335px');
    expect(dialog.style.top).toBe('143px');
  });

  it('keeps 10 px inside the window sideways', async () => {
    layout(() => 100);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(900);
    render(<Harness />);
    await placed();
    // Centred it would start at -30 px.
    expect(screen.getByRole('dialog').style.left).toBe('10px');
  });

  it('follows the anchor as the page scrolls or the window resizes', async () => {
    let top = 700;
    layout(() => top);
    render(<Harness />);
    await placed();
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.dataset.side).toBe('top');

    top = 100;
    fireEvent.scroll(window);
    await placed();
    expect(dialog.dataset.side).toBe('bottom');
    expect(dialog.style.top).toBe('138px');

    top = 150;
    fireEvent(window, new Event('resize'));
    await placed();
    expect(dialog.style.top).toBe('188px');
  });

  it('places again when its own size changes', async () => {
    const observers: { callback: (entries: unknown[]) => void; observed: Element[]; disconnected: boolean }[] = [];
    vi.stubGlobal('ResizeObserver', class {
      entry: (typeof observers)[number];
      constructor(callback: (entries: unknown[]) => void) {
        this.entry = { callback, observed: [], disconnected: false };
        observers.push(this.entry);
      }
      observe(element: Element) { this.entry.observed.push(element); }
      unobserve() {}
      disconnect() { this.entry.disconnected = true; }
    });
    layout(() => 452);
    render(<Harness />);
    await placed();
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    const watching = observers.find((o) => o.observed.includes(dialog))!;
    expect(dialog.dataset.side).toBe('bottom');

    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(400);
    act(() => watching.callback([]));
    await placed();
    expect(dialog.dataset.side).toBe('top');

    fireEvent.pointerDown(screen.getByText('outside'));
    expect(watching.disconnected).toBe(true);
  });

  it('works where there is no ResizeObserver', async () => {
    vi.stubGlobal('ResizeObserver', undefined);
    layout(() => 100);
    render(<Harness />);
    await placed();
    expect(screen.getByRole('dialog', { name: 'Menu' }).dataset.side).toBe('bottom');
  });

  it('stops listening when it closes', async () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    layout(() => 100);
    render(<Harness />);
    await placed();
    fireEvent.keyDown(document, { key: 'Escape' });
    const removed = remove.mock.calls.map(([type]) => type);
    expect(removed).toContain('scroll');
    expect(removed).toContain('resize');
  });
});
