import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

/**
 * The per-day totals the database keeps (`order_day_totals`, `stock_day_totals`, `ledger_day_totals`)
 * and the same sums scanned from the records, in one comparable shape: rows of numbers as text, sorted,
 * days that sum to nothing left out, the ledger's stripes added up.
 */
export interface DayTotals {
  orders: string[];
  stock: string[];
  ledger: string[];
}

async function lines(db: Database, query: ReturnType<typeof sql>): Promise<string[]> {
  const result = await db.execute<{ line: string }>(query);
  return result.rows.map((row) => row.line).sort();
}

export async function keptDayTotals(db: Database): Promise<DayTotals> {
  return {
    orders: await lines(
      db,
      sql`select concat_ws('|', day, type, source, orders, subtotal, discount, coupon_discount, service_charge,
            tax, tax_in_prices, delivery_fee, total) as line
          from order_day_totals
          where orders <> 0 or subtotal <> 0 or total <> 0 or discount <> 0`,
    ),
    stock: await lines(
      db,
      sql`select concat_ws('|', day, value_change, received) as line from stock_day_totals
          where value_change <> 0 or received <> 0`,
    ),
    ledger: await lines(
      db,
      sql`select concat_ws('|', account_id, day, sum(money_in), sum(money_out)) as line from ledger_day_totals
          group by account_id, day having sum(money_in) <> 0 or sum(money_out) <> 0`,
    ),
  };
}

export async function scannedDayTotals(db: Database): Promise<DayTotals> {
  const zone = sql`(select time_zone from restaurant_settings limit 1)`;
  return {
    orders: await lines(
      db,
      sql`select concat_ws('|', day, type, source, count(*), sum(subtotal), sum(discount),
            coalesce(sum(discount) filter (where coupon_code is not null), 0), sum(service_charge), sum(tax),
            coalesce(sum(tax) filter (where tax_inclusive), 0), sum(delivery_fee), sum(total)) as line
          from (select *, (completed_at at time zone ${zone})::date as day from orders
                where status = 'completed') completed
          group by day, type, source`,
    ),
    stock: await lines(
      db,
      sql`select concat_ws('|', day, sum(value), coalesce(sum(value) filter (where type = 'purchase-receipt'), 0))
            as line
          from (select *, (created_at at time zone ${zone})::date as day from stock_movements) moved
          group by day having sum(value) <> 0
            or coalesce(sum(value) filter (where type = 'purchase-receipt'), 0) <> 0`,
    ),
    ledger: await lines(
      db,
      sql`select concat_ws('|', account_id, booked_on, coalesce(sum(amount) filter (where amount > 0), 0),
            -coalesce(sum(amount) filter (where amount < 0), 0)) as line
          from bank_transactions group by account_id, booked_on`,
    ),
  };
}
