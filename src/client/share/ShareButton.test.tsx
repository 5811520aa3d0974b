import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { ShareButton } from './ShareButton';
import { renderWithQuery, serve, shareData } from './test-fixtures';

afterEach(() => vi.restoreAllMocks());

const post = { id: '7', blog: { name: 'ann' } } as PostView;

describe('ShareButton', () => {
  it('opens the share popover, and Escape closes it', async () => {
    serve(shareData());
    renderWithQuery(<ShareButton post={post} />);
    const button = screen.getByRole('button', { name: 'Share' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Share this post' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Share options' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
