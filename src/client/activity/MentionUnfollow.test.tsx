import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/test-utils';
import { NotificationItem } from './NotificationItem';
import { from, notification, userInfo } from './test-fixtures';

const viewer = userInfo().user;

describe('a mention row (spec 2 §2)', () => {
  it('offers Unfollow when the viewer already follows whoever mentioned them', () => {
    const n = notification({ type: 'user_mention', message: 'bob mentioned you', from_tumblelog: from('bob', { following: true }) });
    renderWithApp(<ul><NotificationItem notification={n} viewer={viewer} /></ul>);
    expect(screen.getByRole('button', { name: 'Unfollow' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Follow' })).toBeNull();
  });

  it('offers Follow otherwise, and nothing for other kinds of rows already followed', () => {
    const n = notification({ type: 'user_mention', message: 'bob mentioned you', from_tumblelog: from('bob') });
    const { unmount } = renderWithApp(<ul><NotificationItem notification={n} viewer={viewer} /></ul>);
    expect(screen.getByRole('link', { name: 'Follow' }).getAttribute('href')).toBe('/follow/bob');
    expect(screen.queryByRole('button', { name: 'Unfollow' })).toBeNull();
    unmount();
    const like = notification({ type: 'like', message: 'bob liked your post', from_tumblelog: from('bob', { following: true }) });
    renderWithApp(<ul><NotificationItem notification={like} viewer={viewer} /></ul>);
    expect(screen.queryByRole('button', { name: 'Unfollow' })).toBeNull();
  });
});
