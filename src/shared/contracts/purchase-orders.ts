import { z } from 'zod';
import { parseQuantity } from '../quantity';
import { dateField, idField, optionalEmailField, priceField, textField, versionField } from './fields';

/**
 * Purchase orders (docs/PRODUCT-RULES.md, Purchase orders): what the restaurant orders from a
 * supplier, and the deliveries received against it. A line's quantity is a decimal string with at
 * most 3 decimals in the line's unit (the item's stock unit, or its purchase unit holding `factor`
 * stock units); its `unitCost` is minor units per that unit. Receipts go into stock in stock units.
 */

export const PURCHASE_ORDERS_API = {
  orders: '/api/purchase-orders',
  order: (id: string) => `/api/purchase-orders/${encodeURIComponent(id)}`,
  status: (id: string) => `/api/purchase-orders/${encodeURIComponent(id)}/status`,
  receipts: (id: string) => `/api/purchase-orders/${encodeURIComponent(id)}/receipts`,
  document: (id: string) => `/api/purchase-orders/${encodeURIComponent(id)}/document`,
  email: (id: string) => `/api/purchase-orders/${encodeURIComponent(id)}/email`,
  suggest: '/api/purchase-orders/suggest',
  payments: (id: string) => `/api/purchase-orders/${encodeURIComponent(id)}/payments`,
  voidPayment: (id: string, paymentId: string) =>
    `/api/purchase-orders/${encodeURIComponent(id)}/payments/${encodeURIComponent(paymentId)}/void`,
  supplierBalance: (supplierId: string) => `/api/suppliers/${encodeURIComponent(supplierId)}/balance`,
} as const;

/**
 * Whether the supplier has been paid for an order: nothing to pay yet (a draft, or nothing received
 * of a cancelled order), unpaid, part paid or paid. What is owed is the order's total while deliveries
 * are awaited, and what was received once it is received or cancelled.
 */
export const PURCHASE_ORDER_PAYMENT_STATUSES = ['not-due', 'unpaid', 'part-paid', 'paid'] as const;
export type PurchaseOrderPaymentStatus = (typeof PURCHASE_ORDER_PAYMENT_STATUSES)[number];
export const PURCHASE_ORDER_PAYMENT_STATUS_LABELS: Record<PurchaseOrderPaymentStatus, string> = {
  'not-due': 'Nothing to pay',
  unpaid: 'Unpaid',
  'part-paid': 'Part paid',
  paid: 'Paid',
};

/** What the supplier is owed for an order in this status (minor units). */
export function purchaseOrderPayable(order: {
  status: PurchaseOrderStatus;
  total: number;
  receivedTotal: number;
}) {
  if (order.status === 'draft') return 0;
  if (order.status === 'received' || order.status === 'cancelled') return order.receivedTotal;
  return Math.max(order.total, order.receivedTotal);
}

export function purchaseOrderPaymentStatus(order: {
  status: PurchaseOrderStatus;
  total: number;
  receivedTotal: number;
  paidTotal: number;
}): PurchaseOrderPaymentStatus {
  const payable = purchaseOrderPayable(order);
  if (payable === 0 && order.paidTotal === 0) return 'not-due';
  if (order.paidTotal === 0) return 'unpaid';
  return order.paidTotal >= payable ? 'paid' : 'part-paid';
}

export const PURCHASE_ORDER_STATUSES = [
  'draft',
  'ordered',
  'partially-received',
  'received',
  'cancelled',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  ordered: 'Ordered',
  'partially-received': 'Partly received',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** The statuses a person sets by hand; receiving sets the others. */
export const PURCHASE_ORDER_STATUS_CHANGES = ['ordered', 'cancelled'] as const;

export const MAX_PURCHASE_ORDER_LINES = 200;
export const MAX_PURCHASE_ORDER_NOTE = 1000;

/** `PO-0001` from the database's number. */
export function purchaseOrderNumber(number: number): string {
  return `PO-${String(number).padStart(4, '0')}`;
}

/** A positive quantity as a decimal string with at most 3 decimals. */
const positiveQuantity = z
  .string({ error: 'must be a decimal number in a string, such as "2.5"' })
  .max(40, 'must be a decimal number such as "2.5"')
  .superRefine((text, context) => {
    const parsed = parseQuantity(text);
    if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
    else if (parsed.value <= 0) context.addIssue({ code: 'custom', message: 'must be more than 0' });
  });

export const PurchaseOrderLineInputSchema = z.strictObject({
  inventoryItemId: idField,
  /** In `unitId`: the item's stock unit (when left out) or its purchase unit. */
  quantity: positiveQuantity,
  unitId: idField.optional(),
  /** Minor units per unit of the line. */
  unitCost: priceField,
});
export type PurchaseOrderLineInput = z.infer<typeof PurchaseOrderLineInputSchema>;

const linesField = z
  .array(PurchaseOrderLineInputSchema, { error: 'must be a list of lines' })
  .min(1, 'add at least one line')
  .max(MAX_PURCHASE_ORDER_LINES, `must have at most ${MAX_PURCHASE_ORDER_LINES} lines`);

export const PurchaseOrderInputSchema = z.strictObject({
  supplierId: idField,
  lines: linesField,
  expectedDate: dateField.nullable().optional(),
  note: textField(MAX_PURCHASE_ORDER_NOTE).optional(),
});
export type PurchaseOrderInput = z.infer<typeof PurchaseOrderInputSchema>;

/** A change of a draft: any field (`lines` replaces them all) and the `version` it is based on. */
export const PurchaseOrderUpdateSchema = z.strictObject({
  supplierId: idField.optional(),
  lines: linesField.optional(),
  expectedDate: dateField.nullable().optional(),
  note: textField(MAX_PURCHASE_ORDER_NOTE).optional(),
  version: versionField,
});
export type PurchaseOrderUpdate = z.infer<typeof PurchaseOrderUpdateSchema>;

export const PurchaseOrderStatusInputSchema = z.strictObject({
  status: z.enum(PURCHASE_ORDER_STATUS_CHANGES, { error: 'must be ordered or cancelled' }),
  version: versionField,
});
export type PurchaseOrderStatusInput = z.infer<typeof PurchaseOrderStatusInputSchema>;

export const PurchaseOrderReceiptInputSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineId: idField,
        /** In the line's unit. */
        quantity: positiveQuantity,
        /** Minor units per unit of the line, when the delivery cost other than ordered. */
        unitCost: priceField.optional(),
      }),
      { error: 'must be a list of lines' },
    )
    .min(1, 'say what arrived')
    .max(MAX_PURCHASE_ORDER_LINES, `must have at most ${MAX_PURCHASE_ORDER_LINES} lines`),
});
export type PurchaseOrderReceiptInput = z.infer<typeof PurchaseOrderReceiptInputSchema>;

export const PurchaseOrderSuggestInputSchema = z.strictObject({ supplierId: idField });
export type PurchaseOrderSuggestInput = z.infer<typeof PurchaseOrderSuggestInputSchema>;

/** `to`: another address than the supplier's (empty or left out: the supplier's own). */
export const PurchaseOrderEmailInputSchema = z.strictObject({ to: optionalEmailField.optional() });
export type PurchaseOrderEmailInput = z.infer<typeof PurchaseOrderEmailInputSchema>;

export const PurchaseOrderLineSchema = z.object({
  id: z.string(),
  inventoryItemId: z.string(),
  itemName: z.string(),
  unitId: z.string(),
  unitSymbol: z.string(),
  /** Stock units in one unit of the line ("1.000" for the stock unit). */
  factor: z.string(),
  stockUnitSymbol: z.string(),
  quantity: z.string(),
  unitCost: z.number().int(),
  receivedQuantity: z.string(),
  /** `quantity × unitCost`, rounded half away from zero to the minor unit. */
  total: z.number().int(),
});
export type PurchaseOrderLine = z.infer<typeof PurchaseOrderLineSchema>;

export const PurchaseOrderReceiptSchema = z.object({
  id: z.string(),
  /** The receipts of one delivery share it. */
  deliveryId: z.string(),
  lineId: z.string(),
  itemName: z.string(),
  unitSymbol: z.string(),
  quantity: z.string(),
  unitCost: z.number().int(),
  /** What it brought into stock, in minor units. */
  value: z.number().int(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type PurchaseOrderReceipt = z.infer<typeof PurchaseOrderReceiptSchema>;

const summaryFields = {
  id: z.string(),
  number: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  expectedDate: z.string().nullable(),
  note: z.string(),
  currency: z.string(),
  version: z.number().int(),
  /** The lines' totals, in minor units. */
  total: z.number().int(),
  /** What the deliveries so far brought into stock, in minor units. */
  receivedTotal: z.number().int(),
  /** What the supplier was paid for it (voided payments left out), and what is still owed. */
  paidTotal: z.number().int(),
  owed: z.number().int(),
  paymentStatus: z.enum(PURCHASE_ORDER_PAYMENT_STATUSES),
  orderedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const PurchaseOrderSummarySchema = z.object({ ...summaryFields, lineCount: z.number().int() });
export type PurchaseOrderSummary = z.infer<typeof PurchaseOrderSummarySchema>;

export const PurchaseOrderPaymentSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  amount: z.number().int(),
  paidOn: z.string(),
  reference: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type PurchaseOrderPayment = z.infer<typeof PurchaseOrderPaymentSchema>;

export const PurchaseOrderSchema = z.object({
  ...summaryFields,
  createdByName: z.string().nullable(),
  lines: z.array(PurchaseOrderLineSchema),
  receipts: z.array(PurchaseOrderReceiptSchema),
  payments: z.array(PurchaseOrderPaymentSchema),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrderSchema>;

export const PurchaseOrderPageSchema = z.object({
  items: z.array(PurchaseOrderSummarySchema),
  nextCursor: z.string().nullable(),
});
export type PurchaseOrderPage = z.infer<typeof PurchaseOrderPageSchema>;

export const PurchaseOrderPaymentInputSchema = z.strictObject({
  accountId: idField,
  /** Positive minor units, at most what is still owed. */
  amount: z
    .number({ error: 'must be an amount in minor units (cents)' })
    .int('must be a whole number of minor units (cents)')
    .min(1, 'must be more than 0')
    .max(100_000_000_000, 'is too large'),
  /** The day it was paid (the restaurant's calendar). */
  date: dateField,
  reference: textField(100).optional(),
});
export type PurchaseOrderPaymentInput = z.infer<typeof PurchaseOrderPaymentInputSchema>;

export const PurchaseOrderPaymentVoidSchema = z.strictObject({
  reason: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'Enter a reason.')
    .max(200, 'must be at most 200 characters'),
});
export type PurchaseOrderPaymentVoid = z.infer<typeof PurchaseOrderPaymentVoidSchema>;

/** What a supplier was sent, was paid and is still owed, with the orders that still owe, oldest first. */
export const SupplierBalanceSchema = z.object({
  supplierId: z.string(),
  supplierName: z.string(),
  currency: z.string(),
  /** Σ what each order owes (its total while deliveries are awaited, what was received after). */
  payable: z.number().int(),
  received: z.number().int(),
  paid: z.number().int(),
  owed: z.number().int(),
  orders: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      status: z.enum(PURCHASE_ORDER_STATUSES),
      orderedAt: z.string().nullable(),
      createdAt: z.string(),
      payable: z.number().int(),
      receivedTotal: z.number().int(),
      paidTotal: z.number().int(),
      owed: z.number().int(),
      paymentStatus: z.enum(PURCHASE_ORDER_PAYMENT_STATUSES),
    }),
  ),
});
export type SupplierBalance = z.infer<typeof SupplierBalanceSchema>;

export const PurchaseOrderEmailResultSchema = z.object({ to: z.string() });
export type PurchaseOrderEmailResult = z.infer<typeof PurchaseOrderEmailResultSchema>;

/** `quantity × unitCost` in minor units, half away from zero (quantity in thousandths). */
export function lineTotal(quantityThousandths: number, unitCost: number): number {
  const product = BigInt(quantityThousandths) * BigInt(unitCost);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = Number((magnitude * 2n + 1000n) / 2000n);
  return negative ? -rounded : rounded;
}
