import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/** Answers the server meant (4xx: unauthenticated, forbidden, not found...) are not retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 15 * 1000 },
      mutations: { retry: false },
    },
  });
}
