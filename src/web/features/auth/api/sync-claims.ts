import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SessionResponse } from '../../../../shared/contracts/user';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import { sessionQueryOptions, useSession } from './get-session';

let syncInFlight: Promise<void> | null = null;

/** `POST /api/auth/sync-claims` (204): makes a role changed by an admin take effect at once. */
export function syncClaims(): Promise<void> {
  // Sign-in and the auth-state observer both ask for it within moments; one request serves both.
  syncInFlight ??= apiRequest<void>(apiPaths.syncClaims, { method: 'POST' }).finally(() => {
    syncInFlight = null;
  });
  return syncInFlight;
}

/**
 * Fire and forget: a failure is only logged. On success the session is re-read, so the screen has
 * the role the server holds now.
 */
export function syncClaimsInBackground(queryClient: QueryClient): void {
  syncClaims().then(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.session }),
    (error: unknown) => console.warn('Could not sync claims', error),
  );
}

/**
 * After a sign-in or sign-up: sync claims in the background and re-read the session at once, so the
 * caller knows the user's role before deciding where to go. A failed re-read counts as no session.
 */
export async function refreshSessionAfterSignIn(queryClient: QueryClient): Promise<SessionResponse> {
  syncClaimsInBackground(queryClient);
  try {
    return await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
  } catch {
    return null;
  }
}

/** Syncs claims on every auth-state change, i.e. whenever a (new) user is signed in. */
export function useSyncClaimsOnAuthChange(): void {
  const queryClient = useQueryClient();
  const { user, isPending } = useSession();
  const userId = user?.id ?? null;
  const lastUserId = useRef<string | null>(null);

  useEffect(() => {
    if (isPending || userId === lastUserId.current) return;
    lastUserId.current = userId;
    if (userId !== null) syncClaimsInBackground(queryClient);
  }, [isPending, userId, queryClient]);
}
