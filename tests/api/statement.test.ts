import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/server/lib/csv';
import { EXPENSES_API, type Expense } from '../../src/shared/contracts/expenses';
import {
  INVENTORY_API,
  type InventoryItem,
  type StockMovementPage,
} from '../../src/shared/contracts/inventory';
import type { AccountLedger } from '../../src/shared/contracts/ledger';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import type { OrderWithPayments } from '../../src/shared/contracts/payments';
import {
  REPORTS_API,
  type Statement,
  type StatementReceipts,
  type StatementRefunds,
  type StatementSettlements,
} from '../../src/shared/contracts/reports';
import {
  SETTLEMENTS_API,
  type Settlement,
  type SettlementSummary,
} from '../../src/shared/contracts/settlements';
import { keptDayTotals, scannedDayTotals } from '../support/day-totals';
import { buildMenuItem, buildPartner, buildTable, buildUnit, uniqueName } from '../support/factories';
import { movedOrder, placedOrder } from '../support/orders';
import { accountFor, paid, readOrder, refunded, settingsForPayments } from '../support/payments';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * The financial statement, line by line, against the API's own lists of the records it sums: orders
 * completed in the period (placed now, their completion moved across the change to summer time of
 * 2026-03-29 in Berlin), refunds, stock movements, expenses, settlements and ledger rows, for March
 * 2026 and the February it is compared with. Every line must equal the lists' sums to the minor unit.
 */
const ZONE = 'Europe/Berlin';
const MARCH = { from: '2026-03-01', to: '2026-03-31' };
const FEBRUARY = { from: '2026-02-01', to: '2026-02-28' };

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let coffee: MenuItem;
let cake: MenuItem;
let flour: InventoryItem;
let cash: { id: string };
let statement: Statement;

/** The restaurant's calendar day of an instant, by the platform's own time zone rules. */
function dayIn(instant: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

async function expectOk<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function complete(order: Order): Promise<Order> {
  let current = order;
  for (const status of ['preparing', 'ready', 'completed'] as const)
    current = await movedOrder(t, current, status, staff);
  return current;
}

/** Moves an order's completion (and placing) to `instant`, as if it had happened then. */
async function completedAt(orderId: string, instant: string): Promise<void> {
  await t.db.execute(
    sql`update orders set created_at = ${instant}::timestamptz - interval '20 minutes', completed_at = ${instant}::timestamptz
        where id = ${orderId}`,
  );
}

async function allPages<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page: { items: T[]; nextCursor: string | null } = await expectOk(
      await t.get(`${path}${separator}limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
        as: admin,
      }),
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

const statementOf = async (period: { from: string; to: string }) =>
  expectOk<Statement>(
    await t.get(`${REPORTS_API.statement}?from=${period.from}&to=${period.to}`, { as: admin }),
  );

/** What the lists say one period's lines are. */
async function expectedLines(period: { from: string; to: string }) {
  const completed = await allPages<Order>(
    `/api/orders?status=completed&dateOf=completed&from=${period.from}&to=${period.to}`,
  );
  const sum = (orders: Order[], pick: (order: Order) => number) => orders.reduce((s, o) => s + pick(o), 0);
  // Refunds: every order's payments, by the day each refund was made.
  const everyOrder = await allPages<Order>('/api/orders?status=completed,confirmed,preparing,ready');
  const refunds: { amount: number; type: string; source: string }[] = [];
  for (const order of everyOrder) {
    const full = await readOrder(t, order.id, admin);
    for (const payment of (full as OrderWithPayments).payments) {
      for (const refund of payment.refunds) {
        const day = dayIn(refund.createdAt);
        if (day >= period.from && day <= period.to)
          refunds.push({ amount: refund.amount, type: order.type, source: order.source });
      }
    }
  }
  const refundTotal = refunds.reduce((s, r) => s + r.amount, 0);
  const gross = sum(completed, (o) => o.subtotal);
  const discounts = sum(completed, (o) => o.discount);
  const net = gross - discounts - refundTotal;
  const serviceCharge = sum(completed, (o) => o.serviceCharge);
  const deliveryFees = sum(completed, (o) => o.deliveryFee);
  const taxInPrices = sum(completed, (o) => (o.taxInclusive ? o.tax : 0));
  const income = net + serviceCharge + deliveryFees - taxInPrices;
  // Stock: the movements' values by the day they were made.
  const movements = await allPages<StockMovementPage['items'][number]>(
    `${INVENTORY_API.items}/${flour.id}/movements`,
  );
  const valueBefore = (day: string) =>
    movements.filter((m) => dayIn(m.createdAt) < day).reduce((s, m) => s + m.value, 0);
  const openingStock = valueBefore(period.from);
  const closingStock = movements
    .filter((m) => dayIn(m.createdAt) <= period.to)
    .reduce((s, m) => s + m.value, 0);
  const purchases = movements
    .filter(
      (m) =>
        m.type === 'purchase-receipt' && dayIn(m.createdAt) >= period.from && dayIn(m.createdAt) <= period.to,
    )
    .reduce((s, m) => s + m.value, 0);
  const cost = openingStock + purchases - closingStock;
  const grossProfit = income - cost;
  // Partners: the settlements whose period ends in it.
  const settlements = (
    await expectOk<{ items: SettlementSummary[] }>(await t.get(SETTLEMENTS_API.settlements, { as: admin }))
  ).items.filter((s) => s.to >= period.from && s.to <= period.to);
  const partnerCommissions = settlements.reduce((s, x) => s + x.commission - x.adjustmentsTotal, 0);
  // Expenses: the list of the period, voided ones left out.
  const expenses = await allPages<Expense>(
    `${EXPENSES_API.expenses}?from=${period.from}&to=${period.to}&status=recorded`,
  );
  const expensesTotal = expenses.reduce((s, e) => s + e.amount, 0);
  // Accounts: each account's page for the period.
  const ledger = await expectOk<AccountLedger>(
    await t.get(`/api/bank-accounts/${cash.id}/transactions?from=${period.from}&to=${period.to}&limit=1`, {
      as: admin,
    }),
  );
  const byKey = (key: 'type' | 'source', value: string) => {
    const orders = completed.filter((o) => o[key] === value);
    const refunded = refunds.filter((r) => r[key] === value).reduce((s, r) => s + r.amount, 0);
    return {
      orders: orders.length,
      gross: sum(orders, (o) => o.subtotal),
      discounts: sum(orders, (o) => o.discount),
      refunds: refunded,
      net: sum(orders, (o) => o.subtotal - o.discount) - refunded,
    };
  };
  return {
    orders: completed.length,
    gross,
    discounts,
    couponDiscounts: sum(completed, (o) => (o.couponCode ? o.discount : 0)),
    refunds: refundTotal,
    net,
    byType: Object.fromEntries(
      ['dine-in', 'takeaway', 'delivery'].map((type) => [type, byKey('type', type)]),
    ),
    bySource: Object.fromEntries(
      ['pos', 'online', 'partner'].map((source) => [source, byKey('source', source)]),
    ),
    serviceCharge,
    deliveryFees,
    taxCollected: sum(completed, (o) => o.tax),
    taxInPrices,
    income,
    openingStock,
    purchases,
    closingStock,
    cost,
    grossProfit,
    partnerCommissions,
    expensesTotal,
    netProfit: grossProfit - partnerCommissions - expensesTotal,
    cash: {
      opening: ledger.balanceBefore,
      in: ledger.totalIn,
      out: -ledger.totalOut,
      closing: ledger.balanceAfter,
    },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff' }),
  ])) as [TestUser, TestUser, TestUser];
  await settingsForPayments(t, admin, {
    timeZone: ZONE,
    taxPercent: 10,
    serviceChargePercent: 5,
    deliveryFee: 300,
  });
  cash = await accountFor(t, admin, ['cash', 'card', 'partner'], { type: 'cash', openingBalance: 20_000 });
  coffee = await buildMenuItem(t, { name: uniqueName('Coffee'), price: 350 }, { as: admin });
  cake = await buildMenuItem(t, { name: uniqueName('Cake'), price: 475 }, { as: admin });
  const kg = await buildUnit(t, { name: uniqueName('Kilogram'), symbol: 'kg' }, { as: admin });
  flour = await expectOk<InventoryItem>(
    await t.post(
      INVENTORY_API.items,
      { name: uniqueName('Flour'), group: 'ingredient', unitId: kg.id },
      { as: admin },
    ),
    201,
  );
  const table = await buildTable(t, {}, { as: admin });
  const partner = await buildPartner(t, { commissionPercent: 20 }, { as: admin });
  const coupon = await expectOk<{ code: string }>(
    await t.post(
      '/api/coupons',
      { code: 'SPRING15', kind: 'percent', value: 15, channels: ['pos', 'online'] },
      { as: admin },
    ),
    201,
  );

  // Orders, each completed at a moment around the months' borders and the change to summer time.
  const place = (body: Record<string, unknown>) => placedOrder(t, body, manager);
  const line = (item: MenuItem, quantity: number) => ({ menuItemId: item.id, quantity });
  const orders: [Record<string, unknown>, string, { pay?: number; refund?: [number, string] }][] = [
    // 00:30 on the 29th of March in Berlin: the night the clocks go forward. March.
    [
      { type: 'dine-in', tableId: table.id, lines: [line(coffee, 2), line(cake, 1)] },
      '2026-03-28T23:30:00Z',
      { pay: 1, refund: [200, '2026-03-29T10:00:00Z'] },
    ],
    // 00:30 on the 1st of March in Berlin (still the 28th of February in UTC). March.
    [
      { type: 'takeaway', lines: [line(cake, 3)], couponCode: coupon.code },
      '2026-02-28T23:30:00Z',
      { pay: 1 },
    ],
    // 23:30 on the 28th of February in Berlin. February.
    [
      {
        type: 'takeaway',
        lines: [line(coffee, 4)],
        discount: { kind: 'amount', value: 100, reason: 'Regular' },
      },
      '2026-02-28T22:30:00Z',
      { pay: 1, refund: [350, '2026-02-28T22:59:00Z'] },
    ],
    // 23:30 on the 31st of March in Berlin (summer time): March. An hour later would be April.
    [{ type: 'dine-in', tableId: table.id, lines: [line(coffee, 1)] }, '2026-03-31T21:30:00Z', {}],
    [
      { type: 'takeaway', lines: [line(coffee, 1)] },
      '2026-03-31T22:30:00Z',
      { pay: 1, refund: [100, '2026-04-01T08:00:00Z'] },
    ],
    [
      {
        type: 'delivery',
        partnerId: partner.id,
        partnerReference: 'P-1',
        deliveryAddress: '1 Test Street',
        lines: [line(cake, 2)],
      },
      '2026-03-15T12:00:00Z',
      {},
    ],
    [
      {
        type: 'delivery',
        partnerId: partner.id,
        partnerReference: 'P-2',
        deliveryAddress: '1 Test Street',
        lines: [line(coffee, 2)],
      },
      '2026-02-10T12:00:00Z',
      {},
    ],
    [
      {
        type: 'delivery',
        deliveryAddress: '2 Test Street',
        customerName: 'Ann',
        customerPhone: '+4915112345678',
        lines: [line(cake, 1)],
      },
      '2026-02-14T19:00:00Z',
      { pay: 1, refund: [50, '2026-03-02T09:00:00Z'] },
    ],
  ];
  for (const [body, at, money] of orders) {
    let order = await place(body);
    if (money.pay) {
      const payment = await paid(t, order.id, { method: 'cash', amount: order.total }, staff);
      if (money.refund) {
        const [amount, refundAt] = money.refund;
        const refund = await refunded(t, payment.id, { amount, reason: 'Cold' }, manager);
        await t.db.execute(
          sql`update refunds set created_at = ${refundAt}::timestamptz where id = ${refund.id}`,
        );
      }
      order = await readOrder(t, order.id, staff);
    }
    await completedAt((await complete(order)).id, at);
  }
  // An order placed but not completed counts nowhere.
  await place({ type: 'takeaway', lines: [line(cake, 9)] });

  // Settlements: the partner's March order, and February's.
  for (const [from, to] of [
    ['2026-03-01', '2026-03-31'],
    ['2026-02-01', '2026-02-28'],
  ] as const) {
    const settlement = await expectOk<Settlement>(
      await t.post(SETTLEMENTS_API.settlements, { partnerId: partner.id, from, to }, { as: admin }),
      201,
    );
    if (from === '2026-03-01') {
      await expectOk(
        await t.post(
          SETTLEMENTS_API.adjustments(settlement.id),
          { version: settlement.version, amount: 125, reason: 'Missing item refunded by partner' },
          { as: admin },
        ),
        200,
      );
    }
  }

  // Stock: deliveries and waste at moments on both sides of the borders. Movements are never changed,
  // so these are written as they would have been then (the item's kept totals are not read here).
  for (const [type, quantity, value, at] of [
    ['purchase-receipt', '10', 25_000, '2026-01-20T10:00:00Z'],
    ['purchase-receipt', '4', 12_000, '2026-02-28T23:15:00Z'],
    ['waste', '-1.5', -3_900, '2026-03-10T10:00:00Z'],
    ['purchase-receipt', '2', 7_000, '2026-03-31T21:59:00Z'],
    ['purchase-receipt', '2', 9_000, '2026-03-31T22:01:00Z'],
  ] as const) {
    await t.db.execute(
      sql`insert into stock_movements (item_id, type, quantity, value, unit_cost, reason, created_at)
          values (${flour.id}, ${type}, ${quantity}, ${value}, 0, 'Delivery', ${at}::timestamptz)`,
    );
  }

  // Expenses on their dates, one voided; and a deposit by hand booked in March.
  const category = await expectOk<{ id: string }>(
    await t.post('/api/expense-categories', { name: uniqueName('Rent') }, { as: admin }),
    201,
  );
  const utilities = await expectOk<{ id: string }>(
    await t.post('/api/expense-categories', { name: uniqueName('Utilities') }, { as: admin }),
    201,
  );
  for (const [date, categoryId, amount, voided] of [
    ['2026-03-01', category.id, 150_000, false],
    ['2026-03-31', utilities.id, 8_800, false],
    ['2026-03-15', utilities.id, 9_999, true],
    ['2026-02-01', category.id, 150_000, false],
    ['2026-04-01', utilities.id, 7_000, false],
  ] as const) {
    const expense = await expectOk<Expense>(
      await t.post(
        EXPENSES_API.expenses,
        { date, categoryId, amount, description: 'Month', accountId: cash.id },
        { as: admin },
      ),
      201,
    );
    if (voided) {
      await expectOk(
        await t.post(
          `${EXPENSES_API.expenses}/${expense.id}/void`,
          { version: expense.version, reason: 'Twice' },
          { as: admin },
        ),
      );
    }
  }
  await expectOk(
    await t.post(
      '/api/bank-transactions',
      {
        accountId: cash.id,
        kind: 'deposit',
        amount: 40_000,
        date: '2026-03-05',
        description: 'Owner’s money',
      },
      { as: admin },
    ),
    201,
  );
  statement = await statementOf(MARCH);
}, 120_000);
afterAll(() => t.close());

describe('the financial statement', () => {
  it('compares March with February, whole months', () => {
    expect(statement.period).toEqual(MARCH);
    expect(statement.previous).toEqual(FEBRUARY);
  });

  it('equals, line by line, the sums of the records the API lists, in both periods', async () => {
    const current = await expectedLines(MARCH);
    const previous = await expectedLines(FEBRUARY);
    const pair = (pick: (lines: typeof current) => number) => ({
      current: pick(current),
      previous: pick(previous),
    });
    // The data reach every line, so no line is compared as 0 with 0 only.
    expect(current.orders).toBe(4);
    expect(previous.orders).toBe(3);
    expect(current.refunds * previous.refunds * current.couponDiscounts * previous.discounts).toBeGreaterThan(
      0,
    );

    expect(statement.orders).toEqual(pair((l) => l.orders));
    expect(statement.sales.gross).toEqual(pair((l) => l.gross));
    expect(statement.sales.discounts).toEqual(pair((l) => l.discounts));
    expect(statement.sales.couponDiscounts).toEqual(pair((l) => l.couponDiscounts));
    expect(statement.sales.manualDiscounts).toEqual(pair((l) => l.discounts - l.couponDiscounts));
    expect(statement.sales.refunds).toEqual(pair((l) => l.refunds));
    expect(statement.sales.net).toEqual(pair((l) => l.net));
    for (const line of statement.sales.byType) {
      expect(line, line.key).toMatchObject({
        orders: pair((l) => l.byType[line.key]?.orders ?? -1),
        gross: pair((l) => l.byType[line.key]?.gross ?? -1),
        refunds: pair((l) => l.byType[line.key]?.refunds ?? -1),
        net: pair((l) => l.byType[line.key]?.net ?? -1),
      });
    }
    for (const line of statement.sales.bySource) {
      expect(line.net, line.key).toEqual(pair((l) => l.bySource[line.key]?.net ?? -1));
    }
    expect(statement.serviceCharge).toEqual(pair((l) => l.serviceCharge));
    expect(statement.deliveryFees).toEqual(pair((l) => l.deliveryFees));
    expect(statement.taxCollected).toEqual(pair((l) => l.taxCollected));
    expect(statement.taxInPrices).toEqual(pair((l) => l.taxInPrices));
    expect(statement.income).toEqual(pair((l) => l.income));
    expect(statement.cogs.openingStock).toEqual(pair((l) => l.openingStock));
    expect(statement.cogs.purchases).toEqual(pair((l) => l.purchases));
    expect(statement.cogs.closingStock).toEqual(pair((l) => l.closingStock));
    expect(statement.cogs.cost).toEqual(pair((l) => l.cost));
    expect(statement.grossProfit).toEqual(pair((l) => l.grossProfit));
    expect(statement.partnerCommissions).toEqual(pair((l) => l.partnerCommissions));
    expect(statement.expenses.total).toEqual(pair((l) => l.expensesTotal));
    expect(statement.netProfit).toEqual(pair((l) => l.netProfit));
    const account = statement.accounts.find((a) => a.id === cash.id);
    expect(account).toMatchObject({
      opening: pair((l) => l.cash.opening),
      in: pair((l) => l.cash.in),
      out: pair((l) => l.cash.out),
      closing: pair((l) => l.cash.closing),
    });
    // Food cost: cost of goods sold over net sales, to one decimal.
    expect(statement.cogs.foodCostPercent.current).toBe(Math.round((current.cost * 1000) / current.net) / 10);
  });

  it('keeps its per-day totals equal to a scan of the records', async () => {
    expect(await keptDayTotals(t.db)).toEqual(await scannedDayTotals(t.db));
  });

  it('lists the records behind its refunds, purchases and partner lines', async () => {
    const query = `?from=${MARCH.from}&to=${MARCH.to}`;
    const refunds = await expectOk<StatementRefunds>(
      await t.get(`${REPORTS_API.refunds}${query}`, { as: admin }),
    );
    expect(refunds.items.reduce((s, r) => s + r.amount, 0)).toBe(statement.sales.refunds.current);
    expect(refunds.items.every((r) => r.orderNumber > 0)).toBe(true);
    const receipts = await expectOk<StatementReceipts>(
      await t.get(`${REPORTS_API.receipts}${query}`, { as: admin }),
    );
    expect(receipts.items.reduce((s, r) => s + r.value, 0)).toBe(statement.cogs.purchases.current);
    // 23:59 on the 31st and 00:15 on the 1st in Berlin; 00:01 on the 1st of April is not March's.
    expect(receipts.items.map((r) => r.quantity)).toEqual(['2.000', '4.000']);
    const settlements = await expectOk<StatementSettlements>(
      await t.get(`${REPORTS_API.settlements}${query}`, { as: admin }),
    );
    expect(settlements.items.reduce((s, r) => s + r.commission - r.adjustments, 0)).toBe(
      statement.partnerCommissions.current,
    );
  });

  it('gives the same numbers as a CSV file', async () => {
    const response = await t.get(`${REPORTS_API.statement}?from=${MARCH.from}&to=${MARCH.to}&format=csv`, {
      as: admin,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('statement-2026-03-01-to-2026-03-31.csv');
    const rows = parseCsv(await response.text());
    expect(rows[0]).toEqual([
      'Section',
      'Line',
      `2026-03-01 to 2026-03-31 (${statement.currency})`,
      `2026-02-01 to 2026-02-28 (${statement.currency})`,
      'Change',
    ]);
    const row = (line: string) => rows.find((r) => r[1] === line);
    const minor = (text: string | undefined) => Math.round(Number(text) * 100);
    for (const [line, amount] of [
      ['Gross sales', statement.sales.gross],
      ['Refunds', statement.sales.refunds],
      ['Net sales', statement.sales.net],
      ['Cost of goods sold', statement.cogs.cost],
      ['Total expenses', statement.expenses.total],
      ['Net profit', statement.netProfit],
    ] as const) {
      const found = row(line);
      expect(found, line).toBeDefined();
      expect([minor(found?.[2]), minor(found?.[3]), minor(found?.[4])], line).toEqual([
        amount.current,
        amount.previous,
        amount.current - amount.previous,
      ]);
    }
  });

  it('revalidates as a 304 until a record it reads changes', async () => {
    const path = `${REPORTS_API.statement}?from=${MARCH.from}&to=${MARCH.to}`;
    const first = await t.get(path, { as: admin });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await t.get(path, { as: admin, headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    // Another period is another answer.
    const other = await t.get(`${REPORTS_API.statement}?from=2026-03-02&to=2026-03-31`, {
      as: admin,
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(other.status).toBe(200);
    const category = await expectOk<{ id: string }>(
      await t.post('/api/expense-categories', { name: uniqueName('Repairs') }, { as: admin }),
      201,
    );
    const changed = await t.get(path, { as: admin, headers: { 'if-none-match': etag ?? '' } });
    expect(changed.status).toBe(200);
    const newer = changed.headers.get('etag') ?? '';
    await expectOk(
      await t.post(
        EXPENSES_API.expenses,
        {
          date: '2026-03-20',
          categoryId: category.id,
          amount: 1_000,
          description: 'Tap',
          accountId: cash.id,
        },
        { as: admin },
      ),
      201,
    );
    const afterExpense = await t.get(path, { as: admin, headers: { 'if-none-match': newer } });
    expect(afterExpense.status).toBe(200);
    const body = (await afterExpense.json()) as Statement;
    expect(body.expenses.total.current).toBe(statement.expenses.total.current + 1_000);
  });

  it('refuses a period that is not one, naming the field, and staff', async () => {
    const bad = async (query: string, path: string) => {
      const response = await t.get(`${REPORTS_API.statement}?${query}`, { as: admin });
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: { details: { issues: { path: string }[] } } };
      expect(body.error.details.issues.map((issue) => issue.path)).toContain(path);
    };
    await bad('from=2026-03-31&to=2026-03-01', 'from');
    await bad('from=2026-02-30&to=2026-03-01', 'from');
    await bad('from=1800-01-01&to=2026-03-01', 'from');
    await bad('from=2000-01-01&to=2026-03-01', 'to');
    await bad('to=2026-03-01', 'from');
    expect(
      (await t.get(`${REPORTS_API.statement}?from=2026-03-01&to=2026-03-31`, { as: manager })).status,
    ).toBe(403);
    expect((await t.get(`${REPORTS_API.statement}?from=2026-03-01&to=2026-03-31`, { as: null })).status).toBe(
      401,
    );
  });

  it('compares any other period with as many days just before it', async () => {
    const week = await statementOf({ from: '2026-03-25', to: '2026-03-31' });
    expect(week.previous).toEqual({ from: '2026-03-18', to: '2026-03-24' });
    const quarter = await statementOf({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarter.previous).toEqual({ from: '2025-10-01', to: '2025-12-31' });
  });
});
