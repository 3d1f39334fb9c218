/**
 * An online payment provider as the app uses it: a hosted checkout
 * (card data never touches the server), refunds, and its signed webhooks. The Stripe implementation
 * lives beside this; the app gets one in `AppDeps.paymentProvider`, or null when none is configured
 * (then online payment is off, and an online payment cannot be refunded from here).
 */

export interface CreateCheckoutInput {
  orderId: string;
  /** The order's number, shown on the provider's page. */
  number: number;
  /** Minor units of `currency`. */
  amount: number;
  /** ISO 4217, as the order records it (upper case). */
  currency: string;
  /** Absolute URLs the provider sends the guest back to. */
  successUrl: string;
  cancelUrl: string;
  /** The provider does the same thing once for one key (a retried request makes no second session). */
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  /** Where the guest pays. */
  url: string;
}

export interface RetrievedCheckout {
  id: string;
  /** The session's state: open, complete or expired. */
  status: 'open' | 'complete' | 'expired';
  /** Whether the money was taken: paid, unpaid, or no payment required. */
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** Minor units, as the provider charged. */
  amount: number;
  currency: string;
  /** The provider's payment the money came through (refunds go against it); null before payment. */
  paymentIntentId: string | null;
  /** The order the session was created for (its metadata), if any. */
  orderId: string | null;
}

export interface RefundInput {
  paymentIntentId: string;
  /** Minor units. */
  amount: number;
  /** `refund:<paymentId>:<refunded so far>`: a retry of one refund refunds once. */
  idempotencyKey: string;
}

/** A provider's event as the webhook handles it (the provider's own shape, minimally typed). */
export interface ProviderEvent {
  id: string;
  type: string;
  data: { object: unknown };
}

export interface PaymentProvider {
  /** The provider's name as payments record it (`payments.provider`): 'stripe'. */
  readonly name: string;
  createCheckout(input: CreateCheckoutInput): Promise<CheckoutSession>;
  retrieveCheckout(id: string): Promise<RetrievedCheckout>;
  /** Refunds part or all of a payment; answers the provider's refund id. Throws when refused. */
  refund(input: RefundInput): Promise<{ id: string }>;
  /**
   * The event in a webhook's raw body; throws (or rejects) on a missing, bad or too old signature.
   * Callers await it, so an implementation may verify synchronously or not.
   */
  verifyWebhook(
    rawBody: string | Uint8Array,
    signatureHeader: string | undefined,
  ): ProviderEvent | Promise<ProviderEvent>;
}
