import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FastCompose, moveFocus } from './FastCompose';

describe('moveFocus', () => {
  it('moves with arrows, Tab, c and shift+c, wrapping at both ends', () => {
    expect(moveFocus('ArrowRight', false, 6, 7)).toBe(0);
    expect(moveFocus('ArrowDown', false, 2, 7)).toBe(3);
    expect(moveFocus('ArrowLeft', false, 0, 7)).toBe(6);
    expect(moveFocus('c', false, 3, 7)).toBe(4);
    expect(moveFocus('C', true, 3, 7)).toBe(2);
    expect(moveFocus('Tab', true, 0, 7)).toBe(6);
    expect(moveFocus('x', false, 0, 7)).toBeNull();
  });
});

describe('FastCompose', () => {
  const setup = () => {
    const onPick = vi.fn();
    const onClose = vi.fn();
    render(<FastCompose open onClose={onClose} onPick={onPick} />);
    return { onPick, onClose, dialog: screen.getByRole('dialog', { name: 'Choose a post type' }) };
  };

  it('shows the seven types in the spec order, the first focused', () => {
    setup();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Text', 'Photo', 'Quote', 'Link', 'Chat', 'Audio', 'Video']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Text' }));
  });

  it('staggers the icons 50 ms apart, 150 ms each', () => {
    setup();
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.style.animationDelay)).toEqual(['0ms', '50ms', '100ms', '150ms', '200ms', '250ms', '300ms']);
    expect(items[0]!.style.animationDuration).toBe('150ms');
  });

  it('moves by keyboard and picks with a click on the focused icon', () => {
    const { onPick, dialog } = setup();
    const press = (key: string, shiftKey = false) => fireEvent.keyDown(document.activeElement!, { key, shiftKey });
    expect(dialog.tagName).toBe('DIALOG');
    press('ArrowRight');
    press('c');
    expect(document.activeElement?.textContent).toBe('Quote');
    press('C', true);
    expect(document.activeElement?.textContent).toBe('Photo');
    fireEvent.click(document.activeElement!);
    expect(onPick).toHaveBeenCalledWith('photo');
  });

  it('focuses an icon on hover and closes on Escape', () => {
    const { onClose } = setup();
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Audio' }));
    expect(document.activeElement?.textContent).toBe('Audio');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a click beside the icons (the glass is the dialog\'s backdrop), not on a pick', () => {
    const { onClose, onPick, dialog } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(onPick).toHaveBeenCalledWith('link');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when closed', () => {
    render(<FastCompose open={false} onClose={() => {}} onPick={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
