import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * A busy cafe's year of orders for the bench's finance lines: 420 completed orders a day for 365 days
 * (153,300), each with its lines and its payment (a third cash, most by card, one in twelve through the
 * partner) and the payment's deposit in the ledger, as the app writes them. Written in SQL straight
 * into the bench's database (a year through the API would take the bench's whole run), one month per
 * transaction, so the ledger's checks at commit run as they do for the app's own rows. The app then
 * settles each month's partner orders through the API (`settleYear`).
 */

export const ORDERS_PER_DAY = 420;

/** The app's database: DATABASE_URL when the bench gave one, else the embedded server in `dataDir`. */
export async function benchDatabaseUrl(dataDir: string, databaseUrl: string | undefined): Promise<string> {
  if (databaseUrl) return databaseUrl;
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  const pid = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
  const port = Number(pid[3]);
  return `postgres://brigade:${encodeURIComponent(password)}@127.0.0.1:${port}/brigade`;
}

export async function writeOrderYear(url: string): Promise<{ orders: number; partnerId: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    const items = (
      await client.query<{ id: string; name: string; price: string; station: string }>(
        `select id, name, price, station from menu_items where active order by name limit 12`,
      )
    ).rows;
    const accounts = (
      await client.query<{ method: string; account_id: string }>(
        `select method, account_id from payment_method_accounts where method in ('cash', 'card', 'partner')`,
      )
    ).rows;
    const account = (method: string) => accounts.find((row) => row.method === method)?.account_id;
    const partner = (
      await client.query<{ id: string; name: string }>(`select id, name from partners order by name limit 1`)
    ).rows[0];
    const [cash, card, viaPartner] = [
      account('cash'),
      account('card'),
      account('partner') ?? account('card'),
    ];
    if (items.length < 2 || !cash || !card || !viaPartner || !partner) {
      throw new Error('the year of orders needs the demo’s menu, accounts and partners');
    }
    const settings = (
      await client.query<{ currency: string; time_zone: string }>(
        `select currency, time_zone from restaurant_settings limit 1`,
      )
    ).rows[0];
    const currency = settings?.currency;
    const itemList = JSON.stringify(items.map((item) => ({ ...item, price: Number(item.price) })));
    for (let month = 0; month < 12; month++) {
      const firstDay = month * 31 + 1;
      const lastDay = Math.min(365, firstDay + 30);
      await client.query('begin');
      await client.query(
        `create temp table bench_orders on commit drop as
         select gen_random_uuid() as id, d, n,
                (($1::jsonb) -> ((d * 7 + n) % jsonb_array_length($1::jsonb))) as item,
                1 + (n % 3) as quantity,
                (date_trunc('day', now()) - make_interval(days => d) + make_interval(mins => 420 + (n * 53) % 840)) as at
           from generate_series($2::int, $3::int) d, generate_series(1, $4::int) n`,
        [itemList, firstDay, lastDay, ORDERS_PER_DAY],
      );
      await client.query(
        `insert into orders (id, type, source, status, payment_status, partner_id, partner_name, partner_reference,
                             customer_name, currency, subtotal, tax, tax_inclusive, total, created_at,
                             confirmed_at, preparing_at, ready_at, completed_at, updated_at)
         select id, case when n % 12 = 0 then 'delivery' when n % 3 = 0 then 'dine-in' else 'takeaway' end,
                case when n % 12 = 0 then 'partner' else 'pos' end, 'completed', 'paid',
                case when n % 12 = 0 then $1::uuid end, case when n % 12 = 0 then $2 end,
                case when n % 12 = 0 then 'BX-' || d || '-' || n else '' end,
                'Bench guest ' || n, $3, (item ->> 'price')::bigint * quantity, 0, true,
                (item ->> 'price')::bigint * quantity, at, at, at + interval '2 minutes', at + interval '9 minutes',
                at + interval '12 minutes', at + interval '12 minutes'
           from bench_orders`,
        [partner.id, partner.name, currency],
      );
      await client.query(
        `insert into order_lines (order_id, position, menu_item_id, name, unit_price, station, quantity, line_total, created_at)
         select id, 1, (item ->> 'id')::uuid, item ->> 'name', (item ->> 'price')::bigint, item ->> 'station',
                quantity, (item ->> 'price')::bigint * quantity, at
           from bench_orders`,
      );
      await client.query(
        `create temp table bench_payments on commit drop as
         select gen_random_uuid() as id, o.id as order_id, o.d, o.at + interval '12 minutes' as at,
                (o.item ->> 'price')::bigint * o.quantity as amount,
                case when o.n % 12 = 0 then 'partner' when o.n % 3 = 0 then 'cash' else 'card' end as method
           from bench_orders o`,
      );
      await client.query(
        `insert into payments (id, order_id, method, amount, account_id, currency, created_at)
         select id, order_id, method, amount,
                case method when 'cash' then $1::uuid when 'partner' then $3::uuid else $2::uuid end, $4, at
           from bench_payments`,
        [cash, card, viaPartner, currency],
      );
      await client.query(
        `insert into bank_transactions (account_id, kind, amount, currency, description, source_kind, source_id,
                                        booked_on, occurred_at, created_at)
         select case method when 'cash' then $1::uuid when 'partner' then $3::uuid else $2::uuid end, 'deposit',
                amount, $4, 'Payment', 'payment', id, (at at time zone $5)::date, at, at
           from bench_payments`,
        [cash, card, viaPartner, currency, settings?.time_zone ?? 'UTC'],
      );
      await client.query('commit');
    }
    // As autovacuum would soon after: statistics, and the visibility map index-only scans rely on.
    for (const table of ['orders', 'order_lines', 'payments', 'bank_transactions']) {
      await client.query(`vacuum analyze ${table}`);
    }
    const orders = 365 * ORDERS_PER_DAY;
    console.log(
      `A year of orders written for the finance lines: ${orders} orders with their lines, payments and ledger rows (${Math.round((performance.now() - started) / 1000)} s).`,
    );
    return { orders, partnerId: partner.id };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * The year of orders, then the partner's twelve months settled through the API (the last month's
 * payout report imported), and the drawer the day's close would count.
 */
export async function prepareOrderYear(
  base: string,
  cookie: string,
  url: string,
): Promise<{ partnerId: string; settlementId: string; monthOrders: number; cashId: string }> {
  const { partnerId } = await writeOrderYear(url);
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  type Made = { id: string; orders: { partnerReference: string; gross: number; commission: number }[] };
  let last: Made | undefined;
  for (let month = 11; month >= 0; month--) {
    const response = await fetch(`${base}/api/settlements`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ partnerId, from: day(month * 31 + 31), to: day(month * 31 + 1) }),
    });
    if (response.status !== 201)
      throw new Error(`settling month ${month}: ${response.status} ${await response.text()}`);
    last = (await response.json()) as Made;
  }
  if (!last) throw new Error('no settlement made');
  const csv = [
    'Reference,Gross,Commission,Payout',
    ...last.orders.map(
      (order, index) =>
        `${order.partnerReference},${(order.gross / 100).toFixed(2)},${(order.commission / 100).toFixed(2)},${((order.gross - order.commission - (index % 40 === 0 ? 100 : 0)) / 100).toFixed(2)}`,
    ),
  ].join('\r\n');
  const form = new FormData();
  form.set('file', new File([csv], 'payout.csv', { type: 'text/csv' }));
  const imported = await fetch(`${base}/api/settlements/${last.id}/payout-report`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  if (!imported.ok) throw new Error(`payout report: ${imported.status} ${await imported.text()}`);
  const drawers = (await (
    await fetch(`${base}/api/cash-closes/drawers`, { headers: { cookie } })
  ).json()) as {
    items: { id: string }[];
  };
  const cashId = drawers.items[0]?.id;
  if (!cashId) throw new Error('the demo has no cash drawer');
  return { partnerId, settlementId: last.id, monthOrders: last.orders.length, cashId };
}
