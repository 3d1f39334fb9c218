import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import type { AuditActor } from './types';

/** `GET /api/admin/audit/actors`: everyone with an entry, for the "user" filter. */
export async function listAuditActors({ signal }: { signal?: AbortSignal } = {}): Promise<AuditActor[]> {
  const body = await apiRequest<{ items: AuditActor[] }>(apiPaths.auditActors, { signal });
  return body.items;
}

export function auditActorsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.audit.actors, queryFn: listAuditActors });
}

export function useAuditActors() {
  return useQuery(auditActorsQueryOptions());
}
