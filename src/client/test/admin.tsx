// The admin pages' tests: a moderator's user info (an admin or not) and a page rendered for them,
// with the viewer already in the cache.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { LIMITS } from '../../shared/constants';
import { NO_FEATURES } from '../../shared/flags';
import type { UserInfoResponse } from '../../shared/types';
import { userKeys } from '../api/user';

export const moderatorInfo = (isAdmin: boolean): UserInfoResponse => ({
  form_key: 'fk',
  user: {
    name: 'mod', email: 'mod@example.com', liked_post_count: 0, friend_count: 0, channels: [], primary: 'mod',
    can_message: true, is_sounds_enabled: true, is_verified_email: true, safe_mode: true, unread_count: 0,
    limits: LIMITS, language: 'en_US', defaultEditorType: 'rich', features: NO_FEATURES, is_admin: isAdmin,
  },
});

export function renderAdminPage(page: ReactElement, path: string, isAdmin: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(userKeys.info, moderatorInfo(isAdmin));
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}
