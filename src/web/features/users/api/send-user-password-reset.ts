import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { adminUserApiPath } from '../../../lib/paths';
import { invalidateUserQueries } from './invalidate-user-queries';

/** `POST /api/admin/users/{id}/password-reset` (202): e-mails the user a reset link. */
export function sendUserPasswordReset(input: { id: string }): Promise<unknown> {
  return apiRequest<unknown>(adminUserApiPath(input.id, 'password-reset'), { method: 'POST' });
}

export function useSendUserPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendUserPasswordReset,
    onSuccess: () => {
      toast.success('Password reset email sent!');
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
    onSettled: () => invalidateUserQueries(queryClient),
  });
}
