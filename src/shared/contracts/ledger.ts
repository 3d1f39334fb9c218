import { z } from 'zod';
import { dateField, idField, MAX_BALANCE_MINOR, nameField } from './fields';
import { BANK_ACCOUNT_TYPES } from './master-data';

/**
 * The bank and cash ledger: every movement of money in an account, one signed row each (money in is
 * positive). An account's balance is its opening balance plus the sum of its rows. A row is never
 * changed: a mistake is taken back by a reversing row (`kind: "reversal"`, `reversesId`).
 */

export const BANK_TRANSACTION_KINDS = ['deposit', 'withdrawal', 'transfer', 'fee', 'reversal'] as const;
export type BankTransactionKind = (typeof BANK_TRANSACTION_KINDS)[number];

/** What an entry by hand can be: money in, money out, or the bank's fee. */
export const MANUAL_TRANSACTION_KINDS = ['deposit', 'withdrawal', 'fee'] as const;
export type ManualTransactionKind = (typeof MANUAL_TRANSACTION_KINDS)[number];

/**
 * What made a row: a payment, a refund, an expense, a payment to a supplier for a purchase order, a
 * partner's payout for a settlement, the over or short of a cash drawer's count, an entry by hand, or a
 * transfer between two accounts.
 */
export const LEDGER_SOURCES = [
  'payment',
  'refund',
  'expense',
  'supplier-payment',
  'settlement',
  'cash-close',
  'manual',
  'transfer',
] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];

/** An amount that moves: more than zero, at most a billion in a two-decimal currency. */
export const movedAmountField = z
  .number({ error: 'must be an amount in minor units (cents)' })
  .int('must be a whole number of minor units (cents)')
  .min(1, 'must be more than 0')
  .max(MAX_BALANCE_MINOR, 'is too large');

const descriptionField = nameField(200, 'a description');

export const ManualTransactionInputSchema = z.strictObject({
  accountId: idField,
  kind: z.enum(MANUAL_TRANSACTION_KINDS, { error: 'must be deposit, withdrawal or fee' }),
  /** Positive; a withdrawal or fee takes it out. */
  amount: movedAmountField,
  /** The day the money moved (the restaurant's calendar). */
  date: dateField,
  description: descriptionField,
});
export type ManualTransactionInput = z.infer<typeof ManualTransactionInputSchema>;

export const TransferInputSchema = z.strictObject({
  fromAccountId: idField,
  toAccountId: idField,
  amount: movedAmountField,
  date: dateField,
  description: descriptionField,
});
export type TransferInput = z.infer<typeof TransferInputSchema>;

export const VoidTransactionInputSchema = z.strictObject({
  reason: nameField(200, 'a reason'),
});
export type VoidTransactionInput = z.infer<typeof VoidTransactionInputSchema>;

export const BankTransactionSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  kind: z.enum(BANK_TRANSACTION_KINDS),
  /** Signed minor units: money in is positive, money out negative. */
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  /** What made it; `id` is the payment's or refund's, null for an entry by hand or a transfer. */
  source: z.object({ kind: z.enum(LEDGER_SOURCES), id: z.string().nullable() }),
  /** The two rows of one transfer (and their reversals) share it. */
  transferId: z.string().nullable(),
  /** A reversal: the row it takes back. */
  reversesId: z.string().nullable(),
  /** The reversal that took this row back, if one did. */
  reversedById: z.string().nullable(),
  /** The restaurant's day it counts on. */
  bookedOn: z.string(),
  occurredAt: z.string(),
  reconciled: z.boolean(),
  /** Who recorded it (null: an online payment, or a user since deleted). */
  createdByName: z.string().nullable(),
});
export type BankTransaction = z.infer<typeof BankTransactionSchema>;

export const BankTransactionWithBalanceSchema = BankTransactionSchema.extend({
  /** The account's balance after this row (rows in the order they count: day, then time). */
  runningBalance: z.number(),
});
export type BankTransactionWithBalance = z.infer<typeof BankTransactionWithBalanceSchema>;

export const AccountBalanceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(BANK_ACCOUNT_TYPES),
  active: z.boolean(),
  currency: z.string(),
  openingBalance: z.number(),
  openingDate: z.string(),
  /** Opening balance plus every row. */
  balance: z.number(),
});
export type AccountBalance = z.infer<typeof AccountBalanceSchema>;

export const AccountLedgerSchema = z.object({
  account: AccountBalanceSchema,
  /** The period shown (inclusive days), as asked or the default. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The balance before the period's first row, and after its last. */
  balanceBefore: z.number(),
  balanceAfter: z.number(),
  /** Money in and out over the period (of the kind asked, if one was). */
  totalIn: z.number(),
  totalOut: z.number(),
  /** Newest first; each with the balance after it. */
  items: z.array(BankTransactionWithBalanceSchema),
  nextCursor: z.string().nullable(),
});
export type AccountLedger = z.infer<typeof AccountLedgerSchema>;

export const TransferSchema = z.object({
  transferId: z.string(),
  /** The withdrawal from the first account and the deposit into the second. */
  rows: z.tuple([BankTransactionSchema, BankTransactionSchema]),
});
export type Transfer = z.infer<typeof TransferSchema>;

export const VoidResultSchema = z.object({
  /** The reversing rows written (two for a transfer). */
  reversals: z.array(BankTransactionSchema),
});
export type VoidResult = z.infer<typeof VoidResultSchema>;

/** A signed balance as a bank statement shows it (an overdraft is negative). */
const statementBalanceField = z
  .number({ error: 'must be an amount in minor units (cents)' })
  .int('must be a whole number of minor units (cents)')
  .min(-MAX_BALANCE_MINOR, 'is too small')
  .max(MAX_BALANCE_MINOR, 'is too large');

/** What reconciling an account starts from: the rows not yet ticked off, up to the statement's day. */
export const ReconciliationDraftSchema = z.object({
  account: AccountBalanceSchema,
  /** The last statement the account was reconciled to, if any. */
  lastReconciliation: z.object({ statementDate: z.string(), statementBalance: z.number() }).nullable(),
  /** Opening balance plus every row already reconciled: where this statement starts. */
  reconciledBalance: z.number(),
  /**
   * Rows not reconciled, booked on or before the statement's day (all of them without one), oldest
   * first. A voided row and its reversal never reached the bank and are left out.
   */
  rows: z.array(BankTransactionSchema),
});
export type ReconciliationDraft = z.infer<typeof ReconciliationDraftSchema>;

export const ReconciliationInputSchema = z.strictObject({
  statementDate: dateField,
  statementBalance: statementBalanceField,
  /** The rows the statement shows: with the reconciled balance they must add up to it exactly. */
  transactionIds: z.array(idField).max(10_000, 'must be at most 10000 rows'),
});
export type ReconciliationInput = z.infer<typeof ReconciliationInputSchema>;

export const ReconciliationSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  statementDate: z.string(),
  statementBalance: z.number(),
  rowCount: z.number(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;

export const ReconciliationListSchema = z.object({ items: z.array(ReconciliationSchema) });
export type ReconciliationList = z.infer<typeof ReconciliationListSchema>;

/** A bank's CSV export, as text (the browser reads the file). */
export const MAX_STATEMENT_CHARS = 1_000_000;
export const StatementMatchInputSchema = z.strictObject({
  csv: z
    .string({ error: 'must be the CSV file’s text' })
    .min(1, 'Choose a CSV file.')
    .max(MAX_STATEMENT_CHARS, 'must be at most 1,000,000 characters: export a shorter period'),
  /** Only rows booked on or before this day are matched. */
  statementDate: dateField.optional(),
});
export type StatementMatchInput = z.infer<typeof StatementMatchInputSchema>;

export const StatementMatchSchema = z.object({
  lines: z.array(
    z.object({
      /** The line's record in the file (1 = the header). */
      row: z.number(),
      date: z.string().nullable(),
      amount: z.number().nullable(),
      reference: z.string(),
      /** Why it could not be read. */
      problem: z.string().nullable(),
      /** The ledger row it matched: the same amount, at most 5 days apart. */
      transactionId: z.string().nullable(),
    }),
  ),
  matched: z.number(),
  unmatched: z.number(),
});
export type StatementMatch = z.infer<typeof StatementMatchSchema>;

export const LEDGER_API = {
  reconciliationDraft: (accountId: string) => `/api/bank-accounts/${accountId}/reconciliation`,
  reconciliations: (accountId: string) => `/api/bank-accounts/${accountId}/reconciliations`,
  statementMatch: (accountId: string) => `/api/bank-accounts/${accountId}/reconciliations/match`,
  balances: '/api/bank-account-balances',
  accountTransactions: (accountId: string) => `/api/bank-accounts/${accountId}/transactions`,
  transactions: '/api/bank-transactions',
  voidTransaction: (id: string) => `/api/bank-transactions/${id}/void`,
  transfers: '/api/bank-transfers',
} as const;
