import { asc, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/transaction';
import { bankAccounts } from '../master-data';
import { ledgerDayTotals } from './ledger.schema';

/** An account over the booking days `fromDay` .. `toDay` (both included). */
export interface AccountPeriod {
  id: string;
  name: string;
  type: string;
  active: boolean;
  /** The balance at the start of `fromDay`. */
  opening: number;
  /** Money in and out during the period, both 0 or more. */
  in: number;
  out: number;
  /** The balance at the end of `toDay`: opening + in − out. */
  closing: number;
}

/**
 * Every account's movement over a period, read from the per-day totals the database keeps with every
 * ledger row (`ledger_day_totals`). As on the account's page, the opening balance is there from the
 * start; an archived account that held nothing and moved nothing in the period is left out.
 */
export async function accountsBetween(
  db: Queryable,
  fromDay: string,
  toDay: string,
): Promise<AccountPeriod[]> {
  const sums = db
    .select({
      accountId: ledgerDayTotals.accountId,
      before:
        sql<string>`sum(${ledgerDayTotals.moneyIn} - ${ledgerDayTotals.moneyOut}) filter (where ${ledgerDayTotals.day} < ${fromDay})`.as(
          'before',
        ),
      moneyIn:
        sql<string>`sum(${ledgerDayTotals.moneyIn}) filter (where ${ledgerDayTotals.day} >= ${fromDay})`.as(
          'money_in',
        ),
      moneyOut:
        sql<string>`sum(${ledgerDayTotals.moneyOut}) filter (where ${ledgerDayTotals.day} >= ${fromDay})`.as(
          'money_out',
        ),
    })
    .from(ledgerDayTotals)
    .where(lte(ledgerDayTotals.day, toDay))
    .groupBy(ledgerDayTotals.accountId)
    .as('sums');
  const rows = await db
    .select({
      id: bankAccounts.id,
      name: bankAccounts.name,
      type: bankAccounts.type,
      active: bankAccounts.active,
      openingBalance: bankAccounts.openingBalance,
      before: sums.before,
      moneyIn: sums.moneyIn,
      moneyOut: sums.moneyOut,
    })
    .from(bankAccounts)
    .leftJoin(sums, sql`${sums.accountId} = ${bankAccounts.id}`)
    .orderBy(asc(sql`lower(${bankAccounts.name})`));
  return rows
    .map((row) => {
      const opening = row.openingBalance + Number(row.before ?? 0);
      const moneyIn = Number(row.moneyIn ?? 0);
      const moneyOut = Number(row.moneyOut ?? 0);
      return {
        id: row.id,
        name: row.name,
        type: row.type,
        active: row.active,
        opening,
        in: moneyIn,
        out: moneyOut,
        closing: opening + moneyIn - moneyOut,
      };
    })
    .filter((account) => account.active || account.opening !== 0 || account.in !== 0 || account.out !== 0);
}

/**
 * The balances of the accounts `ids` now (opening balance + every row), from the per-day totals: what
 * `accountBalance` reads from the rows, without reading them.
 */
export async function accountBalancesNow(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const balances = new Map<string, number>();
  if (ids.length === 0) return balances;
  const result = await db.execute<{ id: string; balance: string }>(sql`
    select a.id, a.opening_balance + coalesce((
             select sum(t.money_in - t.money_out) from ${ledgerDayTotals} t where t.account_id = a.id), 0) as balance
      from ${bankAccounts} a
     where a.id = any(${`{${ids.join(',')}}`}::uuid[])`);
  for (const row of result.rows) balances.set(row.id, Number(row.balance));
  return balances;
}
