/**
 * The payments module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): payment
 * and refund records, their sums and answers, and the online payment provider's interface. Taking a
 * payment or refund is a use case (`use-cases/record-payment.ts`, `use-cases/refund-payment.ts`).
 */

// Online payment (use-cases/online-payment.ts): the kept hosted checkouts and the provider events handled.
export {
  type CheckoutSessionRow,
  claimProviderEvent,
  completeCheckoutSession,
  expireCheckoutSession,
  findCheckoutSession,
  insertCheckoutSession,
  lockCheckoutSession,
  type NewCheckoutSession,
} from './checkouts.service';
export {
  type MethodTotal,
  type PeriodRefund,
  partnerCollected,
  paymentsByMethod,
  refundsBetween,
  refundsByMethod,
  refundsByOrder,
} from './payment-periods';
export type {
  CheckoutSession,
  CreateCheckoutInput,
  PaymentProvider,
  ProviderEvent,
  RefundInput as ProviderRefundInput,
  RetrievedCheckout,
} from './payment-provider';
export {
  customerPayments,
  deletePayments,
  findPayment,
  findProviderPayment,
  insertPayment,
  insertRefund,
  lockOrderPayments,
  lockPayment,
  type NewPayment,
  type NewRefund,
  orderPayments,
  orderPaymentTotals,
  type PaymentNames,
  type PaymentRow,
  paymentIdsOfOrders,
  paymentNames,
  presentPayment,
  presentPayments,
  presentRefund,
  type RefundRow,
  refundIdsOfPayments,
} from './payments.service';
// The Stripe provider, which the app's wiring (services.ts) makes from the configuration.
export {
  createStripeProvider,
  stripeCheckoutOf,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
} from './stripe-provider';
