import { and, asc, eq, inArray, isNotNull, lte, max, sql } from 'drizzle-orm';
import type {
  RecurringExpense,
  RecurringExpenseInput,
  RecurringExpenseList,
  RecurringExpenseUpdate,
} from '../../../shared/contracts/expenses';
import { restaurantToday } from '../../../shared/coupon-rules';
import { nextOccurrence, occurrenceAfter, type RecurrenceRule } from '../../../shared/recurrence';
import type { Database } from '../../db/client';
import { type Queryable, type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { staleWrite } from '../../lib/versions';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { publishChange } from '../events';
import { findBankAccountNames, findExpenseCategories, findSuppliers } from '../master-data';
import { bookkeeping } from '../settings';
import { expenses, recurringExpenses } from './expenses.schema';
import {
  checkAccount,
  checkCategory,
  checkSupplier,
  deleteDemoExpenses,
  fieldError,
  insertExpense,
  TOPIC,
} from './expenses.service';

/**
 * Recurring expenses (docs/PRODUCT-RULES.md, Expenses): templates that record an expense on each of
 * their days. The scheduler looks every few minutes in every process; each template is taken with
 * `for update skip locked`, so one process records a day and the others pass it by, and a unique index
 * on (template, day) refuses a second expense for one day whatever happens. Days missed while the app
 * was down are recorded at the next start, each on its own date.
 */

type TemplateRow = typeof recurringExpenses.$inferSelect;

const missing = () => notFound('There is no recurring expense with this id.');

function ruleOf(row: Pick<TemplateRow, 'frequency' | 'dayOfMonth' | 'weekday'>): RecurrenceRule {
  return row.frequency === 'weekly'
    ? { frequency: 'weekly', weekday: row.weekday ?? 1 }
    : { frequency: 'monthly', dayOfMonth: row.dayOfMonth ?? 1 };
}

/** The rule's fields as stored: the one the frequency needs (a 400 when missing), the other null. */
function ruleColumns(input: {
  frequency: 'monthly' | 'weekly';
  dayOfMonth?: number | null;
  weekday?: number | null;
}) {
  if (input.frequency === 'monthly') {
    if (input.dayOfMonth == null) throw fieldError('dayOfMonth', 'is needed for a monthly expense');
    return { frequency: 'monthly', dayOfMonth: input.dayOfMonth, weekday: null };
  }
  if (input.weekday == null) throw fieldError('weekday', 'is needed for a weekly expense');
  return { frequency: 'weekly', dayOfMonth: null, weekday: input.weekday };
}

/**
 * The next day a template records on: its first day on or after the latest of its start, today and
 * the day after the last one it recorded; null when that is past its end, or it is off.
 */
function nextDueOf(
  template: Pick<TemplateRow, 'frequency' | 'dayOfMonth' | 'weekday' | 'startsOn' | 'endsOn' | 'active'>,
  today: string,
  lastRecordedOn: string | null,
): string | null {
  if (!template.active) return null;
  const rule = ruleOf(template);
  const after = lastRecordedOn ? occurrenceAfter(rule, lastRecordedOn) : null;
  const from = [template.startsOn, today, after ?? ''].sort().at(-1) as string;
  const next = nextOccurrence(rule, from);
  return template.endsOn !== null && next > template.endsOn ? null : next;
}

async function lastRecorded(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: expenses.recurringId, last: max(expenses.recurringOn) })
    .from(expenses)
    .where(inArray(expenses.recurringId, [...ids]))
    .groupBy(expenses.recurringId);
  return new Map(rows.flatMap((row) => (row.id && row.last ? [[row.id, row.last] as const] : [])));
}

async function present(db: Queryable, rows: readonly TemplateRow[]): Promise<RecurringExpense[]> {
  const [categories, accounts, supplierMap, last] = await Promise.all([
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
    lastRecorded(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    description: row.description,
    categoryId: row.categoryId,
    categoryName: categories.get(row.categoryId)?.name ?? '',
    amount: row.amount,
    accountId: row.accountId,
    accountName: accounts.get(row.accountId) ?? '',
    supplierId: row.supplierId,
    supplierName: row.supplierId ? (supplierMap.get(row.supplierId)?.name ?? null) : null,
    reference: row.reference,
    frequency: row.frequency as RecurringExpense['frequency'],
    dayOfMonth: row.dayOfMonth,
    weekday: row.weekday,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    nextDue: row.nextDue,
    lastRecordedOn: last.get(row.id) ?? null,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function presentOne(db: Queryable, row: TemplateRow): Promise<RecurringExpense> {
  const [item] = await present(db, [row]);
  if (!item) throw new Error('recurring expense not presented');
  return item;
}

function checkPeriod(startsOn: string, endsOn: string | null) {
  if (endsOn !== null && endsOn < startsOn) throw fieldError('endsOn', 'must not be before startsOn');
}

const describeRule = (row: Pick<TemplateRow, 'frequency' | 'dayOfMonth' | 'weekday'>) =>
  row.frequency === 'weekly' ? `weekly on day ${row.weekday}` : `monthly on the ${row.dayOfMonth}`;

function auditValues(row: TemplateRow) {
  return {
    description: row.description,
    categoryId: row.categoryId,
    amount: row.amount,
    accountId: row.accountId,
    supplierId: row.supplierId,
    frequency: row.frequency,
    dayOfMonth: row.dayOfMonth,
    weekday: row.weekday,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    active: row.active,
  };
}

export async function listRecurringExpenses(db: Database, actor: Actor): Promise<RecurringExpenseList> {
  authorize(actor, 'expense.read');
  const rows = await db
    .select()
    .from(recurringExpenses)
    .orderBy(
      sql`${recurringExpenses.active} desc`,
      sql`${recurringExpenses.nextDue} asc nulls last`,
      asc(recurringExpenses.description),
    );
  return { items: await present(db, rows) };
}

export async function createRecurringExpense(
  db: Database,
  actor: Actor,
  input: RecurringExpenseInput,
): Promise<RecurringExpense> {
  authorize(actor, 'expense.record');
  const rule = ruleColumns(input);
  checkPeriod(input.startsOn, input.endsOn ?? null);
  return withTransaction(db, async (tx) => {
    await checkCategory(tx, input.categoryId);
    await checkAccount(tx, input.accountId);
    await checkSupplier(tx, input.supplierId);
    const { timeZone } = await bookkeeping(tx);
    const values = {
      description: input.description,
      categoryId: input.categoryId,
      amount: input.amount,
      accountId: input.accountId,
      supplierId: input.supplierId ?? null,
      reference: input.reference ?? '',
      ...rule,
      startsOn: input.startsOn,
      endsOn: input.endsOn ?? null,
      active: true,
    };
    const [row] = await tx
      .insert(recurringExpenses)
      .values({ ...values, nextDue: nextDueOf(values, restaurantToday(timeZone), null), createdBy: actor.id })
      .returning();
    if (!row) throw new Error('recurring expense not written');
    await recordAudit(tx, actor, {
      area: 'finance',
      action: 'recurring-expense.created',
      summary: `Set up a recurring expense, ${describeRule(row)}: ${row.description}`,
      targetType: 'recurring-expense',
      targetId: row.id,
      after: auditValues(row),
    });
    await publishChange(tx, TOPIC);
    return presentOne(tx, row);
  });
}

export async function updateRecurringExpense(
  db: Database,
  actor: Actor,
  id: string,
  input: RecurringExpenseUpdate,
): Promise<RecurringExpense> {
  authorize(actor, 'expense.record');
  const { version: basedOn, ...changes } = input;
  return withTransaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(recurringExpenses)
      .where(eq(recurringExpenses.id, id))
      .for('update');
    if (!before) throw missing();
    if (before.version !== basedOn) throw staleWrite('recurring expense', before.version);
    if (changes.categoryId !== undefined && changes.categoryId !== before.categoryId) {
      await checkCategory(tx, changes.categoryId);
    }
    if (changes.accountId !== undefined && changes.accountId !== before.accountId) {
      await checkAccount(tx, changes.accountId);
    }
    if (changes.supplierId !== undefined && changes.supplierId !== before.supplierId) {
      await checkSupplier(tx, changes.supplierId);
    }
    const frequency = changes.frequency ?? (before.frequency as 'monthly' | 'weekly');
    const rule = ruleColumns({
      frequency,
      dayOfMonth: changes.dayOfMonth !== undefined ? changes.dayOfMonth : before.dayOfMonth,
      weekday: changes.weekday !== undefined ? changes.weekday : before.weekday,
    });
    const startsOn = changes.startsOn ?? before.startsOn;
    const endsOn = changes.endsOn !== undefined ? changes.endsOn : before.endsOn;
    checkPeriod(startsOn, endsOn);
    const active = changes.active ?? before.active;
    const { timeZone } = await bookkeeping(tx);
    const last = (await lastRecorded(tx, [id])).get(id) ?? null;
    const nextDue = nextDueOf({ ...rule, startsOn, endsOn, active }, restaurantToday(timeZone), last);
    const [after] = await tx
      .update(recurringExpenses)
      .set({
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.categoryId !== undefined ? { categoryId: changes.categoryId } : {}),
        ...(changes.amount !== undefined ? { amount: changes.amount } : {}),
        ...(changes.accountId !== undefined ? { accountId: changes.accountId } : {}),
        ...(changes.supplierId !== undefined ? { supplierId: changes.supplierId } : {}),
        ...(changes.reference !== undefined ? { reference: changes.reference } : {}),
        ...rule,
        startsOn,
        endsOn,
        active,
        nextDue,
      })
      .where(eq(recurringExpenses.id, id))
      .returning();
    if (!after) throw missing();
    await recordAudit(tx, actor, {
      area: 'finance',
      action: 'recurring-expense.updated',
      summary: `Changed the recurring expense “${after.description}”${active ? '' : ' (off)'}`,
      targetType: 'recurring-expense',
      targetId: id,
      before: auditValues(before),
      after: auditValues(after),
    });
    await publishChange(tx, TOPIC);
    return presentOne(tx, after);
  });
}

/**
 * Records what one template owes up to `today`, in one transaction with its row locked (another
 * process holding it is passed by).
 */
async function recordDueOf(db: Database, id: string, today: string): Promise<number> {
  return withTransaction(db, async (tx) => {
    const [template] = await tx
      .select()
      .from(recurringExpenses)
      .where(
        and(
          eq(recurringExpenses.id, id),
          eq(recurringExpenses.active, true),
          lte(recurringExpenses.nextDue, today),
        ),
      )
      .for('update', { skipLocked: true });
    if (!template?.nextDue) return 0;
    return recordDays(tx, template, today);
  });
}

/**
 * Records a locked template's days from its next one up to `today` and moves its next day on. A day
 * the books are closed on, or whose category or account has been archived, is skipped and audited
 * rather than recorded. Returns the expenses recorded.
 */
async function recordDays(tx: Tx, template: TemplateRow, today: string): Promise<number> {
  const rule = ruleOf(template);
  let due: string | null = template.nextDue;
  let recorded = 0;
  while (due !== null && due <= today && (template.endsOn === null || due <= template.endsOn)) {
    const day: string = due;
    try {
      await tx.transaction(async (savepoint) => {
        await insertExpense(
          savepoint,
          null,
          {
            date: day,
            categoryId: template.categoryId,
            amount: template.amount,
            description: template.description,
            accountId: template.accountId,
            supplierId: template.supplierId,
            reference: template.reference,
          },
          { id: template.id, on: day },
        );
      });
      recorded += 1;
    } catch (error) {
      if (!(error instanceof AppError) || (error.status !== 400 && error.status !== 409)) throw error;
      await recordAudit(tx, null, {
        area: 'finance',
        action: 'recurring-expense.skipped',
        summary: `Did not record the recurring expense “${template.description}” for ${day}: ${error.message}`,
        targetType: 'recurring-expense',
        targetId: template.id,
      });
    }
    due = occurrenceAfter(rule, day);
  }
  const nextDue = due !== null && (template.endsOn === null || due <= template.endsOn) ? due : null;
  await tx.update(recurringExpenses).set({ nextDue }).where(eq(recurringExpenses.id, template.id));
  await publishChange(tx, TOPIC);
  return recorded;
}

/**
 * A recurring expense that has run since `since` (the demo cafe's rent and wages): the template,
 * and its days from then to today recorded as the scheduler would have.
 */
export async function seedRecurringExpense(
  tx: Tx,
  input: RecurringExpenseInput,
  since: string,
): Promise<RecurringExpense> {
  const rule = ruleColumns(input);
  const { timeZone } = await bookkeeping(tx);
  const [row] = await tx
    .insert(recurringExpenses)
    .values({
      description: input.description,
      categoryId: input.categoryId,
      amount: input.amount,
      accountId: input.accountId,
      supplierId: input.supplierId ?? null,
      reference: input.reference ?? '',
      ...rule,
      startsOn: since,
      endsOn: input.endsOn ?? null,
      nextDue: nextOccurrence(ruleOf(rule), since),
    })
    .returning();
  if (!row) throw new Error('recurring expense not written');
  await recordDays(tx, row, restaurantToday(timeZone));
  const [after] = await tx.select().from(recurringExpenses).where(eq(recurringExpenses.id, row.id));
  return presentOne(tx, after ?? row);
}

/** Records every template's days up to the restaurant's today; the number of expenses recorded. */
export async function recordDueRecurringExpenses(db: Database, now = new Date()): Promise<number> {
  const { timeZone } = await bookkeeping(db);
  const today = restaurantToday(timeZone, now);
  const due = await db
    .select({ id: recurringExpenses.id })
    .from(recurringExpenses)
    .where(
      and(
        eq(recurringExpenses.active, true),
        isNotNull(recurringExpenses.nextDue),
        lte(recurringExpenses.nextDue, today),
      ),
    );
  let recorded = 0;
  for (const { id } of due) recorded += await recordDueOf(db, id, today);
  return recorded;
}

/** Looks for due recurring expenses soon after the start and then every few minutes. */
export class RecurringExpenseScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly deps: { db: Database; logger: Logger }) {}

  start(intervalMs = 5 * 60_000): void {
    this.timer = setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
    setTimeout(() => void this.tick(), 5_000).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One look (tests call it); resolves with the number of expenses recorded. */
  tick(now = new Date()): Promise<number> {
    this.running ??= recordDueRecurringExpenses(this.deps.db, now)
      .then((recorded) => {
        if (recorded > 0) this.deps.logger.info({ recorded }, 'recurring expenses recorded');
        return recorded;
      })
      .catch((error: unknown) => {
        this.deps.logger.error({ err: error }, 'recurring expenses check failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}

/** Deletes the demo's recurring expenses with the expenses they recorded; counts the templates. */
export async function deleteDemoRecurringExpenses(tx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const made = await tx
    .select({ id: expenses.id })
    .from(expenses)
    .where(inArray(expenses.recurringId, [...ids]));
  await deleteDemoExpenses(
    tx,
    made.map((row) => row.id),
  );
  const deleted = await tx
    .delete(recurringExpenses)
    .where(
      and(
        inArray(recurringExpenses.id, [...ids]),
        sql`not exists (select 1 from expenses e where e.recurring_id = ${recurringExpenses.id})`,
      ),
    )
    .returning({ id: recurringExpenses.id });
  return deleted.length;
}

export async function countRecurringExpensesIn(db: Queryable, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return (
    await db
      .select({ id: recurringExpenses.id })
      .from(recurringExpenses)
      .where(inArray(recurringExpenses.id, [...ids]))
  ).length;
}

/** The expenses the recurring expenses of `ids` have recorded. */
export async function expensesRecordedBy(db: Queryable, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: expenses.id })
    .from(expenses)
    .where(inArray(expenses.recurringId, [...ids]));
  return rows.map((row) => row.id);
}
