import { type CheckAmounts, lineTotalFor, mergeAmounts, splitAmounts } from '../../shared/check-math';
import { MANAGER_ROLES } from '../../shared/contracts/admin-users';
import {
  type LineVoidInput,
  type LineVoidRequestInput,
  type Order,
  type OrderMergeInput,
  type OrderRoundInput,
  type OrderSplitInput,
  type OrderTableMoveInput,
  orderNumberLabel,
  VOID_REQUEST_TITLE,
} from '../../shared/contracts/orders';
import { couponDiscount } from '../../shared/coupon-rules';
import { formatMoney } from '../../shared/money';
import { OPEN_CHECK_STATUSES, type OrderStatus } from '../../shared/order-status';
import { netPaid, paymentStatusOf } from '../../shared/payment-math';
import { type PricingDiscount, priceOrder } from '../../shared/pricing';
import type { Database } from '../db/client';
import { type Tx, withTransaction } from '../db/transaction';
import type { Actor, AppDeps } from '../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { staleWrite } from '../lib/versions';
import { recordAudit } from '../modules/audit';
import { provePassword } from '../modules/auth';
import { couponTermsOf, releaseCouponUse, updateCouponUse } from '../modules/coupons';
import { findDiningTable } from '../modules/master-data';
import { menuItemsForSale } from '../modules/menu';
import { notify } from '../modules/notifications';
import {
  appendLines,
  type CheckLine,
  type CheckUpdate,
  countedLines,
  findLine,
  insertSplitCheck,
  type LockedCheck,
  lockCheck,
  lockChecks,
  markLine,
  moveLines,
  nextRound,
  positionAfter,
  presentCheck,
  recordHistory,
  requireOpenCheck,
  splitOffLine,
  updateCheck,
} from '../modules/orders';
import { orderPaymentTotals } from '../modules/payments';
import { countAttempt, RATE_LIMITS, refuseWhenExhausted } from '../modules/security';
import { type OrderingSettings, orderingSettings } from '../modules/settings';
import { authorize, can } from '../policies';
import { checkLine, pricingSettings } from './place-order';

/**
 * Open checks (docs/PRODUCT-RULES.md, Orders): a table keeps one check from the first drink to the
 * bill. Staff add rounds of lines to it, a manager voids (not made, not charged) or comps (made, given
 * free) a line, and staff move it to another table, merge the open checks of a table into it, or
 * split it so that each guest pays their own. Each is one transaction with the order's row locked
 * and based on the version the screen showed (an older one is a 409), and writes the order's history.
 *
 * The amounts: a round or a void prices the check again from its counted lines (the menu's prices
 * at the moment of the round, the settings' tax and service charge, the coupon's terms checked again
 * against the new subtotal, the delivery fee kept); a split and a merge divide and add the amounts
 * as they are (shared/check-math.ts), so the checks together hold exactly what they held. The payment
 * status follows the new total: a paid check that gets a round owes the difference. A change that
 * would leave a check owing less than what was kept of its payments is refused with the refund it
 * needs first (409 `refund-required`), as cancelling a paid order is.
 */

/** The check's order of progress: a merged check is as far along as the least advanced of its parts. */
const PROGRESS: readonly OrderStatus[] = OPEN_CHECK_STATUSES;

const items = (count: number) => `${count} item${count === 1 ? '' : 's'}`;
const quantityOf = (lines: readonly { quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/** A check's amounts as its row holds them. */
function amountsOf(row: LockedCheck['row']): CheckAmounts {
  return {
    subtotal: row.subtotal,
    discount: row.discount,
    serviceCharge: row.serviceCharge,
    tax: row.tax,
    deliveryFee: row.deliveryFee,
    total: row.total,
  };
}

/**
 * The check priced again from `lines` (the counted ones): the discount is the coupon's terms as they
 * are now (dropped, with its use given back, when the subtotal falls below its minimum), a manager's
 * percentage, or the amount given (never more than the subtotal).
 */
async function priceAgain(
  tx: Tx,
  check: LockedCheck,
  lines: readonly CheckLine[],
  settings: OrderingSettings,
): Promise<{ amounts: CheckAmounts; update: CheckUpdate; couponDropped: string | null }> {
  const { row } = check;
  const priceLines = lines.map((line) => ({
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    options: line.options,
  }));
  const base = {
    ...pricingSettings(settings, row.type as Order['type']),
    deliveryFee: row.deliveryFee,
    lines: priceLines,
  };
  let discount: PricingDiscount | null = null;
  let couponDropped: string | null = null;
  if (row.couponCode) {
    const terms = await couponTermsOf(tx, row.couponCode);
    const subtotal = priceOrder(base).subtotal;
    if (terms && terms.minOrder !== null && subtotal < terms.minOrder) {
      couponDropped = row.couponCode;
      await releaseCouponUse(tx, row.id);
    } else {
      discount = terms ? couponDiscount(terms) : { kind: 'amount', amount: row.discount };
    }
  } else if (row.discountPercent !== null) {
    discount = { kind: 'percent', percent: row.discountPercent };
  } else if (row.discount > 0) {
    discount = { kind: 'amount', amount: row.discount };
  }
  const totals = priceOrder({ ...base, discount });
  if (row.couponCode && !couponDropped) await updateCouponUse(tx, row.id, totals.discount);
  const amounts = {
    subtotal: totals.subtotal,
    discount: totals.discount,
    serviceCharge: totals.serviceCharge,
    tax: totals.tax,
    deliveryFee: totals.deliveryFee,
    total: totals.total,
  };
  return {
    amounts,
    update: {
      ...amounts,
      taxPercent: settings.taxPercent,
      taxInclusive: settings.taxInclusive,
      ...(couponDropped ? { couponCode: null } : {}),
    },
    couponDropped,
  };
}

/**
 * The payment status a check has with `total`, or the 409 that asks for a refund first when what was
 * kept of its payments (payments less refunds) is more than `total`.
 */
async function paymentStatusWith(tx: Tx, check: LockedCheck, total: number, doing: string) {
  const paid = await orderPaymentTotals(tx, check.row.id);
  const kept = netPaid(paid);
  if (kept > total) {
    const over = kept - total;
    const currency = check.row.currency.trim();
    throw conflict(
      `${formatMoney(kept, currency, 'en')} was paid for order ${orderNumberLabel(check.row.number)}: ` +
        `refund ${formatMoney(over, currency, 'en')} first to ${doing}.`,
      { reason: 'refund-required', amount: over },
    );
  }
  return paymentStatusOf(total, paid);
}

/**
 * `POST /api/orders/{id}/lines`: a round of lines added to an open check, priced from the menu now.
 * A ready check goes back to confirmed (the kitchen has something to make again); a confirmed or
 * preparing one stays where it is.
 */
export async function addRound(
  db: Database,
  actor: Actor,
  id: string,
  input: OrderRoundInput,
): Promise<Order> {
  authorize(actor, 'order.round');
  return withTransaction(db, async (tx) => {
    const check = await lockCheck(tx, actor, id, input.version);
    requireOpenCheck(check.row, 'add a round to');
    const settings = await orderingSettings(tx);
    if (settings.currency !== check.row.currency.trim()) {
      throw conflict(
        `Order ${orderNumberLabel(check.row.number)} was taken in ${check.row.currency.trim()} and the restaurant now sells in ${settings.currency}: start a new order.`,
      );
    }
    const menu = await menuItemsForSale(
      tx,
      input.lines.map((line) => line.menuItemId),
    );
    const added = input.lines.map((line, index) => checkLine(line, index, menu.get(line.menuItemId), false));
    const pricedAdded = priceOrder({
      ...pricingSettings(settings, check.row.type as Order['type']),
      lines: added.map((line) => ({
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        options: line.options,
      })),
    });
    pricedAdded.lines.forEach((priced, index) => {
      const line = added[index];
      if (line) line.lineTotal = priced.lineTotal;
    });
    const round = nextRound(check.lines);
    const withRound = await appendLines(tx, check, round, added);
    const { update } = await priceAgain(tx, withRound, countedLines(withRound.lines), settings);
    const total = update.total ?? check.row.total;
    if (total > Number.MAX_SAFE_INTEGER) throw badRequest('The order is too large.');
    const status: OrderStatus =
      check.row.status === 'ready' ? 'confirmed' : (check.row.status as OrderStatus);
    const paymentStatus = paymentStatusOf(total, await orderPaymentTotals(tx, id));
    await updateCheck(tx, id, { ...update, status, paymentStatus });
    await recordHistory(tx, {
      orderId: id,
      status,
      kind: 'round',
      actorId: actor.id,
      detail: `Round ${round} · ${items(quantityOf(added))}`,
    });
    return presentCheck(tx, id, actor);
  });
}

/**
 * Who voids or comps: a manager signed in, or a manager approving on a staff member's device with
 * their e-mail and password (checked for this one action; wrong answers count against the staff
 * member's limit). The manager is who the void is recorded and audited as.
 */
async function voidingManager(
  deps: Pick<AppDeps, 'db' | 'auth'>,
  actor: Actor,
  approval: LineVoidInput['approval'],
): Promise<Actor> {
  if (!approval) {
    authorize(actor, 'order.void');
    return actor;
  }
  await refuseWhenExhausted(deps.db, RATE_LIMITS.managerApprovalPerUser, actor.id);
  const manager = await provePassword(deps, approval.email, approval.password);
  if (!manager) {
    await countAttempt(deps.db, RATE_LIMITS.managerApprovalPerUser, actor.id);
    const message = 'That e-mail and password do not match a manager’s account.';
    throw badRequest(message, { issues: [{ path: 'approval.password', message }] });
  }
  const approver: Actor = { ...manager, sessionId: actor.sessionId };
  if (!can(approver, 'order.void')) {
    throw forbidden(`${manager.name} is not a manager: ask a manager to approve it.`);
  }
  return approver;
}

/**
 * `POST /api/orders/{id}/lines/{lineId}/void`: a manager voids or comps a line (or `quantity` of it,
 * which becomes a line of its own), with a reason; the line stays on the check, struck through, and
 * no longer counts. Audited with who, why, and who asked when a manager approved on staff's device.
 */
export async function voidLine(
  deps: Pick<AppDeps, 'db' | 'auth'>,
  actor: Actor,
  id: string,
  lineId: string,
  input: LineVoidInput,
): Promise<Order> {
  const manager = await voidingManager(deps, actor, input.approval);
  return withTransaction(deps.db, async (tx) => {
    const check = await lockCheck(tx, actor, id, input.version);
    const verb = input.kind === 'void' ? 'void' : 'comp';
    requireOpenCheck(check.row, `${verb} a line of`);
    const line = findLine(check, lineId);
    const label = orderNumberLabel(check.row.number);
    if (line.voidKind) {
      throw conflict(
        `This line of order ${label} is ${line.voidKind === 'void' ? 'voided' : 'comped'} already.`,
        {
          reason: 'not-allowed',
        },
      );
    }
    const quantity = input.quantity ?? line.quantity;
    if (quantity > line.quantity) {
      const message = `the line has ${line.quantity} of “${line.name}”`;
      throw badRequest(`Invalid body: quantity: ${message}`, { issues: [{ path: 'quantity', message }] });
    }
    const target =
      quantity < line.quantity ? await splitOffLine(tx, line, quantity, id, positionAfter(check)) : line.id;
    const reason = input.reason.trim();
    await markLine(tx, target, input.kind, reason, manager.id);
    const [reread] = await lockChecks(tx, [id]);
    if (!reread) throw new Error('the order went missing');
    const settings = await orderingSettings(tx);
    const { update, couponDropped } = await priceAgain(tx, reread, countedLines(reread.lines), settings);
    const total = update.total ?? check.row.total;
    const paymentStatus = await paymentStatusWith(tx, check, total, `${verb} it`);
    await updateCheck(tx, id, { ...update, paymentStatus });
    const what = `${quantity} × ${line.name}`;
    await recordHistory(tx, {
      orderId: id,
      status: check.row.status as OrderStatus,
      kind: input.kind,
      actorId: manager.id,
      reason,
      detail: couponDropped ? `${what} · coupon ${couponDropped} no longer applies` : what,
    });
    const asked = manager.id === actor.id ? '' : ` (approved for ${actor.name})`;
    await recordAudit(tx, manager, {
      area: 'orders',
      action: input.kind === 'void' ? 'order.line.voided' : 'order.line.comped',
      summary: `${input.kind === 'void' ? 'Voided' : 'Comped'} ${what} on order ${label}${asked}: ${reason}`,
      targetType: 'order',
      targetId: id,
      before: { total: check.row.total },
      after: { total, line: lineId, quantity, reason, askedBy: manager.id === actor.id ? null : actor.id },
    });
    return presentCheck(tx, id, actor);
  });
}

/**
 * `POST /api/orders/{id}/lines/{lineId}/void-request`: staff ask the managers to void or comp a line;
 * every manager and admin is told (the bell and Web Push), with who asks, what and why, and the
 * link to the order, where a manager does it. Nothing on the order changes.
 */
export async function requestVoid(
  db: Database,
  actor: Actor,
  id: string,
  lineId: string,
  input: LineVoidRequestInput,
): Promise<void> {
  authorize(actor, 'order.void.request');
  await withTransaction(db, async (tx) => {
    const [check] = await lockChecks(tx, [id]);
    if (!check) throw notFound('There is no order with this id.');
    requireOpenCheck(check.row, `${input.kind} a line of`);
    const line = findLine(check, lineId);
    if (line.voidKind)
      throw conflict(`This line is ${line.voidKind === 'void' ? 'voided' : 'comped'} already.`);
    const quantity = Math.min(input.quantity ?? line.quantity, line.quantity);
    const label = orderNumberLabel(check.row.number);
    await notify(
      tx,
      { roles: MANAGER_ROLES },
      {
        kind: 'void-request',
        title: VOID_REQUEST_TITLE,
        body: `${actor.name} asks to ${input.kind} ${quantity} × ${line.name} on ${label}: ${input.reason.trim()}`,
        orderId: id,
        link: `/orders/${id}`,
      },
    );
  });
}

/** `POST /api/orders/{id}/move`: an open dine-in check moves to another (active) table. */
export async function moveCheck(
  db: Database,
  actor: Actor,
  id: string,
  input: OrderTableMoveInput,
): Promise<Order> {
  authorize(actor, 'order.check.change');
  return withTransaction(db, async (tx) => {
    const check = await lockCheck(tx, actor, id, input.version);
    requireOpenCheck(check.row, 'move');
    const label = orderNumberLabel(check.row.number);
    if (check.row.type !== 'dine-in') {
      throw conflict(`Order ${label} is not a dine-in order: it has no table to move from.`, {
        reason: 'not-allowed',
      });
    }
    const table = await findDiningTable(tx, input.tableId);
    if (!table) throw notFound('tableId: there is no table with this id.');
    if (!table.active) throw conflict(`Table “${table.name}” is archived: choose another table.`);
    if (table.id === check.row.tableId) {
      throw conflict(`Order ${label} is at table ${table.name} already.`, { reason: 'not-allowed' });
    }
    await updateCheck(tx, id, { tableId: table.id, tableName: table.name });
    await recordHistory(tx, {
      orderId: id,
      status: check.row.status as OrderStatus,
      kind: 'move',
      actorId: actor.id,
      detail: `Moved from ${check.row.tableName ?? 'no table'} to ${table.name}`,
    });
    return presentCheck(tx, id, actor);
  });
}

const cannotMerge = (message: string) => conflict(message, { reason: 'cannot-merge' });

/**
 * `POST /api/orders/{id}/merge`: the open checks `orderIds` join this one. Their lines come over as
 * later rounds, their amounts are added to this check's (exact to the minor unit), and they end as
 * `merged` into it with nothing left on them. A check that has taken money or has a discount joins
 * no other (refund or take it off first: the money and the discount belong to that check's guests);
 * the checks must be of one type and currency.
 */
export async function mergeChecks(
  db: Database,
  actor: Actor,
  id: string,
  input: OrderMergeInput,
): Promise<Order> {
  authorize(actor, 'order.check.change');
  if (input.orderIds.includes(id)) throw cannotMerge('A check cannot be merged into itself.');
  return withTransaction(db, async (tx) => {
    const locked = await lockChecks(tx, [id, ...input.orderIds]);
    const target = locked.find((check) => check.row.id === id);
    if (!target) throw notFound('There is no order with this id.');
    if (target.row.version !== input.version) {
      throw staleWrite(`order ${orderNumberLabel(target.row.number)}`, target.row.version);
    }
    requireOpenCheck(target.row, 'merge checks into');
    const label = orderNumberLabel(target.row.number);
    const sources = input.orderIds.map((otherId) => {
      const found = locked.find((check) => check.row.id === otherId);
      if (!found) throw notFound(`orderIds: there is no order with the id ${otherId}.`);
      return found;
    });
    for (const source of sources) {
      const other = orderNumberLabel(source.row.number);
      requireOpenCheck(source.row, 'merge');
      if (source.row.type !== target.row.type) {
        throw cannotMerge(
          `Order ${other} is ${source.row.type} and order ${label} is ${target.row.type}: only checks of one type merge.`,
        );
      }
      if (source.row.currency.trim() !== target.row.currency.trim()) {
        throw cannotMerge(`Order ${other} is in another currency: it cannot be merged.`);
      }
      if (source.row.paymentStatus !== 'unpaid') {
        throw cannotMerge(
          `Order ${other} has taken a payment: take its payment to the end or refund it before merging it.`,
        );
      }
      if (source.row.discount > 0 || source.row.couponCode) {
        throw cannotMerge(`Order ${other} has a discount: merge the other checks into it instead.`);
      }
    }
    const amounts = mergeAmounts([amountsOf(target.row), ...sources.map((source) => amountsOf(source.row))]);
    let round = nextRound(target.lines) - 1;
    let position = positionAfter(target);
    for (const source of sources) {
      // Each round of the joining check comes over as a round of its own, after this check's.
      const rounds = [...new Set(source.lines.map((line) => line.round))].sort((a, b) => a - b);
      for (const sourceRound of rounds) {
        round += 1;
        const roundLines = source.lines.filter((line) => line.round === sourceRound);
        await moveLines(tx, roundLines, id, position, round - sourceRound);
        position += roundLines.length;
      }
    }
    const least = Math.min(
      ...[target, ...sources].map((check) => PROGRESS.indexOf(check.row.status as OrderStatus)),
    );
    const status = PROGRESS[least] as OrderStatus;
    const paymentStatus = paymentStatusOf(amounts.total, await orderPaymentTotals(tx, id));
    await updateCheck(tx, id, { ...amounts, status, paymentStatus });
    const empty = { subtotal: 0, discount: 0, serviceCharge: 0, tax: 0, deliveryFee: 0, total: 0 };
    for (const source of sources) {
      await updateCheck(tx, source.row.id, { ...empty, status: 'merged', mergedInto: id });
      await recordHistory(tx, {
        orderId: source.row.id,
        status: 'merged',
        kind: 'merge',
        actorId: actor.id,
        detail: `Merged into ${label}`,
      });
    }
    await recordHistory(tx, {
      orderId: id,
      status,
      kind: 'merge',
      actorId: actor.id,
      detail: `${sources.map((source) => orderNumberLabel(source.row.number)).join(', ')} merged in`,
    });
    return presentCheck(tx, id, actor);
  });
}

const cannotSplit = (message: string) => conflict(message, { reason: 'cannot-split' });

/**
 * `POST /api/orders/{id}/split`: the chosen lines (all of a line, or part of its quantity) go to a
 * new check of the same table, type and customer, with their share of the discount, service charge
 * and tax (shared/check-math.ts: the two checks add up exactly to the one). The payments stay on this
 * check, which must still owe at least what was kept of them. Answers the new check.
 */
export async function splitCheck(
  db: Database,
  actor: Actor,
  id: string,
  input: OrderSplitInput,
): Promise<Order> {
  authorize(actor, 'order.check.change');
  return withTransaction(db, async (tx) => {
    const check = await lockCheck(tx, actor, id, input.version);
    requireOpenCheck(check.row, 'split');
    const label = orderNumberLabel(check.row.number);
    const chosen = input.lines.map(({ lineId, quantity }, index) => {
      const line = findLine(check, lineId);
      if (line.voidKind)
        throw cannotSplit(
          `“${line.name}” is ${line.voidKind === 'void' ? 'voided' : 'comped'}: it stays on order ${label}.`,
        );
      if (quantity > line.quantity) {
        const message = `the line has ${line.quantity} of “${line.name}”`;
        throw badRequest(`Invalid body: lines.${index}.quantity: ${message}`, {
          issues: [{ path: `lines.${index}.quantity`, message }],
        });
      }
      return { line, quantity };
    });
    const counted = countedLines(check.lines);
    const left = quantityOf(counted) - chosen.reduce((sum, { quantity }) => sum + quantity, 0);
    if (left <= 0)
      throw cannotSplit(
        `Leave at least one item on order ${label}: a split moves some of its items to a new check.`,
      );
    const moved = chosen.reduce((sum, { line, quantity }) => sum + lineTotalFor(line, quantity), 0);
    const parts = splitAmounts(amountsOf(check.row), moved, check.row.taxInclusive);
    const paymentStatus = await paymentStatusWith(tx, check, parts.kept.total, 'split it');
    const created = await insertSplitCheck(tx, check.row, parts.moved, actor.id);
    let position = 0;
    for (const { line, quantity } of chosen) {
      if (quantity === line.quantity) await moveLines(tx, [line], created.id, position);
      else await splitOffLine(tx, line, quantity, created.id, position);
      position += 1;
    }
    await updateCheck(tx, id, { ...parts.kept, paymentStatus });
    const newLabel = orderNumberLabel(created.number);
    const count = items(chosen.reduce((sum, { quantity }) => sum + quantity, 0));
    await recordHistory(tx, {
      orderId: id,
      status: check.row.status as OrderStatus,
      kind: 'split',
      actorId: actor.id,
      detail: `${count} split off to ${newLabel}`,
    });
    await recordHistory(tx, {
      orderId: created.id,
      status: created.status as OrderStatus,
      kind: 'split',
      actorId: actor.id,
      detail: `${count} split off ${label}`,
    });
    return presentCheck(tx, created.id, actor);
  });
}
