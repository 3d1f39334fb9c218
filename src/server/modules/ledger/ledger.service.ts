import { eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/transaction';
import { inIds } from '../../lib/resource';
import { bankAccountResource } from '../master-data';
import { bankTransactions } from './ledger.schema';

/**
 * The account ledger (docs/PRODUCT-RULES.md, Bank and cash ledger): every movement of money in a bank or cash
 * account, one signed row each. It starts with payments (a deposit) and refunds (a withdrawal),
 * written in the transaction that records them; expenses, settlements and transfers will
 * write theirs through the same function. An account's balance is its opening balance plus the sum of
 * its rows, so a balance is never stored and can never drift from its transactions.
 */

export type BankTransactionKind = 'deposit' | 'withdrawal' | 'transfer' | 'fee';

export interface NewBankTransaction {
  accountId: string;
  kind: BankTransactionKind;
  /** Positive minor units; the sign comes from the kind (a deposit adds, a withdrawal or fee takes). */
  amount: number;
  currency: string;
  description: string;
  paymentId?: string | null;
  refundId?: string | null;
  /** Who recorded it (null: an online payment, the system). */
  createdBy?: string | null;
}

export interface BankTransaction {
  id: string;
  accountId: string;
  kind: BankTransactionKind;
  /** Signed: money in is positive, money out negative. */
  amount: number;
  currency: string;
  description: string;
  paymentId: string | null;
  refundId: string | null;
  occurredAt: Date;
}

/** The signed amount a kind of movement adds to its account (a transfer carries its own sign). */
function signed(kind: BankTransactionKind, amount: number): number {
  if (kind === 'deposit') return Math.abs(amount);
  if (kind === 'withdrawal' || kind === 'fee') return -Math.abs(amount);
  return amount;
}

/** Records one movement of money in the caller's transaction (with the change that made it). */
export async function recordBankTransaction(tx: Tx, input: NewBankTransaction): Promise<BankTransaction> {
  const [row] = await tx
    .insert(bankTransactions)
    .values({
      accountId: input.accountId,
      kind: input.kind,
      amount: signed(input.kind, input.amount),
      currency: input.currency,
      description: input.description,
      paymentId: input.paymentId ?? null,
      refundId: input.refundId ?? null,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  if (!row) throw new Error('bank transaction not written');
  return {
    id: row.id,
    accountId: row.accountId,
    kind: row.kind as BankTransactionKind,
    amount: row.amount,
    currency: row.currency.trim(),
    description: row.description,
    paymentId: row.paymentId,
    refundId: row.refundId,
    occurredAt: row.occurredAt,
  };
}

/** The sum of an account's transactions (0 for none). */
export async function accountTransactionsTotal(db: Queryable, accountId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${bankTransactions.amount}), 0)` })
    .from(bankTransactions)
    .where(eq(bankTransactions.accountId, accountId));
  return Number(row?.total ?? 0);
}

/** An account's balance: its opening balance plus the sum of its transactions. */
export async function accountBalance(db: Queryable, accountId: string): Promise<number> {
  // A 404 when there is no such account.
  const account = await bankAccountResource.get(db, null, accountId);
  return account.openingBalance + (await accountTransactionsTotal(db, accountId));
}

/** Deletes the ledger rows of payments and of their refunds (before those payments are deleted). */
export async function deleteTransactionsOfPayments(tx: Tx, paymentIds: readonly string[]): Promise<number> {
  if (paymentIds.length === 0) return 0;
  const deleted = await tx
    .delete(bankTransactions)
    .where(inIds(bankTransactions.paymentId, [...paymentIds]))
    .returning({ id: bankTransactions.id });
  return deleted.length;
}
