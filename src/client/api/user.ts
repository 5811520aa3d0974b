import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditorType, Palette } from '../../shared/constants';
import { SIGNED_IN_COOKIE } from '../../shared/signed-in-cookie';
import type { Channel, UserInfoResponse } from '../../shared/types';
import { hookPageUnload, setLoggingEnabled } from '../logging';
import { ApiError, apiGet, apiPost, setFormKey } from './client';

export const userKeys = {
  info: ['user', 'info'] as const,
};

/** The logged-in user's info, or null when logged out. */
export function useUserInfo() {
  return useQuery({
    queryKey: userKeys.info,
    queryFn: async (): Promise<UserInfoResponse | null> => {
      // No session cookie beside the hint: logged out, and nothing to ask (a 401 is a console error).
      if (!hasSignedInHint()) {
        setFormKey(null);
        followLoggingFlag(null);
        return null;
      }
      try {
        const info = await apiGet<UserInfoResponse>('/svc/user/info');
        setFormKey(info.form_key);
        followLoggingFlag(info);
        return info;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          // The session ended elsewhere (expired, logged out on another device): drop the stale hint.
          document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
          setFormKey(null);
          followLoggingFlag(null);
          return null;
        }
        throw error;
      }
    },
    staleTime: 60_000,
    // User info carries the unread counts of the header's badges: fetched again every minute
    // while someone is logged in and the page is in front, and when they come back to it.
    refetchInterval: (query) => (query.state.data ? USER_INFO_REFRESH_MS : false),
    refetchOnWindowFocus: true,
  });
}

export const USER_INFO_REFRESH_MS = 60_000;

/** Whether the browser holds the session hint (shared/signed-in-cookie.ts): someone may be logged in. */
export function hasSignedInHint() {
  return document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${SIGNED_IN_COOKIE}=`));
}

/**
 * The behaviour log follows the `logging` flag (spec 2 §7). Flags come with the user info, so a
 * logged-out visitor has none and nothing is logged for them.
 */
function followLoggingFlag(info: UserInfoResponse | null) {
  setLoggingEnabled(info?.user.features?.logging === true);
  if (typeof window !== 'undefined') hookPageUnload(window);
}

/** Puts a fresh user info answer (login, register, settings) into the cache. */
function useStoreUserInfo() {
  const queryClient = useQueryClient();
  return (info: UserInfoResponse | null) => {
    setFormKey(info?.form_key ?? null);
    followLoggingFlag(info);
    queryClient.setQueryData(userKeys.info, info);
  };
}

export function useLogin() {
  const store = useStoreUserInfo();
  return useMutation({
    mutationFn: (input: { email: string; password: string; tfa_code?: string }) =>
      apiPost<UserInfoResponse>('/svc/account/login', input),
    onSuccess: store,
  });
}

/** Confirms a verification link opened while logged in to another account: the server switches to it. */
export function useConfirmVerification() {
  const store = useStoreUserInfo();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiPost<UserInfoResponse>('/svc/account/verify', { token }),
    onSuccess: (info) => {
      // Everything cached belonged to the account left behind.
      queryClient.clear();
      store(info);
    },
  });
}

export function useRegister() {
  const store = useStoreUserInfo();
  return useMutation({
    mutationFn: (input: { email: string; password: string; blog_name: string }) =>
      apiPost<UserInfoResponse & { verification_email_sent: boolean }>('/svc/account/register', input),
    onSuccess: store,
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/svc/account/logout'),
    onSuccess: () => {
      setFormKey(null);
      queryClient.clear();
      queryClient.setQueryData(userKeys.info, null);
    },
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => apiPost<{ sent: boolean }>('/svc/account/resend_verification') });
}

export interface SettingsChange {
  safe_mode?: boolean;
  is_sounds_enabled?: boolean;
  is_desktop_notifications_enabled?: boolean;
  is_multi_window_enabled?: boolean;
  palette?: Palette;
  is_alt_text_reminder_enabled?: boolean;
  default_editor_type?: EditorType;
}

export function useUpdateSettings() {
  const store = useStoreUserInfo();
  return useMutation({
    mutationFn: (change: SettingsChange) => apiPost<UserInfoResponse>('/svc/user/settings', change),
    onSuccess: store,
  });
}

export function useCreateBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; title?: string }) => apiPost<{ blog: Channel }>('/svc/blog/create', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.info }),
  });
}

/** Switches the current blog; the menu shows the choice at once and the server's answer settles it. */
export function useSelectBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiPost<{ blog: Channel }>('/svc/blog/select', { tumblelog: name }),
    onMutate: async (name) => {
      await queryClient.cancelQueries({ queryKey: userKeys.info });
      const before = queryClient.getQueryData<UserInfoResponse | null>(userKeys.info);
      if (before) {
        queryClient.setQueryData<UserInfoResponse>(userKeys.info, {
          ...before,
          user: {
            ...before.user,
            channels: before.user.channels.map((c) => ({ ...c, is_current: c.name === name })),
          },
        });
      }
      return { before };
    },
    onError: (_error, _name, context) => queryClient.setQueryData(userKeys.info, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.info }),
  });
}

export const currentChannel = (info: UserInfoResponse) =>
  info.user.channels.find((c) => c.is_current) ?? info.user.channels[0];
