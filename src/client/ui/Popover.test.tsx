import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
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
