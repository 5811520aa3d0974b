// The post form's routes with a fake server, for its component tests.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { NO_FEATURES } from '../../shared/flags';
import type { UserInfoResponse } from '../../shared/types';
import { userKeys } from '../api/user';
import { DialogHost } from '../ui/dialogs';
import { useFormOpen } from './form-open-store';
import { DashboardPage } from '../dashboard/DashboardPage';
import { PostFormRoute } from './PostFormRoute';
import { SaveNoticeHost } from './SaveNoticeHost';
import { channel } from './test-fixtures';

export const info: UserInfoResponse = {
  form_key: 'fk',
  user: {
    name: 'ann', email: 'ann@example.com', liked_post_count: 0, friend_count: 0, channels: [channel('ann', true), channel('ann-art')],
    primary: 'ann', can_message: true, is_sounds_enabled: true, is_verified_email: true, safe_mode: false, unread_count: 0,
    limits: LIMITS, language: 'en_US', defaultEditorType: 'rich', features: NO_FEATURES, is_admin: false,
  },
};

type Handler = (body: Record<string, unknown>) => [status: number, responseOrMessage: unknown] | Promise<[number, unknown]>;

/** Answers calls by URL with envelopes; anything else is a 404. Returns the spy, to read what was sent. */
export function fakeServer(handlers: Record<string, Handler>) {
  const builder: Handler = () => [200, { channels: info.user.channels, limits: LIMITS }];
  const all: Record<string, Handler> = { '/svc/post/get_post_form_builder_data': builder, ...handlers };
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
    const handler = all[url];
    const [status, answer] = handler ? await handler(body) : [404, 'Not found.'];
    const envelope = status === 200 ? { meta: { status, msg: 'OK' }, response: answer } : { meta: { status, msg: answer }, response: {} };
    return new Response(JSON.stringify(envelope), { status });
  });
}

/** The bodies sent to one URL. */
export const sentTo = (spy: ReturnType<typeof fakeServer>, url: string) =>
  spy.mock.calls.filter(([input]) => String(input) === url).map(([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>);

function HeaderProbe() {
  return <p data-testid="header-probe">{useFormOpen() ? 'form open' : 'form closed'}</p>;
}

/** Opens `path` the way the app does, with the dialog queue and the save notice mounted. */
// The form is a lazy chunk in the app; loading it here first keeps each test's wait about the form itself.
await import('./PostFormModal');

export function openForm(path: string, state?: unknown) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userKeys.info, info);
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <p>The dashboard</p> },
      { path: '/drafts', element: <p>The drafts</p> },
      { path: '/new/:type', element: <PostFormRoute mode="new" under={<DashboardPage />} /> },
      { path: '/edit/:postId', element: <PostFormRoute mode="edit" under={<DashboardPage />} /> },
      { path: '/reblog/:reblogId/:reblogKey', element: <PostFormRoute mode="reblog" under={<DashboardPage />} /> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <HeaderProbe />
      <DialogHost />
      <SaveNoticeHost />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
