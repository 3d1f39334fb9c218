import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PAYMENT_METHODS,
  PAYMENTS_API,
  type PaymentInput,
  type PaymentMethod,
  type PaymentRecorded,
  type RefundInput,
  type RefundRecorded,
} from '../../../../shared/contracts/payments';
import type { RefundByMethod } from '../../../../shared/payment-math';
import { apiRequest, hasReason } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { RefundOnMove } from '../pay-model';

/**
 * The payment calls of the staff screens: take a payment against an order, refund (part
 * of) a payment. The order's figures (status, paid, due) are the server's: after either call the
 * order is read again before the mutation settles, so the screen that asked shows the new amount
 * due as soon as the call is done; every other view of the orders is refreshed too.
 */

/** `POST /api/orders/{id}/payments` → 201 with the payment taken and the order's money after it. */
export function takePayment(orderId: string, input: PaymentInput): Promise<PaymentRecorded> {
  return apiRequest<PaymentRecorded>(PAYMENTS_API.orderPayments(encodeURIComponent(orderId)), {
    method: 'POST',
    body: input,
  });
}

/** `POST /api/payments/{id}/refunds` → 201 with the refund, the payment and the order's money (managers). */
export function refundPayment(paymentId: string, input: RefundInput): Promise<RefundRecorded> {
  return apiRequest<RefundRecorded>(PAYMENTS_API.refunds(encodeURIComponent(paymentId)), {
    method: 'POST',
    body: input,
  });
}

/** Reads the order again (awaited, so the caller sees the new figures) and refreshes the lists. */
async function refreshOrder(queryClient: ReturnType<typeof useQueryClient>, orderId: string) {
  await queryClient.invalidateQueries({ queryKey: queryKeys.orders.one(orderId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
}

/**
 * Takes a payment. Also after a refusal the order is read again: a 409 usually means its money moved
 * meanwhile (another device took a payment), and the dialog should show what is due now.
 */
export function useTakePayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentInput) => takePayment(orderId, input),
    onSuccess: () => refreshOrder(queryClient, orderId),
    onError: () => refreshOrder(queryClient, orderId),
  });
}

export function useRefundPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, input }: { paymentId: string; input: RefundInput }) =>
      refundPayment(paymentId, input),
    onSuccess: () => refreshOrder(queryClient, orderId),
    onError: () => refreshOrder(queryClient, orderId),
  });
}

/**
 * The money a cancel or reject must give back, when the server refused the move for it (409,
 * `details.reason: 'refund-required'`, `details.amount`, and `details.refunds`: that amount by payment
 * method); null for any other answer.
 */
export function refundRequired(error: unknown): RefundOnMove | null {
  if (!hasReason(error, 'refund-required') || error.status !== 409) return null;
  const { amount, refunds } = error.details as { amount?: unknown; refunds?: unknown };
  if (typeof amount !== 'number') return null;
  const parts = Array.isArray(refunds) ? refunds : [];
  return {
    amount,
    refunds: parts.filter(
      (part): part is RefundByMethod<PaymentMethod> =>
        typeof part?.amount === 'number' && (PAYMENT_METHODS as readonly unknown[]).includes(part?.method),
    ),
  };
}
