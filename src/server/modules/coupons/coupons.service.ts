import { and, eq, getTableColumns, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  type Coupon,
  type CouponChannel,
  type CouponCheck,
  type CouponCheckInput,
  type CouponInput,
  type CouponRefusal,
  type CouponRefusalContext,
  type CouponStatus,
  type CouponTerms,
  type CouponUpdate,
  couponCrossFieldIssues,
  couponDiscount,
  couponRefusalMessage,
  describeCouponValue,
  normalizeCouponCode,
  restaurantToday,
} from '../../../shared/contracts/coupons';
import { type PricingDiscount, priceOrder } from '../../../shared/pricing';
import { hasStaffAccess, isAdmin } from '../../../shared/roles';
import type { Database } from '../../db/client';
import { type Queryable, type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { AppError, badRequest, conflict, findPgError, notFound } from '../../lib/errors';
import { newestFirst, toPage } from '../../lib/pagination';
import { staleWrite } from '../../lib/versions';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { publishChange, type TopicRule } from '../events';
import { orderingSettings } from '../settings';
import { couponRedemptions, coupons } from './coupons.schema';

/**
 * Coupons (docs/PRODUCT-RULES.md, Coupons): the admin's list, read, create, change and delete, the
 * check a cashier or a guest makes before ordering, and what placing an order does with a code
 * (`applyCoupon` → `recordCouponUse`; a cancelled or rejected order gives its use back with
 * `releaseCouponUse`). A coupon's dates are calendar days in the restaurant's time zone; its uses are
 * the redemptions not released.
 */

/** The coupons screen follows its topic; only those who manage coupons may (installed with the module). */
export const COUPON_TOPIC_RULES: Record<string, TopicRule> = {
  coupons: ({ actor }) => isAdmin(actor?.role),
};

type CouponRow = typeof coupons.$inferSelect;
type CouponListRow = CouponRow & { uses: number; discountTotal: number; status: CouponStatus };

const iso = (value: Date) => value.toISOString();

/**
 * Orders that use the coupon now (released uses not counted). The outer coupon's id is written out
 * with its table: Drizzle leaves the table off a column of a one-table select, and inside the
 * subquery a bare "id" would be the redemption's.
 */
const outerCouponId = sql.raw('"coupons"."id"');
const usesSql = sql<number>`(select count(*) from ${couponRedemptions} r
  where r.coupon_id = ${outerCouponId} and r.released_at is null)`;
const discountTotalSql = sql<number>`(select coalesce(sum(r.discount), 0) from ${couponRedemptions} r
  where r.coupon_id = ${outerCouponId} and r.released_at is null)`;

/** `couponStatusOf` (shared/coupon-rules.ts) in SQL, so the list filters by it in the database. */
function statusSql(today: string): SQL<CouponStatus> {
  return sql<CouponStatus>`case
    when not ${coupons.active} then 'inactive'
    when ${coupons.validUntil} is not null and ${coupons.validUntil} < ${today}::date then 'expired'
    when ${coupons.usageLimit} is not null and ${usesSql} >= ${coupons.usageLimit} then 'used-up'
    when ${coupons.validFrom} is not null and ${coupons.validFrom} > ${today}::date then 'scheduled'
    else 'active' end`;
}

/** The restaurant's today and currency, which every coupon answer needs. */
async function calendar(db: Queryable): Promise<{ today: string; currency: string; timeZone: string }> {
  const settings = await orderingSettings(db, { lock: false });
  return {
    today: restaurantToday(settings.timeZone),
    currency: settings.currency,
    timeZone: settings.timeZone,
  };
}

function selectCoupons(db: Queryable, today: string) {
  return db
    .select({
      ...getTableColumns(coupons),
      uses: usesSql.mapWith(Number),
      discountTotal: discountTotalSql.mapWith(Number),
      status: statusSql(today),
    })
    .from(coupons);
}

function couponValue(row: CouponRow): number {
  return row.kind === 'percent' ? Number(row.percent) : Number(row.amount);
}

function termsOf(row: CouponRow): CouponTerms {
  return {
    code: normalizeCouponCode(row.code),
    kind: row.kind as CouponTerms['kind'],
    value: couponValue(row),
    maxDiscount: row.maxDiscount,
    minOrder: row.minOrder,
  };
}

function present(row: CouponListRow, currency: string): Coupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind as Coupon['kind'],
    value: couponValue(row),
    minOrder: row.minOrder,
    maxDiscount: row.maxDiscount,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    channels: row.channels as CouponChannel[],
    active: row.active,
    status: row.status,
    uses: row.uses,
    discountTotal: row.discountTotal,
    currency,
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

const missing = () => notFound('There is no coupon with this id.');

async function loadCoupon(db: Queryable, id: string, currency: string, today: string): Promise<Coupon> {
  const [row] = await selectCoupons(db, today).where(eq(coupons.id, id));
  if (!row) throw missing();
  return present(row, currency);
}

// ---------------------------------------------------------------------------------------------------
// The admin's coupons (/coupons)

export interface CouponListQuery {
  search?: string;
  status?: CouponStatus[];
  limit: number;
  cursor?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Coupons newest first; `search` in code and description, `status` as of the restaurant's today. */
export async function listCoupons(
  db: Queryable,
  actor: Actor,
  query: CouponListQuery,
): Promise<{ items: Coupon[]; nextCursor: string | null }> {
  authorize(actor, 'coupon.manage');
  const { today, currency } = await calendar(db);
  const order = newestFirst(coupons, query.cursor);
  const conditions: (SQL | undefined)[] = [order.where];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(coupons.code, pattern), ilike(coupons.description, pattern)));
  }
  if (query.status && query.status.length > 0) conditions.push(inArray(statusSql(today), query.status));
  const rows = await selectCoupons(db, today)
    .where(and(...conditions))
    .orderBy(...order.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (row) => present(row, currency));
}

/** One coupon, or a 404. */
export async function getCoupon(db: Queryable, actor: Actor, id: string): Promise<Coupon> {
  authorize(actor, 'coupon.manage');
  const { today, currency } = await calendar(db);
  return loadCoupon(db, id, currency, today);
}

/** Column values of the fields given (a change gives only some). */
function toValues(
  input: Partial<CouponInput>,
  kind: string | undefined,
): Partial<typeof coupons.$inferInsert> {
  const values: Partial<typeof coupons.$inferInsert> = {};
  // One form of a code, stored, answered and shown alike: trimmed, upper case.
  if (input.code !== undefined) values.code = normalizeCouponCode(input.code);
  if (input.description !== undefined) values.description = input.description.trim();
  if (input.kind !== undefined) values.kind = input.kind;
  if (input.value !== undefined || input.kind !== undefined) {
    // The value lives in the kind's own column; the other one is emptied.
    if (kind === 'percent') {
      if (input.value !== undefined) values.percent = input.value;
      values.amount = null;
    } else {
      if (input.value !== undefined) values.amount = input.value;
      values.percent = null;
    }
  }
  if (input.minOrder !== undefined) values.minOrder = input.minOrder;
  if (input.maxDiscount !== undefined) values.maxDiscount = input.maxDiscount;
  if (input.validFrom !== undefined) values.validFrom = input.validFrom;
  if (input.validUntil !== undefined) values.validUntil = input.validUntil;
  if (input.usageLimit !== undefined) values.usageLimit = input.usageLimit;
  if (input.perCustomerLimit !== undefined) values.perCustomerLimit = input.perCustomerLimit;
  if (input.channels !== undefined) values.channels = [...input.channels];
  if (input.active !== undefined) values.active = input.active;
  return values;
}

/** A duplicate code (the unique index on upper(code)) as the 409 that names the field. */
function duplicateCode(error: unknown, code: string | undefined): unknown {
  const pg = findPgError(error);
  if (pg?.code !== '23505' || pg.constraint !== 'coupons_code_unique' || code === undefined) return error;
  const message = `There is already a coupon ${normalizeCouponCode(code)}.`;
  return conflict(message, {
    path: 'code',
    issues: [{ path: 'code', message: 'is taken by another coupon' }],
  });
}

/** `SAVE10 (10% off)`, as audit summaries name a coupon. */
const describe = (coupon: Coupon) =>
  `${normalizeCouponCode(coupon.code)} (${describeCouponValue(coupon, coupon.currency)})`;

/** A new coupon (201), audited. `actor` null: the demo seed (no policy to ask, no author). */
export async function createCoupon(db: Database, actor: Actor | null, input: CouponInput): Promise<Coupon> {
  if (actor) authorize(actor, 'coupon.manage');
  try {
    return await withTransaction(db, async (tx) => {
      const { today, currency } = await calendar(tx);
      const [row] = await tx
        .insert(coupons)
        .values({
          ...toValues(input, input.kind),
          code: normalizeCouponCode(input.code),
          kind: input.kind,
          channels: [...input.channels],
          createdBy: actor?.id ?? null,
        } as typeof coupons.$inferInsert)
        .returning({ id: coupons.id });
      if (!row) throw new Error('coupon insert returned nothing');
      const coupon = await loadCoupon(tx, row.id, currency, today);
      await recordAudit(tx, actor, {
        area: 'coupons',
        action: 'coupon.created',
        summary: `Created coupon ${describe(coupon)}`,
        targetType: 'coupon',
        targetId: coupon.id,
        after: auditValues(coupon),
      });
      await publishChange(tx, 'coupons');
      return coupon;
    });
  } catch (error) {
    throw duplicateCode(error, input.code);
  }
}

/** What the audit log keeps of a coupon: its terms, not its counts of the moment. */
function auditValues(coupon: Coupon): Record<string, unknown> {
  const {
    id: _id,
    status: _status,
    uses: _uses,
    discountTotal: _total,
    currency: _currency,
    version: _version,
    createdAt: _created,
    updatedAt: _updated,
    ...terms
  } = coupon;
  return terms;
}

/**
 * Changes the fields given, based on `version` (an older one: 409 `stale`). The rules between fields
 * are checked again on the coupon as it would be after the change (a cap on a coupon changed to a
 * fixed amount, a start after its end): a 400 naming the field.
 */
export async function updateCoupon(
  db: Database,
  actor: Actor,
  id: string,
  input: CouponUpdate,
): Promise<Coupon> {
  authorize(actor, 'coupon.manage');
  const { version: basedOn, ...changes } = input;
  try {
    return await withTransaction(db, async (tx) => {
      const { today, currency } = await calendar(tx);
      const [existing] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!existing) throw missing();
      if (existing.version !== basedOn) {
        throw staleWrite(`coupon ${normalizeCouponCode(existing.code)}`, existing.version);
      }
      const before = await loadCoupon(tx, id, currency, today);
      if (Object.keys(changes).length === 0) return before;
      const kind = changes.kind ?? existing.kind;
      const merged = {
        kind: kind as CouponTerms['kind'],
        value: changes.value ?? couponValue(existing),
        maxDiscount: changes.maxDiscount === undefined ? existing.maxDiscount : changes.maxDiscount,
        validFrom: changes.validFrom === undefined ? existing.validFrom : changes.validFrom,
        validUntil: changes.validUntil === undefined ? existing.validUntil : changes.validUntil,
      };
      const issues = couponCrossFieldIssues(merged);
      const [first] = issues;
      if (first) throw badRequest(`Invalid request body: ${first.path}: ${first.message}`, { issues });
      const values = toValues({ ...changes, ...(changes.kind ? { value: merged.value } : {}) }, kind);
      await tx
        .update(coupons)
        .set({ ...values, version: sql`${coupons.version} + 1` })
        .where(eq(coupons.id, id));
      const after = await loadCoupon(tx, id, currency, today);
      const beforeTerms = auditValues(before);
      const afterTerms = auditValues(after);
      const changed = Object.keys(afterTerms).filter(
        (key) => JSON.stringify(beforeTerms[key]) !== JSON.stringify(afterTerms[key]),
      );
      if (changed.length > 0) {
        await recordAudit(tx, actor, {
          area: 'coupons',
          action: 'coupon.updated',
          summary: `Changed coupon ${normalizeCouponCode(after.code)}: ${changed.join(', ')}`,
          targetType: 'coupon',
          targetId: id,
          before: Object.fromEntries(changed.map((key) => [key, beforeTerms[key]])),
          after: Object.fromEntries(changed.map((key) => [key, afterTerms[key]])),
        });
      }
      await publishChange(tx, 'coupons');
      return after;
    });
  } catch (error) {
    throw duplicateCode(error, changes.code);
  }
}

/**
 * Deletes a coupon no order has used (released uses count: the orders still name it); otherwise a
 * 409 that says to make it inactive.
 */
export async function deleteCoupon(db: Database, actor: Actor, id: string): Promise<void> {
  authorize(actor, 'coupon.manage');
  await withTransaction(db, async (tx) => {
    const { today, currency } = await calendar(tx);
    const [existing] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!existing) throw missing();
    const code = normalizeCouponCode(existing.code);
    const [{ used } = { used: 0 }] = await tx
      .select({ used: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, id));
    if (used > 0) {
      throw conflict(
        `Coupon ${code} has been used on ${used} ${used === 1 ? 'order' : 'orders'}: make it inactive instead.`,
        { reason: 'in-use', orders: used },
      );
    }
    const before = await loadCoupon(tx, id, currency, today);
    await tx.delete(coupons).where(eq(coupons.id, id));
    await recordAudit(tx, actor, {
      area: 'coupons',
      action: 'coupon.deleted',
      summary: `Deleted coupon ${describe(before)}`,
      targetType: 'coupon',
      targetId: id,
      before: auditValues(before),
    });
    await publishChange(tx, 'coupons');
  });
}

// ---------------------------------------------------------------------------------------------------
// Using a code: the check before ordering, and the order's own use of it

/**
 * Who uses a coupon, for the per-customer limit: a customer's account online (`user:<id>`), the
 * phone number's digits at the point of sale (`phone:<digits>`, at least 5 of them), else nobody known.
 */
export function couponCustomerKey(
  channel: CouponChannel,
  customerId: string | null,
  phone: string | null | undefined,
): string | null {
  if (channel === 'online') return customerId ? `user:${customerId}` : null;
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 5 ? `phone:${digits}` : null;
}

export interface CouponUseRequest {
  /** The code as entered (any case, spaces around it allowed). */
  code: string;
  channel: CouponChannel;
  /** The order's subtotal before any discount, in minor units. */
  subtotal: number;
  customerKey: string | null;
  /** The restaurant's time zone and currency (the caller has read its settings). */
  timeZone: string;
  currency: string;
  now?: Date;
  /** The body field the code came in, named by a refusal (`couponCode` of an order, `code` of a check). */
  path: string;
}

/** A coupon an order may use: its terms and what `recordCouponUse` needs once the order is written. */
export interface AppliedCoupon {
  couponId: string;
  /** Upper case: what the order keeps. */
  code: string;
  description: string;
  terms: CouponTerms;
  /** The coupon as `priceOrder` takes it. */
  discount: PricingDiscount;
  customerKey: string | null;
}

function refusal(reason: CouponRefusal, context: CouponRefusalContext, path: string): AppError {
  const { currency: _currency, locale: _locale, ...shown } = context;
  const details = { reason, path, ...shown, code: normalizeCouponCode(context.code) };
  return new AppError(
    reason === 'coupon-unknown' ? 404 : 409,
    couponRefusalMessage(reason, context),
    details,
  );
}

/**
 * Whether `request.code` may be used now, checked in this order: unknown (404), inactive, wrong
 * channel, not valid yet, expired, below the minimum, used up, already used by this customer, and a
 * point-of-sale order without a customer for a per-customer coupon (409, `details.reason`). With
 * `lock`, the coupon row is locked `for update` first, so that orders using the same coupon at once
 * are counted one after the other (inside the order's transaction until it commits).
 */
async function evaluateCoupon(
  tx: Queryable,
  request: CouponUseRequest,
  lock: boolean,
): Promise<AppliedCoupon> {
  const code = normalizeCouponCode(request.code);
  const base = { code, currency: request.currency };
  const query = tx.select().from(coupons).where(sql`upper(${coupons.code}) = ${code}`);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw refusal('coupon-unknown', base, request.path);
  if (!row.active) throw refusal('coupon-inactive', base, request.path);
  if (!row.channels.includes(request.channel)) {
    throw refusal('coupon-wrong-channel', { ...base, channel: request.channel }, request.path);
  }
  const today = restaurantToday(request.timeZone, request.now);
  if (row.validFrom !== null && row.validFrom > today) {
    throw refusal('coupon-not-yet-valid', { ...base, validFrom: row.validFrom }, request.path);
  }
  if (row.validUntil !== null && row.validUntil < today) {
    throw refusal('coupon-expired', { ...base, validUntil: row.validUntil }, request.path);
  }
  if (row.minOrder !== null && request.subtotal < row.minOrder) {
    throw refusal('coupon-below-minimum', { ...base, minOrder: row.minOrder }, request.path);
  }
  if (row.usageLimit !== null || row.perCustomerLimit !== null) {
    const [counts] = await tx
      .select({
        uses: sql<number>`count(*)::int`,
        customerUses: sql<number>`count(*) filter (where ${couponRedemptions.customerKey} = ${request.customerKey ?? ''})::int`,
      })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, row.id), isNull(couponRedemptions.releasedAt)));
    const { uses = 0, customerUses = 0 } = counts ?? {};
    if (row.usageLimit !== null && uses >= row.usageLimit) {
      throw refusal('coupon-used-up', base, request.path);
    }
    if (row.perCustomerLimit !== null) {
      if (request.customerKey !== null && customerUses >= row.perCustomerLimit) {
        throw refusal('coupon-already-used', base, request.path);
      }
      if (request.customerKey === null) throw refusal('coupon-customer-required', base, request.path);
    }
  }
  const terms = termsOf(row);
  return {
    couponId: row.id,
    code,
    description: row.description,
    terms,
    discount: couponDiscount(terms),
    customerKey: request.customerKey,
  };
}

/**
 * The coupon an order is placed with, checked (see `evaluateCoupon`) with its row locked `for update`
 * in the order's transaction: call `recordCouponUse` once the order is written, in the same
 * transaction, so the next order using it counts this one.
 */
export function applyCoupon(tx: Tx, request: CouponUseRequest): Promise<AppliedCoupon> {
  return evaluateCoupon(tx, request, true);
}

/** Records that `orderId` used the coupon, with the discount it got. */
export async function recordCouponUse(
  tx: Tx,
  applied: AppliedCoupon,
  orderId: string,
  discount: number,
): Promise<void> {
  await tx.insert(couponRedemptions).values({
    couponId: applied.couponId,
    orderId,
    customerKey: applied.customerKey,
    discount,
  });
  // The coupons screen shows the uses and the discount given.
  await publishChange(tx, 'coupons');
}

/**
 * The terms of the coupon an order used (by the code it keeps), as they are now: an open check that
 * changes (a round, a void) is priced again with them. Null when the coupon no longer exists.
 */
export async function couponTermsOf(db: Queryable, code: string): Promise<CouponTerms | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${normalizeCouponCode(code)}`);
  return row ? termsOf(row) : null;
}

/** Writes the discount an order's coupon now gives (its check changed), for the coupons screen's sums. */
export async function updateCouponUse(tx: Tx, orderId: string, discount: number): Promise<void> {
  const updated = await tx
    .update(couponRedemptions)
    .set({ discount })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ id: couponRedemptions.id });
  if (updated.length > 0) await publishChange(tx, 'coupons');
}

/** Gives back the use of a cancelled or rejected order (nothing when it used no coupon). */
export async function releaseCouponUse(tx: Tx, orderId: string): Promise<boolean> {
  const released = await tx
    .update(couponRedemptions)
    .set({ releasedAt: sql`clock_timestamp()` })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ id: couponRedemptions.id });
  if (released.length === 0) return false;
  await publishChange(tx, 'coupons');
  return true;
}

/**
 * `POST /api/coupons/check`: whether the asking user may use `code` on an order of `subtotal` now,
 * and its terms. Staff check for the point of sale (the customer by `customerPhone`), a customer for
 * their own online order.
 */
export async function checkCoupon(db: Database, actor: Actor, input: CouponCheckInput): Promise<CouponCheck> {
  authorize(actor, 'coupon.check');
  const channel: CouponChannel = hasStaffAccess(actor.role) ? 'pos' : 'online';
  const settings = await orderingSettings(db, { lock: false });
  const applied = await evaluateCoupon(
    db,
    {
      code: input.code,
      channel,
      subtotal: input.subtotal,
      customerKey: couponCustomerKey(channel, actor.id, input.customerPhone),
      timeZone: settings.timeZone,
      currency: settings.currency,
      path: 'code',
    },
    false,
  );
  return {
    code: applied.code,
    description: applied.description,
    kind: applied.terms.kind,
    value: applied.terms.value,
    maxDiscount: applied.terms.maxDiscount,
    minOrder: applied.terms.minOrder,
    discount: discountOn(input.subtotal, applied.discount),
  };
}

/** The discount `priceOrder` gives on a subtotal of `subtotal` (the shared pricing, not a copy of it). */
function discountOn(subtotal: number, discount: PricingDiscount): number {
  return priceOrder({
    type: 'takeaway',
    lines: subtotal > 0 ? [{ unitPrice: subtotal, quantity: 1 }] : [],
    discount,
    serviceChargePercent: 0,
    taxPercent: 0,
    taxInclusive: false,
    deliveryFee: 0,
  }).discount;
}

// ---------------------------------------------------------------------------------------------------
// The demo cafe's coupons (modules/demo): counted while they are there, removed with the demo data

/** How many of `ids` still exist. */
export async function countCouponsIn(db: Queryable, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(coupons)
    .where(inArray(coupons.id, [...ids]));
  return row?.count ?? 0;
}

/**
 * Deletes the coupons `ids` in the caller's transaction, one savepoint each: a coupon an order of the
 * owner's used stays (its redemptions refer to it) and is named, like `coupon WELCOME10`.
 */
export async function deleteCouponsUnlessUsed(
  tx: Tx,
  ids: readonly string[],
): Promise<{ removed: number; kept: string[] }> {
  if (ids.length === 0) return { removed: 0, kept: [] };
  const rows = await tx
    .select({ id: coupons.id, code: coupons.code })
    .from(coupons)
    .where(inArray(coupons.id, [...ids]));
  let removed = 0;
  const kept: string[] = [];
  for (const row of rows) {
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.delete(coupons).where(eq(coupons.id, row.id));
      });
      removed += 1;
    } catch (error) {
      if (findPgError(error)?.code !== '23503') throw error;
      kept.push(`coupon ${normalizeCouponCode(row.code)}`);
    }
  }
  if (rows.length > 0) await publishChange(tx, 'coupons');
  return { removed, kept };
}
