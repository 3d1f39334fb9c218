import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { EMAIL_CONFIRMED_URL } from '../../auth';

/**
 * `POST /api/auth/change-email`: sends a confirmation link to the new address; the change holds once
 * it is opened. Phone-only accounts use it to add their first address.
 */
export function changeEmail(newEmail: string): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.changeEmail, {
    method: 'POST',
    body: { newEmail, callbackURL: EMAIL_CONFIRMED_URL },
  });
}

/** `POST /api/auth/send-verification-email`: sends the confirmation link again. */
export function sendVerificationEmail(email: string): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.sendVerificationEmail, {
    method: 'POST',
    body: { email, callbackURL: EMAIL_CONFIRMED_URL },
  });
}

export function emailLinkSentMessage(address: string): string {
  return `We sent a link to ${address}. Open it to confirm the address.`;
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (_answer, newEmail) => {
      toast.success(emailLinkSentMessage(newEmail));
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}

export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: sendVerificationEmail,
    onSuccess: (_answer, email) => {
      toast.success(emailLinkSentMessage(email));
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}
