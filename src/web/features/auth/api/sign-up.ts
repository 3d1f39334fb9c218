import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths, paths } from '../../../lib/paths';
import { refreshSessionAfterSignIn } from './sync-claims';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** The solved human check, sent as `X-Human-Check`. */
  humanCheck: string;
}

/** Where the link in the confirmation e-mail lands; the account page says the address is confirmed. */
export const EMAIL_CONFIRMED_URL = `${paths.account}?verified=1`;

/** `POST /api/auth/sign-up/email`: creates a customer account and signs it in at once. */
export function signUpWithEmail({ humanCheck, ...input }: SignUpInput): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.signUpEmail, {
    method: 'POST',
    body: { ...input, callbackURL: EMAIL_CONFIRMED_URL },
    headers: { 'X-Human-Check': humanCheck },
  });
}

/** Creates the account and resolves with the fresh session, so the caller can route on. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      await signUpWithEmail(input);
      return refreshSessionAfterSignIn(queryClient);
    },
    onSuccess: () => {
      toast.success('Account created successfully!');
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}
