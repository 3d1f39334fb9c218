import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AccountBalance,
  AccountLedger,
  BankTransaction,
  BankTransactionKind,
  LedgerSource,
  ManualTransactionInput,
  Transfer,
  TransferInput,
  VoidResult,
} from '../../../shared/contracts/ledger';
import type { BankAccountType } from '../../../shared/contracts/master-data';
import { restaurantToday } from '../../../shared/coupon-rules';
import { formatMoney } from '../../../shared/money';
import type { Database } from '../../db/client';
import { type Queryable, type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { users } from '../auth';
import { publishChange } from '../events';
import { bankAccounts } from '../master-data';
import { bookkeeping } from '../settings';
import { bankTransactions } from './ledger.schema';

/**
 * The account ledger (docs/PRODUCT-RULES.md, Bank and cash ledger): every movement of money in a bank
 * or cash account, one signed row each, written in the transaction of whatever moved it. A row names
 * its source (a payment, a refund; `manual` for an entry by hand, `transfer` for one of a transfer's
 * two rows), which the database checks when the transaction commits. An account's balance is its
 * opening balance plus the sum of its rows, so a balance is never stored and can never drift.
 *
 * Rows are never changed: a mistake is taken back by a reversing row (the opposite amount, on the same
 * day), and the database refuses any update but the reconciled mark. Nothing is booked on or before
 * the settings' lock date (`booksLockedUntil`): a 409 that names it.
 */

/** A source that is a record of another module: the row names it. */
export interface RecordSource {
  kind: Exclude<LedgerSource, 'manual' | 'transfer'>;
  id: string;
}

export interface NewBankTransaction {
  accountId: string;
  kind: 'deposit' | 'withdrawal' | 'fee';
  /** Positive minor units; the sign comes from the kind (a deposit adds, a withdrawal or fee takes). */
  amount: number;
  /** The currency of the money it records; the settings' (the column's default) when not given. */
  currency?: string;
  description: string;
  /** What made it; `manual` for an entry by hand. */
  source: RecordSource | { kind: 'manual' };
  /** When the money moved, if not now (a drawer's over or short belongs to the moment it was counted). */
  occurredAt?: Date;
  /** The restaurant's day it counts on; today when not given. */
  bookedOn?: string;
  /** Who recorded it (null: an online payment, the system). */
  createdBy?: string | null;
}

type Row = typeof bankTransactions.$inferSelect;

const ROW_KINDS: Record<NewBankTransaction['kind'], 1 | -1> = { deposit: 1, withdrawal: -1, fee: -1 };

export function presentRow(
  row: Row,
  extra: { reversedById?: string | null; createdByName?: string | null } = {},
) {
  return {
    id: row.id,
    accountId: row.accountId,
    kind: row.kind as BankTransactionKind,
    amount: row.amount,
    currency: row.currency.trim(),
    description: row.description,
    source: { kind: row.sourceKind as LedgerSource, id: row.sourceId },
    transferId: row.transferId,
    reversesId: row.reversesId,
    reversedById: extra.reversedById ?? null,
    bookedOn: row.bookedOn,
    occurredAt: row.occurredAt.toISOString(),
    reconciled: row.reconciled,
    createdByName: extra.createdByName ?? null,
  } satisfies BankTransaction;
}

/** The 409 for a day the books are closed on. */
export function booksLocked(lockedUntil: string) {
  return conflict(
    `The books are closed up to ${lockedUntil}: nothing dated on or before it can be recorded, changed or voided.`,
    { reason: 'books-locked', lockedUntil },
  );
}

/**
 * The day a row is booked on (`bookedOn`, or today in the restaurant's time zone), checked against the
 * lock date. Reads the settings `for share`, so a lock date being set waits for this transaction.
 */
export async function bookingDay(tx: Tx, bookedOn: string | undefined): Promise<string> {
  const books = await bookkeeping(tx);
  const day = bookedOn ?? restaurantToday(books.timeZone);
  if (books.booksLockedUntil !== null && day <= books.booksLockedUntil)
    throw booksLocked(books.booksLockedUntil);
  return day;
}

/**
 * A close-the-day screen follows `cash-closes` to see its drawer move. Payments and refunds already
 * announce the orders they belong to (the screen follows those too); every other source announces
 * here, whatever the account: they are the back office's writes, few and far between.
 */
async function announceDrawerMove(tx: Tx, sources: readonly string[]): Promise<void> {
  if (sources.some((source) => source !== 'payment' && source !== 'refund')) {
    await publishChange(tx, 'cash-closes');
  }
}

/** Records one movement of money in the caller's transaction (with the change that made it). */
export async function recordBankTransaction(tx: Tx, input: NewBankTransaction): Promise<BankTransaction> {
  const bookedOn = await bookingDay(tx, input.bookedOn);
  const [row] = await tx
    .insert(bankTransactions)
    .values({
      accountId: input.accountId,
      kind: input.kind,
      amount: ROW_KINDS[input.kind] * Math.abs(input.amount),
      ...(input.currency === undefined ? {} : { currency: input.currency }),
      description: input.description,
      sourceKind: input.source.kind,
      sourceId: input.source.kind === 'manual' ? null : input.source.id,
      bookedOn,
      ...(input.occurredAt ? { occurredAt: input.occurredAt } : {}),
      createdBy: input.createdBy ?? null,
    })
    .returning();
  if (!row) throw new Error('bank transaction not written');
  await announceDrawerMove(tx, [input.source.kind]);
  return presentRow(row);
}

interface AccountRow {
  id: string;
  name: string;
  type: string;
  active: boolean;
  currency: string;
  openingBalance: number;
  openingDate: string;
}

const accountColumns = {
  id: bankAccounts.id,
  name: bankAccounts.name,
  type: bankAccounts.type,
  active: bankAccounts.active,
  currency: bankAccounts.currency,
  openingBalance: bankAccounts.openingBalance,
  openingDate: bankAccounts.openingDate,
};

const noAccount = () => notFound('There is no bank or cash account with this id.');

/** An account money can move in: it exists (404) and is not archived (409). */
export async function liveAccount(db: Queryable, id: string): Promise<AccountRow> {
  const [account] = await db.select(accountColumns).from(bankAccounts).where(eq(bankAccounts.id, id));
  if (!account) throw noAccount();
  if (!account.active) {
    throw conflict(`${account.name} is archived: restore it in master data before moving money in it.`, {
      reason: 'archived',
    });
  }
  return account;
}

/**
 * An account a form names for money to move in: `liveAccount`, its 404 and 409 turned into a 400 on
 * the form's field (an expense's, a supplier payment's, a partner payout's `accountId`).
 */
export async function liveAccountField(db: Queryable, id: string, field = 'accountId'): Promise<AccountRow> {
  try {
    return await liveAccount(db, id);
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 409)) {
      const message = error.status === 404 ? 'is not a bank or cash account' : error.message;
      throw badRequest(`Invalid request body: ${field}: ${message}`, { issues: [{ path: field, message }] });
    }
    throw error;
  }
}

function presentAccount(account: AccountRow, total: number): AccountBalance {
  return {
    id: account.id,
    name: account.name,
    type: account.type as BankAccountType,
    active: account.active,
    currency: account.currency.trim(),
    openingBalance: account.openingBalance,
    openingDate: account.openingDate,
    balance: account.openingBalance + total,
  };
}

/** A deposit, withdrawal or bank fee entered by hand. */
export async function recordManualTransaction(
  db: Database,
  actor: Actor,
  input: ManualTransactionInput,
): Promise<BankTransaction> {
  authorize(actor, 'ledger.record');
  return withTransaction(db, (tx) => insertManualTransaction(tx, actor, input));
}

/** An entry by hand in the caller's transaction (`actor` null: the demo cafe's history), audited. */
export async function insertManualTransaction(
  tx: Tx,
  actor: Actor | null,
  input: ManualTransactionInput,
): Promise<BankTransaction> {
  const account = await liveAccount(tx, input.accountId);
  const row = await recordBankTransaction(tx, {
    accountId: account.id,
    kind: input.kind,
    amount: input.amount,
    description: input.description,
    source: { kind: 'manual' },
    bookedOn: input.date,
    createdBy: actor?.id ?? null,
  });
  await recordAudit(tx, actor, {
    area: 'finance',
    action: 'ledger.recorded',
    summary: `Recorded a ${input.kind} of ${formatMoney(input.amount, row.currency, 'en')} in ${account.name} on ${input.date}: ${input.description}`,
    targetType: 'bank-transaction',
    targetId: row.id,
    after: { accountId: account.id, kind: input.kind, amount: row.amount, bookedOn: row.bookedOn },
  });
  return row;
}

/** Moves money from one account to another: two rows, out and in, tied by one transfer id. */
export async function recordTransfer(db: Database, actor: Actor, input: TransferInput): Promise<Transfer> {
  authorize(actor, 'ledger.record');
  return withTransaction(db, (tx) => insertTransfer(tx, actor, input));
}

/** A transfer in the caller's transaction (`actor` null: the demo cafe's history), audited. */
export async function insertTransfer(tx: Tx, actor: Actor | null, input: TransferInput): Promise<Transfer> {
  if (input.fromAccountId === input.toAccountId) {
    const message = 'must be another account than the one the money leaves';
    throw badRequest(`Invalid request body: toAccountId: ${message}`, {
      issues: [{ path: 'toAccountId', message }],
    });
  }
  // Locked in a fixed order, so two transfers between the same accounts cannot deadlock.
  const [first, second] = [input.fromAccountId, input.toAccountId].sort();
  const a = await liveAccount(tx, first as string);
  const b = await liveAccount(tx, second as string);
  const from = a.id === input.fromAccountId ? a : b;
  const to = from === a ? b : a;
  const bookedOn = await bookingDay(tx, input.date);
  const transferId = randomUUID();
  const rows = await tx
    .insert(bankTransactions)
    .values(
      [
        { account: from, amount: -input.amount, description: `To ${to.name}: ${input.description}` },
        { account: to, amount: input.amount, description: `From ${from.name}: ${input.description}` },
      ].map((side) => ({
        accountId: side.account.id,
        kind: 'transfer',
        amount: side.amount,
        description: side.description,
        sourceKind: 'transfer',
        transferId,
        bookedOn,
        createdBy: actor?.id ?? null,
      })),
    )
    .returning();
  const out = rows.find((row) => row.amount < 0);
  const into = rows.find((row) => row.amount > 0);
  if (!out || !into) throw new Error('transfer rows not written');
  await announceDrawerMove(tx, ['transfer']);
  await recordAudit(tx, actor, {
    area: 'finance',
    action: 'ledger.transferred',
    summary: `Moved ${formatMoney(input.amount, out.currency.trim(), 'en')} from ${from.name} to ${to.name} on ${bookedOn}: ${input.description}`,
    targetType: 'bank-transfer',
    targetId: transferId,
    after: { fromAccountId: from.id, toAccountId: to.id, amount: input.amount, bookedOn },
  });
  return { transferId, rows: [presentRow(out), presentRow(into)] };
}

/**
 * Takes back rows in the caller's transaction: for each, a reversing row of the opposite amount in the
 * same account, booked on the same day (so the day's total is as if the mistake had not happened; a
 * closed day cannot be reopened this way). A row already reversed, or a reversal, is a 409.
 */
export async function reverseTransactions(
  tx: Tx,
  rows: readonly Row[],
  input: { description: string; createdBy: string | null },
): Promise<BankTransaction[]> {
  const reversed = await tx
    .select({ id: bankTransactions.reversesId })
    .from(bankTransactions)
    .where(
      inArray(
        bankTransactions.reversesId,
        rows.map((row) => row.id),
      ),
    );
  if (reversed.length > 0) {
    throw conflict('This entry has already been voided.', { reason: 'already-voided' });
  }
  if (rows.some((row) => row.kind === 'reversal')) {
    throw conflict('A reversal cannot be voided: record a new entry instead.', { reason: 'is-reversal' });
  }
  if (rows.some((row) => row.reconciled)) {
    throw conflict(
      'This entry is ticked off against a bank statement: it stays. Record a correcting entry instead.',
      { reason: 'reconciled' },
    );
  }
  const books = await bookkeeping(tx);
  for (const row of rows) {
    if (books.booksLockedUntil !== null && row.bookedOn <= books.booksLockedUntil) {
      throw booksLocked(books.booksLockedUntil);
    }
  }
  if (rows.length === 0) return [];
  const written = await tx
    .insert(bankTransactions)
    .values(
      rows.map((row) => ({
        accountId: row.accountId,
        kind: 'reversal',
        amount: -row.amount,
        currency: row.currency.trim(),
        description: input.description,
        sourceKind: row.sourceKind,
        sourceId: row.sourceId,
        transferId: row.transferId,
        reversesId: row.id,
        bookedOn: row.bookedOn,
        createdBy: input.createdBy,
      })),
    )
    .returning();
  await announceDrawerMove(
    tx,
    rows.map((row) => row.sourceKind),
  );
  return written.map((row) => presentRow(row));
}

/**
 * The rows a record of another module wrote that still count (not reversals, not reversed), locked
 * for the caller's transaction: what a change to that record takes back.
 */
export async function liveRowsOf(tx: Tx, source: RecordSource): Promise<Row[]> {
  return tx
    .select()
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.sourceKind, source.kind),
        eq(bankTransactions.sourceId, source.id),
        sql`${bankTransactions.kind} <> 'reversal'`,
        sql`not exists (select 1 from bank_transactions r where r.reverses_id = ${bankTransactions.id})`,
      ),
    )
    .orderBy(asc(bankTransactions.occurredAt))
    .for('update');
}

/**
 * Voids an entry made by hand, or a transfer (both its rows), with a reason. Rows a payment or a refund
 * made are taken back by refunding, not here (a 409 that says so).
 */
export async function voidTransaction(
  db: Database,
  actor: Actor,
  id: string,
  reason: string,
): Promise<VoidResult> {
  authorize(actor, 'ledger.void');
  return withTransaction(db, async (tx) => {
    const [row] = await tx.select().from(bankTransactions).where(eq(bankTransactions.id, id)).for('update');
    if (!row) throw notFound('There is no bank transaction with this id.');
    if (row.sourceKind !== 'manual' && row.sourceKind !== 'transfer') {
      const where: Record<string, string> = {
        payment: 'a payment: take it back from the order, by a refund',
        refund: 'a refund: it stays with its order',
        expense: 'an expense: change or void the expense instead',
      };
      throw conflict(`This entry was made by ${where[row.sourceKind] ?? `a ${row.sourceKind}`}.`, {
        reason: 'not-manual',
        source: row.sourceKind,
      });
    }
    const rows =
      row.transferId === null || row.kind === 'reversal'
        ? [row]
        : await tx
            .select()
            .from(bankTransactions)
            .where(
              and(eq(bankTransactions.transferId, row.transferId), eq(bankTransactions.kind, 'transfer')),
            )
            .orderBy(asc(bankTransactions.amount))
            .for('update');
    const reversals = await reverseTransactions(tx, rows, {
      description: `Voided: ${reason}`,
      createdBy: actor.id,
    });
    await recordAudit(tx, actor, {
      area: 'finance',
      action: 'ledger.voided',
      summary: `Voided ${row.transferId ? 'a transfer' : `a ${row.kind}`} of ${formatMoney(Math.abs(row.amount), row.currency.trim(), 'en')} booked on ${row.bookedOn}: ${reason}`,
      targetType: row.transferId ? 'bank-transfer' : 'bank-transaction',
      targetId: row.transferId ?? row.id,
      before: { amount: row.amount, bookedOn: row.bookedOn },
      after: { reversals: reversals.map((reversal) => reversal.id), reason },
    });
    return { reversals };
  });
}

/** The sum of an account's transactions (0 for none). */
export async function accountTransactionsTotal(db: Queryable, accountId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${bankTransactions.amount}), 0)` })
    .from(bankTransactions)
    .where(eq(bankTransactions.accountId, accountId));
  return Number(row?.total ?? 0);
}

/** An account's balance: its opening balance plus the sum of its transactions (404: no account). */
export async function accountBalance(db: Queryable, accountId: string): Promise<number> {
  const [account] = await db
    .select({ openingBalance: bankAccounts.openingBalance })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, accountId));
  if (!account) throw noAccount();
  return account.openingBalance + (await accountTransactionsTotal(db, accountId));
}

/** Every account with its balance, by name. */
export async function accountBalances(db: Queryable, actor: Actor): Promise<AccountBalance[]> {
  authorize(actor, 'ledger.read');
  const totals = db
    .select({
      accountId: bankTransactions.accountId,
      total: sql<string>`sum(${bankTransactions.amount})`.as('total'),
    })
    .from(bankTransactions)
    .groupBy(bankTransactions.accountId)
    .as('totals');
  const rows = await db
    .select({ ...accountColumns, total: totals.total })
    .from(bankAccounts)
    .leftJoin(totals, eq(totals.accountId, bankAccounts.id))
    .orderBy(asc(sql`lower(${bankAccounts.name})`));
  return rows.map((row) => presentAccount(row, Number(row.total ?? 0)));
}

interface LedgerCursor {
  bookedOn: string;
  occurredAt: string;
  id: string;
}

function encodeLedgerCursor(row: LedgerCursor): string {
  return Buffer.from(JSON.stringify([row.bookedOn, row.occurredAt, row.id])).toString('base64url');
}

function decodeLedgerCursor(cursor: string): LedgerCursor {
  const refuse = () =>
    badRequest('Invalid query: cursor: is not a cursor this list gave out', {
      issues: [{ path: 'cursor', message: 'is not a cursor this list gave out' }],
    });
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (
    !Array.isArray(parts) ||
    parts.length !== 3 ||
    !/^\d{4}-\d{2}-\d{2}$/.test(String(parts[0])) ||
    Number.isNaN(Date.parse(String(parts[1]))) ||
    !/^[0-9a-f-]{36}$/.test(String(parts[2]))
  ) {
    throw refuse();
  }
  return { bookedOn: String(parts[0]), occurredAt: String(parts[1]), id: String(parts[2]) };
}

export interface AccountLedgerQuery {
  from?: string;
  to?: string;
  kind?: BankTransactionKind[];
  limit: number;
  cursor?: string;
}

interface LedgerListRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  kind: string;
  amount: string;
  currency: string;
  description: string;
  source_kind: string;
  source_id: string | null;
  transfer_id: string | null;
  reverses_id: string | null;
  booked_on: string;
  occurred_at: string;
  reconciled: boolean;
  reversed_by_id: string | null;
  created_by_name: string | null;
}

type LedgerKey = Pick<LedgerListRow, 'id' | 'booked_on' | 'occurred_at'>;
const keyOf = (row: LedgerKey) =>
  sql`(${row.booked_on}::date, ${new Date(row.occurred_at).toISOString()}::timestamptz, ${row.id}::uuid)`;

/**
 * The balance after each of `rows` (a page, newest first): the balance at the period's end less the
 * rows after it in the period, every kind counted. Read from the account's index alone: the sum of the
 * rows newer than the page, then the rows the page spans, whatever their kind.
 */
async function runningBalances(
  tx: Tx,
  accountId: string,
  to: string | null,
  balanceAfter: number,
  rows: readonly LedgerKey[],
): Promise<Map<string, number>> {
  const balances = new Map<string, number>();
  const [first, last] = [rows[0], rows.at(-1)];
  if (!first || !last) return balances;
  const [newer] = (
    await tx.execute<{ total: string }>(sql`
      select coalesce(sum(amount), 0) as total from bank_transactions t
      where t.account_id = ${accountId} and (${to}::date is null or t.booked_on <= ${to}::date)
        and (t.booked_on, t.occurred_at, t.id) > ${keyOf(first)}`)
  ).rows;
  const span = await tx.execute<{ id: string; amount: string }>(sql`
    select t.id, t.amount from bank_transactions t
    where t.account_id = ${accountId}
      and (t.booked_on, t.occurred_at, t.id) <= ${keyOf(first)}
      and (t.booked_on, t.occurred_at, t.id) >= ${keyOf(last)}
    order by t.booked_on desc, t.occurred_at desc, t.id desc`);
  let balance = balanceAfter - Number(newer?.total ?? 0);
  for (const row of span.rows) {
    balances.set(row.id, balance);
    balance -= Number(row.amount);
  }
  return balances;
}

/**
 * An account's rows in a period (days, inclusive; either end open), newest first, each with the
 * balance after it; with the balance before and after the period and its money in and out. `kind`
 * keeps only rows of those kinds (the running balance still counts every row).
 */
export async function accountLedger(
  db: Database,
  actor: Actor,
  accountId: string,
  query: AccountLedgerQuery,
): Promise<AccountLedger> {
  authorize(actor, 'ledger.read');
  if (query.from && query.to && query.from > query.to) {
    const message = 'must not be after to';
    throw badRequest(`Invalid query: from: ${message}`, { issues: [{ path: 'from', message }] });
  }
  const cursor = query.cursor ? decodeLedgerCursor(query.cursor) : null;
  // One snapshot: the balance before, the period's rows and its totals agree with each other.
  return withTransaction(
    db,
    async (tx) => {
      const [account] = await tx
        .select(accountColumns)
        .from(bankAccounts)
        .where(eq(bankAccounts.id, accountId));
      if (!account) throw noAccount();
      const from = query.from ?? null;
      const to = query.to ?? null;
      // The kinds asked as one comma-separated parameter (a bound array would become one per element).
      const kinds = query.kind && query.kind.length > 0 ? query.kind.join(',') : null;
      const inPeriod = sql`t.account_id = ${accountId}
        and (${from}::date is null or t.booked_on >= ${from}::date)
        and (${to}::date is null or t.booked_on <= ${to}::date)`;
      const ofKinds = sql`(${kinds}::text is null or t.kind = any(string_to_array(${kinds}::text, ',')))`;
      // The sums read the account's index alone: before the period, in it, and in all.
      const [sums] = (
        await tx.execute<{
          before: string;
          period: string;
          total_in: string;
          total_out: string;
          total: string;
        }>(sql`
          select coalesce(sum(amount) filter (where ${from}::date is not null and t.booked_on < ${from}::date), 0) as before,
            coalesce(sum(amount) filter (where ${inPeriod}), 0) as period,
            coalesce(sum(amount) filter (where ${inPeriod} and amount > 0), 0) as total_in,
            coalesce(sum(amount) filter (where ${inPeriod} and amount < 0), 0) as total_out,
            coalesce(sum(amount), 0) as total
          from bank_transactions t where t.account_id = ${accountId}`)
      ).rows;
      // Money in and out of the kinds asked (only when some are: the kind is not in the index).
      const [kindTotals] = kinds
        ? (
            await tx.execute<{ total_in: string; total_out: string }>(sql`
              select coalesce(sum(amount) filter (where amount > 0), 0) as total_in,
                coalesce(sum(amount) filter (where amount < 0), 0) as total_out
              from bank_transactions t where ${inPeriod} and ${ofKinds}`)
          ).rows
        : [sums];
      const balanceBefore = account.openingBalance + Number(sums?.before ?? 0);
      const balanceAfter = balanceBefore + Number(sums?.period ?? 0);
      const page = await tx.execute<LedgerListRow>(sql`
        select p.id, p.account_id, p.kind, p.amount, p.currency, p.description, p.source_kind, p.source_id,
          p.transfer_id, p.reverses_id, p.booked_on::text as booked_on, p.occurred_at, p.reconciled,
          (select r.id from bank_transactions r where r.reverses_id = p.id) as reversed_by_id,
          u.name as created_by_name
        from bank_transactions p
        left join ${users} u on u.id = p.created_by
        where p.account_id = ${accountId}
          and (${from}::date is null or p.booked_on >= ${from}::date)
          and (${to}::date is null or p.booked_on <= ${to}::date)
          and (${kinds}::text is null or p.kind = any(string_to_array(${kinds}::text, ',')))
          and (${cursor?.bookedOn ?? null}::date is null
            or (p.booked_on, p.occurred_at, p.id) < (${cursor?.bookedOn ?? null}::date, ${cursor?.occurredAt ?? null}::timestamptz, ${cursor?.id ?? null}::uuid))
        order by p.booked_on desc, p.occurred_at desc, p.id desc
        limit ${query.limit + 1}`);
      const running = await runningBalances(tx, accountId, to, balanceAfter, page.rows.slice(0, query.limit));
      const rows = page.rows.slice(0, query.limit);
      const last = rows.at(-1);
      return {
        account: presentAccount(account, Number(sums?.total ?? 0)),
        from,
        to,
        balanceBefore,
        balanceAfter,
        totalIn: Number(kindTotals?.total_in ?? 0),
        totalOut: Number(kindTotals?.total_out ?? 0),
        items: rows.map((row) => ({
          id: row.id,
          accountId: row.account_id,
          kind: row.kind as BankTransactionKind,
          amount: Number(row.amount),
          currency: row.currency.trim(),
          description: row.description,
          source: { kind: row.source_kind as LedgerSource, id: row.source_id },
          transferId: row.transfer_id,
          reversesId: row.reverses_id,
          reversedById: row.reversed_by_id,
          bookedOn: row.booked_on,
          occurredAt: new Date(row.occurred_at).toISOString(),
          reconciled: row.reconciled,
          createdByName: row.created_by_name,
          runningBalance: running.get(row.id) ?? balanceAfter,
        })),
        nextCursor:
          page.rows.length > query.limit && last
            ? encodeLedgerCursor({
                bookedOn: last.booked_on,
                occurredAt: new Date(last.occurred_at).toISOString(),
                id: last.id,
              })
            : null,
      };
    },
    { isolation: 'repeatable read' },
  );
}

/**
 * Deletes the ledger rows of the demo's payments, refunds and expenses, before those are deleted: the one
 * deletion the ledger allows (`brigade.removing_demo_money`, on for the rest of the caller's
 * transaction).
 */
export async function deleteDemoLedgerRows(tx: Tx, sources: readonly RecordSource[]): Promise<number> {
  if (sources.length === 0) return 0;
  await tx.execute(sql`select set_config('brigade.removing_demo_money', 'on', true)`);
  let removed = 0;
  for (const kind of new Set(sources.map((source) => source.kind))) {
    const ids = sources.filter((source) => source.kind === kind).map((source) => source.id);
    if (ids.length === 0) continue;
    // A demo row ticked off in a reconciliation leaves it first (the reconciliation itself stays
    // with its account).
    await tx.execute(sql`delete from bank_reconciliation_rows r using bank_transactions t
      where r.transaction_id = t.id and t.source_kind = ${kind}
        and t.source_id = any(string_to_array(${ids.join(',')}, ',')::uuid[])`);
    // Reversals first: they refer to the rows they take back.
    for (const reversals of [true, false]) {
      const deleted = await tx
        .delete(bankTransactions)
        .where(
          and(
            eq(bankTransactions.sourceKind, kind),
            inArray(bankTransactions.sourceId, ids),
            reversals
              ? sql`${bankTransactions.reversesId} is not null`
              : sql`${bankTransactions.reversesId} is null`,
          ),
        )
        .returning({ id: bankTransactions.id });
      removed += deleted.length;
    }
  }
  return removed;
}

/**
 * Deletes the demo's entries by hand and transfers (by a row of each: a transfer goes whole), with
 * their reversals, under the same setting as `deleteDemoLedgerRows`. Rows of accounts the owner
 * reconciled since stay. Returns how many of the entries named went.
 */
export async function deleteDemoEntries(tx: Tx, rowIds: readonly string[]): Promise<number> {
  if (rowIds.length === 0) return 0;
  await tx.execute(sql`select set_config('brigade.removing_demo_money', 'on', true)`);
  const list = rowIds.join(',');
  await tx.execute(sql`
    with picked as (
      select t.id from bank_transactions t
      where t.source_kind in ('manual', 'transfer') and not t.reconciled and (
        t.id = any(string_to_array(${list}, ',')::uuid[])
        or t.transfer_id in (select transfer_id from bank_transactions
                             where id = any(string_to_array(${list}, ',')::uuid[]) and transfer_id is not null))
    ), whole as (
      select id from picked
      union select r.id from bank_transactions r where r.reverses_id in (select id from picked)
    ), reversals as (
      delete from bank_transactions where id in (select id from whole) and reverses_id is not null returning id
    )
    select id from reversals`);
  const originals = await tx.execute<{ id: string }>(sql`
    delete from bank_transactions t
    where t.source_kind in ('manual', 'transfer') and not t.reconciled and t.reverses_id is null and (
      t.id = any(string_to_array(${list}, ',')::uuid[])
      or t.transfer_id in (select transfer_id from bank_transactions
                           where id = any(string_to_array(${list}, ',')::uuid[]) and transfer_id is not null))
    returning t.id`);
  // Counted as the entries named (a transfer is one), as the demo's status counts them.
  const named = new Set(rowIds);
  return originals.rows.filter((row) => named.has(row.id)).length;
}

/** How many of the demo's entries by hand and transfer rows are still there. */
export async function countLedgerRowsIn(db: Queryable, rowIds: readonly string[]): Promise<number> {
  if (rowIds.length === 0) return 0;
  const rows = await db
    .select({ id: bankTransactions.id })
    .from(bankTransactions)
    .where(inArray(bankTransactions.id, [...rowIds]));
  return rows.length;
}
