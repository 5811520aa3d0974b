import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InsightsResponse } from '../../shared/logging/insights';
import { envelope } from '../test/fixtures';
import { mockServer, renderWithApp } from '../test/test-utils';
import { viewerInfo } from '../follows/test-support';
import { InsightsPage } from './InsightsPage';

afterEach(() => vi.restoreAllMocks());

const answer: InsightsResponse = {
  blog: 'ann',
  days: Array.from({ length: 30 }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, impressions: i, likes: 0, reblogs: 0, replies: 0, follows: 0 })),
  posts: [
    { id: '1', url: 'http://127.0.0.1/ann/1', summary: 'A promoted post', impressions: 120, notes: 3, promoted: true, spend: { budget: 1000, spent: 250 } },
    { id: '2', url: 'http://127.0.0.1/ann/2', summary: 'A plain post', impressions: 8, notes: 0, promoted: false, spend: null },
  ],
};

describe('InsightsPage', () => {
  it("shows each promoted post's spend beside its impressions and notes, and nothing for the others", async () => {
    mockServer((call) => {
      if (call.url === '/svc/user/info') return envelope(viewerInfo());
      if (call.url.startsWith('/svc/blog/ann/insights')) return envelope(answer);
      return envelope({}, 404, 'Not here.');
    });
    renderWithApp(
      <Routes>
        <Route path="/blog/:name/insights" element={<InsightsPage />} />
      </Routes>,
      { path: '/blog/ann/insights' },
    );
    const promoted = (await screen.findByText('A promoted post')).closest('tr')!;
    expect(within(promoted).getByRole('progressbar', { name: '250 of 1,000 impressions served' }).getAttribute('value')).toBe('250');
    expect(within(promoted).getByText('250 / 1,000')).not.toBeNull();
    expect(within(promoted).getByText('Promoted')).not.toBeNull();
    const plain = screen.getByText('A plain post').closest('tr')!;
    expect(within(plain).queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Promotion' })).not.toBeNull();
  });
});
