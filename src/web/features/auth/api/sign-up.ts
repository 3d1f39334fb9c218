import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { SessionResponse } from '../../../../shared/contracts/user';
import { ApiError, apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths, paths } from '../../../lib/paths';
import { signInWithEmail } from './sign-in';
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

/**
 * `POST /api/auth/sign-up/email`: creates a customer account and e-mails a confirmation link. It does
 * not sign in, and answers the same when the address already has an account (its owner gets an
 * e-mail instead), so that nobody learns from it who has an account here.
 */
export function signUpWithEmail({ humanCheck, ...input }: SignUpInput): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.signUpEmail, {
    method: 'POST',
    body: { ...input, callbackURL: EMAIL_CONFIRMED_URL },
    headers: { 'X-Human-Check': humanCheck },
  });
}

/**
 * Sign-up, then sign-in with the same password. A new account signs in and resolves with its session
 * ("Account created successfully!"); when the sign-in is refused (the address had an account with
 * another password) it resolves with null and the form says to look in the mailbox, which is where
 * the owner of the address learns the rest.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput): Promise<SessionResponse> => {
      await signUpWithEmail(input);
      try {
        await signInWithEmail({ email: input.email, password: input.password });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 429)) return null;
        throw error;
      }
      return refreshSessionAfterSignIn(queryClient);
    },
    onSuccess: (session) => {
      if (session) toast.success('Account created successfully!');
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}
