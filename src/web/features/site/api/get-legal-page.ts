import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { legalPageApiPath } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import type { LegalPageKey } from '../legal-pages';

/** `GET /api/site/pages/{page}`. */
export interface LegalPageContent {
  page: LegalPageKey;
  title: string;
  /** Plain text: blank-line paragraphs, `## ` headings, `- ` list items. */
  text: string;
  /** True while the restaurant shows the built-in text. */
  isDefault: boolean;
  updatedAt: string;
}

export function getLegalPage(page: LegalPageKey, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<LegalPageContent>(legalPageApiPath(page), { signal });
}

export function legalPageQueryOptions(page: LegalPageKey) {
  return queryOptions({
    queryKey: queryKeys.site.legalPage(page),
    queryFn: ({ signal }) => getLegalPage(page, { signal }),
    staleTime: 5 * 60 * 1000,
  });
}

export function useLegalPage(page: LegalPageKey) {
  return useQuery(legalPageQueryOptions(page));
}
