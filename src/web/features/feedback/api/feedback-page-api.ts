import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackInput, FeedbackPage, GivenFeedback } from '../../../../shared/contracts/feedback';
import { FEEDBACK_API } from '../../../../shared/feedback-paths';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The calls of `/feedback/[orderId]`: what the page shows, and leaving the feedback. `key` is
 * the order's secret key from the link (the receipt's QR code, the payment page), null for the order's
 * own signed-in customer, who is known by their session.
 *
 * Only types come from `contracts/feedback.ts` (which loads zod): a guest who scanned a receipt on a
 * phone downloads this page and little else.
 */

function pageApiPath(orderId: string): string {
  return FEEDBACK_API.orderFeedback(encodeURIComponent(orderId));
}

/** `GET /api/orders/{id}/feedback?key=…`: the order, the restaurant's name and the feedback already given. */
export function useFeedbackPage(orderId: string, key: string | null, { enabled = true } = {}) {
  return useQuery({
    queryKey: queryKeys.feedback.page(orderId, key),
    queryFn: ({ signal }) =>
      apiRequest<FeedbackPage>(
        key ? `${pageApiPath(orderId)}?key=${encodeURIComponent(key)}` : pageApiPath(orderId),
        { signal, cache: 'no-store' },
      ),
    enabled,
    // Whether the viewer may rate depends on who is signed in: read again whenever the page opens
    // (back from signing in, say), never from a copy kept for another session.
    staleTime: 0,
    // A refusal (no such order, not for this viewer) is an answer, not a hiccup worth asking again.
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });
}

export type FeedbackAnswers = Omit<FeedbackInput, 'key'>;

/**
 * `POST /api/orders/{id}/feedback` → 201: the feedback as kept, which the page then shows with its
 * thank-you. A refusal (given meanwhile on another device, the order no longer completed) reads the
 * page again, so it shows what is true now.
 */
export function useLeaveFeedback(orderId: string, key: string | null) {
  const queryClient = useQueryClient();
  const pageKey = queryKeys.feedback.page(orderId, key);
  return useMutation({
    mutationFn: (answers: FeedbackAnswers) =>
      apiRequest<GivenFeedback>(pageApiPath(orderId), {
        method: 'POST',
        body: key ? { ...answers, key } : answers,
      }),
    onSuccess: (given) => {
      queryClient.setQueryData<FeedbackPage>(pageKey, (page) => (page ? { ...page, feedback: given } : page));
      // The customer's order page says "Thanks for your feedback" from now on.
      if (key) void queryClient.invalidateQueries({ queryKey: queryKeys.feedback.page(orderId, null) });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: pageKey });
    },
  });
}
