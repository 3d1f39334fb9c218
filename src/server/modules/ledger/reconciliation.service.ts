import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  Reconciliation,
  ReconciliationDraft,
  ReconciliationInput,
  ReconciliationList,
  StatementMatch,
  StatementMatchInput,
} from '../../../shared/contracts/ledger';
import { restaurantToday } from '../../../shared/coupon-rules';
import { currencyDigits, formatMoney } from '../../../shared/money';
import type { Database } from '../../db/client';
import { type Queryable, type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { users } from '../auth';
import { bankAccounts } from '../master-data';
import { bookkeeping, getSettings } from '../settings';
import { bankReconciliationRows, bankReconciliations, bankTransactions } from './ledger.schema';
import { accountTransactionsTotal, presentRow } from './ledger.service';
import { matchStatement, readStatement } from './statement-match';

/**
 * Reconciliation (docs/PRODUCT-RULES.md, Bank and cash ledger): an account's rows ticked off against
 * a bank statement. Closing one needs the opening balance, the rows reconciled before and the rows
 * ticked now to add up to the statement's closing balance exactly; then those rows are marked
 * reconciled (they can no longer be voided) and the reconciliation is kept with them.
 */

const noAccount = () => notFound('There is no bank or cash account with this id.');

async function accountOf(db: Queryable, id: string, lock = false) {
  const query = db
    .select({ id: bankAccounts.id, name: bankAccounts.name, openingBalance: bankAccounts.openingBalance })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, id));
  const [account] = await (lock ? query.for('update') : query);
  if (!account) throw noAccount();
  return account;
}

async function reconciledTotal(db: Queryable, accountId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${bankTransactions.amount}), 0)` })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.accountId, accountId), eq(bankTransactions.reconciled, true)));
  return Number(row?.total ?? 0);
}

async function lastReconciliation(db: Queryable, accountId: string) {
  const [last] = await db
    .select({
      statementDate: bankReconciliations.statementDate,
      statementBalance: bankReconciliations.statementBalance,
    })
    .from(bankReconciliations)
    .where(eq(bankReconciliations.accountId, accountId))
    .orderBy(desc(bankReconciliations.statementDate), desc(bankReconciliations.createdAt))
    .limit(1);
  return last ?? null;
}

/**
 * The account's rows that a statement can show: not reconciled, booked on or before `until`, and not
 * a voided row or its reversal (a pair neither of which is reconciled never reached the bank).
 */
async function openRows(db: Queryable, accountId: string, until: string | null, lock = false) {
  const query = db
    .select()
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.accountId, accountId),
        eq(bankTransactions.reconciled, false),
        until ? sql`${bankTransactions.bookedOn} <= ${until}::date` : undefined,
        sql`not exists (select 1 from bank_transactions r where r.reverses_id = ${bankTransactions.id} and not r.reconciled)`,
        sql`not exists (select 1 from bank_transactions o where o.id = ${bankTransactions.reversesId} and not o.reconciled)`,
      ),
    )
    .orderBy(bankTransactions.bookedOn, bankTransactions.occurredAt, bankTransactions.id);
  return lock ? query.for('update') : query;
}

/** What reconciling the account to a statement of `statementDate` starts from. */
export async function reconciliationDraft(
  db: Database,
  actor: Actor,
  accountId: string,
  statementDate?: string,
): Promise<ReconciliationDraft> {
  authorize(actor, 'ledger.reconcile');
  return withTransaction(
    db,
    async (tx) => {
      const account = await accountOf(tx, accountId);
      const [full] = await tx
        .select({
          id: bankAccounts.id,
          name: bankAccounts.name,
          type: bankAccounts.type,
          active: bankAccounts.active,
          currency: bankAccounts.currency,
          openingBalance: bankAccounts.openingBalance,
          openingDate: bankAccounts.openingDate,
        })
        .from(bankAccounts)
        .where(eq(bankAccounts.id, account.id));
      if (!full) throw noAccount();
      const rows = await openRows(tx, accountId, statementDate ?? null);
      return {
        account: {
          ...full,
          type: full.type as ReconciliationDraft['account']['type'],
          currency: full.currency.trim(),
          balance: full.openingBalance + (await accountTransactionsTotal(tx, accountId)),
        },
        lastReconciliation: await lastReconciliation(tx, accountId),
        reconciledBalance: account.openingBalance + (await reconciledTotal(tx, accountId)),
        rows: rows.map((row) => presentRow(row)),
      };
    },
    { isolation: 'repeatable read' },
  );
}

function fieldError(path: string, message: string) {
  return badRequest(`Invalid request body: ${path}: ${message}`, { issues: [{ path, message }] });
}

/**
 * Closes a reconciliation: the ticked rows, with the opening balance and the rows reconciled before,
 * must add up to the statement's balance to the minor unit (409 `not-balanced` with the difference).
 * The account's row is locked first, so two reconciliations of one account run one after the other.
 */
export async function reconcileAccount(
  db: Database,
  actor: Actor,
  accountId: string,
  input: ReconciliationInput,
): Promise<Reconciliation> {
  authorize(actor, 'ledger.reconcile');
  return withTransaction(db, (tx) => closeReconciliation(tx, actor, accountId, input));
}

/**
 * Reconciles every open row of the account booked on or before `statementDate`, to the balance they
 * add up to (the demo cafe's reconciled past).
 */
export async function reconcileAllUpTo(
  tx: Tx,
  accountId: string,
  statementDate: string,
): Promise<Reconciliation> {
  const account = await accountOf(tx, accountId, true);
  const rows = await openRows(tx, accountId, statementDate);
  const statementBalance =
    account.openingBalance +
    (await reconciledTotal(tx, accountId)) +
    rows.reduce((sum, row) => sum + row.amount, 0);
  return closeReconciliation(tx, null, accountId, {
    statementDate,
    statementBalance,
    transactionIds: rows.map((row) => row.id),
  });
}

async function closeReconciliation(
  tx: Tx,
  actor: Actor | null,
  accountId: string,
  input: ReconciliationInput,
): Promise<Reconciliation> {
  const ids = [...new Set(input.transactionIds)];
  if (ids.length !== input.transactionIds.length) throw fieldError('transactionIds', 'names a row twice');
  const account = await accountOf(tx, accountId, true);
  const { timeZone } = await bookkeeping(tx);
  if (input.statementDate > restaurantToday(timeZone)) {
    throw fieldError('statementDate', 'must not be in the future');
  }
  const last = await lastReconciliation(tx, accountId);
  if (last && input.statementDate < last.statementDate) {
    throw conflict(
      `${account.name} was reconciled to a statement of ${last.statementDate}: this statement must not be older.`,
      { reason: 'before-last-statement', lastStatementDate: last.statementDate },
    );
  }
  const open = new Map(
    (await openRows(tx, accountId, input.statementDate, true)).map((row) => [row.id, row]),
  );
  const ticked = [];
  for (const [index, id] of ids.entries()) {
    const row = open.get(id);
    if (!row) {
      const [other] = await tx
        .select({ accountId: bankTransactions.accountId, reconciled: bankTransactions.reconciled })
        .from(bankTransactions)
        .where(eq(bankTransactions.id, id));
      if (other?.reconciled && other.accountId === accountId) {
        throw conflict('A row ticked is already reconciled.', { reason: 'reconciled', transactionId: id });
      }
      throw fieldError(
        `transactionIds.${index}`,
        other?.accountId === accountId
          ? 'is booked after the statement’s day, or was voided'
          : `is not a row of ${account.name}`,
      );
    }
    ticked.push(row);
  }
  const start = account.openingBalance + (await reconciledTotal(tx, accountId));
  const cleared = start + ticked.reduce((sum, row) => sum + row.amount, 0);
  const difference = input.statementBalance - cleared;
  const { currency } = await getSettings(tx);
  const money = (minor: number) => formatMoney(minor, currency, 'en');
  if (difference !== 0) {
    throw conflict(
      `The rows ticked add up to ${money(cleared)}, not the statement’s ${money(input.statementBalance)}: a difference of ${money(difference)}.`,
      { reason: 'not-balanced', difference, cleared },
    );
  }
  const [kept] = await tx
    .insert(bankReconciliations)
    .values({
      accountId,
      statementDate: input.statementDate,
      statementBalance: input.statementBalance,
      createdBy: actor?.id ?? null,
    })
    .returning();
  if (!kept) throw new Error('reconciliation not written');
  if (ids.length > 0) {
    await tx.update(bankTransactions).set({ reconciled: true }).where(inArray(bankTransactions.id, ids));
    await tx
      .insert(bankReconciliationRows)
      .values(ids.map((transactionId) => ({ transactionId, reconciliationId: kept.id })));
  }
  await recordAudit(tx, actor, {
    area: 'finance',
    action: 'ledger.reconciled',
    summary: `Reconciled ${account.name} to the statement of ${input.statementDate} (${money(input.statementBalance)}): ${ids.length} row${ids.length === 1 ? '' : 's'} ticked`,
    targetType: 'bank-reconciliation',
    targetId: kept.id,
    after: {
      accountId,
      statementDate: input.statementDate,
      statementBalance: input.statementBalance,
      rows: ids.length,
    },
  });
  return present(kept, ids.length, actor?.name ?? null);
}

function present(
  row: typeof bankReconciliations.$inferSelect,
  rowCount: number,
  createdByName: string | null,
): Reconciliation {
  return {
    id: row.id,
    accountId: row.accountId,
    statementDate: row.statementDate,
    statementBalance: row.statementBalance,
    rowCount,
    createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The account's reconciliations, the latest statement first. */
export async function listReconciliations(
  db: Database,
  actor: Actor,
  accountId: string,
): Promise<ReconciliationList> {
  authorize(actor, 'ledger.read');
  await accountOf(db, accountId);
  const rows = await db
    .select({
      reconciliation: bankReconciliations,
      createdByName: users.name,
      rowCount: sql<number>`(select count(*)::int from bank_reconciliation_rows r where r.reconciliation_id = ${bankReconciliations.id})`,
    })
    .from(bankReconciliations)
    .leftJoin(users, eq(users.id, bankReconciliations.createdBy))
    .where(eq(bankReconciliations.accountId, accountId))
    .orderBy(desc(bankReconciliations.statementDate), desc(bankReconciliations.createdAt));
  return { items: rows.map((row) => present(row.reconciliation, row.rowCount, row.createdByName)) };
}

/** A bank's CSV export read and matched to the account's open rows (nothing is written). */
export async function matchStatementFile(
  db: Database,
  actor: Actor,
  accountId: string,
  input: StatementMatchInput,
): Promise<StatementMatch> {
  authorize(actor, 'ledger.reconcile');
  await accountOf(db, accountId);
  const settings = await getSettings(db);
  const lines = readStatement(input.csv, {
    digits: currencyDigits(settings.currency),
    dayFirst: settings.locale !== 'en-US',
  });
  if (lines.length > 10_000) throw fieldError('csv', 'must hold at most 10000 lines');
  const rows = await openRows(db, accountId, input.statementDate ?? null);
  const pairs = matchStatement(
    lines,
    rows.map((row) => ({
      id: row.id,
      amount: row.amount,
      bookedOn: row.bookedOn,
      description: row.description,
    })),
  );
  const matched = pairs.filter((pair) => pair.rowId !== null).length;
  return {
    lines: pairs.map((pair) => ({ ...pair.line, transactionId: pair.rowId })),
    matched,
    unmatched: pairs.length - matched,
  };
}

/** Deletes the demo's reconciliations (their rows stay, no longer reconciled). */
export async function deleteDemoReconciliations(tx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .delete(bankReconciliationRows)
    .where(inArray(bankReconciliationRows.reconciliationId, [...ids]))
    .returning({ id: bankReconciliationRows.transactionId });
  if (rows.length > 0) {
    await tx
      .update(bankTransactions)
      .set({ reconciled: false })
      .where(
        inArray(
          bankTransactions.id,
          rows.map((row) => row.id),
        ),
      );
  }
  const deleted = await tx
    .delete(bankReconciliations)
    .where(inArray(bankReconciliations.id, [...ids]))
    .returning({ id: bankReconciliations.id });
  return deleted.length;
}

export async function countReconciliationsIn(db: Queryable, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return (
    await db
      .select({ id: bankReconciliations.id })
      .from(bankReconciliations)
      .where(inArray(bankReconciliations.id, [...ids]))
  ).length;
}
