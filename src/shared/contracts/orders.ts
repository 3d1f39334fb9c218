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
  /**
   * On accepting a request (pending → confirmed): when the order will be ready, which its guest sees
   * (ISO 8601 with an offset; from now to 12 hours ahead).
   */
  readyAt: z.iso
    .datetime({ offset: true, error: 'must be a date and time such as 2026-11-25T12:30:00Z' })
    .optional(),
  /**
   * Take back the order's last step on the board (`status` is the status it goes back to), within
   * RECALL_WINDOW_SECONDS of that step.
   */
  recall: z.literal(true, 'must be true').optional(),
});
export type OrderStatusChangeInput = z.infer<typeof OrderStatusChangeInputSchema>;

export const OrderLineOptionSchema = z.object({
  optionId: z.string().nullable(),
  groupName: z.string(),
  name: z.string(),
  priceDelta: z.number(),
});

/** A round of lines added to an open check (staff); prices come from the menu now. */
export const OrderRoundInputSchema = z.strictObject({
  version: versionField,
  lines: z
    .array(OrderLineInputSchema, { error: 'must be a list of lines' })
    .min(1, 'must have at least one line')
    .max(MAX_ORDER_LINES, `must have at most ${MAX_ORDER_LINES} lines`),
});
export type OrderRoundInput = z.infer<typeof OrderRoundInputSchema>;

export const LINE_VOID_KINDS = ['void', 'comp'] as const;
export type LineVoidKind = (typeof LINE_VOID_KINDS)[number];
export const LINE_VOID_KIND_LABELS: Record<LineVoidKind, string> = { void: 'Void', comp: 'Comp' };
/** The reasons offered for a void (not made, not charged) and a comp (made, given free); any text may be typed instead. */
export const VOID_REASONS = [
  'Entered by mistake',
  'Guest changed their mind',
  'Out of stock',
  'Took too long',
] as const;
export const COMP_REASONS = [
  'Quality issue',
  'Long wait',
  'Regular guest',
  'Staff meal',
  'Birthday',
] as const;

/**
 * A manager's approval given on a staff member's device: the manager's own e-mail and password,
 * checked for that one action and not kept (no session is made).
 */
export const ManagerApprovalSchema = z.strictObject({
  email: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'enter the manager’s e-mail')
    .max(254, 'must be at most 254 characters'),
  password: z
    .string({ error: 'must be text' })
    .min(1, 'enter the manager’s password')
    .max(256, 'must be at most 256 characters'),
});
export type ManagerApproval = z.infer<typeof ManagerApprovalSchema>;

export const LineVoidInputSchema = z.strictObject({
  version: versionField,
  kind: z.enum(LINE_VOID_KINDS, { error: 'must be void or comp' }),
  reason: nameField(MAX_REASON, 'the reason'),
  /** Void or comp only this many of the line (the rest stays as a line of its own); all of it when left out. */
  quantity: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(999, 'must be at most 999')
    .optional(),
  /** Given by staff: the manager who approves, signing in for this one action. */
  approval: ManagerApprovalSchema.optional(),
});
export type LineVoidInput = z.infer<typeof LineVoidInputSchema>;

/** Staff asking the managers to void or comp a line, who then do it from their own device. */
export const LineVoidRequestInputSchema = LineVoidInputSchema.pick({
  kind: true,
  reason: true,
  quantity: true,
});
export type LineVoidRequestInput = z.infer<typeof LineVoidRequestInputSchema>;
/** What a void request's notification says. */
export const VOID_REQUEST_TITLE = 'Void or comp requested';

export const OrderTableMoveInputSchema = z.strictObject({ version: versionField, tableId: idField });
export type OrderTableMoveInput = z.infer<typeof OrderTableMoveInputSchema>;

export const OrderMergeInputSchema = z.strictObject({
  version: versionField,
  /** The open checks that join this one (they end as `merged`). */
  orderIds: z
    .array(idField, { error: 'must be a list of order ids' })
    .min(1, 'must name at least one order')
    .max(20, 'must name at most 20 orders')
    .refine((ids) => new Set(ids).size === ids.length, 'must not name the same order twice'),
});
export type OrderMergeInput = z.infer<typeof OrderMergeInputSchema>;

export const OrderSplitInputSchema = z.strictObject({
  version: versionField,
  /** The lines that go to the new check, each with how many of it (all of it, or part of its quantity). */
  lines: z
    .array(
      z.strictObject({
        lineId: idField,
        quantity: z
          .number({ error: 'must be a whole number' })
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(999, 'must be at most 999'),
      }),
      { error: 'must be a list of lines' },
    )
    .min(1, 'must name at least one line')
    .max(MAX_ORDER_LINES, `must name at most ${MAX_ORDER_LINES} lines`)
    .refine(
      (lines) => new Set(lines.map((line) => line.lineId)).size === lines.length,
      'must not name the same line twice',
    ),
});
export type OrderSplitInput = z.infer<typeof OrderSplitInputSchema>;

export const OrderLineSchema = z.object({
  id: z.string(),
  /** The round the line was sent to the kitchen in (1: with the order). */
  round: z.number(),
  /** When it was sent to the kitchen. */
  sentAt: z.string(),
  /** Voided (not made, not charged) or comped (made, given free) by a manager: no longer counted in the totals. */
  voided: z.boolean(),
  comped: z.boolean(),
  /** Why it was voided or comped, by whom (staff only) and when; null while it counts. */
  voidReason: z.string().nullable(),
  voidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  voidedAt: z.string().nullable(),
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

export const ORDER_HISTORY_KINDS = [
  'status',
  'round',
  'void',
  'comp',
  'move',
  'merge',
  'split',
  'recall',
] as const;
export type OrderHistoryKind = (typeof ORDER_HISTORY_KINDS)[number];

export const OrderStatusChangeSchema = z.object({
  /** `status`: the order reached `status`; otherwise what happened to the check, leaving it in `status`. */
  kind: z.enum(ORDER_HISTORY_KINDS),
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  by: PersonRefSchema,
  reason: z.string().nullable(),
  /** What happened, in words ("Round 2 · 3 items", "Moved from T1 to T4"); null for a status reached. */
  detail: z.string().nullable(),
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
  /** When the restaurant said the order will be ready (set on accepting the request; null: not said). */
  readyAt: z.string().nullable(),
  /** The check this order was merged into (status `merged`). */
  mergedInto: z.object({ id: z.string(), number: z.number() }).nullable(),
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

/**
 * The orders' statuses that are left out of a list's total: they were never sold, or (merged) what
 * they sold is counted on the check they were merged into.
 */
export const UNSOLD_ORDER_STATUSES = ['cancelled', 'rejected', 'merged'] as const;

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
