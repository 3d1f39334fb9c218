import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  EXPENSE_CSV_COLUMNS,
  EXPENSES_API,
  type Expense,
  type ExpenseFilters,
  type ExpenseInput,
  type ExpensePage,
  type ExpenseUpdate,
  type ExpenseVoidInput,
  NOT_A_RECEIPT,
} from '../../../shared/contracts/expenses';
import { formatMoney, minorToInput } from '../../../shared/money';
import { isAdmin } from '../../../shared/roles';
import type { Database } from '../../db/client';
import { type Queryable, type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { toCsv } from '../../lib/csv';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { staleWrite } from '../../lib/versions';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { userNames } from '../auth';
import { publishChange, type TopicRule } from '../events';
import { NOT_A_PICTURE, processImage } from '../images';
import {
  bookingDay,
  booksLocked,
  deleteDemoLedgerRows,
  liveAccountField,
  liveRowsOf,
  recordBankTransaction,
  reverseTransactions,
} from '../ledger';
import { findBankAccountNames, findExpenseCategories, findSuppliers } from '../master-data';
import { bookkeeping } from '../settings';
import { checkBudgetThresholds } from './budgets.service';
import { expenseReceipts, expenses } from './expenses.schema';

/**
 * Expenses (docs/PRODUCT-RULES.md, Expenses). Each recorded expense has exactly one ledger row that
 * counts: a withdrawal from its account on its date, written in the same transaction. A change of
 * amount, date or account reverses that row (on the day it was booked) and writes a new one; voiding
 * reverses it. Nothing dated on or before the books' lock date is recorded, changed or voided.
 */

/** The expenses screen follows this topic; only admins may. */
export const EXPENSE_TOPIC_RULES: Record<string, TopicRule> = {
  expenses: ({ actor }) => isAdmin(actor?.role),
};
export const TOPIC = 'expenses';

/** Longest side of a receipt photo: small print stays readable. */
const RECEIPT_PHOTO_SIZE = 2000;

type ExpenseRow = typeof expenses.$inferSelect;
type ReceiptInfo = Pick<
  typeof expenseReceipts.$inferSelect,
  'expenseId' | 'contentType' | 'size' | 'fileName' | 'createdAt'
>;

const missing = () => notFound('There is no expense with this id.');
const monthOf = (day: string) => day.slice(0, 7);

export function fieldError(path: string, message: string) {
  return badRequest(`Invalid request body: ${path}: ${message}`, { issues: [{ path, message }] });
}

const receiptColumns = {
  expenseId: expenseReceipts.expenseId,
  contentType: expenseReceipts.contentType,
  size: expenseReceipts.size,
  fileName: expenseReceipts.fileName,
  createdAt: expenseReceipts.createdAt,
};

/** The rows as the API shows them, with the names of what they refer to. */
async function present(db: Queryable, rows: readonly ExpenseRow[]): Promise<Expense[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [categories, accounts, supplierMap, receipts, people] = await Promise.all([
    findExpenseCategories(
      db,
      rows.map((row) => row.categoryId),
    ),
    findBankAccountNames(
      db,
      rows.map((row) => row.accountId),
    ),
    findSuppliers(
      db,
      rows.flatMap((row) => (row.supplierId ? [row.supplierId] : [])),
    ),
    db.select(receiptColumns).from(expenseReceipts).where(inArray(expenseReceipts.expenseId, ids)),
    userNames(
      db,
      rows.flatMap((row) => [row.createdBy, row.voidedBy]),
    ),
  ]);
  const receiptOf = new Map<string, ReceiptInfo>(receipts.map((receipt) => [receipt.expenseId, receipt]));
  return rows.map((row) => {
    const receipt = receiptOf.get(row.id);
    return {
      id: row.id,
      version: row.version,
      date: row.date,
      categoryId: row.categoryId,
      categoryName: categories.get(row.categoryId)?.name ?? '',
      amount: row.amount,
      currency: row.currency.trim(),
      description: row.description,
      accountId: row.accountId,
      accountName: accounts.get(row.accountId) ?? '',
      supplierId: row.supplierId,
      supplierName: row.supplierId ? (supplierMap.get(row.supplierId)?.name ?? null) : null,
      reference: row.reference,
      receipt: receipt
        ? {
            contentType: receipt.contentType,
            size: receipt.size,
            fileName: receipt.fileName,
            url: EXPENSES_API.receipt(row.id),
            uploadedAt: receipt.createdAt.toISOString(),
          }
        : null,
      status: row.status as Expense['status'],
      voidReason: row.voidReason,
      voidedAt: row.voidedAt?.toISOString() ?? null,
      voidedByName: row.voidedBy ? (people.get(row.voidedBy) ?? null) : null,
      createdByName: row.createdBy ? (people.get(row.createdBy) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

async function presentOne(db: Queryable, row: ExpenseRow): Promise<Expense> {
  const [expense] = await present(db, [row]);
  if (!expense) throw new Error('expense not presented');
  return expense;
}

/** A category an expense can be put in: it exists and is not archived (400 on the field). */
export async function checkCategory(tx: Tx, id: string) {
  const category = (await findExpenseCategories(tx, [id])).get(id);
  if (!category) throw fieldError('categoryId', 'is not an expense category');
  if (!category.active) throw fieldError('categoryId', `${category.name} is archived`);
  return category;
}

export async function checkSupplier(tx: Tx, id: string | null | undefined) {
  if (!id) return null;
  const supplier = (await findSuppliers(tx, [id])).get(id);
  if (!supplier) throw fieldError('supplierId', 'is not a supplier');
  if (!supplier.active) throw fieldError('supplierId', `${supplier.name} is archived`);
  return supplier;
}

/** An account the money can leave: it exists and is active (a 400 on the field otherwise). */
export const checkAccount = (tx: Tx, id: string) => liveAccountField(tx, id);

const ledgerDescription = (categoryName: string, description: string) =>
  `Expense · ${categoryName}: ${description}`;

function auditValues(row: ExpenseRow) {
  return {
    date: row.date,
    categoryId: row.categoryId,
    amount: row.amount,
    description: row.description,
    accountId: row.accountId,
    supplierId: row.supplierId,
    reference: row.reference,
    status: row.status,
  };
}

/** Records an expense and its withdrawal, in one transaction. */
export async function createExpense(db: Database, actor: Actor, input: ExpenseInput): Promise<Expense> {
  authorize(actor, 'expense.record');
  return withTransaction(db, async (tx) => presentOne(tx, await insertExpense(tx, actor, input)));
}

/**
 * Writes an expense, its withdrawal and its audit entry in the caller's transaction; `recurring` names
 * the recurring expense and the day it records for (`actor` null: the app did it on its own).
 */
export async function insertExpense(
  tx: Tx,
  actor: Actor | null,
  input: ExpenseInput,
  recurring?: { id: string; on: string },
): Promise<ExpenseRow> {
  const category = await checkCategory(tx, input.categoryId);
  const account = await checkAccount(tx, input.accountId);
  await checkSupplier(tx, input.supplierId);
  const [row] = await tx
    .insert(expenses)
    .values({
      date: input.date,
      categoryId: input.categoryId,
      amount: input.amount,
      description: input.description,
      accountId: input.accountId,
      supplierId: input.supplierId ?? null,
      reference: input.reference ?? '',
      createdBy: actor?.id ?? null,
      recurringId: recurring?.id ?? null,
      recurringOn: recurring?.on ?? null,
    })
    .returning();
  if (!row) throw new Error('expense not written');
  await recordBankTransaction(tx, {
    accountId: account.id,
    kind: 'withdrawal',
    amount: row.amount,
    currency: row.currency.trim(),
    description: ledgerDescription(category.name, row.description),
    source: { kind: 'expense', id: row.id },
    bookedOn: row.date,
    createdBy: actor?.id ?? null,
  });
  await recordAudit(tx, actor, {
    area: 'finance',
    action: 'expense.recorded',
    summary: `Recorded ${recurring ? 'a recurring' : 'an'} expense of ${formatMoney(row.amount, row.currency.trim(), 'en')} on ${row.date} (${category.name}): ${row.description}`,
    targetType: 'expense',
    targetId: row.id,
    after: { ...auditValues(row), ...(recurring ? { recurringId: recurring.id } : {}) },
  });
  await checkBudgetThresholds(tx, row.categoryId, row.date);
  await publishChange(tx, TOPIC);
  return row;
}

/** The expense's row locked for this transaction, or a 404. */
async function lockExpense(tx: Tx, id: string): Promise<ExpenseRow> {
  const [row] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
  if (!row) throw missing();
  return row;
}

/** A 409 unless the expense can still change: recorded (not voided), and dated after the lock date. */
async function checkChangeable(tx: Tx, row: ExpenseRow): Promise<void> {
  if (row.status === 'voided') {
    throw conflict('This expense is voided: it can no longer change.', { reason: 'already-voided' });
  }
  const books = await bookkeeping(tx);
  if (books.booksLockedUntil !== null && row.date <= books.booksLockedUntil) {
    throw booksLocked(books.booksLockedUntil);
  }
}

/**
 * Changes an expense, based on `version`. A new amount, date or account takes its withdrawal back
 * (a reversing row on the day it was booked) and writes the new one; the other fields change alone.
 */
export async function updateExpense(
  db: Database,
  actor: Actor,
  id: string,
  input: ExpenseUpdate,
): Promise<Expense> {
  authorize(actor, 'expense.record');
  const { version: basedOn, ...changes } = input;
  return withTransaction(db, async (tx) => {
    const before = await lockExpense(tx, id);
    if (before.version !== basedOn) throw staleWrite('expense', before.version);
    await checkChangeable(tx, before);
    const category =
      changes.categoryId !== undefined && changes.categoryId !== before.categoryId
        ? await checkCategory(tx, changes.categoryId)
        : ((await findExpenseCategories(tx, [before.categoryId])).get(before.categoryId) ?? { name: '' });
    if (changes.accountId !== undefined && changes.accountId !== before.accountId) {
      await checkAccount(tx, changes.accountId);
    }
    if (changes.supplierId !== undefined && changes.supplierId !== before.supplierId) {
      await checkSupplier(tx, changes.supplierId);
    }
    const next = {
      date: changes.date ?? before.date,
      amount: changes.amount ?? before.amount,
      accountId: changes.accountId ?? before.accountId,
      description: changes.description ?? before.description,
    };
    const moneyMoves =
      next.date !== before.date || next.amount !== before.amount || next.accountId !== before.accountId;
    if (moneyMoves) {
      // The new day must be open before anything is written (recordBankTransaction checks it too).
      await bookingDay(tx, next.date);
      const rows = await liveRowsOf(tx, { kind: 'expense', id });
      await reverseTransactions(tx, rows, {
        description: `Expense changed: ${next.description}`,
        createdBy: actor.id,
      });
    }
    const [after] = await tx
      .update(expenses)
      .set({
        ...(changes.date !== undefined ? { date: changes.date } : {}),
        ...(changes.categoryId !== undefined ? { categoryId: changes.categoryId } : {}),
        ...(changes.amount !== undefined ? { amount: changes.amount } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.accountId !== undefined ? { accountId: changes.accountId } : {}),
        ...(changes.supplierId !== undefined ? { supplierId: changes.supplierId } : {}),
        ...(changes.reference !== undefined ? { reference: changes.reference } : {}),
      })
      .where(eq(expenses.id, id))
      .returning();
    if (!after) throw new Error('expense not updated');
    if (moneyMoves) {
      await recordBankTransaction(tx, {
        accountId: after.accountId,
        kind: 'withdrawal',
        amount: after.amount,
        currency: after.currency.trim(),
        description: ledgerDescription(category.name, after.description),
        source: { kind: 'expense', id },
        bookedOn: after.date,
        createdBy: actor.id,
      });
    }
    if (
      after.amount > before.amount ||
      after.categoryId !== before.categoryId ||
      monthOf(after.date) !== monthOf(before.date)
    ) {
      await checkBudgetThresholds(tx, after.categoryId, after.date);
    }
    await recordAudit(tx, actor, {
      area: 'finance',
      action: 'expense.updated',
      summary: `Changed the expense of ${after.date} (${after.description})${moneyMoves ? ': its withdrawal was reversed and recorded again' : ''}`,
      targetType: 'expense',
      targetId: id,
      before: auditValues(before),
      after: auditValues(after),
    });
    await publishChange(tx, TOPIC);
    return presentOne(tx, after);
  });
}

/** Voids an expense with a reason, based on `version`: its withdrawal is reversed. */
export async function voidExpense(
  db: Database,
  actor: Actor,
  id: string,
  input: ExpenseVoidInput,
): Promise<Expense> {
  authorize(actor, 'expense.void');
  return withTransaction(db, async (tx) => {
    const before = await lockExpense(tx, id);
    if (before.version !== input.version) throw staleWrite('expense', before.version);
    await checkChangeable(tx, before);
    const rows = await liveRowsOf(tx, { kind: 'expense', id });
    await reverseTransactions(tx, rows, {
      description: `Expense voided: ${input.reason}`,
      createdBy: actor.id,
    });
    const [after] = await tx
      .update(expenses)
      .set({ status: 'voided', voidReason: input.reason, voidedAt: new Date(), voidedBy: actor.id })
      .where(eq(expenses.id, id))
      .returning();
    if (!after) throw new Error('expense not voided');
    await recordAudit(tx, actor, {
      area: 'finance',
      action: 'expense.voided',
      summary: `Voided the expense of ${formatMoney(before.amount, before.currency.trim(), 'en')} on ${before.date} (${before.description}): ${input.reason}`,
      targetType: 'expense',
      targetId: id,
      before: auditValues(before),
      after: { ...auditValues(after), voidReason: input.reason },
    });
    await publishChange(tx, TOPIC);
    return presentOne(tx, after);
  });
}

export async function getExpense(db: Database, actor: Actor, id: string): Promise<Expense> {
  authorize(actor, 'expense.read');
  const [row] = await db.select().from(expenses).where(eq(expenses.id, id));
  if (!row) throw missing();
  return presentOne(db, row);
}

// ---------------------------------------------------------------------------------------------------
// The list

export interface ExpenseListQuery extends ExpenseFilters {
  limit: number;
  cursor?: string;
}

interface ExpenseCursor {
  date: string;
  createdAt: string;
  id: string;
}

function encodeCursor(row: ExpenseRow): string {
  return Buffer.from(JSON.stringify([row.date, row.createdAt.toISOString(), row.id])).toString('base64url');
}

function decodeCursor(cursor: string): ExpenseCursor {
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
  return { date: String(parts[0]), createdAt: String(parts[1]), id: String(parts[2]) };
}

/** The conditions of the list's filters (every one optional). */
function filterConditions(filters: ExpenseFilters): SQL[] {
  if (filters.from && filters.to && filters.from > filters.to) {
    const message = 'must not be after to';
    throw badRequest(`Invalid query: from: ${message}`, { issues: [{ path: 'from', message }] });
  }
  const conditions: SQL[] = [];
  if (filters.from) conditions.push(sql`${expenses.date} >= ${filters.from}::date`);
  if (filters.to) conditions.push(sql`${expenses.date} <= ${filters.to}::date`);
  if (filters.categoryId) conditions.push(eq(expenses.categoryId, filters.categoryId));
  if (filters.supplierId) conditions.push(eq(expenses.supplierId, filters.supplierId));
  if (filters.accountId) conditions.push(eq(expenses.accountId, filters.accountId));
  if (filters.status) conditions.push(eq(expenses.status, filters.status));
  const search = filters.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(
      sql`(${expenses.description} ilike ${pattern} or ${expenses.reference} ilike ${pattern})`,
    );
  }
  return conditions;
}

/**
 * Expenses newest date first (then newest recorded), a page at a time, with the totals of everything
 * the filters keep: count, amount and the amount by category, voided expenses left out.
 */
export async function listExpenses(
  db: Database,
  actor: Actor,
  query: ExpenseListQuery,
): Promise<ExpensePage> {
  authorize(actor, 'expense.read');
  const conditions = filterConditions(query);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  // One snapshot: the page and the totals agree.
  return withTransaction(
    db,
    async (tx) => {
      const rows = await tx
        .select()
        .from(expenses)
        .where(
          and(
            ...conditions,
            cursor
              ? sql`(${expenses.date}, ${expenses.createdAt}, ${expenses.id}) < (${cursor.date}::date, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(expenses.date), desc(expenses.createdAt), desc(expenses.id))
        .limit(query.limit + 1);
      const byCategory = await tx
        .select({
          categoryId: expenses.categoryId,
          count: sql<number>`count(*)::int`,
          amount: sql<string>`sum(${expenses.amount})`,
        })
        .from(expenses)
        .where(and(...conditions, eq(expenses.status, 'recorded')))
        .groupBy(expenses.categoryId);
      const names = await findExpenseCategories(
        tx,
        byCategory.map((row) => row.categoryId),
      );
      const categoryTotals = byCategory
        .map((row) => ({
          categoryId: row.categoryId,
          categoryName: names.get(row.categoryId)?.name ?? '',
          count: row.count,
          amount: Number(row.amount),
        }))
        .sort((a, b) => b.amount - a.amount || a.categoryName.localeCompare(b.categoryName));
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: await present(tx, page),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
        totals: {
          count: categoryTotals.reduce((sum, row) => sum + row.count, 0),
          amount: categoryTotals.reduce((sum, row) => sum + row.amount, 0),
          byCategory: categoryTotals,
        },
      };
    },
    { isolation: 'repeatable read' },
  );
}

/** Most rows one export holds; a longer period is exported in parts. */
export const MAX_EXPORT_ROWS = 50_000;

/** Every expense the filters keep, oldest first, as a CSV file for a spreadsheet (amounts in major units, the currency's decimals). */
export async function exportExpenses(db: Database, actor: Actor, filters: ExpenseFilters): Promise<string> {
  authorize(actor, 'expense.read');
  const conditions = filterConditions(filters);
  const rows = await db
    .select()
    .from(expenses)
    .where(and(...conditions))
    .orderBy(expenses.date, expenses.createdAt, expenses.id)
    .limit(MAX_EXPORT_ROWS + 1);
  if (rows.length > MAX_EXPORT_ROWS) {
    throw badRequest(`More than ${MAX_EXPORT_ROWS} expenses match: export a shorter period.`, {
      issues: [{ path: 'from', message: 'the period holds too many expenses for one file' }],
    });
  }
  const items = await present(db, rows);
  return toCsv(
    [...EXPENSE_CSV_COLUMNS],
    items.map((item) => [
      item.date,
      item.categoryName,
      item.description,
      item.supplierName ?? '',
      item.accountName,
      item.reference,
      { decimal: minorToInput(item.amount, item.currency) },
      item.currency,
      item.status === 'voided' ? 'Voided' : 'Recorded',
      item.voidReason ?? '',
      item.receipt ? 'Yes' : 'No',
    ]),
  );
}

// ---------------------------------------------------------------------------------------------------
// Receipts

const PDF_MAGIC = Buffer.from('%PDF-');

/** A receipt's bytes as kept: a PDF as sent, a photo decoded and reduced (or a 400). */
async function receiptContent(bytes: Uint8Array) {
  if (Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).equals(PDF_MAGIC)) {
    const content = Buffer.from(bytes);
    return {
      content,
      contentType: 'application/pdf',
      etag: createHash('sha256').update(content).digest('hex'),
    };
  }
  try {
    const image = await processImage(bytes, RECEIPT_PHOTO_SIZE);
    return { content: image.content, contentType: image.contentType, etag: image.etag };
  } catch (error) {
    if (error instanceof AppError && error.status === 400 && error.message === NOT_A_PICTURE) {
      throw badRequest(NOT_A_RECEIPT);
    }
    throw error;
  }
}

/** Attaches a receipt to an expense, replacing the one it had (the file is read before the transaction). */
export async function attachReceipt(
  db: Database,
  actor: Actor,
  id: string,
  file: { bytes: Uint8Array; fileName: string },
): Promise<Expense> {
  authorize(actor, 'expense.record');
  const receipt = await receiptContent(file.bytes);
  const named = file.fileName.trim().slice(0, 200) || 'receipt';
  // A photo is kept as WebP: its name says so.
  const fileName = receipt.contentType === 'image/webp' ? named.replace(/(\.[^.]*)?$/, '.webp') : named;
  return withTransaction(db, async (tx) => {
    const row = await lockExpense(tx, id);
    if (row.status === 'voided') {
      throw conflict('This expense is voided: it can no longer change.', { reason: 'already-voided' });
    }
    await tx
      .insert(expenseReceipts)
      .values({ expenseId: id, ...receipt, size: receipt.content.length, fileName, uploadedBy: actor.id })
      .onConflictDoUpdate({
        target: expenseReceipts.expenseId,
        set: {
          ...receipt,
          size: receipt.content.length,
          fileName,
          uploadedBy: actor.id,
          createdAt: sql`clock_timestamp()`,
        },
      });
    const [after] = await tx
      .update(expenses)
      .set({ updatedAt: new Date() })
      .where(eq(expenses.id, id))
      .returning();
    if (!after) throw missing();
    await recordAudit(tx, actor, {
      area: 'finance',
      action: 'expense.receipt-attached',
      summary: `Attached a receipt (${fileName}) to the expense of ${row.date} (${row.description})`,
      targetType: 'expense',
      targetId: id,
      after: { contentType: receipt.contentType, size: receipt.content.length, fileName },
    });
    await publishChange(tx, TOPIC);
    return presentOne(tx, after);
  });
}

export async function removeReceipt(db: Database, actor: Actor, id: string): Promise<Expense> {
  authorize(actor, 'expense.record');
  return withTransaction(db, async (tx) => {
    const row = await lockExpense(tx, id);
    if (row.status === 'voided') {
      throw conflict('This expense is voided: it can no longer change.', { reason: 'already-voided' });
    }
    const removed = await tx
      .delete(expenseReceipts)
      .where(eq(expenseReceipts.expenseId, id))
      .returning({ fileName: expenseReceipts.fileName });
    if (removed.length === 0) throw notFound('This expense has no receipt.');
    const [after] = await tx
      .update(expenses)
      .set({ updatedAt: new Date() })
      .where(eq(expenses.id, id))
      .returning();
    if (!after) throw missing();
    await recordAudit(tx, actor, {
      area: 'finance',
      action: 'expense.receipt-removed',
      summary: `Removed the receipt (${removed[0]?.fileName}) of the expense of ${row.date} (${row.description})`,
      targetType: 'expense',
      targetId: id,
    });
    await publishChange(tx, TOPIC);
    return presentOne(tx, after);
  });
}

/** The receipt's file, for an admin. */
export async function readReceipt(db: Database, actor: Actor, id: string) {
  authorize(actor, 'expense.read');
  const [receipt] = await db
    .select({
      contentType: expenseReceipts.contentType,
      content: expenseReceipts.content,
      fileName: expenseReceipts.fileName,
      etag: expenseReceipts.etag,
    })
    .from(expenseReceipts)
    .where(eq(expenseReceipts.expenseId, id));
  if (!receipt) {
    const [expense] = await db.select({ id: expenses.id }).from(expenses).where(eq(expenses.id, id));
    throw expense ? notFound('This expense has no receipt.') : missing();
  }
  return receipt;
}

// ---------------------------------------------------------------------------------------------------
// The demo cafe's expenses, removed with the rest of the demo

/** Deletes the demo's expenses with their withdrawals (and reversals) and receipts. */
export async function deleteDemoExpenses(tx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await deleteDemoLedgerRows(
    tx,
    ids.map((id) => ({ kind: 'expense' as const, id })),
  );
  const deleted = await tx
    .delete(expenses)
    .where(inArray(expenses.id, [...ids]))
    .returning({ id: expenses.id });
  if (deleted.length > 0) await publishChange(tx, TOPIC);
  return deleted.length;
}

export async function countExpensesIn(db: Queryable, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return (
    await db
      .select({ id: expenses.id })
      .from(expenses)
      .where(inArray(expenses.id, [...ids]))
  ).length;
}
