import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { needsHumanCheck } from './human-check-required';
import { refreshSessionAfterSignIn } from './sync-claims';

export interface SignInInput {
  email: string;
  password: string;
  /** A solved human check, sent as `X-Human-Check` once the server asked for one. */
  humanCheck?: string;
}

/** `POST /api/auth/sign-in/email`: sets the session cookie on success. */
export function signInWithEmail({ humanCheck, ...input }: SignInInput): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.signInEmail, {
    method: 'POST',
    body: input,
    headers: humanCheck ? { 'X-Human-Check': humanCheck } : undefined,
  });
}

/** Signs in and resolves with the fresh session, so the caller can route by role. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await signInWithEmail(input);
      return refreshSessionAfterSignIn(queryClient);
    },
    onSuccess: () => {
      toast.success('Signed in successfully!');
    },
    onError: (error) => {
      // The form shows the check and retries by itself; no error to read.
      if (!needsHumanCheck(error)) toast.error(errorMessage(error));
    },
  });
}
