/**
 * The payment calls' paths and the order's payment link, zod-free: the guests' payment page
 * uses them without loading the contracts (`contracts/payments.ts` re-exports them).
 */

export const PAYMENTS_API = {
  /** `POST /api/orders/{id}/payments`: take a payment. */
  orderPayments: (orderId: string) => `/api/orders/${orderId}/payments`,
  /** `POST /api/payments/{id}/refunds`: refund (part of) a payment (managers). */
  refunds: (paymentId: string) => `/api/payments/${paymentId}/refunds`,
  /** `GET /api/payment-page/{orderId}?key=…`: what `/payment/[orderId]` shows. */
  paymentPage: (orderId: string) => `/api/payment-page/${orderId}`,
  /** `POST /api/payment-page/{orderId}/checkout`: start a hosted checkout → `{ url }`. */
  checkout: (orderId: string) => `/api/payment-page/${orderId}/checkout`,
  /** `POST /api/payment-page/{orderId}/confirm`: the guest came back from the checkout. */
  confirm: (orderId: string) => `/api/payment-page/${orderId}/confirm`,
  /** `POST /api/payments/stripe/webhook`: Stripe's signed events. */
  stripeWebhook: '/api/payments/stripe/webhook',
} as const;

/**
 * The order's payment and feedback page with its secret key, as a path (the receipt's QR code carries
 * `window.location.origin` + this).
 */
export const paymentLinkPath = (orderId: string, accessKey: string) =>
  `/payment/${orderId}?key=${encodeURIComponent(accessKey)}`;
