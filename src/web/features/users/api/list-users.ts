import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import type { AdminUserPage, UserGroup } from './types';

export interface ListUsersInput {
  group: UserGroup;
  /** Trimmed; empty = everyone in the group. */
  search: string;
  cursor?: string | null;
  signal?: AbortSignal;
}

/** `GET /api/admin/users`: one page of the group's accounts, newest first. */
export function listUsers({ group, search, cursor, signal }: ListUsersInput): Promise<AdminUserPage> {
  const query = new URLSearchParams({ group, limit: '25' });
  if (search) query.set('search', search);
  if (cursor) query.set('cursor', cursor);
  return apiRequest<AdminUserPage>(`${apiPaths.adminUsers}?${query}`, { signal });
}

export function usersQueryOptions(group: UserGroup, search: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.adminUsers.list(group, search),
    queryFn: ({ pageParam, signal }) => listUsers({ group, search, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The accounts of a group, page by page ("Load more"). */
export function useUsers(group: UserGroup, search: string) {
  return useInfiniteQuery(usersQueryOptions(group, search));
}
