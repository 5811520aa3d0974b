import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('locks the page scroll while visible and Escape cancels', async () => {
    render(<DialogHost />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmDialog('Sure?');
    });
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
    expect(document.body.style.overflow).toBe('');
  });
});
