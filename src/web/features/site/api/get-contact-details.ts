import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/site/contact`: empty strings for what the restaurant has not filled in. */
export interface ContactDetails {
  name: string;
  address: string;
  phone: string;
  email: string;
}

export function getContactDetails({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<ContactDetails>(apiPaths.siteContact, { signal });
}

export function contactDetailsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.site.contact,
    queryFn: getContactDetails,
    staleTime: 5 * 60 * 1000,
  });
}

export function useContactDetails() {
  return useQuery(contactDetailsQueryOptions());
}
