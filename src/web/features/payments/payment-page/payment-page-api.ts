import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfirmAnswer, PaymentPage } from '../../../../shared/contracts/payments';
import { PAYMENTS_API } from '../../../../shared/payment-paths';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The calls of `/payment/[orderId]`: the page's read, starting a hosted checkout, and the
 * guest's return from it. `key` is the order's secret key from the link (the receipt's QR code), null
 * for the order's own customer or staff, who are known by their session.
 *
 * Only types come from `contracts/payments.ts` (which loads zod): a guest who scanned a receipt on a
 * phone downloads this page and little else.
 */

function pageApiPath(orderId: string, action?: 'checkout' | 'confirm'): string {
  const id = encodeURIComponent(orderId);
  return action ? PAYMENTS_API[action](id) : PAYMENTS_API.paymentPage(id);
}

/** `GET /api/payment-page/{orderId}?key=…`: the order's summary, what is paid and due, how to pay. */
export function usePaymentPage(orderId: string, key: string | null) {
  return useQuery({
    queryKey: queryKeys.paymentPage(orderId, key),
    queryFn: ({ signal }) =>
      apiRequest<PaymentPage>(
        key ? `${pageApiPath(orderId)}?key=${encodeURIComponent(key)}` : pageApiPath(orderId),
        { signal, cache: 'no-store' },
      ),
    // A refusal (no such order, not for this viewer) is an answer, not a hiccup worth asking again.
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });
}

/**
 * `POST …/checkout` → `{ url }`: the browser then leaves for the provider's page. The button stays busy
 * until the page is gone; a refusal (paid meanwhile) reads the page again.
 */
export function useStartCheckout(orderId: string, key: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ url: string }>(pageApiPath(orderId, 'checkout'), {
        method: 'POST',
        body: key ? { key } : {},
      }),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.paymentPage(orderId, key) }),
  });
}

/** `POST …/confirm` with the checkout's id: what it came to, and the page as it is now. */
export function useConfirmCheckout(orderId: string, key: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiRequest<ConfirmAnswer>(pageApiPath(orderId, 'confirm'), {
        method: 'POST',
        body: { sessionId, ...(key ? { key } : {}) },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.paymentPage(orderId, key), answer.page);
      // The customer's own views of the order (My orders) show the payment too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
