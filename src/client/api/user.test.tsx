import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../shared/signed-in-cookie';
import { envelope } from '../test/fixtures';
import { mockServer } from '../test/test-utils';
import { useUserInfo } from './user';

function renderUserInfo() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useUserInfo(), { wrapper });
}

const hint = () => document.cookie.includes(`${SIGNED_IN_COOKIE}=`);

afterEach(() => vi.restoreAllMocks());

describe('the user info', () => {
  it('is not asked for by a browser with no session hint: logged out, and no 401 in the console', async () => {
    document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
    const calls = mockServer(() => envelope(null, 401, 'Unauthorized'));
    const { result } = renderUserInfo();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(calls).toEqual([]);
  });

  it('is asked for when the hint is there, and a 401 drops the stale hint', async () => {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    const calls = mockServer(() => envelope(null, 401, 'Unauthorized'));
    const { result } = renderUserInfo();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/svc/user/info']);
    expect(hint()).toBe(false);
  });
});
