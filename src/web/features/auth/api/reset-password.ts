import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest, errorMessage, isApiError } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** `POST /api/auth/reset-password`: sets the password with a reset or invitation token (usable once). */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.resetPassword, { method: 'POST', body: input });
}

/** Whether the server refused the link itself (used, expired or unknown), not the password. */
export function isInvalidLinkError(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  return error.reason === 'INVALID_TOKEN' || error.reason === 'USER_NOT_FOUND';
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      toast.success('Password updated successfully!');
    },
    onError: (error) => {
      // An invalid link is shown on the page itself, with a way to ask for a new one.
      if (!isInvalidLinkError(error)) toast.error(errorMessage(error));
    },
  });
}
