import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEMO_DATA_API, type DemoDataStatus, type DemoRemoval } from '../../../../shared/contracts/demo';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/admin/demo-data`: whether the demo cafe's records are still there. */
export function useDemoDataStatus() {
  return useQuery({
    queryKey: queryKeys.demoData,
    queryFn: ({ signal }) => apiRequest<DemoDataStatus>(DEMO_DATA_API, { signal }),
  });
}

/** `DELETE /api/admin/demo-data`: every list and the menu change, so everything is read again. */
export function useRemoveDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DemoRemoval>(DEMO_DATA_API, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
