import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * `POST /api/auth/change-password`: checks the current password first, then sets the
 * new one and signs out every other device.
 */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.changePassword, {
    method: 'POST',
    body: { ...input, revokeOtherSessions: true },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast.success('Password updated successfully!');
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}
