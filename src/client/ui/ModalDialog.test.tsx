import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModalDialog } from './ModalDialog';
import { Popover } from './Popover';
import { TooltipLayer } from './Tooltip';

// A native modal sits in the top layer and leaves the page behind inert: what floats over its
// content must be inside it, and an Escape a floating layer keeps must not close the modal.

function WithPopover({ onDismiss }: { onDismiss: () => void }) {
  const anchorRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <ModalDialog shown visible onDismiss={onDismiss} label="Outer">
      <button ref={anchorRef} type="button" data-tooltip="More choices" onClick={() => setOpen(true)}>
        More
      </button>
      <Popover anchorRef={anchorRef} open={open} onClose={() => setOpen(false)} label="Choices">
        <button type="button">One</button>
      </Popover>
    </ModalDialog>
  );
}

describe('ModalDialog', () => {
  it('opens popovers and tooltips from its content inside itself', async () => {
    render(
      <>
        <TooltipLayer />
        <WithPopover onDismiss={() => {}} />
      </>,
    );
    const modal = screen.getByRole('dialog', { name: 'Outer' });
    expect((modal as HTMLDialogElement).open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(modal.contains(screen.getByRole('dialog', { name: 'Choices' }))).toBe(true);
    fireEvent.pointerOver(screen.getByRole('button', { name: 'More' }), { pointerType: 'mouse' });
    await act(async () => {});
    expect(modal.contains(screen.getByRole('tooltip'))).toBe(true);
  });

  it('keeps itself open when Escape closes a popover in it; Escape on its own content asks to close', async () => {
    const onDismiss = vi.fn();
    render(<WithPopover onDismiss={onDismiss} />);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'One' }), { key: 'Escape' });
    await act(async () => {});
    expect(screen.queryByRole('dialog', { name: 'Choices' })).toBeNull();
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('button', { name: 'More' }), { key: 'Escape' });
    await act(async () => {});
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('gives Escape to an open popover first when the focus is outside it (a key opened it), then to itself', async () => {
    const onDismiss = vi.fn();
    render(<WithPopover onDismiss={onDismiss} />);
    const more = screen.getByRole('button', { name: 'More' });
    fireEvent.click(more);
    more.focus();
    fireEvent.keyDown(more, { key: 'Escape' });
    await act(async () => {});
    expect(screen.queryByRole('dialog', { name: 'Choices' })).toBeNull();
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.keyDown(more, { key: 'Escape' });
    await act(async () => {});
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('shows itself again when the browser closes it without a cancel, and asks its owner', () => {
    const onDismiss = vi.fn();
    render(<WithPopover onDismiss={onDismiss} />);
    const modal = screen.getByRole('dialog', { name: 'Outer' }) as HTMLDialogElement;
    act(() => modal.close());
    expect(modal.open).toBe(true);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
