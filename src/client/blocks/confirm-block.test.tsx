import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DialogHost } from '../ui/dialogs';
import { confirmBlockBlog } from './confirm-block';

describe('confirmBlockBlog', () => {
  it('asks whether to block the blog, says what it prevents, and offers Nevermind then Block', async () => {
    render(<DialogHost />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmBlockBlog('bob');
    });
    const text = screen.getByText(/^Block bob\?/).textContent ?? '';
    for (const prevented of ['follow', 'message', 'search', 'interact']) expect(text).toContain(prevented);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Nevermind', 'Block']);
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false for Nevermind', async () => {
    render(<DialogHost />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmBlockBlog('carl');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Nevermind' }));
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
