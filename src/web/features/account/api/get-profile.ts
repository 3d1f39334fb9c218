import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/contracts/user';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/me`: the signed-in user's profile (`ProfileSchema`). */
export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<Profile> {
  return apiRequest<Profile>(apiPaths.me, { signal });
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: queryKeys.account.profile, queryFn: getProfile });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
