import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import type { AuditFilters, AuditPage } from './types';

/**
 * `GET /api/admin/audit`: one page of entries, newest first. Dates alone are days in the restaurant's
 * time zone; the server reads them so (`to` includes the whole day).
 */
export function listAudit(
  filters: AuditFilters,
  { cursor, signal }: { cursor?: string | null; signal?: AbortSignal } = {},
): Promise<AuditPage> {
  const query = new URLSearchParams({ limit: '30' });
  if (filters.actorId) query.set('actorId', filters.actorId);
  if (filters.area) query.set('area', filters.area);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (cursor) query.set('cursor', cursor);
  return apiRequest<AuditPage>(`${apiPaths.audit}?${query}`, { signal });
}

export function auditQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.audit.list({ ...filters }),
    queryFn: ({ pageParam, signal }) => listAudit(filters, { cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The audit log under `filters`, page by page ("Load more"). */
export function useAuditLog(filters: AuditFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...auditQueryOptions(filters), enabled });
}
