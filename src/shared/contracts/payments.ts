import { z } from 'zod';
import { MAX_REASON } from '../order-limits';
import { PAYMENT_STATUSES } from '../order-status';
import { OrderSchema, PersonRefSchema } from './orders';
import { OrderStockSchema } from './recipes';
import { PAYMENT_METHODS } from './settings';

/**
 * Payments and refunds (docs/PRODUCT-RULES.md, Payments and refunds). Amounts are integer minor units of the
 * order's currency. The arithmetic (status, amount due, splits, change) is `shared/payment-math.ts`.
 */

export { PAYMENTS_API, paymentLinkPath } from '../payment-paths';
export { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from './settings';

/** Methods staff take at the counter (online comes only through the hosted checkout). */
export const COUNTER_PAYMENT_METHODS = ['cash', 'card', 'qr', 'bank-transfer', 'partner'] as const;
export type CounterPaymentMethod = (typeof COUNTER_PAYMENT_METHODS)[number];

export const MAX_PAYMENT_REFERENCE = 120;
/** The most a single payment may be (a sanity bound far above any bill). */
export const MAX_PAYMENT_AMOUNT = 9_999_999_999;

const amountField = z
  .number('must be an amount in minor units')
  .int('must be a whole number of minor units')
  .positive('must be more than 0')
  .max(MAX_PAYMENT_AMOUNT, 'is too large');

export const PaymentInputSchema = z
  .strictObject({
    method: z.enum(COUNTER_PAYMENT_METHODS, 'choose cash, card, QR or e-wallet, bank transfer or partner'),
    amount: amountField,
    /** Cash handed over (cash only); at least the amount. */
    tendered: amountField.optional(),
    reference: z
      .string()
      .trim()
      .max(MAX_PAYMENT_REFERENCE, `must be at most ${MAX_PAYMENT_REFERENCE} characters`)
      .optional(),
  })
  .refine((input) => input.tendered === undefined || input.method === 'cash', {
    path: ['tendered'],
    message: 'only cash is tendered',
  })
  .refine((input) => input.tendered === undefined || input.tendered >= input.amount, {
    path: ['tendered'],
    message: 'must be at least the amount paid',
  });
export type PaymentInput = z.infer<typeof PaymentInputSchema>;

export const RefundInputSchema = z.strictObject({
  amount: amountField,
  reason: z
    .string('enter why the money is given back')
    .trim()
    .min(1, 'enter why the money is given back')
    .max(MAX_REASON, `must be at most ${MAX_REASON} characters`),
});
export type RefundInput = z.infer<typeof RefundInputSchema>;

export const RefundSchema = z.object({
  id: z.string(),
  amount: z.number(),
  reason: z.string(),
  refundedBy: PersonRefSchema,
  createdAt: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const PaymentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  tendered: z.number().nullable(),
  change: z.number(),
  reference: z.string(),
  /** The bank or cash account it landed in. */
  account: z.object({ id: z.string(), name: z.string() }),
  currency: z.string(),
  refunded: z.number(),
  /** What may still be refunded: amount − refunded. */
  refundable: z.number(),
  /** Paid through the hosted checkout (refunds go back through the provider). */
  online: z.boolean(),
  takenBy: PersonRefSchema,
  refunds: z.array(RefundSchema),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/**
 * A payment as the order's customer sees it (their order's page, the payment page): how it was paid,
 * how much, how much of it was given back, and when. Which account it landed in, the reference, cash
 * tendered and change, who took it and each refund's reason and author are for staff only.
 */
export const CustomerPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  refunded: z.number(),
  createdAt: z.string(),
});
export type CustomerPayment = z.infer<typeof CustomerPaymentSchema>;

/** What `GET /api/orders/{id}` adds about money (staff). */
export const OrderPaymentsSchema = z.object({
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The sum of every payment taken (refunds not deducted). */
  amountPaid: z.number(),
  /** The sum of every refund. */
  amountRefunded: z.number(),
  /** What is still to pay: total − amountPaid, never below 0 (a refund does not reopen the bill). */
  amountDue: z.number(),
  payments: z.array(PaymentSchema),
  /**
   * The order's payment and feedback page with its secret key (`/payment/{id}?key=…`), a path: the
   * receipt prints it as a QR code. Only for staff and the order's customer.
   */
  paymentLink: z.string(),
});
export type OrderPayments = z.infer<typeof OrderPaymentsSchema>;

/** `GET /api/orders/{id}` for staff: the order with its money, every payment in full. */
export const OrderWithPaymentsSchema = OrderSchema.extend({
  ...OrderPaymentsSchema.shape,
  /**
   * Staff: whether the order's stock was taken, and the lines that take none (sent before their item
   * had a recipe); left out when the order takes no stock and has no such line.
   */
  stock: OrderStockSchema.optional(),
});
export type OrderWithPayments = z.infer<typeof OrderWithPaymentsSchema>;

/** `GET /api/orders/{id}` for the order's customer: the same money, each payment as they see it. */
export const CustomerOrderWithPaymentsSchema = OrderSchema.extend({
  ...OrderPaymentsSchema.shape,
  payments: z.array(CustomerPaymentSchema),
});
export type CustomerOrderWithPayments = z.infer<typeof CustomerOrderWithPaymentsSchema>;

/** An order's money after a payment or refund (the answers of the payment calls). */
export const OrderMoneySchema = z.object({
  id: z.string(),
  number: z.number(),
  /** The order's version after the change (a payment or refund counts it up). */
  version: z.number(),
  total: z.number(),
  currency: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  amountPaid: z.number(),
  amountRefunded: z.number(),
  amountDue: z.number(),
});
export type OrderMoney = z.infer<typeof OrderMoneySchema>;

/** `POST /api/orders/{id}/payments` → 201: the payment (`id`, `amount`, `change`, …) and the order's money. */
export const PaymentRecordedSchema = PaymentSchema.extend({ order: OrderMoneySchema });
export type PaymentRecorded = z.infer<typeof PaymentRecordedSchema>;

/** `POST /api/payments/{id}/refunds` → 201: the refund, the payment after it, and the order's money. */
export const RefundRecordedSchema = RefundSchema.extend({
  paymentId: z.string(),
  payment: PaymentSchema,
  order: OrderMoneySchema,
});
export type RefundRecorded = z.infer<typeof RefundRecordedSchema>;

/** `GET /api/payment-page/{orderId}`: what the payment page shows (no staff-only details). */
export const PaymentPageSchema = z.object({
  order: z.object({
    id: z.string(),
    number: z.number(),
    type: z.string(),
    /** A dine-in order's table ("T5"), so the page can say where the bill is brought; else null. */
    table: z.string().nullable(),
    status: z.string(),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    currency: z.string(),
    lines: z.array(
      z.object({
        name: z.string(),
        quantity: z.number(),
        lineTotal: z.number(),
        options: z.array(z.string()),
      }),
    ),
    subtotal: z.number(),
    discount: z.number(),
    serviceCharge: z.number(),
    tax: z.number(),
    taxInclusive: z.boolean(),
    deliveryFee: z.number(),
    total: z.number(),
    /** Every payment taken, and every refund (as on the order). */
    amountPaid: z.number(),
    amountRefunded: z.number(),
    amountDue: z.number(),
    createdAt: z.string(),
  }),
  restaurant: z.object({ name: z.string(), locale: z.string() }),
  /** Whether the guest can pay online here now (provider configured, money due, order not closed). */
  onlinePayment: z.boolean(),
  /**
   * What a payer needs for a bank transfer, and nothing of the back office: the payee (the
   * restaurant's name, never the account's own name, which is the staff's label for it), the bank and
   * number of the account the settings map bank transfers to, and the reference to write ("Order
   * #1043"). Null when no active account is mapped or it has no account number to send money to.
   */
  bankTransfer: z
    .object({
      payee: z.string(),
      bankName: z.string(),
      accountNumber: z.string(),
      reference: z.string(),
    })
    .nullable(),
  /** Payments so far, as the guest sees them: method, amount, what was refunded, when. */
  payments: z.array(CustomerPaymentSchema),
});
export type PaymentPage = z.infer<typeof PaymentPageSchema>;

export const CheckoutInputSchema = z.strictObject({ key: z.string().max(200).optional() });
export const CheckoutAnswerSchema = z.object({ url: z.string() });
export const ConfirmInputSchema = z.strictObject({
  sessionId: z.string().min(1).max(255),
  key: z.string().max(200).optional(),
});

/**
 * What the guest's return from the hosted checkout came to (`POST …/confirm`):
 * - `paid`: the payment is recorded (now, or already by the provider's webhook);
 * - `processing`: the checkout is complete but the money has not arrived yet (a delayed method);
 * - `unpaid`: the checkout is still open: the guest came back without paying;
 * - `expired`: the checkout ran out unpaid;
 * - `refunded`: paid, but the order could no longer take it (cancelled, rejected or paid meanwhile):
 *   the provider gave the money back in full;
 * - `not-recorded`: paid, but the payment could not be recorded (no account receives online payments,
 *   or the provider's amount does not match the checkout): logged for the restaurant.
 */
export const CHECKOUT_OUTCOMES = [
  'paid',
  'processing',
  'unpaid',
  'expired',
  'refunded',
  'not-recorded',
] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

/** `POST /api/payment-page/{orderId}/confirm` → the outcome and the page as it is now. */
export const ConfirmAnswerSchema = z.object({
  outcome: z.enum(CHECKOUT_OUTCOMES),
  page: PaymentPageSchema,
});
export type ConfirmAnswer = z.infer<typeof ConfirmAnswerSchema>;
