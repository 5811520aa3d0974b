import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Menu, MenuItem, menuMove, openMenuOnArrow } from './Menu';

function Harness({ onPick = () => {}, checked }: { onPick?: (label: string) => void; checked?: string }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button ref={trigger} aria-haspopup="menu" onClick={() => setOpen((o) => !o)} onKeyDown={(e) => openMenuOnArrow(e, () => setOpen(true))}>
        Options
      </button>
      <button>elsewhere</button>
      {open && (
        <Menu label="Options" triggerRef={trigger} onClose={close} initialFocus={checked ? 'checked' : 'first'}>
          {['One', 'Two', 'Three'].map((label) => (
            <MenuItem key={label} checked={checked === undefined ? undefined : label === checked} onSelect={() => { onPick(label); close(); }}>
              {label}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}

const item = (name: string) => screen.getByText(name);
const focused = () => document.activeElement?.textContent;

describe('menuMove', () => {
  it('moves by arrows with wrapping, and to the ends with Home and End', () => {
    expect(menuMove('ArrowDown', 2, 3)).toBe(0);
    expect(menuMove('ArrowUp', 0, 3)).toBe(2);
    expect(menuMove('ArrowUp', -1, 3)).toBe(2);
    expect(menuMove('Home', 1, 3)).toBe(0);
    expect(menuMove('End', 0, 3)).toBe(2);
    expect(menuMove('ArrowRight', 0, 3)).toBeNull();
    expect(menuMove('ArrowRight', 0, 3, 'horizontal')).toBe(1);
    expect(menuMove('x', 0, 3)).toBeNull();
  });
});

describe('Menu', () => {
  it('is an ARIA menu whose first item takes the focus on open', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Options' }));
    const menu = screen.getByRole('menu', { name: 'Options' });
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['One', 'Two', 'Three']);
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(focused()).toBe('One');
    // Out of the Tab order: the arrows move between items.
    expect(item('Two').tabIndex).toBe(-1);
  });

  it('moves with ArrowDown and ArrowUp, wrapping, and Home and End', () => {
    render(<Harness />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Options' }), { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(focused()).toBe('Three');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focused()).toBe('One');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(focused()).toBe('Three');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(focused()).toBe('One');
  });

  it('closes on Escape and puts the focus back on its button, without letting Escape through', () => {
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Options' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Options' }));
    expect(outer).not.toHaveBeenCalled();
    document.removeEventListener('keydown', outer);
  });

  it('chooses with Enter and Space', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Harness onPick={onPick} checked="Two" />);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    // A menu of choices opens on the current one.
    expect(focused()).toBe('Two');
    expect(item('Two').getAttribute('role')).toBe('menuitemradio');
    expect(item('Two').getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenLastCalledWith('Three');
    expect(onPick).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    await user.keyboard(' ');
    expect(onPick).toHaveBeenLastCalledWith('Two');
    expect(onPick).toHaveBeenCalledTimes(2);
  });

  it('closes on a press outside it and on Tab', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Options' }));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Options' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
