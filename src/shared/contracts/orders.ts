import { z } from 'zod';
import { STATIONS } from '../menu-catalog';
import {
  MAX_DELIVERY_ADDRESS,
  MAX_LINE_NOTE,
  MAX_ORDER_LINES,
  MAX_ORDER_NOTE,
  MAX_REASON,
} from '../order-limits';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../order-status';
import { ORDER_TYPES } from '../pricing';
import { couponCodeField } from './coupons';
import { idField, nameField, phoneTextField, textField, versionField } from './fields';

/**
 * Orders (docs/PRODUCT-RULES.md, Orders): what the point of sale, the boards, the order pages and
 * outside callers send and read. Amounts are integer minor units of `currency`.
 */

export { ORDER_TYPE_LABELS, ORDER_TYPES, type OrderType } from '../pricing';

export const ORDER_SOURCES = ['pos', 'online', 'partner'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
export const ORDER_SOURCE_LABELS: Record<OrderSource, string> = {
  pos: 'Point of sale',
  online: 'Online',
  partner: 'Partner',
};

/** Longest table name (master data's rule), also for `tableName` and the public lookup. */
export const MAX_TABLE_NAME = 40;

/** What a guest is told about a table name (from a QR link) that no table has. */
export const unknownTableMessage = (name: string) =>
  `there is no table “${name}” here: check the code on your table or ask the staff`;
/** What a guest is told about an archived table's name. */
export const archivedTableMessage = (name: string) =>
  `Table “${name}” is not taking orders at the moment: please ask the staff.`;

export {
  MAX_DELIVERY_ADDRESS,
  MAX_LINE_NOTE,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  MAX_ORDER_NOTE,
  MAX_REASON,
  ORDERS_API,
  orderNumberLabel,
  PICKUP_MAX_AHEAD_HOURS,
  PICKUP_MIN_LEAD_MINUTES,
} from '../order-limits';

export const OrderLineInputSchema = z.strictObject({
  menuItemId: idField,
  quantity: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    // The range (1..999) is checked by the server, which names the item in the refusal.
    .min(-1_000_000, 'must be from 1 to 999')
    .max(1_000_000, 'must be from 1 to 999'),
  optionIds: z
    .array(idField, { error: 'must be a list of option ids' })
    .max(60, 'must name at most 60 options')
    .refine((ids) => new Set(ids).size === ids.length, 'must not name the same option twice')
    .optional(),
  note: textField(MAX_LINE_NOTE).optional(),
});
export type OrderLineInput = z.infer<typeof OrderLineInputSchema>;

/** A manual discount at the point of sale (managers; audited). */
export const ManualDiscountSchema = z.strictObject({
  kind: z.enum(['percent', 'amount'], { error: 'must be percent or amount' }),
  /** A percentage (0.01..100, two decimals) or an amount in minor units. */
  value: z
    .number({ error: 'must be a number' })
    .positive('must be more than 0')
    .max(99_999_999, 'must be at most 99999999'),
  reason: nameField(MAX_REASON, 'the reason for the discount'),
});
export type ManualDiscount = z.infer<typeof ManualDiscountSchema>;

export const OrderInputSchema = z.strictObject({
  type: z.enum(ORDER_TYPES, { error: 'must be dine-in, takeaway or delivery' }),
  tableId: idField.optional(),
  /**
   * The table by its name, as a guest's QR link carries it (`/?table=T5`), matched without regard
   * to case; a dine-in order names its table by `tableId` or `tableName`, not both.
   */
  tableName: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'enter the table’s name, such as T5')
    .max(MAX_TABLE_NAME, `must be at most ${MAX_TABLE_NAME} characters`)
    .optional(),
  /**
   * When the guest will collect a takeaway (ISO 8601 with an offset, such as
   * 2026-11-25T12:30:00Z); none: as soon as possible.
   */
  pickupAt: z.iso
    .datetime({ offset: true, error: 'must be a date and time such as 2026-11-25T12:30:00Z' })
    .optional(),
  lines: z
    .array(OrderLineInputSchema, { error: 'must be a list of lines' })
    .min(1, 'must have at least one line')
    .max(MAX_ORDER_LINES, `must have at most ${MAX_ORDER_LINES} lines`),
  note: textField(MAX_ORDER_NOTE).optional(),
  customerName: textField(100).optional(),
  customerPhone: phoneTextField.optional(),
  deliveryAddress: textField(MAX_DELIVERY_ADDRESS).optional(),
  partnerId: idField.optional(),
  partnerReference: textField(60).optional(),
  discount: ManualDiscountSchema.optional(),
  /**
   * A coupon's code, compared without regard to case; a refused code is a 404 or 409 with
   * `details.reason` (`shared/coupon-rules.ts`) and `details.path: 'couponCode'`. Not together with
   * `discount`.
   */
  couponCode: couponCodeField.optional(),
});
export type OrderInput = z.infer<typeof OrderInputSchema>;

export const OrderStatusChangeInputSchema = z.strictObject({
  status: z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` }),
  version: versionField,
  reason: textField(MAX_REASON).optional(),
  /**
   * Cancelling or rejecting an order that has money kept: refund what remains of every payment in the
   * same step (a manager's decision, policy `payment.refund`); without it such a move is a 409
   * (`details.reason: 'refund-required'`, `details.amount`).
   */
  refundPayments: z.boolean('must be true or false').optional(),
});
export type OrderStatusChangeInput = z.infer<typeof OrderStatusChangeInputSchema>;

export const OrderLineOptionSchema = z.object({
  optionId: z.string().nullable(),
  groupName: z.string(),
  name: z.string(),
  priceDelta: z.number(),
});

export const OrderLineSchema = z.object({
  id: z.string(),
  menuItemId: z.string().nullable(),
  /** Snapshots: the item's name, price and station as sold. */
  name: z.string(),
  unitPrice: z.number(),
  station: z.enum(STATIONS),
  quantity: z.number(),
  options: z.array(OrderLineOptionSchema),
  note: z.string(),
  lineTotal: z.number(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const PersonRefSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const OrderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  by: PersonRefSchema,
  reason: z.string().nullable(),
});
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

export const AllowedMoveSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  reason: z.enum(['required', 'optional', 'none']),
});
export type AllowedMove = z.infer<typeof AllowedMoveSchema>;

export const OrderSchema = z.object({
  id: z.string(),
  /** Sequential; shown as `#1042`. */
  number: z.number(),
  type: z.enum(ORDER_TYPES),
  source: z.enum(ORDER_SOURCES),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  version: z.number(),
  currency: z.string(),
  table: z.object({ id: z.string(), name: z.string() }).nullable(),
  customer: PersonRefSchema,
  customerName: z.string(),
  customerPhone: z.string(),
  deliveryAddress: z.string(),
  /** When the guest will collect a takeaway (null: as soon as possible). */
  pickupAt: z.string().nullable(),
  partner: z.object({ id: z.string(), name: z.string() }).nullable(),
  partnerReference: z.string(),
  note: z.string(),
  lines: z.array(OrderLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  /** Why staff gave the discount: staff only (empty for the order's customer). */
  discountReason: z.string(),
  /** The coupon the discount came from, as the order used it (null: none). */
  couponCode: z.string().nullable(),
  serviceCharge: z.number(),
  tax: z.number(),
  taxInclusive: z.boolean(),
  /** The tax rate the order was charged at, in percent (null: an order placed before rates were kept). */
  taxPercent: z.number().nullable(),
  deliveryFee: z.number(),
  total: z.number(),
  /** Who took and who accepted the order: for its customer, null unless it was themselves. */
  createdBy: PersonRefSchema,
  acceptedBy: PersonRefSchema,
  rejectReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Every status the order reached, oldest first, with when and who (for its customer: only themselves). */
  timeline: z.array(OrderStatusChangeSchema),
  /** The moves the asking user may make now (the status table and the policies). */
  allowedMoves: z.array(AllowedMoveSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;

/** `GET /api/tables/by-name/{name}`: an active table a QR link names; nothing else about it. */
export const PublicTableSchema = z.object({ id: z.string(), name: z.string() });
export type PublicTable = z.infer<typeof PublicTableSchema>;

/** The orders' statuses that are left out of a list's total: they were never sold. */
export const UNSOLD_ORDER_STATUSES = ['cancelled', 'rejected'] as const;

/**
 * `GET /api/orders?summary=true`: the whole filtered list at once, whatever the page: how many orders
 * it holds, how many of them are cancelled or rejected, and the sum of the others' totals per currency.
 */
export const OrderListSummarySchema = z.object({
  /** Every order the filters match, cancelled and rejected ones included. */
  count: z.number(),
  /** Of those, the cancelled and rejected ones (left out of `totals`). */
  unsold: z.number(),
  /** The sum of `total` of the matching orders that are not cancelled or rejected, per currency. */
  totals: z.array(z.object({ currency: z.string(), amount: z.number() })),
});
export type OrderListSummary = z.infer<typeof OrderListSummarySchema>;

export const OrderPageSchema = z.object({
  items: z.array(OrderSchema),
  nextCursor: z.string().nullable(),
  /** Only when asked for (`summary=true`). */
  summary: OrderListSummarySchema.optional(),
});
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** `GET /api/orders/summary`: the badge on "Order Requests" and the tables with open orders. */
export const OrderSummarySchema = z.object({
  pendingRequests: z.number(),
  openOrders: z.number(),
  tables: z.array(z.object({ tableId: z.string(), openOrders: z.number() })),
  /** The board's age colours (settings): amber past the first, red past the second, in minutes. */
  ageThresholds: z.object({ amberMinutes: z.number(), redMinutes: z.number() }),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** `GET /api/orders/point-of-sale`: everything the point of sale needs to build and price a cart. */
export const PointOfSaleSchema = z.object({
  currency: z.string(),
  pricing: z.object({
    taxPercent: z.number(),
    taxInclusive: z.boolean(),
    serviceChargePercent: z.number(),
    deliveryFee: z.number(),
  }),
  categories: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      items: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          price: z.number(),
          photoUrl: z.string().nullable(),
          availableToday: z.boolean(),
          station: z.enum(STATIONS),
          modifierGroups: z.array(
            z.object({
              id: z.string(),
              name: z.string(),
              minChoices: z.number(),
              maxChoices: z.number(),
              options: z.array(z.object({ id: z.string(), name: z.string(), priceDelta: z.number() })),
            }),
          ),
        }),
      ),
    }),
  ),
  tables: z.array(z.object({ id: z.string(), name: z.string(), seats: z.number(), area: z.string() })),
  partners: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Whether the asking user may give a manual discount (managers). */
  canDiscount: z.boolean(),
});
export type PointOfSale = z.infer<typeof PointOfSaleSchema>;
export type PointOfSaleItem = PointOfSale['categories'][number]['items'][number];

/** `GET /api/orders` query: filters, newest first, cursor pagination. */
export const ORDER_LIST_FILTERS = [
  'status',
  'type',
  'source',
  'paymentStatus',
  'from',
  'to',
  'search',
] as const;
