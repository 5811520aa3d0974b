import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alertDialog, confirmDialog, DialogHost } from './dialogs';

describe('dialogs', () => {
  it('queue: the second waits until the first is answered; default buttons are Cancel and OK', async () => {
    render(<DialogHost />);
    let first!: Promise<boolean>;
    let second!: Promise<void>;
    act(() => {
      first = confirmDialog('Delete this?');
      second = alertDialog('Done.');
    });
    expect(screen.getByText('Delete this?')).toBeTruthy();
    expect(screen.queryByText('Done.')).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'OK']);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(first).resolves.toBe(false);
    expect(await screen.findByText('Done.')).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['OK']);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(second).resolves.toBeUndefined();
  });

  it('takes custom labels and resolves true for the confirming one', async () => {
    render(<DialogHost />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmDialog('Discard this post?', { okLabel: 'Discard', cancelLabel: 'Nevermind' });
    });
    expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await expect(answer).resolves.toBe(true);
  });

  it('is a native modal <dialog> (the browser traps focus, global.css locks the scroll) and Escape cancels', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<DialogHost />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmDialog('Sure?');
    });
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledOnce();
    expect((dialog as HTMLDialogElement).open).toBe(true);
    // The confirming button takes the focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'OK' }), { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
    showModal.mockRestore();
  });

  it('cancels on a click on the glass (the dialog\'s backdrop), not on one inside', async () => {
    render(<DialogHost />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmDialog('Sure?');
    });
    fireEvent.click(screen.getByText('Sure?'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('dialog'));
    await expect(answer).resolves.toBe(false);
  });

  it('gives the focus back to where it was when answered', async () => {
    render(
      <>
        <button type="button">Delete</button>
        <DialogHost />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmDialog('Sure?');
    });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
