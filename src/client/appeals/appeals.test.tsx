import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SENSITIVE_TEXTS } from '../../shared/appeals';
import { content, post } from '../test/fixtures';
import { PostCard } from '../post/PostCard';
import { mockServer, renderWithApp } from '../test/test-utils';

afterEach(() => vi.restoreAllMocks());

const envelope = (response: unknown) => new Response(JSON.stringify({ meta: { status: 200, msg: 'OK' }, response }), { status: 200 });
const safe = { safe_mode: true, channels: [{ name: 'bob' }] };

describe('the safe-mode cover', () => {
  it("covers someone else's sensitive post with safe mode on, until 'show anyway'", () => {
    renderWithApp(<PostCard post={post(content.text, { is_sensitive: true, tags: ['hidden-tag'] })} viewer={safe} />);
    expect(screen.getByText(SENSITIVE_TEXTS.cover)).toBeTruthy();
    expect(screen.getByRole('link', { name: SENSITIVE_TEXTS.safeModeLink }).getAttribute('href')).toBe('/settings/account');
    expect(screen.queryByRole('heading', { name: 'Hello there' })).toBeNull();
    expect(screen.queryByText('#hidden-tag')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: SENSITIVE_TEXTS.showAnyway }));
    expect(screen.getByRole('heading', { name: 'Hello there' })).toBeTruthy();
    expect(screen.queryByText(SENSITIVE_TEXTS.cover)).toBeNull();
  });

  it('shows it normally with safe mode off, and to its owner', () => {
    renderWithApp(<PostCard post={post(content.text, { is_sensitive: true })} viewer={{ ...safe, safe_mode: false }} />);
    expect(screen.queryByText(SENSITIVE_TEXTS.cover)).toBeNull();
    renderWithApp(<PostCard post={post(content.text, { id: '5', is_sensitive: true, is_mine: true, appeal_state: 0 })} viewer={safe} />);
    expect(screen.queryByText(SENSITIVE_TEXTS.cover)).toBeNull();
  });
});

describe("the owner's sensitive indicator", () => {
  const mine = (appeal_state: 0 | 1 | 2 | 3 | 4) => post(content.text, { id: '77', is_sensitive: true, is_mine: true, appeal_state });

  it('available: Request Review sends state 3 and says what happens next', async () => {
    const calls = mockServer(() => envelope({ post_id: '77', is_sensitive: true, appeal_state: 3 }));
    renderWithApp(<PostCard post={mine(2)} viewer={safe} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sensitive' }));
    fireEvent.click(await screen.findByRole('button', { name: SENSITIVE_TEXTS.requestReview }));
    expect(await screen.findByText(SENSITIVE_TEXTS.requested)).toBeTruthy();
    // The dialogs queue lives on: answer this one so the next test's dialog shows.
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(calls).toEqual([{ url: '/svc/appeal', method: 'POST', body: { post_id: '77', blog_name: 'ann', state: '3' } }]);
  });

  it('available: Nevermind dismisses (state 2)', async () => {
    const calls = mockServer(() => envelope({ post_id: '77', is_sensitive: true, appeal_state: 2 }));
    renderWithApp(<PostCard post={mine(1)} viewer={safe} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sensitive' }));
    fireEvent.click(await screen.findByRole('button', { name: SENSITIVE_TEXTS.nevermind }));
    await waitFor(() => expect(calls.map((c) => (c.body as { state: string }).state)).toEqual(['2']));
  });

  it.each([
    [3, SENSITIVE_TEXTS.inReview],
    [4, SENSITIVE_TEXTS.complete],
  ] as const)('level %i explains itself and sends nothing', async (level, text) => {
    const calls = mockServer(() => envelope({}));
    renderWithApp(<PostCard post={mine(level)} viewer={safe} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sensitive' }));
    expect(await screen.findByText(text)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(calls).toEqual([]);
  });

  it('no indicator without an admin mark', () => {
    renderWithApp(<PostCard post={mine(0)} viewer={safe} />);
    expect(screen.queryByRole('button', { name: 'Sensitive' })).toBeNull();
  });
});
