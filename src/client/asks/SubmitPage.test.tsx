// Issue 22, item 21: the submission form offers only the types the blog takes. It showed all
// seven tabs, and choosing one the blog refuses closed the form with nothing said.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_ROUTES } from '../../shared/routes';
import { userKeys } from '../api/user';
import { fakeServer, info } from '../posts/form-test-kit';
import { channel } from '../posts/test-fixtures';
import { SubmitPage } from './SubmitPage';

const BO = { ...channel('bo'), following: false, can_subscribe: false, is_subscribed: false, submissions: true, submission_types: ['photo', 'quote'], submission_guidelines: '' };

function openSubmit(path: string) {
  fakeServer({ '/svc/data/tumblelog?tumblelog=bo': () => [200, BO] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userKeys.info, info);
  const router = createMemoryRouter([{ path: PAGE_ROUTES.blogSubmit, element: <SubmitPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('SubmitPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists only the types the blog takes', async () => {
    openSubmit('/blog/bo/submit');
    const list = await screen.findByRole('list', { name: 'Post types you can submit' });
    expect([...list.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Photo', 'Quote']);
  });

  it('the form offers only those types as tabs, and moving between them keeps it open', async () => {
    const router = openSubmit('/blog/bo/submit/photo');
    const tabs = await screen.findAllByRole('tab', {}, { timeout: 5000 });
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Photo', 'Quote']);
    await waitFor(() => expect((screen.getByRole('tab', { name: 'Quote' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('tab', { name: 'Quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/bo/submit/quote'));
    expect(screen.getByRole('tab', { name: 'Quote', selected: true })).toBeTruthy();
    // The arrow keys go round the offered types only.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Quote' }), { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/bo/submit/photo'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Photo', 'Quote']);
  });
});
