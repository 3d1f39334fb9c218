/** The payments feature's public entry: what other features, the pages and the app may use of it. */
export { refundRequired } from './api/payments-api';
export { PayDialog } from './pay-dialog';
export { hasPayments, mayTakePayment, type RefundOnMove, refundOnMove } from './pay-model';
export { PayOptions } from './payment-page/pay-options';
export { useConfirmCheckout, usePaymentPage } from './payment-page/payment-page-api';
export {
  type OutcomeNotice,
  orderTypeLabel,
  outcomeNotice,
  withoutSessionId,
} from './payment-page/payment-page-model';
export { PaymentHistory, PaymentLines, PaymentTotals } from './payment-page/payment-summary';
export { PaymentsPanel } from './payments-panel';
export { ReceiptPayments, ReceiptQrCode, receiptQrTarget } from './receipt-payments';
export { RefundSplit } from './refund-split';
