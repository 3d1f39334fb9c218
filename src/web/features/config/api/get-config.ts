import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../shared/contracts/config';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/config`: the restaurant's run-time settings for the browser. */
export function getConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PublicConfig> {
  return apiRequest<PublicConfig>(apiPaths.config, { signal });
}

export function configQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.config,
    queryFn: getConfig,
    // Settings change rarely; a reload or a long-open tab picks up changes.
    staleTime: 10 * 60 * 1000,
  });
}

export function useConfig() {
  return useQuery(configQueryOptions());
}
