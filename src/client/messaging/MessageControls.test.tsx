import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { canBlockOrReport } from './message-controls';
import { DialogHost } from '../ui/dialogs';
import { MessageControls } from './MessageControls';

describe('message controls (spec 2 §2, §5)', () => {
  it('offers Block and Report only for a known sender without a colon that is not one of mine', () => {
    expect(canBlockOrReport('bob', ['ann', 'ann-art'])).toBe(true);
    expect(canBlockOrReport('ann-art', ['ann', 'ann-art'])).toBe(false);
    expect(canBlockOrReport('system:bot', ['ann'])).toBe(false);
    expect(canBlockOrReport('', ['ann'])).toBe(false);
    expect(canBlockOrReport(null, ['ann'])).toBe(false);
  });

  it('shows Delete always, Block and Report on other people’s messages, and calls the chosen action', () => {
    const actions = { onDelete: vi.fn(), onBlock: vi.fn(), onReport: vi.fn() };
    const view = render(<MessageControls messageId="1" sender="ann" ownNames={['ann']} {...actions} />);
    fireEvent.click(screen.getByRole('button', { name: 'Message options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Delete']);
    view.unmount();

    render(<MessageControls messageId="2" sender="bob" ownNames={['ann']} {...actions} />);
    fireEvent.click(screen.getByRole('button', { name: 'Message options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Block', 'Report', 'Delete']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    expect(actions.onReport).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('Delete and Block ask first and act only on yes; Report acts at once', async () => {
    const actions = { onDelete: vi.fn(), onBlock: vi.fn(), onReport: vi.fn() };
    render(
      <>
        <DialogHost />
        <MessageControls messageId="3" sender="bob" ownNames={['ann']} {...actions} />
      </>,
    );
    const choose = (name: string) => {
      fireEvent.click(screen.getByRole('button', { name: 'Message options' }));
      fireEvent.click(screen.getByRole('menuitem', { name }));
    };
    choose('Delete');
    expect(await screen.findByText('Are you sure you want to delete this?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nevermind' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(actions.onDelete).not.toHaveBeenCalled();
    choose('Delete');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(actions.onDelete).toHaveBeenCalledOnce());
    choose('Block');
    expect(await screen.findByText(/^Block bob\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(actions.onBlock).toHaveBeenCalledOnce());
  });
});
