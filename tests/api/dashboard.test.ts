import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { type Dashboard, REPORTS_API } from '../../src/shared/contracts/reports';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { buildMenuItem, buildTable, uniqueName } from '../support/factories';
import { movedOrder, placedOrder } from '../support/orders';
import { accountFor, paid, readOrder, refunded, settingsForPayments } from '../support/payments';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * The analytics dashboard against the records it sums: orders completed at chosen moments of a March
 * week (in New York, across its change to summer time on 2026-03-08), their lines, payments, refunds,
 * coupons and preparation times, the ratings left on them; and today's takings.
 */
const ZONE = 'America/New_York';
const WEEK = { from: '2026-03-05', to: '2026-03-11' };

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let latte: MenuItem;
let bagel: MenuItem;
let dashboard: Dashboard;
/** The week's orders as the API reads them, with the moment each was completed. */
const inWeek: (Order & { at: string })[] = [];
let todayOrder: Order;

function local(instant: string): { day: string; weekday: number; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: weekdays.indexOf(parts.weekday as string) + 1,
    hour: Number(parts.hour),
  };
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

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff' }),
  ])) as [TestUser, TestUser, TestUser];
  await settingsForPayments(t, admin, {
    timeZone: ZONE,
    taxPercent: 8,
    serviceChargePercent: 10,
    orderAgeAmberMinutes: 8,
    orderAgeRedMinutes: 15,
  });
  await accountFor(t, admin, ['cash'], { type: 'cash', openingBalance: 10_000 });
  await accountFor(t, admin, ['card'], { type: 'bank', openingBalance: 0 });
  latte = await buildMenuItem(t, { name: uniqueName('Latte'), price: 450 }, { as: admin });
  bagel = await buildMenuItem(t, { name: uniqueName('Bagel'), price: 380 }, { as: admin });
  const table = await buildTable(t, {}, { as: admin });
  const coupon = await expectOk<{ code: string }>(
    await t.post(
      '/api/coupons',
      { code: 'MARCH5', kind: 'amount', value: 50, channels: ['pos', 'online'] },
      { as: admin },
    ),
    201,
  );
  const line = (item: MenuItem, quantity: number) => ({ menuItemId: item.id, quantity });
  // [body, completed at, minutes from confirmed to ready, rating]
  const plan: [Record<string, unknown>, string, number, number | null][] = [
    // Thursday 5th, 08:10 (EST, UTC−5).
    [{ type: 'takeaway', lines: [line(latte, 2)] }, '2026-03-05T13:10:00Z', 4, 5],
    [
      { type: 'dine-in', tableId: table.id, lines: [line(latte, 1), line(bagel, 2)] },
      '2026-03-05T13:40:00Z',
      9,
      2,
    ],
    // Saturday 7th at 23:30 EST.
    [
      { type: 'takeaway', lines: [line(bagel, 1)], couponCode: coupon.code },
      '2026-03-08T04:30:00Z',
      16,
      null,
    ],
    // Sunday 8th, 12:05 EDT (UTC−4): after the change.
    [{ type: 'takeaway', lines: [line(latte, 3)] }, '2026-03-08T16:05:00Z', 3, 1],
    // Wednesday 11th, 23:59 EDT: the last minute of the period.
    [{ type: 'dine-in', tableId: table.id, lines: [line(bagel, 1)] }, '2026-03-12T03:59:00Z', 12, 4],
    // Thursday 12th, 00:01 EDT: outside it.
    [{ type: 'takeaway', lines: [line(latte, 9)] }, '2026-03-12T04:01:00Z', 5, 3],
  ];
  for (const [body, at, prepMinutes, rating] of plan) {
    let order = await placedOrder(t, body, manager);
    const payment = await paid(t, order.id, { method: 'card', amount: order.total }, staff);
    if (rating === 1) await refunded(t, payment.id, { amount: 100, reason: 'Cold' }, manager);
    order = await complete(await readOrder(t, order.id, staff));
    await t.db.execute(
      sql`update orders set completed_at = ${at}::timestamptz,
            ready_at = ${at}::timestamptz - interval '1 minute',
            confirmed_at = ${at}::timestamptz - interval '1 minute' - make_interval(mins => ${prepMinutes})
          where id = ${order.id}`,
    );
    await t.db.execute(sql`update payments set created_at = ${at}::timestamptz where order_id = ${order.id}`);
    await t.db.execute(
      sql`update refunds set created_at = ${at}::timestamptz
          where payment_id in (select id from payments where order_id = ${order.id})`,
    );
    if (rating !== null) {
      // Left by the guest through the receipt's link (its key).
      const key =
        new URL((await readOrder(t, order.id, staff)).paymentLink, 'http://localhost').searchParams.get(
          'key',
        ) ?? '';
      await expectOk(
        await t.post(
          `/api/orders/${order.id}/feedback`,
          { overall: rating, comment: `Rated ${rating}`, key },
          { as: null },
        ),
        201,
      );
      await t.db.execute(
        sql`update feedback set created_at = ${at}::timestamptz where order_id = ${order.id}`,
      );
    }
    if (at < '2026-03-12T04:00:00Z') inWeek.push({ ...(await readOrder(t, order.id, admin)), at });
  }
  // Today: one order taken and paid in cash, open on the board.
  todayOrder = await placedOrder(t, { type: 'takeaway', lines: [line(latte, 1)] }, staff);
  await paid(t, todayOrder.id, { method: 'cash', amount: todayOrder.total }, staff);
  dashboard = await expectOk<Dashboard>(
    await t.get(`${REPORTS_API.dashboard}?from=${WEEK.from}&to=${WEEK.to}`, { as: admin }),
  );
}, 120_000);
afterAll(() => t.close());

describe('the analytics dashboard', () => {
  it('sums the week’s completed orders, on their days in the restaurant’s time zone', () => {
    expect(inWeek).toHaveLength(5);
    const sales = inWeek.reduce((sum, order) => sum + order.total, 0);
    expect(dashboard.figures).toMatchObject({
      sales,
      orders: 5,
      averageOrder: Math.round(sales / 5),
      refunds: 100,
    });
    expect(dashboard.salesOverTime.unit).toBe('day');
    expect(dashboard.salesOverTime.points.map((point) => point.key)).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
    ]);
    for (const point of dashboard.salesOverTime.points) {
      const orders = inWeek.filter((order) => local(order.at).day === point.key);
      expect(point, point.key).toEqual({
        key: point.key,
        orders: orders.length,
        sales: orders.reduce((sum, order) => sum + order.total, 0),
      });
    }
    const types = Object.fromEntries(dashboard.types.map((row) => [row.key, row]));
    expect(types['dine-in']?.orders).toBe(2);
    expect(types.takeaway?.orders).toBe(3);
  });

  it('places each order in its weekday and hour, and times its preparation', () => {
    const cells = new Map<string, { orders: number; sales: number }>();
    for (const order of inWeek) {
      const { weekday, hour } = local(order.at);
      const cell = cells.get(`${weekday}-${hour}`) ?? { orders: 0, sales: 0 };
      cell.orders += 1;
      cell.sales += order.total;
      cells.set(`${weekday}-${hour}`, cell);
    }
    expect(
      Object.fromEntries(
        dashboard.heatmap.map((cell) => [
          `${cell.weekday}-${cell.hour}`,
          { orders: cell.orders, sales: cell.sales },
        ]),
      ),
    ).toEqual(Object.fromEntries(cells));
    // Saturday 23:30 and Sunday 12:05 (after the clocks went forward).
    expect(cells.has('6-23')).toBe(true);
    expect(cells.has('7-12')).toBe(true);
    // 4, 9, 16, 3 and 12 minutes against amber 8 and red 15.
    expect(dashboard.prep).toMatchObject({
      measured: 5,
      averageMinutes: 8.8,
      amberMinutes: 8,
      redMinutes: 15,
      pastAmber: 3,
      pastRed: 1,
    });
  });

  it('ranks the dishes, with their categories, and counts coupons, methods and ratings', () => {
    const sold = (item: MenuItem) => {
      const lines = inWeek.flatMap((order) => order.lines.filter((line) => line.menuItemId === item.id));
      return {
        quantity: lines.reduce((s, l) => s + l.quantity, 0),
        revenue: lines.reduce((s, l) => s + l.lineTotal, 0),
      };
    };
    expect(dashboard.dishes.find((dish) => dish.menuItemId === latte.id)).toMatchObject({
      ...sold(latte),
      foodCostPercent: null,
    });
    expect(dashboard.dishes.find((dish) => dish.menuItemId === bagel.id)).toMatchObject(sold(bagel));
    expect(dashboard.dishes.map((dish) => dish.revenue)).toEqual(
      [...dashboard.dishes.map((dish) => dish.revenue)].sort((a, b) => b - a),
    );
    expect(dashboard.categories.reduce((s, c) => s + c.revenue, 0)).toBe(
      dashboard.dishes.reduce((s, d) => s + d.revenue, 0),
    );
    expect(dashboard.coupons.uses).toEqual([{ code: 'MARCH5', orders: 1, discount: 50 }]);
    expect(dashboard.paymentMethods).toEqual([
      { method: 'card', count: 5, amount: inWeek.reduce((sum, order) => sum + order.total, 0) },
    ]);
    expect(dashboard.ratings).toMatchObject({ count: 4, average: 3, distribution: [1, 1, 0, 1, 1] });
    expect(dashboard.ratings.latestLow.map((row) => row.overall).sort()).toEqual([1, 2]);
    expect(dashboard.ratings.latestLow.every((row) => row.orderNumber > 0)).toBe(true);
  });

  it('shows today’s takings whatever the period', () => {
    expect(dashboard.today.day).toBe(restaurantToday(ZONE));
    expect(dashboard.today.payments).toEqual([{ method: 'cash', count: 1, amount: todayOrder.total }]);
    expect(dashboard.today.openOrders).toBe(1);
    expect(dashboard.today.drawers.some((drawer) => drawer.expected === 10_000 + todayOrder.total)).toBe(
      true,
    );
  });

  it('gives a single day by the hour', async () => {
    const day = await expectOk<Dashboard>(
      await t.get(`${REPORTS_API.dashboard}?from=2026-03-05&to=2026-03-05`, { as: admin }),
    );
    expect(day.salesOverTime.unit).toBe('hour');
    expect(day.salesOverTime.points).toHaveLength(24);
    expect(day.salesOverTime.points.filter((point) => point.orders > 0).map((point) => point.key)).toEqual([
      '08',
    ]);
    expect(day.salesOverTime.points[8]?.orders).toBe(2);
  });

  it('revalidates as a 304 until a record changes, and is for admins only', async () => {
    const path = `${REPORTS_API.dashboard}?from=${WEEK.from}&to=${WEEK.to}`;
    const first = await t.get(path, { as: admin });
    const etag = first.headers.get('etag') ?? '';
    expect((await t.get(path, { as: admin, headers: { 'if-none-match': etag } })).status).toBe(304);
    await placedOrder(t, { type: 'takeaway', lines: [{ menuItemId: bagel.id, quantity: 1 }] }, staff);
    expect((await t.get(path, { as: admin, headers: { 'if-none-match': etag } })).status).toBe(200);
    expect((await t.get(path, { as: manager })).status).toBe(403);
    expect(
      (await t.get(`${REPORTS_API.dashboard}?from=2026-03-11&to=2026-03-05`, { as: admin })).status,
    ).toBe(400);
  });
});
