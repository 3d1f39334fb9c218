import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { invalidateUserQueries } from './invalidate-user-queries';
import type { AdminUser, StaffRole } from './types';

export interface CreateStaffMemberInput {
  name: string;
  email: string;
  role: StaffRole;
}

/** `POST /api/admin/users`: creates the account and e-mails the invitation (201). */
export function createStaffMember(input: CreateStaffMemberInput): Promise<AdminUser> {
  return apiRequest<AdminUser>(apiPaths.adminUsers, { method: 'POST', body: input });
}

export function useCreateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffMember,
    onSuccess: (user) => {
      toast.success(`Invitation sent to ${user.email}`);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
    onSettled: () => invalidateUserQueries(queryClient),
  });
}
