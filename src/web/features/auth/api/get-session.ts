import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '../../../../shared/contracts/user';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/auth/get-session`: the signed-in user, or null (200 either way). */
export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<SessionResponse> {
  try {
    const session = await apiRequest<SessionResponse | undefined>(apiPaths.session, { signal });
    return session ?? null;
  } catch (error) {
    // Session failures are logged (a cancelled re-check is no failure). The query
    // keeps the last known session.
    if (!signal?.aborted) console.warn('Could not load the session', error);
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.auth.session,
    queryFn: getSession,
    staleTime: 30 * 1000,
    // The session is re-checked when the tab becomes visible again.
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    // Try even when the browser claims to be offline, so the spinner never waits forever.
    networkMode: 'always',
  });
}

/**
 * The session as the UI needs it. `isPending` is true only until the first answer; afterwards a
 * failed re-check keeps the last known user, and a session that never loaded counts as signed out.
 */
export function useSession() {
  const query = useQuery(sessionQueryOptions());
  return {
    isPending: query.isPending,
    user: query.data?.user ?? null,
    session: query.data?.session ?? null,
  };
}
