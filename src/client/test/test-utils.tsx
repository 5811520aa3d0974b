// Test support for the feed: a fresh query client, a router and the dialog host around a tree,
// and a fetch that answers by URL with the server's envelopes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { siteKeys } from '../api/site';
import { userKeys } from '../api/user';
import { DialogHost } from '../ui/dialogs';

export function renderWithApp(ui: ReactNode, { path = '/dashboard' }: { path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <DialogHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/**
 * A component that reads only the cache around it (the viewer's flags through useFeatures): a
 * query client holding a logged-out viewer and the site's flags as they come by default, so
 * nothing is fetched. A rerender keeps the wrapper.
 */
export function renderWithCache(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(userKeys.info, null);
  queryClient.setQueryData(siteKeys.info, { features: {} });
  return render(ui, { wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> });
}

export interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** Answers each request with `answer(call)`; returns the list of calls made so far. */
export function mockServer(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  return calls;
}
