import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { UserInfoResponse } from '../../shared/types';
import { useUserInfo } from '../api/user';
import { LoadFailed, PageMessage } from './PageMessage';

/** Pages for logged-in people: others go to the login page and come back after. */
export function RequireUser({ children }: { children: (info: UserInfoResponse) => ReactNode }) {
  const { data: info, isPending, error, refetch } = useUserInfo();
  const location = useLocation();
  if (isPending) return <PageMessage busy>Loading…</PageMessage>;
  if (error) return <LoadFailed error={error} onRetry={refetch} />;
  if (!info) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname)}`} replace />;
  return <>{children(info)}</>;
}
