import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, setFormKey } from './client';
import { userKeys } from './user';

/** Forgot your password: the server answers the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => apiPost<{ sent: true }>('/svc/account/password_reset', { email }),
  });
}

/** Sets the new password with the emailed link's token. The server ends every session, this one too. */
export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; new_password: string }) => apiPost<{ changed: true }>('/svc/account/password_reset/confirm', input),
    onSuccess: () => {
      // Logged out now: nothing cached belongs to anyone any more.
      setFormKey(null);
      queryClient.clear();
      queryClient.setQueryData(userKeys.info, null);
    },
  });
}
