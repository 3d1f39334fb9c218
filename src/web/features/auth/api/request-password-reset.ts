import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths, paths } from '../../../lib/paths';

export interface RequestPasswordResetInput {
  email: string;
  /** The solved human check, sent as `X-Human-Check`. */
  humanCheck: string;
}

/**
 * `POST /api/auth/request-password-reset`: e-mails a link to /auth/reset-password. The server answers
 * 200 whether or not the address has an account, so nobody can probe for accounts with it.
 */
export function requestPasswordReset({ email, humanCheck }: RequestPasswordResetInput): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.requestPasswordReset, {
    method: 'POST',
    body: { email, redirectTo: paths.resetPassword },
    headers: { 'X-Human-Check': humanCheck },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => {
      toast.success('Password reset email sent!');
    },
    onError: (error) => {
      // Rate limits (429) and a refused human check come with their own message.
      toast.error(errorMessage(error));
    },
  });
}
