import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { adminUserApiPath } from '../../../lib/paths';
import { invalidateUserQueries } from './invalidate-user-queries';
import { type AdminUser, userLabel } from './types';

/** `POST /api/admin/users/{id}/invitation` (202): a new invitation link; earlier ones stop working. */
export function resendInvitation(input: { id: string }): Promise<unknown> {
  return apiRequest<unknown>(`${adminUserApiPath(input.id)}/invitation`, { method: 'POST' });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<AdminUser, 'id' | 'name' | 'email' | 'phoneNumber'>) =>
      resendInvitation({ id: user.id }),
    onSuccess: (_result, user) => {
      toast.success(`A new invitation is on its way to ${user.email ?? userLabel(user)}.`);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
    onSettled: () => invalidateUserQueries(queryClient),
  });
}
