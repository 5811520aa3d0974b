// Test support for following and blog cards: a query client seeded with a viewer, a router
// with the pages a test needs, and envelopes as the server writes them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { BlogCardData, UserInfoResponse } from '../../shared/types';
import { userKeys } from '../api/user';
import { blogFixture } from '../test-blog';
import { DialogHost } from '../ui/dialogs';

export const envelope = (response: unknown, status = 200) =>
  new Response(JSON.stringify({ meta: { status, msg: status === 200 ? 'OK' : 'Something went wrong on our side. Please try again later.' }, response: status === 200 ? response : {}, ...(status === 200 ? {} : { errors: [{ code: 5000, title: 'Something went wrong on our side. Please try again later.' }] }) }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A logged-in viewer owning the blog `ann` (enough of user info for these areas). */
export function viewerInfo(overrides: { friend_count?: number } = {}): UserInfoResponse {
  return {
    form_key: 'fk',
    user: {
      name: 'ann@example.com',
      email: 'ann@example.com',
      liked_post_count: 0,
      friend_count: overrides.friend_count ?? 0,
      channels: [{ name: 'ann', title: 'Ann', is_current: true, is_adult: false }],
      primary: 'ann',
      safe_mode: false,
    },
  } as unknown as UserInfoResponse;
}

export function cardData(name: string, overrides: Partial<BlogCardData> = {}): BlogCardData {
  return {
    ...blogFixture(name, {
      uuid: '11111111-1111-4111-8111-111111111111',
      url: `http://localhost/blog/${name}`,
      blog_view_url: `http://localhost/blog/${name}`,
      title: `${name} title`,
      description_sanitized: '<p>About me</p>',
      directory_safe_title: `${name} title`,
    }),
    following: false,
    can_subscribe: false,
    is_subscribed: false,
    highlighted_posts: [1, 2, 3].map((n) => ({ id: String(n), post_url: `http://localhost/blog/${name}/post/${n}`, type: 'text', summary: `Post ${n}`, thumbnail_url: null })),
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } } });
}

/** Renders `ui` at `path` (plus a /follow/:name page that says where it is). */
export function renderApp(ui: ReactNode, { viewer = viewerInfo() as UserInfoResponse | null, path = '/dashboard', queryClient = newQueryClient() } = {}) {
  queryClient.setQueryData(userKeys.info, viewer);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/follow/:name" element={<Where />} />
          <Route path="*" element={ui} />
        </Routes>
        <DialogHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
