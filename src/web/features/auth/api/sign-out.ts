import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/auth/sign-out`: ends the server-side session and clears the cookie. */
export function signOut(): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.signOut, { method: 'POST', body: {} });
}

/**
 * Signs out, then goes to `redirectTo` before forgetting the user, so the access guard never sees a
 * signed-out user on a protected page (which would send them to /login with a callback instead).
 */
export function useSignOut({ redirectTo }: { redirectTo: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      toast.success('Signed out successfully!');
      await navigate(redirectTo, { replace: true });
      queryClient.setQueryData(queryKeys.auth.session, null);
      // Nothing of the previous user's data may outlive the session; public config and the
      // (now empty) session stay.
      const keep: readonly unknown[] = [queryKeys.config[0], queryKeys.auth.all[0]];
      queryClient.removeQueries({ predicate: (query) => !keep.includes(query.queryKey[0]) });
      // No sync-claims here: with the session gone the server can only answer 401.
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}
