/**
 * How a guest may pay, zod-free so the guests' payment page can name a method
 * without loading the contracts; each method can land in a chosen bank or cash account (settings).
 */
export const PAYMENT_METHODS = ['cash', 'card', 'qr', 'bank-transfer', 'online', 'partner'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  qr: 'QR or e-wallet',
  'bank-transfer': 'Bank transfer',
  online: 'Online',
  partner: 'Partner',
};
