import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  commissionOf,
  type PayoutMatch,
  type Settlement,
  type SettlementAdjustmentInput,
  type SettlementInput,
  type SettlementList,
  type SettlementReceiveInput,
  type SettlementReopenInput,
  type SettlementStatus,
  type SettlementSummary,
} from '../../../shared/contracts/settlements';
import { currencyDigits, formatMoney } from '../../../shared/money';
import { isAdmin } from '../../../shared/roles';
import type { Database } from '../../db/client';
import { type Queryable, type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { queryDateBound } from '../../lib/date-range';
import { badRequest, conflict, findPgError, notFound } from '../../lib/errors';
import { staleWrite } from '../../lib/versions';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { userNames } from '../auth';
import { publishChange, type TopicRule } from '../events';
import {
  bookingDay,
  deleteDemoLedgerRows,
  liveAccountField,
  liveRowsOf,
  recordBankTransaction,
  reverseTransactions,
} from '../ledger';
import { findBankAccountNames, findPartnerTerms } from '../master-data';
import { partnerOrdersCompleted } from '../orders';
import { partnerCollected } from '../payments';
import { bookkeeping } from '../settings';
import { disputedCount, matchPayout, readPayoutReport } from './payout-report';
import {
  settlementAdjustments,
  settlementOrders,
  settlementPayoutReports,
  settlements,
} from './settlements.schema';

/**
 * Partner settlements (docs/PRODUCT-RULES.md, Partner settlements). A settlement takes the partner's
 * completed orders of its period that no settlement holds: the partner's settlements are made one at a
 * time (a lock per partner), and a unique index keeps an order in one settlement whatever happens.
 * Receiving the payout deposits it in an account and clears what the partner collected for the orders
 * (their `partner` payments, booked where the settings put them when they were taken), all as ledger
 * rows naming the settlement; reopening a received settlement reverses them.
 */

/** The partner pages follow this topic; only admins may. */
export const SETTLEMENT_TOPIC_RULES: Record<string, TopicRule> = {
  settlements: ({ actor }) => isAdmin(actor?.role),
};
const TOPIC = 'settlements';

type SettlementRow = typeof settlements.$inferSelect;

const missing = () => notFound('There is no settlement with this id.');

function fieldError(path: string, message: string) {
  return badRequest(`Invalid request body: ${path}: ${message}`, { issues: [{ path, message }] });
}

const money = (row: { currency: string }, amount: number) => formatMoney(amount, row.currency.trim(), 'en');
const netOf = (row: SettlementRow) => row.grossTotal - row.commissionTotal + row.adjustmentsTotal;

async function ordersOf(db: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(settlementOrders)
    .where(inArray(settlementOrders.settlementId, [...ids]))
    .orderBy(asc(settlementOrders.completedAt), asc(settlementOrders.orderNumber));
}

async function reportsOf(db: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(settlementPayoutReports)
    .where(inArray(settlementPayoutReports.settlementId, [...ids]));
}

function settledOrders(rows: Awaited<ReturnType<typeof ordersOf>>) {
  return rows.map((row) => ({
    orderId: row.orderId,
    number: row.orderNumber,
    partnerReference: row.partnerReference,
    gross: row.gross,
    commission: row.commission,
  }));
}

/** The rows as the list shows them: amounts, the received payout, how many orders are disputed. */
async function summarise(db: Queryable, rows: readonly SettlementRow[]): Promise<SettlementSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const reports = await db
    .select({
      settlementId: settlementPayoutReports.settlementId,
      disputed: settlementPayoutReports.disputed,
    })
    .from(settlementPayoutReports)
    .where(inArray(settlementPayoutReports.settlementId, ids));
  const people = await userNames(
    db,
    rows.flatMap((row) => [row.createdBy, row.receivedBy]),
  );
  const accounts = await findBankAccountNames(
    db,
    rows.flatMap((row) => (row.accountId ? [row.accountId] : [])),
  );
  return rows.map((row) => {
    const net = netOf(row);
    return {
      id: row.id,
      version: row.version,
      partnerId: row.partnerId,
      partnerName: row.partnerName,
      from: row.periodFrom,
      to: row.periodTo,
      currency: row.currency.trim(),
      commissionPercent: row.commissionPercent,
      status: row.status as SettlementStatus,
      orderCount: row.orderCount,
      gross: row.grossTotal,
      commission: row.commissionTotal,
      adjustmentsTotal: row.adjustmentsTotal,
      net,
      disputed: reports.find((report) => report.settlementId === row.id)?.disputed ?? null,
      received:
        row.status === 'received' && row.receivedOn && row.receivedAmount !== null && row.accountId
          ? {
              on: row.receivedOn,
              amount: row.receivedAmount,
              accountId: row.accountId,
              accountName: accounts.get(row.accountId) ?? '',
              byName: row.receivedBy ? (people.get(row.receivedBy) ?? null) : null,
              difference: row.receivedAmount - net,
            }
          : null,
      createdByName: row.createdBy ? (people.get(row.createdBy) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

async function present(db: Queryable, row: SettlementRow): Promise<Settlement> {
  const [summary] = await summarise(db, [row]);
  if (!summary) throw new Error('settlement not presented');
  const orderRows = await ordersOf(db, [row.id]);
  const adjustments = await db
    .select()
    .from(settlementAdjustments)
    .where(eq(settlementAdjustments.settlementId, row.id))
    .orderBy(asc(settlementAdjustments.createdAt));
  const [report] = await reportsOf(db, [row.id]);
  const people = await userNames(db, [...adjustments.map((a) => a.createdBy), report?.importedBy ?? null]);
  let payoutReport: PayoutMatch | null = null;
  if (report) {
    payoutReport = {
      fileName: report.fileName,
      importedAt: report.importedAt.toISOString(),
      importedByName: report.importedBy ? (people.get(report.importedBy) ?? null) : null,
      ...matchPayout(settledOrders(orderRows), report),
    };
  }
  return {
    ...summary,
    orders: orderRows.map((order) => ({
      orderId: order.orderId,
      number: order.orderNumber,
      partnerReference: order.partnerReference,
      completedAt: order.completedAt.toISOString(),
      gross: order.gross,
      commission: order.commission,
      payout: order.gross - order.commission,
    })),
    adjustments: adjustments.map((adjustment) => ({
      id: adjustment.id,
      amount: adjustment.amount,
      reason: adjustment.reason,
      createdByName: adjustment.createdBy ? (people.get(adjustment.createdBy) ?? null) : null,
      createdAt: adjustment.createdAt.toISOString(),
    })),
    payoutReport,
  };
}

async function lockSettlement(tx: Tx, id: string, version?: number): Promise<SettlementRow> {
  const [row] = await tx.select().from(settlements).where(eq(settlements.id, id)).for('update');
  if (!row) throw missing();
  if (version !== undefined && row.version !== version) throw staleWrite('this settlement', row.version);
  return row;
}

function mustBePending(row: SettlementRow) {
  if (row.status !== 'pending') {
    throw conflict('This settlement is received: reopen it to change it.', { reason: 'already-received' });
  }
}

/** Writes `values` (or nothing new) to the settlement: its version and `updatedAt` move on. */
async function touch(tx: Tx, id: string, values: Partial<typeof settlements.$inferInsert> = {}) {
  const [row] = await tx
    .update(settlements)
    .set({ updatedAt: new Date(), ...values })
    .where(eq(settlements.id, id))
    .returning();
  if (!row) throw missing();
  await publishChange(tx, TOPIC);
  return row;
}

/** Settlements, newest period first; a partner's or in one status when asked. */
export async function listSettlements(
  db: Database,
  actor: Actor,
  query: { partnerId?: string; status?: SettlementStatus },
): Promise<SettlementList> {
  authorize(actor, 'settlement.read');
  const conditions: SQL[] = [];
  if (query.partnerId) conditions.push(eq(settlements.partnerId, query.partnerId));
  if (query.status) conditions.push(eq(settlements.status, query.status));
  const rows = await db
    .select()
    .from(settlements)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(settlements.periodTo), desc(settlements.createdAt))
    .limit(500);
  return { items: await summarise(db, rows) };
}

export async function getSettlement(db: Database, actor: Actor, id: string): Promise<Settlement> {
  authorize(actor, 'settlement.read');
  const [row] = await db.select().from(settlements).where(eq(settlements.id, id));
  if (!row) throw missing();
  return present(db, row);
}

export async function createSettlement(
  db: Database,
  actor: Actor,
  input: SettlementInput,
): Promise<Settlement> {
  authorize(actor, 'settlement.write');
  return withTransaction(db, async (tx) => present(tx, await insertSettlement(tx, actor, input)));
}

/**
 * A settlement in the caller's transaction (`actor` null: the demo cafe's). The partner's settlements
 * are made one at a time: the second of two at once waits, then finds the orders taken (409
 * `nothing-to-settle` when none is left).
 */
export async function insertSettlement(
  tx: Tx,
  actor: Actor | null,
  input: SettlementInput,
): Promise<SettlementRow> {
  const partner = await findPartnerTerms(tx, input.partnerId);
  if (!partner) throw fieldError('partnerId', 'is not a partner');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settlement'), hashtext(${partner.id}))`);
  const { timeZone } = await bookkeeping(tx);
  const candidates = await partnerOrdersCompleted(
    tx,
    partner.id,
    queryDateBound(input.from, 'from', timeZone),
    queryDateBound(input.to, 'to', timeZone),
  );
  const taken =
    candidates.length === 0
      ? new Set<string>()
      : new Set(
          (
            await tx
              .select({ id: settlementOrders.orderId })
              .from(settlementOrders)
              .where(
                inArray(
                  settlementOrders.orderId,
                  candidates.map((order) => order.id),
                ),
              )
          ).map((row) => row.id),
        );
  const free = candidates.filter((order) => !taken.has(order.id));
  if (free.length === 0) {
    throw conflict(
      `${partner.name} has no completed orders from ${input.from} to ${input.to} that are not settled already.`,
      { reason: 'nothing-to-settle' },
    );
  }
  const lines = free.map((order) => ({
    order,
    commission: commissionOf(order.total, partner.commissionPercent),
  }));
  const gross = lines.reduce((sum, line) => sum + line.order.total, 0);
  const commission = lines.reduce((sum, line) => sum + line.commission, 0);
  const [row] = await tx
    .insert(settlements)
    .values({
      partnerId: partner.id,
      partnerName: partner.name,
      periodFrom: input.from,
      periodTo: input.to,
      commissionPercent: partner.commissionPercent,
      orderCount: free.length,
      grossTotal: gross,
      commissionTotal: commission,
      createdBy: actor?.id ?? null,
    })
    .returning();
  if (!row) throw new Error('settlement not written');
  await tx.insert(settlementOrders).values(
    lines.map(({ order, commission: cut }) => ({
      settlementId: row.id,
      orderId: order.id,
      orderNumber: order.number,
      partnerReference: order.partnerReference,
      completedAt: order.completedAt,
      gross: order.total,
      commission: cut,
    })),
  );
  await recordAudit(tx, actor, {
    area: 'finance',
    action: 'settlement.created',
    summary: `Settlement for ${partner.name}, ${input.from} to ${input.to}: ${free.length} orders, ${money(row, gross)} gross, ${money(row, commission)} commission`,
    targetType: 'settlement',
    targetId: row.id,
    after: { partnerId: partner.id, from: input.from, to: input.to, orders: free.length, gross, commission },
  });
  await publishChange(tx, TOPIC);
  return row;
}

/** Adds an adjustment (a charge or a bonus, with its reason) to a pending settlement. */
export async function addAdjustment(
  db: Database,
  actor: Actor,
  id: string,
  input: SettlementAdjustmentInput,
): Promise<Settlement> {
  authorize(actor, 'settlement.write');
  return withTransaction(db, async (tx) => {
    const row = await lockSettlement(tx, id, input.version);
    mustBePending(row);
    await tx
      .insert(settlementAdjustments)
      .values({ settlementId: id, amount: input.amount, reason: input.reason, createdBy: actor.id });
    const after = await touch(tx, id, {
      adjustmentsTotal: sql`${settlements.adjustmentsTotal} + ${input.amount}` as never,
    });
    await recordAudit(tx, actor, {
      area: 'finance',
      action: 'settlement.adjusted',
      summary: `Adjusted the ${row.partnerName} settlement by ${money(row, input.amount)}: ${input.reason}`,
      targetType: 'settlement',
      targetId: id,
      after: { amount: input.amount, reason: input.reason },
    });
    return present(tx, after);
  });
}

/** Takes an adjustment off a pending settlement. */
export async function removeAdjustment(
  db: Database,
  actor: Actor,
  id: string,
  adjustmentId: string,
): Promise<Settlement> {
  authorize(actor, 'settlement.write');
  return withTransaction(db, async (tx) => {
    const row = await lockSettlement(tx, id);
    mustBePending(row);
    const [removed] = await tx
      .delete(settlementAdjustments)
      .where(and(eq(settlementAdjustments.id, adjustmentId), eq(settlementAdjustments.settlementId, id)))
      .returning();
    if (!removed) throw notFound('This settlement has no adjustment with this id.');
    const after = await touch(tx, id, {
      adjustmentsTotal: sql`${settlements.adjustmentsTotal} - ${removed.amount}` as never,
    });
    await recordAudit(tx, actor, {
      area: 'finance',
      action: 'settlement.adjustment-removed',
      summary: `Removed an adjustment of ${money(row, removed.amount)} from the ${row.partnerName} settlement (${removed.reason})`,
      targetType: 'settlement',
      targetId: id,
      before: { amount: removed.amount, reason: removed.reason },
    });
    return present(tx, after);
  });
}

/** Reads the partner's payout report and keeps it with the settlement (replacing one imported before). */
export async function importPayoutReport(
  db: Database,
  actor: Actor | null,
  id: string,
  file: { fileName: string; text: string },
): Promise<Settlement> {
  if (actor) authorize(actor, 'settlement.write');
  return withTransaction(db, (tx) => insertPayoutReport(tx, actor, id, file));
}

export async function insertPayoutReport(
  tx: Tx,
  actor: Actor | null,
  id: string,
  file: { fileName: string; text: string },
): Promise<Settlement> {
  const row = await lockSettlement(tx, id);
  const report = readPayoutReport(file.text, currencyDigits(row.currency.trim()));
  const values = {
    fileName: file.fileName.slice(0, 200) || 'payout.csv',
    rows: report.rows,
    problems: report.problems,
    disputed: disputedCount(matchPayout(settledOrders(await ordersOf(tx, [id])), report)),
    importedBy: actor?.id ?? null,
    importedAt: new Date(),
  };
  await tx
    .insert(settlementPayoutReports)
    .values({ settlementId: id, ...values })
    .onConflictDoUpdate({ target: settlementPayoutReports.settlementId, set: values });
  const after = await touch(tx, id);
  const presented = await present(tx, after);
  const match = presented.payoutReport;
  await recordAudit(tx, actor, {
    area: 'finance',
    action: 'settlement.payout-imported',
    summary: `Imported ${values.fileName} for the ${row.partnerName} settlement: ${match?.matched.length ?? 0} matched, ${match?.missing.length ?? 0} missing, ${match?.unknown.length ?? 0} unknown`,
    targetType: 'settlement',
    targetId: id,
    after: { fileName: values.fileName, rows: report.rows.length, problems: report.problems.length },
  });
  return presented;
}

/**
 * Records the partner's payout: a deposit of `amount` in the account on `date`, and, for what the
 * partner collected for these orders at the counter (`partner` payments), a withdrawal from the account
 * each was booked in, so that money is not counted twice. The settlement is then received.
 */
export async function receiveSettlement(
  db: Database,
  actor: Actor,
  id: string,
  input: SettlementReceiveInput,
): Promise<Settlement> {
  authorize(actor, 'settlement.write');
  return withTransaction(db, async (tx) => present(tx, await insertReceipt(tx, actor, id, input)));
}

export async function insertReceipt(
  tx: Tx,
  actor: Actor | null,
  id: string,
  input: SettlementReceiveInput,
): Promise<SettlementRow> {
  const row = await lockSettlement(tx, id, input.version);
  mustBePending(row);
  const account = await liveAccountField(tx, input.accountId);
  await bookingDay(tx, input.date);
  const currency = row.currency.trim();
  await recordBankTransaction(tx, {
    accountId: account.id,
    kind: 'deposit',
    amount: input.amount,
    currency,
    description: `Payout from ${row.partnerName} for ${row.periodFrom} to ${row.periodTo}`,
    source: { kind: 'settlement', id },
    bookedOn: input.date,
    createdBy: actor?.id ?? null,
  });
  const orderIds = (await ordersOf(tx, [id])).map((order) => order.orderId);
  for (const collected of await partnerCollected(tx, orderIds)) {
    await recordBankTransaction(tx, {
      accountId: collected.accountId,
      kind: 'withdrawal',
      amount: collected.amount,
      currency,
      description: `${row.partnerName} settlement ${row.periodFrom} to ${row.periodTo}: partner payments cleared by the payout`,
      source: { kind: 'settlement', id },
      bookedOn: input.date,
      createdBy: actor?.id ?? null,
    });
  }
  const after = await touch(tx, id, {
    status: 'received',
    receivedOn: input.date,
    receivedAmount: input.amount,
    accountId: account.id,
    receivedBy: actor?.id ?? null,
  });
  const difference = input.amount - netOf(after);
  await recordAudit(tx, actor, {
    area: 'finance',
    action: 'settlement.received',
    summary:
      `Received ${money(row, input.amount)} from ${row.partnerName} into ${account.name} on ${input.date}` +
      (difference === 0
        ? ''
        : ` (${money(row, difference)} against the ${money(row, netOf(after))} expected)`),
    targetType: 'settlement',
    targetId: id,
    after: { accountId: account.id, date: input.date, amount: input.amount, expected: netOf(after) },
  });
  return after;
}

/** Takes a received payout back (its ledger rows reversed, with the reason): pending again. */
export async function reopenSettlement(
  db: Database,
  actor: Actor,
  id: string,
  input: SettlementReopenInput,
): Promise<Settlement> {
  authorize(actor, 'settlement.write');
  return withTransaction(db, async (tx) => {
    const row = await lockSettlement(tx, id, input.version);
    if (row.status !== 'received') {
      throw conflict('This settlement is not received: there is nothing to reopen.', {
        reason: 'not-received',
      });
    }
    const rows = await liveRowsOf(tx, { kind: 'settlement', id });
    await reverseTransactions(tx, rows, {
      description: `Settlement reopened: ${input.reason}`,
      createdBy: actor.id,
    });
    const after = await touch(tx, id, {
      status: 'pending',
      receivedOn: null,
      receivedAmount: null,
      accountId: null,
      receivedBy: null,
    });
    await recordAudit(tx, actor, {
      area: 'finance',
      action: 'settlement.reopened',
      summary: `Reopened the ${row.partnerName} settlement ${row.periodFrom} to ${row.periodTo}: ${input.reason}`,
      targetType: 'settlement',
      targetId: id,
      before: { receivedOn: row.receivedOn, receivedAmount: row.receivedAmount, accountId: row.accountId },
      after: { reason: input.reason },
    });
    return present(tx, after);
  });
}

/** Deletes a pending settlement that never received money: its orders can be settled again. */
export async function deleteSettlement(db: Database, actor: Actor, id: string): Promise<void> {
  authorize(actor, 'settlement.write');
  await withTransaction(db, async (tx) => {
    const row = await lockSettlement(tx, id);
    mustBePending(row);
    try {
      await tx.transaction((savepoint) => savepoint.delete(settlements).where(eq(settlements.id, id)));
    } catch (error) {
      if (findPgError(error)?.code !== '23503') throw error;
      throw conflict('This settlement received a payout once: it stays, with its history.', {
        reason: 'has-ledger-rows',
      });
    }
    await recordAudit(tx, actor, {
      area: 'finance',
      action: 'settlement.deleted',
      summary: `Deleted the pending ${row.partnerName} settlement ${row.periodFrom} to ${row.periodTo}`,
      targetType: 'settlement',
      targetId: id,
      before: { partnerId: row.partnerId, from: row.periodFrom, to: row.periodTo, gross: row.grossTotal },
    });
    await publishChange(tx, TOPIC);
  });
}

/** Deletes the demo's settlements with their ledger rows (before its orders). */
export async function deleteDemoSettlements(tx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await deleteDemoLedgerRows(
    tx,
    ids.map((id) => ({ kind: 'settlement' as const, id })),
  );
  const deleted = await tx
    .delete(settlements)
    .where(inArray(settlements.id, [...ids]))
    .returning({ id: settlements.id });
  if (deleted.length > 0) await publishChange(tx, TOPIC);
  return deleted.length;
}

export async function countSettlementsIn(db: Queryable, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(settlements)
    .where(inArray(settlements.id, [...ids]));
  return row?.count ?? 0;
}
