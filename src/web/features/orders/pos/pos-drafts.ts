import { z } from 'zod';
import { PointOfSaleSchema } from '../../../../shared/contracts/orders';
import { COUPON_KINDS } from '../../../../shared/coupon-rules';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../../../../shared/order-limits';
import { ORDER_TYPES } from '../../../../shared/pricing';
import type { AppliedCoupon } from '../../coupons';
import type { CartLine, DiscountDraft, OrderDetails } from './cart';

/**
 * The point of sale's unfinished orders kept on the device (localStorage), so an order being taken
 * survives leaving the page, a reload or a crashed tab. One draft per slot: each table has its own,
 * and takeaway, delivery and dine-in without a table share the counter's. Drafts are kept per signed-in
 * user (another person on the same tablet starts with their own), they live 24 hours from their last
 * change, and anything stored that is not a draft of this version (an old format, a hand edit, a
 * half-written value) is ignored. Pure: the storage and the clock come in as parameters.
 */

/** Where a draft belongs: a table (`table:<id>`) or the counter. */
export type DraftSlot = 'counter' | `table:${string}`;

export const COUNTER_SLOT: DraftSlot = 'counter';

/** How long a draft is kept after its last change. */
export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The storage entry of one user's drafts: this prefix and the user's id. */
export const DRAFTS_KEY_PREFIX = 'brigade.posDrafts.';

const VERSION = 1;

/** A cart as it is kept: what the staff member chose and typed, and the key it is sent with. */
export interface PosDraft {
  /** When it last changed (milliseconds since 1970). */
  savedAt: number;
  lines: CartLine[];
  details: OrderDetails;
  discountDraft: DiscountDraft;
  coupon: AppliedCoupon | null;
  lineCount: number;
  /** The open check (its order id) the cart is a round for, or null: a new order. */
  check: string | null;
  /** "New check" was chosen at a table with open checks. */
  newCheck: boolean;
  /** The cart's Idempotency-Key: a retry after a crash sends it again, so no order is made twice. */
  idempotencyKey: string;
  /** The body the server refused with that key, or null. */
  refusedBody: string | null;
}

export interface PosDrafts {
  /** The slot the point of sale showed last: the one it opens with. */
  active: DraftSlot;
  drafts: Partial<Record<DraftSlot, PosDraft>>;
}

export const NO_DRAFTS: PosDrafts = { active: COUNTER_SLOT, drafts: {} };

/** What of the Web Storage API the drafts use (localStorage in the browser). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** The slot of a cart with these details: its table when it is dine-in at a table, else the counter. */
export function slotOf(details: Pick<OrderDetails, 'type' | 'tableId'>): DraftSlot {
  return details.type === 'dine-in' && details.tableId ? `table:${details.tableId}` : COUNTER_SLOT;
}

/** The table of a slot, or null for the counter. */
export function tableOfSlot(slot: DraftSlot): string | null {
  return slot.startsWith('table:') ? slot.slice('table:'.length) : null;
}

export function draftsKey(userId: string): string {
  return `${DRAFTS_KEY_PREFIX}${userId}`;
}

const ItemSchema = PointOfSaleSchema.shape.categories.element.shape.items.element;

const DraftSchema = z.object({
  savedAt: z.number().finite(),
  lines: z
    .array(
      z.object({
        key: z.string().min(1),
        item: ItemSchema,
        optionIds: z.array(z.string()),
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
        note: z.string(),
      }),
    )
    .max(MAX_ORDER_LINES)
    .refine((lines) => new Set(lines.map((line) => line.key)).size === lines.length),
  details: z.object({
    type: z.enum(ORDER_TYPES),
    tableId: z.string(),
    deliveryAddress: z.string(),
    customerName: z.string(),
    customerPhone: z.string(),
    partnerId: z.string(),
    partnerReference: z.string(),
    note: z.string(),
  }),
  discountDraft: z.object({ kind: z.enum(['percent', 'amount']), value: z.string(), reason: z.string() }),
  coupon: z
    .object({
      terms: z.object({
        code: z.string(),
        kind: z.enum(COUPON_KINDS),
        value: z.number(),
        maxDiscount: z.number().nullable(),
        minOrder: z.number().nullable(),
      }),
      description: z.string(),
    })
    .nullable(),
  lineCount: z.number().int().min(0),
  // Drafts kept before rounds existed are new orders.
  check: z.string().min(1).nullable().default(null),
  newCheck: z.boolean().default(false),
  idempotencyKey: z.string().min(1),
  refusedBody: z.string().nullable(),
});

function isSlot(value: string): value is DraftSlot {
  return value === COUNTER_SLOT || (value.startsWith('table:') && value.length > 'table:'.length);
}

/**
 * The drafts in `text` that are still alive at `now`: a draft that does not parse, that sits under a
 * slot other than its own, or whose last change is more than `DRAFT_LIFETIME_MS` ago (or as far in the
 * future: a clock set wrong) is left out; a value that is not ours at all gives no drafts.
 */
export function parseDrafts(text: string | null, now: number): PosDrafts {
  if (!text) return NO_DRAFTS;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return NO_DRAFTS;
  }
  if (typeof value !== 'object' || value === null) return NO_DRAFTS;
  const record = value as { v?: unknown; active?: unknown; drafts?: unknown };
  if (record.v !== VERSION || typeof record.drafts !== 'object' || record.drafts === null) return NO_DRAFTS;
  const drafts: Partial<Record<DraftSlot, PosDraft>> = {};
  for (const [slot, candidate] of Object.entries(record.drafts)) {
    if (!isSlot(slot)) continue;
    const parsed = DraftSchema.safeParse(candidate);
    if (!parsed.success) continue;
    const draft = parsed.data;
    if (slotOf(draft.details) !== slot) continue;
    if (Math.abs(now - draft.savedAt) > DRAFT_LIFETIME_MS) continue;
    drafts[slot] = draft;
  }
  const active = typeof record.active === 'string' && isSlot(record.active) ? record.active : COUNTER_SLOT;
  return { active, drafts };
}

export function serializeDrafts(drafts: PosDrafts): string {
  return JSON.stringify({ v: VERSION, active: drafts.active, drafts: drafts.drafts });
}

/** The user's drafts; none when storage is switched off or unreadable. */
export function readDrafts(storage: DraftStorage, userId: string, now: number): PosDrafts {
  try {
    return parseDrafts(storage.getItem(draftsKey(userId)), now);
  } catch {
    return NO_DRAFTS;
  }
}

/**
 * Reads the user's drafts, applies `change` and writes the result back (or removes the entry when no
 * draft is left), answering what is now kept. Read just before the write, so a draft
 * another tab saved meanwhile is kept. A full or switched-off storage keeps nothing; the page goes on.
 */
export function updateDrafts(
  storage: DraftStorage,
  userId: string,
  now: number,
  change: (drafts: PosDrafts) => PosDrafts,
): PosDrafts {
  const next = change(readDrafts(storage, userId, now));
  try {
    if (Object.keys(next.drafts).length === 0) {
      storage.removeItem(draftsKey(userId));
    } else {
      storage.setItem(draftsKey(userId), serializeDrafts(next));
    }
  } catch {
    // Storage full or switched off: the cart lives as long as the page.
  }
  return next;
}

/** `drafts` with `draft` kept under `slot`, or the slot emptied when `draft` is null. */
export function withDraft(drafts: PosDrafts, slot: DraftSlot, draft: PosDraft | null): PosDrafts {
  const { [slot]: _left, ...others } = drafts.drafts;
  return { ...drafts, drafts: draft ? { ...others, [slot]: draft } : others };
}

/**
 * Removes every user's entry that keeps no live draft any more (all expired, or not ours), and rewrites
 * those that lost some, so a shared tablet does not keep old orders, names and phone numbers.
 */
export function pruneStoredDrafts(storage: DraftStorage, now: number): void {
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(DRAFTS_KEY_PREFIX)) keys.push(key);
    }
    for (const key of keys) {
      const text = storage.getItem(key);
      const drafts = parseDrafts(text, now);
      if (Object.keys(drafts.drafts).length === 0) storage.removeItem(key);
      else if (serializeDrafts(drafts) !== text) storage.setItem(key, serializeDrafts(drafts));
    }
  } catch {
    // Storage switched off: nothing is kept anyway.
  }
}
