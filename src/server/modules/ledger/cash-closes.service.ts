import { and, desc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type {
  CashClose,
  CashClosePage,
  CashCloseReport,
  Drawer,
} from '../../../shared/contracts/cash-closes';
import { formatMoney } from '../../../shared/money';
import { hasManagerAccess } from '../../../shared/roles';
import type { Database } from '../../db/client';
import type { Queryable, Tx } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { AppError, badRequest } from '../../lib/errors';
import { decodeCursor, encodeCursor } from '../../lib/pagination';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { users } from '../auth';
import { publishChange, type TopicRule } from '../events';
import { bankAccounts, findBankAccountNames } from '../master-data';
import { bankTransactions, cashCloses } from './ledger.schema';
import { liveAccount, recordBankTransaction } from './ledger.service';

/**
 * Closing the day (docs/PRODUCT-RULES.md, Closing the day): a count of a cash account's drawer. What
 * should be there is the account's ledger balance; the drawer's movements since the last close are
 * that balance taken apart (cash taken, refunds, paid out, transfers). The difference is booked as an
 * over or short row naming the close, so the ledger then holds what was counted.
 */

/** The till's closes follow this topic; managers and admins may. */
export const CASH_CLOSE_TOPIC_RULES: Record<string, TopicRule> = {
  'cash-closes': ({ actor }) => hasManagerAccess(actor?.role),
};
const TOPIC = 'cash-closes';

function fieldError(path: string, message: string, reason?: 'not-cash') {
  return badRequest(`Invalid request body: ${path}: ${message}`, {
    issues: [{ path, message }],
    ...(reason ? { reason } : {}),
  });
}

/** A cash account money can be counted in: it exists, is active, and is cash (400 on `accountId`). */
export async function cashAccount(db: Queryable, id: string) {
  let account: Awaited<ReturnType<typeof liveAccount>>;
  try {
    account = await liveAccount(db, id);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw fieldError('accountId', 'is not an active bank or cash account');
  }
  if (account.type !== 'cash')
    throw fieldError('accountId', `${account.name} is not a cash account`, 'not-cash');
  return account;
}

/** The drawer's last close: when, and the ledger rows up to it are its opening. Null before the first. */
export async function lastCashClose(db: Queryable, accountId: string): Promise<{ closedAt: Date } | null> {
  const [row] = await db
    .select({ closedAt: cashCloses.closedAt })
    .from(cashCloses)
    .where(eq(cashCloses.accountId, accountId))
    .orderBy(desc(cashCloses.closedAt))
    .limit(1);
  return row ?? null;
}

/**
 * The drawer from `since` (exclusive) to `to` (inclusive): its balance at `since` and the ledger's rows
 * after it, by what made them (a reversal counts with what it takes back).
 */
export async function drawerBetween(
  db: Queryable,
  account: { id: string; name: string; openingBalance: number },
  since: Date,
  to: Date,
): Promise<Drawer> {
  const [before] = await db
    .select({ total: sql<string>`coalesce(sum(${bankTransactions.amount}), 0)` })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.accountId, account.id), lte(bankTransactions.occurredAt, since)));
  const rows = await db
    .select({
      source: bankTransactions.sourceKind,
      manualIn: sql<string>`coalesce(sum(${bankTransactions.amount}) filter (where ${bankTransactions.amount} > 0), 0)`,
      total: sql<string>`coalesce(sum(${bankTransactions.amount}), 0)`,
    })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.accountId, account.id),
        gt(bankTransactions.occurredAt, since),
        lte(bankTransactions.occurredAt, to),
      ),
    )
    .groupBy(bankTransactions.sourceKind);
  const sum = (...sources: string[]) =>
    rows.filter((row) => sources.includes(row.source)).reduce((total, row) => total + Number(row.total), 0);
  const manual = rows.find((row) => row.source === 'manual');
  const manualIn = Number(manual?.manualIn ?? 0);
  const manualOut = Number(manual?.total ?? 0) - manualIn;
  const opening = account.openingBalance + Number(before?.total ?? 0);
  const cashTaken = sum('payment');
  const cashRefunds = -sum('refund');
  const paidOut = -(sum('expense', 'supplier-payment') + manualOut);
  const transfers = sum('transfer');
  const otherIn = manualIn + sum('settlement', 'cash-close');
  return {
    accountId: account.id,
    accountName: account.name,
    opening,
    cashTaken,
    cashRefunds,
    paidOut,
    transfers,
    otherIn,
    expected: opening + cashTaken - cashRefunds - paidOut + transfers + otherIn,
  };
}

/**
 * Writes the close and its over or short row in the caller's transaction, both at the moment the
 * report ends: the next close's period starts there, with the row in its opening.
 */
export async function insertCashClose(
  tx: Tx,
  actor: Actor,
  input: { report: CashCloseReport; periodStart: Date; counted: number; reason: string },
): Promise<string> {
  const { drawer } = input.report;
  const difference = input.counted - drawer.expected;
  const [close] = await tx
    .insert(cashCloses)
    .values({
      accountId: drawer.accountId,
      currency: input.report.currency,
      periodStart: input.periodStart,
      closedAt: new Date(input.report.to),
      openingCash: drawer.opening,
      expected: drawer.expected,
      counted: input.counted,
      difference,
      reason: input.reason,
      report: input.report,
      closedBy: actor.id,
    })
    .returning();
  if (!close) throw new Error('cash close not written');
  const money = (amount: number) => formatMoney(amount, input.report.currency, 'en');
  if (difference !== 0) {
    // Booked at the moment of the count: the next close starts from it, with this row in its opening.
    await recordBankTransaction(tx, {
      accountId: drawer.accountId,
      kind: difference > 0 ? 'deposit' : 'withdrawal',
      amount: Math.abs(difference),
      currency: input.report.currency,
      description: `Drawer ${difference > 0 ? 'over' : 'short'} at the close: ${input.reason}`,
      source: { kind: 'cash-close', id: close.id },
      occurredAt: new Date(input.report.to),
      createdBy: actor.id,
    });
  }
  await recordAudit(tx, actor, {
    area: 'finance',
    action: 'cash-close.recorded',
    summary:
      `Closed ${drawer.accountName}: counted ${money(input.counted)}, expected ${money(drawer.expected)}` +
      (difference === 0
        ? ''
        : ` (${difference > 0 ? 'over' : 'short'} ${money(Math.abs(difference))}: ${input.reason})`),
    targetType: 'cash-close',
    targetId: close.id,
    after: { accountId: drawer.accountId, expected: drawer.expected, counted: input.counted, difference },
  });
  await publishChange(tx, TOPIC);
  return close.id;
}

type CloseRow = typeof cashCloses.$inferSelect;

async function present(db: Queryable, rows: readonly CloseRow[]): Promise<CashClose[]> {
  const accounts = await findBankAccountNames(
    db,
    rows.map((row) => row.accountId),
  );
  const closers = [...new Set(rows.flatMap((row) => (row.closedBy ? [row.closedBy] : [])))];
  const people =
    closers.length === 0
      ? new Map<string, string>()
      : new Map(
          (
            await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, closers))
          ).map((row) => [row.id, row.name]),
        );
  return rows.map((row) => ({
    id: row.id,
    accountId: row.accountId,
    accountName: accounts.get(row.accountId) ?? row.report.drawer.accountName,
    closedAt: row.closedAt.toISOString(),
    closedByName: row.closedBy ? (people.get(row.closedBy) ?? null) : null,
    expected: row.expected,
    counted: row.counted,
    difference: row.difference,
    reason: row.reason,
    report: row.report,
  }));
}

export async function getCashClose(db: Queryable, id: string): Promise<CashClose | null> {
  const [row] = await db.select().from(cashCloses).where(eq(cashCloses.id, id));
  if (!row) return null;
  return (await present(db, [row]))[0] ?? null;
}

/** The closes, newest first, of one drawer or all. */
export async function listCashCloses(
  db: Database,
  actor: Actor,
  query: { accountId?: string; limit: number; cursor?: string },
): Promise<CashClosePage> {
  authorize(actor, 'cash-close.read');
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select()
    .from(cashCloses)
    .where(
      and(
        query.accountId ? eq(cashCloses.accountId, query.accountId) : undefined,
        after
          ? or(
              lt(cashCloses.closedAt, after.createdAt),
              and(eq(cashCloses.closedAt, after.createdAt), lt(cashCloses.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(cashCloses.closedAt), desc(cashCloses.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await present(db, page),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.closedAt, id: last.id }) : null,
  };
}

/** The cash accounts a drawer can be: active cash accounts, by name. */
export async function cashAccounts(db: Queryable): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: bankAccounts.id, name: bankAccounts.name })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.type, 'cash'), eq(bankAccounts.active, true)))
    .orderBy(bankAccounts.name);
}
