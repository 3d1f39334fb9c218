import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router';
import { PUSH_SIGNING_OUT_EVENT } from '../../../../shared/notification-kinds';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Before signing out: this device stops receiving the user's push notifications (the
 * server forgets the subscription with the session anyway). Best effort, at most 3 s; failures are
 * only logged. Written out here rather than imported: the shell loads this file.
 */
export async function forgetPushDevice(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  window.dispatchEvent(new Event(PUSH_SIGNING_OUT_EVENT));
  try {
    await Promise.race([
      navigator.serviceWorker.getRegistration('/').then(async (registration) => {
        const subscription = await registration?.pushManager?.getSubscription();
        await subscription?.unsubscribe();
      }),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  } catch (error) {
    console.warn('Could not unsubscribe this device from push notifications', error);
  }
}

/** `POST /api/auth/sign-out`: ends the server-side session and clears the cookie. */
export async function signOut(): Promise<unknown> {
  await forgetPushDevice();
  return apiRequest<unknown>(apiPaths.signOut, { method: 'POST', body: {} });
}

/** Navigation state that tells the shell a sign-out just happened (see `useForgetSignedOutUser`). */
export const SIGNED_OUT_STATE = { signedOut: true } as const;

function isSignedOutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signedOut?: unknown }).signedOut === true;
}

/**
 * Forgets the previous user once the page after a sign-out is on screen. Clearing the session earlier
 * would let the access rule see a signed-out user on the protected page still shown (navigation is a
 * transition), and send them to /login with a callback instead of where the sign-out goes.
 */
export function useForgetSignedOutUser() {
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!isSignedOutState(location.state)) return;
    queryClient.setQueryData(queryKeys.auth.session, null);
    // Nothing of the previous user's data may outlive the session; public config and the (now
    // empty) session stay.
    const keep: readonly unknown[] = [queryKeys.config[0], queryKeys.auth.all[0]];
    queryClient.removeQueries({ predicate: (query) => !keep.includes(query.queryKey[0]) });
    // Drop the marker so that a reload or going back does not clear anything again.
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [location, navigate, queryClient]);
}

/**
 * Signs out, then goes to `redirectTo`; the shell forgets the user when that page is shown.
 * No sync-claims here: with the session gone the server can only answer 401.
 */
export function useSignOut({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      toast.success('Signed out successfully!');
      await navigate(redirectTo, { replace: true, state: SIGNED_OUT_STATE });
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}
