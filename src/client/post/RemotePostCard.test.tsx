import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RemoteOrigin } from '../../shared/posts/types';
import { blog, post } from '../test/fixtures';
import { renderWithApp } from '../test/test-utils';
import { PostCard } from './PostCard';

const viewer = { safe_mode: false, channels: [{ name: 'ann' }] };
const origin: RemoteOrigin = {
  handle: 'alice@social.example',
  name: 'Alice Remote',
  icon_url: 'https://social.example/alice.png',
  profile_url: 'https://social.example/@alice',
  url: 'https://social.example/@alice/1',
  summary: null,
};
const remotePost = (remote: Partial<RemoteOrigin> = {}, extra = {}) =>
  post(
    { type: 'text', title: '', body_html: '<p>Hello from <i>elsewhere</i></p>' },
    { blog: { ...blog('alice@social.example'), avatar_url: '' }, can_be_liked: false, can_be_reblogged: false, can_reply: false, remote: { ...origin, ...remote }, ...extra },
  );

describe('a remote post in a feed', () => {
  it('shows its author elsewhere with their picture, links out to the original, and offers no like, reblog or reply', () => {
    renderWithApp(<PostCard post={remotePost()} viewer={viewer} />);
    const article = screen.getByRole('article', { name: 'Post by alice@social.example' });
    expect(screen.getByRole('link', { name: 'Alice Remote' }).getAttribute('href')).toBe('https://social.example/@alice');
    expect(screen.getByRole('link', { name: '@alice@social.example' }).getAttribute('href')).toBe('https://social.example/@alice');
    expect(article.querySelector('img')!.getAttribute('src')).toBe('https://social.example/alice.png');
    expect(screen.getByRole('time').closest('a')!.getAttribute('href')).toBe('https://social.example/@alice/1');
    const original = screen.getByRole('link', { name: 'open the original' });
    expect(original.getAttribute('href')).toBe('https://social.example/@alice/1');
    expect(original.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(article.textContent).toContain('Hello from elsewhere');
    expect(article.textContent).toContain('From social.example');
    expect(screen.queryByRole('button', { name: /like|reblog|reply/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /notes?$/ })).toBeNull();
  });

  it('folds a post with a content warning until opened', async () => {
    renderWithApp(<PostCard post={remotePost({ summary: 'cw: soup', icon_url: null, profile_url: null }, { is_sensitive: true })} viewer={viewer} />);
    const details = screen.getByText('cw: soup').closest('details')!;
    expect(details.open).toBe(false);
    // No profile address: the name is text, not a link.
    expect(screen.queryByRole('link', { name: 'Alice Remote' })).toBeNull();
    await userEvent.click(screen.getByText('cw: soup'));
    expect(details.open).toBe(true);
  });
});
