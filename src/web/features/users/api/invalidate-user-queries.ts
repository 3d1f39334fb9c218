import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** After any change: the lists (a role change may move the user to the other tab) and the audit log. */
export function invalidateUserQueries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  ]);
}
