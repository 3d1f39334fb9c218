import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { adminUserApiPath } from '../../../lib/paths';
import { invalidateUserQueries } from './invalidate-user-queries';
import { type AdminUser, userLabel } from './types';

/** `POST /api/admin/users/{id}/disable` (signs them out at once) or `/enable`. */
export function setUserDisabled(input: { id: string; disabled: boolean }): Promise<AdminUser> {
  return apiRequest<AdminUser>(adminUserApiPath(input.id, input.disabled ? 'disable' : 'enable'), {
    method: 'POST',
  });
}

export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserDisabled,
    onSuccess: (user) => {
      toast.success(
        user.disabled
          ? `${userLabel(user)} is disabled and signed out.`
          : `${userLabel(user)} can sign in again.`,
      );
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
    onSettled: () => invalidateUserQueries(queryClient),
  });
}
