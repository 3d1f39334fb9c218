import { sql } from 'drizzle-orm';
import type { Queryable } from './transaction';

/**
 * Where money is recorded. Every stored amount carries the currency it was recorded
 * in (a `currency` column, `db/columns.ts` `currencyColumn`), copied from the settings at the time, and
 * the currency setting cannot change once any money is recorded: amounts already kept would otherwise
 * be read in another currency (100.00 USD shown as 100.00 EUR, or 10 000 JPY as 100.00 USD).
 *
 * This list is the one place that says which rows count as recorded money. A module that records
 * money (orders, payments, expenses, bank transactions) adds its table here in the same change that
 * creates it; tests/api/schema-rules.test.ts fails while a table with a `currency` column is missing.
 * The entries are SQL names, not Drizzle tables, so this library imports no module.
 */
export interface MoneyRecord {
  /** The table, which has a `currency` column. */
  table: string;
  /** SQL condition over the table's columns: which rows hold money (an account opened at 0 holds none). */
  recorded: string;
  /** What those rows are, for the refusal message: "bank or cash accounts with an opening balance". */
  description: string;
  /** The same for one row: "bank or cash account with an opening balance". */
  singular: string;
  /** What the owner can do to record no money there any more, if anything: "set … to 0". */
  remedy?: string;
}

export const MONEY_RECORDS: readonly MoneyRecord[] = [
  {
    table: 'bank_accounts',
    recorded: 'opening_balance <> 0',
    description: 'bank or cash accounts with an opening balance',
    singular: 'bank or cash account with an opening balance',
    remedy: 'set those opening balances to 0 (master data, bank accounts)',
  },
  {
    table: 'orders',
    recorded: 'true',
    description: 'orders',
    singular: 'order',
    // Orders are never deleted; the demo cafe's go with the demo data (a new owner's first change).
    remedy:
      'remove the demo data (master data, settings tab) if those are the demo cafe’s orders; real orders stay in the currency they were taken in',
  },
  { table: 'payments', recorded: 'true', description: 'payments', singular: 'payment' },
  { table: 'refunds', recorded: 'true', description: 'refunds', singular: 'refund' },
  {
    table: 'bank_transactions',
    recorded: 'true',
    description: 'bank or cash account transactions',
    singular: 'bank or cash account transaction',
  },
  {
    table: 'purchase_orders',
    recorded: 'true',
    description: 'purchase orders',
    singular: 'purchase order',
  },
  { table: 'expenses', recorded: 'true', description: 'expenses', singular: 'expense' },
  {
    table: 'purchase_order_payments',
    recorded: 'true',
    description: 'payments to suppliers',
    singular: 'payment to a supplier',
  },
  {
    table: 'settlements',
    recorded: 'true',
    description: 'partner settlements',
    singular: 'partner settlement',
  },
  {
    table: 'cash_closes',
    recorded: 'true',
    description: 'cash drawer counts',
    singular: 'cash drawer count',
  },
];

// `settingsCurrency` (the currency a new money row records) is in db/columns.ts: schema files use it,
// and this file's import of db/transaction would make a cycle (transaction → client → schema).

/**
 * Tables with a `currency` column that are not recorded money: the settings themselves, and the hosted
 * checkouts started for an order (they copy the order's currency, and the order is recorded money).
 */
export const NOT_MONEY_RECORDS: readonly string[] = ['restaurant_settings', 'checkout_sessions'];

export interface RecordedMoney extends MoneyRecord {
  count: number;
  currencies: string[];
}

/**
 * What money is recorded, one entry per kind that has any rows (empty when none is). The settings'
 * currency change asks this while it holds the settings row locked; the rows that record money read
 * the currency from that row with `for share`, so no new amount can slip in between.
 */
export async function moneyRecorded(db: Queryable): Promise<RecordedMoney[]> {
  const found: RecordedMoney[] = [];
  for (const entry of MONEY_RECORDS) {
    const result = await db.execute(
      sql.raw(
        `select count(*)::int as count, coalesce(array_agg(distinct currency), '{}') as currencies
         from "${entry.table}" where ${entry.recorded}`,
      ),
    );
    const row = result.rows[0] as { count: number; currencies: string[] } | undefined;
    if (row && row.count > 0) {
      found.push({ ...entry, count: row.count, currencies: row.currencies.map((code) => code.trim()) });
    }
  }
  return found;
}
