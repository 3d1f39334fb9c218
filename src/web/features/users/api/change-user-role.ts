import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Role } from '../../../../shared/roles';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { adminUserApiPath } from '../../../lib/paths';
import { invalidateUserQueries } from './invalidate-user-queries';
import { type AdminUser, ROLE_LABELS, userLabel } from './types';

/** `PATCH /api/admin/users/{id}/role`: takes effect on the user's next request. */
export function changeUserRole(input: { id: string; role: Role }): Promise<AdminUser> {
  return apiRequest<AdminUser>(adminUserApiPath(input.id, 'role'), {
    method: 'PATCH',
    body: { role: input.role },
  });
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSuccess: (user) => {
      toast.success(`${userLabel(user)} is now ${ROLE_LABELS[user.role]}.`);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
    onSettled: () => invalidateUserQueries(queryClient),
  });
}
