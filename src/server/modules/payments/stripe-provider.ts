import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import type {
  CheckoutSession,
  CreateCheckoutInput,
  PaymentProvider,
  ProviderEvent,
  RefundInput,
  RetrievedCheckout,
} from './payment-provider';

/**
 * The payment provider through Stripe Checkout, with the official `stripe` package:
 * a hosted checkout page (card data never touches this server), refunds, and Stripe's signed webhooks.
 * `config.apiBase` sends the client's requests to another protocol, host and port: the tests' local
 * fake of Stripe's API (tests/support/fake-stripe.ts); in production it is unset (api.stripe.com).
 */

/** Stripe's own limit, also the default: an event signed more than 5 minutes ago is refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A webhook whose signature is missing, wrong or older than the tolerance. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

const SESSION_STATUSES = ['open', 'complete', 'expired'] as const;
const PAYMENT_STATUSES = ['paid', 'unpaid', 'no_payment_required'] as const;

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/**
 * A Checkout Session as the app reads it, from the API's answer or a webhook event's `data.object`
 * (the same object); null when `object` is not a Checkout Session. Stripe's currencies are lower case;
 * the app's are ISO 4217 upper case.
 */
export function stripeCheckoutOf(object: unknown): RetrievedCheckout | null {
  if (typeof object !== 'object' || object === null) return null;
  const session = object as Partial<Stripe.Checkout.Session>;
  if (session.object !== 'checkout.session' || typeof session.id !== 'string') return null;
  const intent = session.payment_intent;
  return {
    id: session.id,
    status: isOneOf(SESSION_STATUSES, session.status) ? session.status : 'open',
    paymentStatus: isOneOf(PAYMENT_STATUSES, session.payment_status) ? session.payment_status : 'unpaid',
    amount: typeof session.amount_total === 'number' ? session.amount_total : 0,
    currency: typeof session.currency === 'string' ? session.currency.toUpperCase() : '',
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    orderId: session.metadata?.orderId ?? null,
  };
}

export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    // POSTs carry an idempotency key, so a retry after a lost answer creates nothing twice.
    maxNetworkRetries: 2,
    // A guest waits on the checkout's creation; Stripe answers in well under a second.
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Brigade' },
    ...(config.apiBase ?? {}),
  });

  return {
    name: 'stripe',

    async createCheckout(input: CreateCheckoutInput): Promise<CheckoutSession> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amount,
                product_data: { name: `Order #${input.number}` },
              },
            },
          ],
          client_reference_id: input.orderId,
          metadata: { orderId: input.orderId },
          payment_intent_data: { metadata: { orderId: input.orderId } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe made checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },

    async retrieveCheckout(id: string): Promise<RetrievedCheckout> {
      const checkout = stripeCheckoutOf(await stripe.checkout.sessions.retrieve(id));
      if (!checkout) throw new Error(`Stripe answered something else than checkout session ${id}`);
      return checkout;
    },

    async refund(input: RefundInput): Promise<{ id: string }> {
      const refund = await stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amount },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id };
    },

    verifyWebhook(rawBody: string | Uint8Array, signatureHeader: string | undefined): ProviderEvent {
      if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      try {
        // Verified on the bytes as they came: parsing and re-serialising would change the signed text.
        const payload = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody);
        const event = stripe.webhooks.constructEvent(
          payload,
          signatureHeader,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
        return { id: event.id, type: event.type, data: { object: event.data.object } };
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : 'The signature is not valid.',
        );
      }
    },
  };
}
