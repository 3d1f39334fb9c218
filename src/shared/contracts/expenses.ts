import { z } from 'zod';
import { dateField, idField, nameField, textField, versionField } from './fields';
import { movedAmountField } from './ledger';

/**
 * Expenses: money the restaurant spends outside purchase orders (rent, wages, repairs), each paid
 * from a bank or cash account. Recording one writes its withdrawal in that account's ledger; changing
 * its amount, date or account reverses that row and writes a new one; voiding reverses it. An expense
 * is never deleted.
 */

export const EXPENSE_STATUSES = ['recorded', 'voided'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

/** A receipt: a photo (reduced like every picture) or a PDF, up to 10 MB as sent. */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;
export const RECEIPT_TOO_LARGE = 'The receipt is larger than 10 MB. Please choose a smaller file.';
export const NOT_A_RECEIPT = 'The receipt must be a JPEG, PNG or WebP photo, or a PDF.';
export const ACCEPTED_RECEIPT_TYPES = 'image/jpeg,image/png,image/webp,application/pdf';

/** The browser's check before a receipt is sent (the server reads the file to be sure). */
export function receiptFileProblem(file: File): string | null {
  if (!ACCEPTED_RECEIPT_TYPES.split(',').includes(file.type)) return NOT_A_RECEIPT;
  if (file.size > MAX_RECEIPT_BYTES) return RECEIPT_TOO_LARGE;
  return null;
}

const referenceField = textField(100);

export const ExpenseInputSchema = z.strictObject({
  /** The day it was paid (the restaurant's calendar); the ledger books it on that day. */
  date: dateField,
  categoryId: idField,
  /** Positive minor units, taken out of the account. */
  amount: movedAmountField,
  description: nameField(200, 'a description'),
  /** The bank or cash account it was paid from. */
  accountId: idField,
  supplierId: idField.nullable().optional(),
  /** The invoice or receipt number. */
  reference: referenceField.optional(),
});
export type ExpenseInput = z.infer<typeof ExpenseInputSchema>;

export const ExpenseUpdateSchema = z.strictObject({
  version: versionField,
  date: dateField.optional(),
  categoryId: idField.optional(),
  amount: movedAmountField.optional(),
  description: nameField(200, 'a description').optional(),
  accountId: idField.optional(),
  supplierId: idField.nullable().optional(),
  reference: referenceField.optional(),
});
export type ExpenseUpdate = z.infer<typeof ExpenseUpdateSchema>;

export const ExpenseVoidInputSchema = z.strictObject({
  version: versionField,
  reason: nameField(200, 'a reason'),
});
export type ExpenseVoidInput = z.infer<typeof ExpenseVoidInputSchema>;

export const ExpenseReceiptSchema = z.object({
  contentType: z.string(),
  /** Bytes as stored (a photo after it was reduced). */
  size: z.number(),
  fileName: z.string(),
  /** Where to read it (admins only). */
  url: z.string(),
  uploadedAt: z.string(),
});
export type ExpenseReceipt = z.infer<typeof ExpenseReceiptSchema>;

export const ExpenseSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  date: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  reference: z.string(),
  receipt: ExpenseReceiptSchema.nullable(),
  status: z.enum(EXPENSE_STATUSES),
  voidReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidedByName: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Expense = z.infer<typeof ExpenseSchema>;

export const ExpenseCategoryTotalSchema = z.object({
  categoryId: z.string(),
  categoryName: z.string(),
  count: z.number(),
  amount: z.number(),
});
export type ExpenseCategoryTotal = z.infer<typeof ExpenseCategoryTotalSchema>;

export const ExpensePageSchema = z.object({
  /** Newest date first. */
  items: z.array(ExpenseSchema),
  nextCursor: z.string().nullable(),
  /** Over every expense the filters keep (all pages), voided ones left out. */
  totals: z.object({
    count: z.number(),
    amount: z.number(),
    byCategory: z.array(ExpenseCategoryTotalSchema),
  }),
});
export type ExpensePage = z.infer<typeof ExpensePageSchema>;

/** The list's filters, as the query string names them. */
export interface ExpenseFilters {
  from?: string;
  to?: string;
  categoryId?: string;
  supplierId?: string;
  accountId?: string;
  status?: ExpenseStatus;
  search?: string;
}

/** The columns of the CSV export, in order. */
export const EXPENSE_CSV_COLUMNS = [
  'Date',
  'Category',
  'Description',
  'Supplier',
  'Paid from',
  'Reference',
  'Amount',
  'Currency',
  'Status',
  'Void reason',
  'Receipt',
] as const;

export const RECURRENCE_FREQUENCIES = ['monthly', 'weekly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

const recurringFields = {
  description: nameField(200, 'a description'),
  categoryId: idField,
  amount: movedAmountField,
  accountId: idField,
  supplierId: idField.nullable().optional(),
  reference: referenceField.optional(),
  frequency: z.enum(RECURRENCE_FREQUENCIES, { error: 'must be monthly or weekly' }),
  /** Monthly: the day of the month (the month's last day when it is shorter). */
  dayOfMonth: z
    .number({ error: 'must be a day of the month from 1 to 31' })
    .int('must be a day of the month from 1 to 31')
    .min(1, 'must be a day of the month from 1 to 31')
    .max(31, 'must be a day of the month from 1 to 31')
    .nullable()
    .optional(),
  /** Weekly: 1 = Monday … 7 = Sunday. */
  weekday: z
    .number({ error: 'must be a weekday from 1 (Monday) to 7 (Sunday)' })
    .int('must be a weekday from 1 (Monday) to 7 (Sunday)')
    .min(1, 'must be a weekday from 1 (Monday) to 7 (Sunday)')
    .max(7, 'must be a weekday from 1 (Monday) to 7 (Sunday)')
    .nullable()
    .optional(),
  /** The first day it may record on; a day already past is not recorded for (only from today). */
  startsOn: dateField,
  endsOn: dateField.nullable().optional(),
};

export const RecurringExpenseInputSchema = z.strictObject(recurringFields);
export type RecurringExpenseInput = z.infer<typeof RecurringExpenseInputSchema>;

export const RecurringExpenseUpdateSchema = RecurringExpenseInputSchema.partial().extend({
  version: versionField,
  /** Off: it records nothing until turned on again (then from that day on). */
  active: z.boolean({ error: 'must be true or false' }).optional(),
});
export type RecurringExpenseUpdate = z.infer<typeof RecurringExpenseUpdateSchema>;

export const RecurringExpenseSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  description: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  amount: z.number(),
  accountId: z.string(),
  accountName: z.string(),
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  reference: z.string(),
  frequency: z.enum(RECURRENCE_FREQUENCIES),
  dayOfMonth: z.number().nullable(),
  weekday: z.number().nullable(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  /** The next day it records an expense on; null once it has ended or while it is off. */
  nextDue: z.string().nullable(),
  /** The last day it recorded an expense for, if any. */
  lastRecordedOn: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecurringExpense = z.infer<typeof RecurringExpenseSchema>;

export const RecurringExpenseListSchema = z.object({ items: z.array(RecurringExpenseSchema) });
export type RecurringExpenseList = z.infer<typeof RecurringExpenseListSchema>;

export const EXPENSES_API = {
  recurring: '/api/recurring-expenses',
  recurringOne: (id: string) => `/api/recurring-expenses/${id}`,
  expenses: '/api/expenses',
  expense: (id: string) => `/api/expenses/${id}`,
  voidExpense: (id: string) => `/api/expenses/${id}/void`,
  receipt: (id: string) => `/api/expenses/${id}/receipt`,
  export: '/api/expenses/export',
} as const;

// ---------------------------------------------------------------------------------------------------
// Budget allocations: per expense category and month, an amount to spend; spent is what the month's
// recorded expenses of that category add up to.

/** A month of the restaurant's calendar, `YYYY-MM`. */
export const monthField = z
  .string({ error: 'must be a month such as 2026-01' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month such as 2026-01');

/** Used from this percent of the allocation the line warns; past 100 (more spent than allocated) it is over. */
export const BUDGET_WARNING_PERCENT = 80;
export const BUDGET_OVER_PERCENT = 100;
export const BUDGET_STATES = ['ok', 'warning', 'over'] as const;
export type BudgetState = (typeof BUDGET_STATES)[number];

/** The thresholds (80, 100) a month has passed: 80 % used or more, and more spent than allocated. */
export function budgetThresholdsPassed(allocated: number, spent: number): number[] {
  if (allocated <= 0) return [];
  return [
    ...(spent * 100 >= allocated * BUDGET_WARNING_PERCENT ? [BUDGET_WARNING_PERCENT] : []),
    ...(spent > allocated ? [BUDGET_OVER_PERCENT] : []),
  ];
}

/** ok, warning (80 % used or more) or over (more spent than allocated, or anything without one). */
export function budgetState(allocated: number, spent: number): BudgetState {
  if (allocated <= 0) return spent > 0 ? 'over' : 'ok';
  const passed = budgetThresholdsPassed(allocated, spent);
  return passed.includes(BUDGET_OVER_PERCENT) ? 'over' : passed.length > 0 ? 'warning' : 'ok';
}

/** Percent of the allocation spent, to one decimal; null without an allocation. */
export function percentUsed(allocated: number, spent: number): number | null {
  return allocated > 0 ? Math.round((spent * 1000) / allocated) / 10 : null;
}

export const BudgetLineSchema = z.object({
  categoryId: z.string(),
  categoryName: z.string(),
  /** Archived categories show while they have an allocation or spending in the month. */
  categoryActive: z.boolean(),
  allocated: z.number(),
  spent: z.number(),
  remaining: z.number(),
  percentUsed: z.number().nullable(),
  state: z.enum(BUDGET_STATES),
});
export type BudgetLine = z.infer<typeof BudgetLineSchema>;

export const BudgetMonthSchema = z.object({
  month: z.string(),
  lines: z.array(BudgetLineSchema),
  totals: BudgetLineSchema.omit({ categoryId: true, categoryName: true, categoryActive: true }),
  /** The six months ending with this one, oldest first: per category, allocated and spent in each. */
  history: z.object({
    months: z.array(z.string()),
    lines: z.array(
      z.object({
        categoryId: z.string(),
        categoryName: z.string(),
        months: z.array(z.object({ allocated: z.number(), spent: z.number() })),
      }),
    ),
  }),
});
export type BudgetMonth = z.infer<typeof BudgetMonthSchema>;

export const BudgetAllocationsInputSchema = z.strictObject({
  month: monthField,
  /** Each category's amount for the month; 0 removes its allocation. Categories not named keep theirs. */
  lines: z
    .array(
      z.strictObject({
        categoryId: idField,
        amount: z
          .number({ error: 'must be an amount in minor units (cents)' })
          .int('must be a whole number of minor units (cents)')
          .min(0, 'must not be negative')
          .max(100_000_000_000, 'is too large'),
      }),
    )
    .max(500, 'must be at most 500 lines'),
});
export type BudgetAllocationsInput = z.infer<typeof BudgetAllocationsInputSchema>;

export const BudgetCopyInputSchema = z.strictObject({ from: monthField, to: monthField });
export type BudgetCopyInput = z.infer<typeof BudgetCopyInputSchema>;

export const BUDGETS_API = {
  allocations: '/api/budget-allocations',
  copy: '/api/budget-allocations/copy',
} as const;
