import { sql } from 'drizzle-orm';
import type { CashClose, CashCloseInput, CashCloseReport } from '../../shared/contracts/cash-closes';
import { restaurantToday } from '../../shared/coupon-rules';
import type { Database } from '../db/client';
import { type Tx, withTransaction } from '../db/transaction';
import type { Actor } from '../lib/context';
import { queryDateBound } from '../lib/date-range';
import { badRequest } from '../lib/errors';
import { cashAccount, drawerBetween, getCashClose, insertCashClose, lastCashClose } from '../modules/ledger';
import { orderPeriodTotals } from '../modules/orders';
import { paymentsByMethod, refundsByMethod } from '../modules/payments';
import { bookkeeping } from '../modules/settings';
import { authorize } from '../policies';

/**
 * Closing the day at the till (docs/PRODUCT-RULES.md, Closing the day): the day's end report of a cash
 * drawer, from its last close (or the start of the restaurant's day, for its first) to now: the orders,
 * the payments and refunds by method, voids, comps and discounts, and the drawer as its ledger has it.
 * A close counts it and books the difference; two managers closing one drawer at once close it one
 * after the other (a lock per drawer), the second from the first's close.
 */

const total = (rows: readonly { amount: number }[]) => rows.reduce((sum, row) => sum + row.amount, 0);

async function dayEndReport(
  tx: Tx,
  accountId: string,
): Promise<{ report: CashCloseReport; periodStart: Date }> {
  const account = await cashAccount(tx, accountId);
  const books = await bookkeeping(tx);
  const last = await lastCashClose(tx, account.id);
  const periodStart =
    last?.closedAt ?? queryDateBound(restaurantToday(books.timeZone), 'from', books.timeZone);
  const clock = await tx.execute<{ now: Date | string }>(sql`select clock_timestamp() as now`);
  const to = new Date(clock.rows[0]?.now ?? Date.now());
  const [drawer, orders, sales, refunds] = await Promise.all([
    drawerBetween(tx, account, periodStart, to),
    orderPeriodTotals(tx, periodStart, to),
    paymentsByMethod(tx, periodStart, to),
    refundsByMethod(tx, periodStart, to),
  ]);
  return {
    periodStart,
    report: {
      from: periodStart.toISOString(),
      to: to.toISOString(),
      currency: account.currency.trim(),
      orders: { placed: orders.placed, completed: orders.completed, cancelled: orders.cancelled },
      sales: { byMethod: sales, total: total(sales) },
      refunds: { byMethod: refunds, total: total(refunds) },
      voids: orders.voids,
      comps: orders.comps,
      discounts: orders.discounts,
      drawer,
    },
  };
}

/** What the drawer should hold now, with the day's end report so far (nothing is written). */
export async function previewCashClose(
  db: Database,
  actor: Actor,
  accountId: string,
): Promise<CashCloseReport> {
  authorize(actor, 'cash-close.read');
  return withTransaction(db, async (tx) => (await dayEndReport(tx, accountId)).report, {
    isolation: 'repeatable read',
  });
}

/** Counts the drawer: the close with its report, and the over or short booked in the account. */
export async function closeTheDay(db: Database, actor: Actor, input: CashCloseInput): Promise<CashClose> {
  authorize(actor, 'cash-close.record');
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cash-close'), hashtext(${input.accountId}))`);
    const { report, periodStart } = await dayEndReport(tx, input.accountId);
    const reason = input.reason?.trim() ?? '';
    if (input.counted !== report.drawer.expected && reason === '') {
      const message = 'is needed when the count differs from what should be in the drawer';
      throw badRequest(`Invalid request body: reason: ${message}`, {
        issues: [{ path: 'reason', message }],
        reason: 'reason-required',
        expected: report.drawer.expected,
      });
    }
    const id = await insertCashClose(tx, actor, { report, periodStart, counted: input.counted, reason });
    const close = await getCashClose(tx, id);
    if (!close) throw new Error('cash close not read back');
    return close;
  });
}
