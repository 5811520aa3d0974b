import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession, EmailPreferences, TfaSetup, TfaStatus } from '../../shared/account-settings';
import type { UserInfoResponse } from '../../shared/types';
import { apiDelete, apiGet, apiPost, setFormKey } from './client';
import { userKeys } from './user';

export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  tfa: ['account', 'tfa'] as const,
  notifications: ['account', 'notifications'] as const,
};

export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: () => apiGet<{ sessions: AccountSession[] }>('/svc/account/sessions').then((r) => r.sessions),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ended: boolean; current: boolean }>(`/svc/account/sessions/${encodeURIComponent(id)}`),
    onSuccess: (result) => {
      if (result.current) {
        // This browser's own session: it is logged out now.
        setFormKey(null);
        queryClient.setQueryData(userKeys.info, null);
      }
      return queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { current_password: string; new_password: string }) => apiPost<{ changed: boolean }>('/svc/account/password', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      apiPost<UserInfoResponse & { verification_email_sent: boolean }>('/svc/account/email', input),
    onSuccess: ({ verification_email_sent: _sent, ...info }) => queryClient.setQueryData(userKeys.info, info),
  });
}

export function useTfaStatus() {
  return useQuery({ queryKey: accountKeys.tfa, queryFn: () => apiGet<TfaStatus>('/svc/account/tfa') });
}

export function useTfaSetup() {
  return useMutation({ mutationFn: () => apiPost<TfaSetup>('/svc/account/tfa/setup') });
}

export function useTfaEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiPost<{ recovery_codes: string[] }>('/svc/account/tfa/enable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tfa }),
  });
}

export function useTfaDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) => apiPost<TfaStatus>('/svc/account/tfa/disable', input),
    onSuccess: (status) => queryClient.setQueryData(accountKeys.tfa, status),
  });
}

export function useEmailPreferences() {
  return useQuery({ queryKey: accountKeys.notifications, queryFn: () => apiGet<EmailPreferences>('/svc/account/notifications') });
}

export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<EmailPreferences>) => apiPost<EmailPreferences>('/svc/account/notifications', change),
    onSuccess: (prefs) => queryClient.setQueryData(accountKeys.notifications, prefs),
  });
}
