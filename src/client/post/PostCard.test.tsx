import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blog, content, post, reblog } from '../test/fixtures';
import { PostCard } from './PostCard';
import { renderWithApp } from '../test/test-utils';

const viewer = { safe_mode: false, channels: [{ name: 'ann' }] };
const card = (p: Parameters<typeof PostCard>[0]['post']) => renderWithApp(<PostCard post={p} viewer={viewer} />);
// The action bar's controls by accessible name (icon buttons carry aria-labels), after the notes toggle.
const actionNames = () =>
  [...screen.getByRole('contentinfo').querySelectorAll('a, button')]
    .map((el) => el.getAttribute('aria-label') ?? el.textContent)
    .filter((name) => !/notes?$/.test(name ?? ''));

describe('PostCard', () => {
  it('shows the blog name as a bold link, its avatar, the tags as #tag and the notes', () => {
    card(post(content.text, { tags: ['cats', 'black and white'], note_count: 3 }));
    const name = screen.getByRole('link', { name: 'ann' });
    // In-app links are relative: following one keeps the host being browsed, and the session.
    expect(name.getAttribute('href')).toBe('/blog/ann');
    expect(screen.getByRole('time').closest('a')!.getAttribute('href')).toMatch(/^\/blog\/ann\/post\/\d+$/);
    expect(screen.getByRole('article').querySelector('img')?.getAttribute('src')).toBe('/svc/avatar/ann/64');
    const tags = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('link');
    expect(tags.map((a) => a.textContent)).toEqual(['#cats', '#black and white']);
    expect(tags[1]!.getAttribute('href')).toBe('/tagged/black%20and%20white');
    expect(screen.getByText('3 notes')).toBeTruthy();
  });

  it('says 1 note, not 1 notes', () => {
    card(post(content.text, { note_count: 1 }));
    expect(screen.getByText('1 note')).toBeTruthy();
  });

  it('a reblog shows who it came from, then the original under its blog and each comment, root first', () => {
    card(reblog);
    const trail = screen.getByRole('list', { name: 'Reblog trail' });
    const items = within(trail).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('a')?.textContent)).toEqual(['ann', 'cy', 'bo']);
    expect(items.map((li) => li.textContent)).toEqual(['annHello thereRoot words', 'cyMiddle words', 'boNewest words']);
    expect(items[0]!.querySelector('img')?.getAttribute('src')).toBe('/svc/avatar/ann/24');
    expect(screen.getByRole('heading', { name: 'Hello there' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'reblogged' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'cy' })[0]!.getAttribute('href')).toBe('/blog/cy');
  });

  it('a post of someone else offers reply, reblog (with its id and key) and like, and no owner tools', () => {
    card(post(content.text, { id: '42', reblog_key: 'k9', blog: blog('cy') }));
    expect(actionNames()).toEqual(['Share', 'Reply', 'Reblog', 'More reblog options', 'Like']);
    expect(screen.getByRole('link', { name: 'Reblog' }).getAttribute('href')).toBe('/reblog/42/k9');
  });

  it('the owner of a published post gets Reblog (issue 24.9), Promote, Edit and Delete, and no Like', () => {
    card(post(content.text, { id: '43', reblog_key: 'k3', is_mine: true, can_reply: false }));
    expect(actionNames()).toEqual(['Share', 'Reblog', 'More reblog options', 'Promote', 'Edit', 'Delete']);
    expect(screen.getByRole('link', { name: 'Reblog' }).getAttribute('href')).toBe('/reblog/43/k3');
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/edit/43');
  });

  it('the owner of a published post with reblogs turned off gets no Reblog', () => {
    card(post(content.text, { id: '44', is_mine: true, can_reply: false, can_be_reblogged: false }));
    expect(actionNames()).toEqual(['Share', 'Promote', 'Edit', 'Delete']);
  });

  it('a draft: badge, Publish and Queue', () => {
    card(post(content.text, { is_mine: true, state: '1', state_name: 'draft', can_reply: false }));
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(actionNames()).toEqual(['Publish', 'Queue', 'Edit', 'Delete']);
  });

  it('a queued post: badge and Publish, no Queue', () => {
    card(post(content.text, { is_mine: true, state: '2', state_name: 'queued', can_reply: false }));
    expect(screen.getByText('Queued')).toBeTruthy();
    expect(actionNames()).toEqual(['Publish', 'Edit', 'Delete']);
  });

  it('a scheduled post says when it goes out', () => {
    const at = '2030-01-02T15:30:00.000Z';
    card(post(content.text, { is_mine: true, state: 'on.2', state_name: 'scheduled', publish_on: at, can_reply: false }));
    const badge = screen.getByText(/^Scheduled for/);
    expect(badge.querySelector('time')?.getAttribute('dateTime')).toBe(at);
    expect(badge.querySelector('time')?.textContent).toMatch(/2030/);
    expect(actionNames()).toEqual(['Publish', 'Edit', 'Delete']);
  });

  it('a private post says so', () => {
    card(post(content.text, { is_mine: true, state: 'private', state_name: 'private', is_private: true }));
    expect(screen.getByText('Private')).toBeTruthy();
  });

  it('pixelates the avatar of an adult blog in safe mode', () => {
    renderWithApp(
      <PostCard post={post(content.text, { blog: blog('dark', { is_adult: true }) })} viewer={{ safe_mode: true, channels: [] }} />,
    );
    expect(screen.getByRole('article').querySelector('img')?.getAttribute('src')).toBe('/svc/avatar/dark/16');
  });
});
