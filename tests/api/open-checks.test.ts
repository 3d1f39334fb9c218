import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/contracts/audit';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order, OrderLine } from '../../src/shared/contracts/orders';
import type { OrderWithPayments } from '../../src/shared/contracts/payments';
import { priceOrder } from '../../src/shared/pricing';
import { buildMenuItem, buildTable } from '../support/factories';
import { movedOrder, moveOrder, placedOrder } from '../support/orders';
import { accountFor, paid, readOrder, refunded, settingsForPayments } from '../support/payments';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Open checks: rounds added to an order, lines voided and comped by a manager (or approved by one on
 * a staff member's device), checks moved, merged and split with their sums exact, a status step
 * recalled, and a ready time given on accepting a request.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let customer: TestUser;
let coffee: MenuItem;
let cake: MenuItem;
let tableA: { id: string; name: string };
let tableB: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff, customer] = (await Promise.all([
    t.buildUser({ role: 'admin', name: 'Ada Admin' }),
    t.buildUser({ role: 'manager', name: 'Max Manager' }),
    t.buildUser({ role: 'staff', name: 'Sam Staff' }),
    t.buildUser({ role: 'customer', name: 'Cleo Customer' }),
  ])) as [TestUser, TestUser, TestUser, TestUser];
  await settingsForPayments(t, admin);
  coffee = await buildMenuItem(t, { name: 'Flat white', price: 450 }, { as: admin });
  cake = await buildMenuItem(t, { name: 'Carrot cake', price: 525 }, { as: admin });
  tableA = await buildTable(t, {}, { as: admin });
  tableB = await buildTable(t, {}, { as: admin });
  await accountFor(t, admin, ['cash'], { type: 'cash' });
});
afterAll(() => t.close());

const line = (item: MenuItem, quantity = 1) => ({ menuItemId: item.id, quantity });

/** A confirmed dine-in check at `table` taken by staff. */
function openCheck(lines = [line(coffee, 2)], table = tableA): Promise<Order> {
  return placedOrder(t, { type: 'dine-in', tableId: table.id, lines }, staff);
}

function addRound(order: Pick<Order, 'id' | 'version'>, lines: unknown[], as: TestUser | null = staff) {
  return t.post(`/api/orders/${order.id}/lines`, { version: order.version, lines }, { as });
}

async function roundAdded(order: Pick<Order, 'id' | 'version'>, lines: unknown[]): Promise<Order> {
  const response = await addRound(order, lines);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Order;
}

function voidRequest(order: Order, lineId: string, body: Record<string, unknown>, as: TestUser | null) {
  return t.post(`/api/orders/${order.id}/lines/${lineId}/void`, { version: order.version, ...body }, { as });
}

async function voided(
  order: Order,
  lineId: string,
  body: Record<string, unknown>,
  as = manager,
): Promise<Order> {
  const response = await voidRequest(order, lineId, body, as);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Order;
}

async function split(order: Order, lines: { lineId: string; quantity: number }[]): Promise<Order> {
  const response = await t.post(
    `/api/orders/${order.id}/split`,
    { version: order.version, lines },
    { as: staff },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Order;
}

async function merged(order: Order, orderIds: string[]): Promise<Order> {
  const response = await t.post(
    `/api/orders/${order.id}/merge`,
    { version: order.version, orderIds },
    { as: staff },
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Order;
}

async function read(id: string): Promise<OrderWithPayments> {
  return readOrder(t, id, admin);
}

const counted = (order: Pick<Order, 'lines'>) => order.lines.filter((l) => !l.voided && !l.comped);
const linesSum = (order: Pick<Order, 'lines'>) => counted(order).reduce((sum, l) => sum + l.lineTotal, 0);

async function auditEntries(targetId: string): Promise<AuditEntry[]> {
  const response = await t.get('/api/admin/audit?area=orders&limit=500', { as: admin });
  expect(response.status).toBe(200);
  const { items } = (await response.json()) as { items: AuditEntry[] };
  return items.filter((entry) => entry.targetId === targetId);
}

describe('rounds', () => {
  it('adds a round to a confirmed, preparing and ready check; each line carries its round', async () => {
    let order = await openCheck();
    order = await roundAdded(order, [line(cake)]);
    expect(order.status).toBe('confirmed');
    expect(order.lines.map((l) => [l.name, l.round])).toEqual([
      ['Flat white', 1],
      ['Carrot cake', 2],
    ]);
    expect(order.subtotal).toBe(2 * 450 + 525);
    expect(order.total).toBe(2 * 450 + 525);
    expect(order.timeline.at(-1)).toMatchObject({
      kind: 'round',
      detail: 'Round 2 · 1 item',
      status: 'confirmed',
    });

    order = await movedOrder(t, order, 'preparing', staff);
    order = await roundAdded(order, [line(coffee, 3)]);
    expect(order.status).toBe('preparing');
    expect(order.lines.at(-1)?.round).toBe(3);

    order = await movedOrder(t, order, 'ready', staff);
    order = await roundAdded(order, [line(coffee)]);
    // The kitchen has something to make again.
    expect(order.status).toBe('confirmed');
    expect(order.lines.at(-1)?.round).toBe(4);
    expect(order.subtotal).toBe(6 * 450 + 525);
  });

  it('refuses a round on a pending, completed, cancelled and rejected order (409 not-open), and a stale version', async () => {
    const request = await placedOrder(t, { type: 'takeaway', lines: [line(coffee)] }, customer);
    const pending = await addRound(request, [line(cake)]);
    await expectErrorBody(pending, 409, 'aborted');

    const rejected = await movedOrder(t, request, 'rejected', staff, 'Too busy');
    expect((await addRound(rejected, [line(cake)])).status).toBe(409);

    const opened = await openCheck();
    let done = await movedOrder(t, opened, 'preparing', staff);
    const stale = await addRound(opened, [line(cake)]);
    expect(stale.status).toBe(409);
    expect(JSON.stringify(await stale.json())).toContain('"stale"');
    done = await movedOrder(t, done, 'ready', staff);
    done = await movedOrder(t, done, 'completed', staff);
    const completed = await addRound(done, [line(cake)]);
    expect(completed.status).toBe(409);
    expect(
      ((await completed.json()) as { error: { details: { reason: string } } }).error.details.reason,
    ).toBe('not-open');

    const cancelled = await movedOrder(t, await openCheck(), 'cancelled', staff, 'Guest left');
    expect((await addRound(cancelled, [line(cake)])).status).toBe(409);
    expect((await read(cancelled.id)).lines).toHaveLength(1);

    let delivery = await placedOrder(
      t,
      { type: 'delivery', deliveryAddress: '3 High St', lines: [line(coffee, 4)] },
      staff,
    );
    for (const status of ['preparing', 'ready', 'out-for-delivery'] as const) {
      delivery = await movedOrder(t, delivery, status, staff);
    }
    expect((await addRound(delivery, [line(cake)])).status).toBe(409);

    const target = await openCheck();
    const joined = await openCheck();
    await merged(target, [joined.id]);
    const mergedRound = await addRound(await read(joined.id), [line(cake)]);
    expect(mergedRound.status).toBe(409);
  });

  it('is for staff: a customer gets 403, nobody signed in 401; a bad line changes nothing', async () => {
    const order = await openCheck();
    expect((await addRound(order, [line(cake)], customer)).status).toBe(403);
    expect((await addRound(order, [line(cake)], null)).status).toBe(401);
    const unknownItem = await addRound(order, [{ menuItemId: crypto.randomUUID(), quantity: 1 }]);
    expect(unknownItem.status).toBe(404);
    const tooMany = await addRound(order, [line(cake, 1000)]);
    await expectErrorBody(tooMany, 400, 'invalid-argument');
    const after = await read(order.id);
    expect(after.version).toBe(order.version);
    expect(after.lines).toHaveLength(1);
  });

  it('prices the round from the menu now, with the tax and service charge, as the whole check', async () => {
    await settingsForPayments(t, admin, {
      taxPercent: 8.25,
      taxInclusive: false,
      serviceChargePercent: 12.5,
    });
    try {
      const latte = await buildMenuItem(t, { price: 333 }, { as: admin });
      let order = await openCheck([line(latte, 1)]);
      const priced = await t.patchLatest(`/api/menu/items/${latte.id}`, { price: 377 }, { as: admin });
      expect(priced.status).toBe(200);
      order = await roundAdded(order, [line(latte, 3)]);
      expect(order.lines.map((l) => l.unitPrice)).toEqual([333, 377]);
      const expected = priceOrder({
        type: 'dine-in',
        lines: [
          { unitPrice: 333, quantity: 1 },
          { unitPrice: 377, quantity: 3 },
        ],
        serviceChargePercent: 12.5,
        taxPercent: 8.25,
        taxInclusive: false,
        deliveryFee: 0,
      });
      expect(order).toMatchObject({
        subtotal: expected.subtotal,
        serviceCharge: expected.serviceCharge,
        tax: expected.tax,
        total: expected.total,
      });
    } finally {
      await settingsForPayments(t, admin);
    }
  });

  it('a part-paid and a paid check owe the difference after a round', async () => {
    let order = await openCheck([line(coffee, 2)]);
    await paid(t, order.id, { method: 'cash', amount: 400, tendered: 400 }, staff);
    order = await read(order.id);
    expect(order.paymentStatus).toBe('partially-paid');
    order = await roundAdded(order, [line(cake)]);
    let money = await read(order.id);
    expect(money.total).toBe(900 + 525);
    expect(money.amountDue).toBe(900 + 525 - 400);
    expect(money.paymentStatus).toBe('partially-paid');

    await paid(t, order.id, { method: 'cash', amount: money.amountDue, tendered: money.amountDue }, staff);
    money = await read(order.id);
    expect(money.paymentStatus).toBe('paid');
    const more = await roundAdded(money, [line(coffee)]);
    money = await read(more.id);
    expect(money.paymentStatus).toBe('partially-paid');
    expect(money.amountDue).toBe(450);
  });

  it('two devices adding a round at once: one lands, the other gets a stale 409 and lands on retry', async () => {
    const order = await openCheck();
    const [first, second] = await Promise.all([
      addRound(order, [line(cake)]),
      addRound(order, [line(coffee, 2)]),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(JSON.stringify(await loser.json())).toContain('"stale"');
    const latest = await read(order.id);
    const retried = await roundAdded(latest, first.status === 409 ? [line(cake)] : [line(coffee, 2)]);
    expect(retried.lines.map((l) => l.round)).toEqual([1, 2, 3]);
    expect(retried.subtotal).toBe(2 * 450 + 525 + 2 * 450);
  });

  it('prices a percentage coupon again on the new subtotal', async () => {
    const code = `ROUND${Math.random().toString(36).slice(2, 7)}`.toUpperCase();
    const created = await t.post(
      '/api/coupons',
      { code, kind: 'percent', value: 10, channels: ['pos'], minOrder: 800 },
      { as: admin },
    );
    expect(created.status, await created.clone().text()).toBe(201);
    let order = await placedOrder(
      t,
      { type: 'dine-in', tableId: tableA.id, lines: [line(coffee, 2)], couponCode: code },
      staff,
    );
    expect(order.discount).toBe(90);
    order = await roundAdded(order, [line(cake)]);
    expect(order.discount).toBe(Math.round((900 + 525) / 10));
    expect(order.couponCode).toBe(code);
    // Voiding the cake and a coffee takes the subtotal below the coupon's minimum: it no longer applies.
    const cakeLine = order.lines.find((l) => l.name === 'Carrot cake') as OrderLine;
    order = await voided(order, cakeLine.id, { kind: 'void', reason: 'Entered by mistake' });
    expect(order.discount).toBe(90);
    const coffeeLine = order.lines[0] as OrderLine;
    order = await voided(order, coffeeLine.id, { kind: 'void', reason: 'Entered by mistake', quantity: 1 });
    expect(order.subtotal).toBe(450);
    expect(order.discount).toBe(0);
    expect(order.couponCode).toBeNull();
    expect(order.timeline.at(-1)?.detail).toContain(`coupon ${code} no longer applies`);
  });
});

describe('voids and comps', () => {
  it('a manager voids and comps lines with a reason: struck from the totals, kept on the order, audited', async () => {
    let order = await openCheck([line(coffee, 2), line(cake)]);
    const [coffees, cakeLine] = order.lines as [OrderLine, OrderLine];
    order = await voided(order, cakeLine.id, { kind: 'comp', reason: 'Long wait' });
    const comped = order.lines.find((l) => l.id === cakeLine.id) as OrderLine;
    expect(comped).toMatchObject({ comped: true, voided: false, voidReason: 'Long wait' });
    expect(comped.voidedBy?.name).toBe('Max Manager');
    expect(order.subtotal).toBe(900);

    order = await voided(order, coffees.id, { kind: 'void', reason: 'Entered by mistake', quantity: 1 });
    expect(order.lines).toHaveLength(3);
    expect(order.lines.find((l) => l.id === coffees.id)).toMatchObject({
      quantity: 1,
      lineTotal: 450,
      voided: false,
    });
    expect(order.lines.find((l) => l.voided)).toMatchObject({
      name: 'Flat white',
      quantity: 1,
      lineTotal: 450,
    });
    expect(order.subtotal).toBe(450);
    expect(order.total).toBe(450);
    expect(order.timeline.slice(-2).map((entry) => [entry.kind, entry.reason, entry.detail])).toEqual([
      ['comp', 'Long wait', `1 × Carrot cake`],
      ['void', 'Entered by mistake', '1 × Flat white'],
    ]);

    const entries = await auditEntries(order.id);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['order.line.comped', 'order.line.voided']);
    expect(entries.map((entry) => entry.actorName)).toEqual(['Max Manager', 'Max Manager']);

    const again = await voidRequest(order, cakeLine.id, { kind: 'void', reason: 'Twice' }, manager);
    expect(again.status).toBe(409);
  });

  it('staff and customers may not void; staff may with a manager’s approval on their device', async () => {
    let order = await openCheck([line(coffee, 2), line(cake)]);
    const cakeLine = order.lines[1] as OrderLine;
    await expectErrorBody(
      await voidRequest(order, cakeLine.id, { kind: 'void', reason: 'Oops' }, staff),
      403,
      'permission-denied',
    );
    expect((await voidRequest(order, cakeLine.id, { kind: 'void', reason: 'Oops' }, customer)).status).toBe(
      403,
    );
    expect((await voidRequest(order, cakeLine.id, { kind: 'void', reason: 'Oops' }, null)).status).toBe(401);

    const wrong = await voidRequest(
      order,
      cakeLine.id,
      { kind: 'void', reason: 'Oops', approval: { email: manager.email, password: 'not-the-password' } },
      staff,
    );
    await expectErrorBody(wrong, 400, 'invalid-argument');
    const notManager = await voidRequest(
      order,
      cakeLine.id,
      { kind: 'void', reason: 'Oops', approval: { email: staff.email, password: staff.password } },
      staff,
    );
    expect(notManager.status).toBe(403);
    expect((await read(order.id)).version).toBe(order.version);

    order = await voided(
      order,
      cakeLine.id,
      {
        kind: 'void',
        reason: 'Oops',
        approval: { email: manager.email.toUpperCase(), password: manager.password },
      },
      staff,
    );
    expect(order.lines[1]).toMatchObject({ voided: true, voidedBy: { id: manager.id, name: 'Max Manager' } });
    const [entry] = await auditEntries(order.id);
    expect(entry?.summary).toContain('approved for Sam Staff');
  });

  it('staff may ask the managers instead: each manager and admin is told, the order is unchanged', async () => {
    const order = await openCheck([line(coffee, 2), line(cake)]);
    const cakeLine = order.lines[1] as OrderLine;
    const path = `/api/orders/${order.id}/lines/${cakeLine.id}/void-request`;
    const body = { kind: 'comp', reason: 'Dropped on the floor' };
    expect((await t.post(path, body, { as: customer })).status).toBe(403);
    const asked = await t.post(path, body, { as: staff });
    expect(asked.status, await asked.clone().text()).toBe(204);
    const bell = async (who: TestUser) => {
      const response = await t.get('/api/notifications?limit=50', { as: who });
      const { items } = (await response.json()) as { items: { kind: string; body: string; link: string }[] };
      return items.filter((item) => item.kind === 'void-request' && item.link === `/orders/${order.id}`);
    };
    for (const who of [manager, admin]) {
      expect(await bell(who)).toEqual([
        expect.objectContaining({
          body: `Sam Staff asks to comp 1 × Carrot cake on #${order.number}: Dropped on the floor`,
        }),
      ]);
    }
    expect(await bell(staff)).toEqual([]);
    expect((await read(order.id)).version).toBe(order.version);
  });

  it('refuses a void that would leave less than was paid: refund first (409 refund-required)', async () => {
    const order = await openCheck([line(coffee, 2), line(cake)]);
    const payment = await paid(t, order.id, { method: 'cash', amount: 1425, tendered: 1425 }, staff);
    const current = await read(order.id);
    const cakeLine = current.lines[1] as OrderLine;
    const refused = await voidRequest(current, cakeLine.id, { kind: 'comp', reason: 'Long wait' }, manager);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: { details: { reason: string; amount: number } } };
    expect(body.error.details).toMatchObject({ reason: 'refund-required', amount: 525 });
    expect((await read(order.id)).lines[1]?.comped).toBe(false);

    await refunded(t, payment.id, { amount: 525, reason: 'Cake comped' }, manager);
    const afterRefund = await read(order.id);
    const done = await voided(afterRefund, cakeLine.id, { kind: 'comp', reason: 'Long wait' });
    expect(done.total).toBe(900);
  });
});

describe('move, merge and split', () => {
  it('moves an open check to another table, with its history; a takeaway has no table to move', async () => {
    const order = await openCheck();
    const response = await t.post(
      `/api/orders/${order.id}/move`,
      { version: order.version, tableId: tableB.id },
      { as: staff },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const moved = (await response.json()) as Order;
    expect(moved.table).toEqual({ id: tableB.id, name: tableB.name });
    expect(moved.timeline.at(-1)).toMatchObject({
      kind: 'move',
      detail: `Moved from ${tableA.name} to ${tableB.name}`,
    });
    const same = await t.post(
      `/api/orders/${order.id}/move`,
      { version: moved.version, tableId: tableB.id },
      { as: staff },
    );
    expect(same.status).toBe(409);
    const takeaway = await placedOrder(t, { type: 'takeaway', lines: [line(coffee)] }, staff);
    const refused = await t.post(
      `/api/orders/${takeaway.id}/move`,
      { version: takeaway.version, tableId: tableB.id },
      { as: staff },
    );
    expect(refused.status).toBe(409);
    expect(
      (
        await t.post(
          `/api/orders/${order.id}/move`,
          { version: moved.version, tableId: tableA.id },
          { as: customer },
        )
      ).status,
    ).toBe(403);
  });

  it('merges the open checks of a table: lines come over as later rounds, sums add up, the others end merged', async () => {
    await settingsForPayments(t, admin, { taxPercent: 7, serviceChargePercent: 10 });
    try {
      const first = await openCheck([line(coffee, 1)]);
      const second = await openCheck([line(cake, 1)]);
      const third = await roundAdded(await openCheck([line(coffee, 3)]), [line(cake, 2)]);
      const result = await merged(first, [second.id, third.id]);
      expect(result.total).toBe(first.total + second.total + third.total);
      expect(result.subtotal).toBe(first.subtotal + second.subtotal + third.subtotal);
      expect(result.tax).toBe(first.tax + second.tax + third.tax);
      expect(result.lines.map((l) => [l.name, l.quantity, l.round])).toEqual([
        ['Flat white', 1, 1],
        ['Carrot cake', 1, 2],
        ['Flat white', 3, 3],
        ['Carrot cake', 2, 4],
      ]);
      const gone = await read(second.id);
      expect(gone).toMatchObject({
        status: 'merged',
        total: 0,
        lines: [],
        mergedInto: { id: first.id, number: first.number },
      });
      expect(gone.timeline.at(-1)).toMatchObject({ kind: 'merge', detail: `Merged into #${first.number}` });
      // A merged order is left out of the list's sum.
      const list = await t.get(`/api/orders?summary=true&search=${first.number}`, { as: admin });
      expect(list.status).toBe(200);
    } finally {
      await settingsForPayments(t, admin);
    }
  });

  it('refuses to merge a check that took money, has a discount, or is closed', async () => {
    const target = await openCheck();
    const payer = await openCheck();
    await paid(t, payer.id, { method: 'cash', amount: 100, tendered: 100 }, staff);
    const paidMerge = await t.post(
      `/api/orders/${target.id}/merge`,
      { version: target.version, orderIds: [payer.id] },
      { as: staff },
    );
    expect(paidMerge.status).toBe(409);
    expect(JSON.stringify(await paidMerge.json())).toContain('cannot-merge');
    const discounted = await placedOrder(
      t,
      {
        type: 'dine-in',
        tableId: tableA.id,
        lines: [line(coffee)],
        discount: { kind: 'amount', value: 50, reason: 'Regular' },
      },
      manager,
    );
    expect(
      (
        await t.post(
          `/api/orders/${target.id}/merge`,
          { version: target.version, orderIds: [discounted.id] },
          { as: staff },
        )
      ).status,
    ).toBe(409);
    const self = await t.post(
      `/api/orders/${target.id}/merge`,
      { version: target.version, orderIds: [target.id] },
      { as: staff },
    );
    expect(self.status).toBe(409);
    expect((await read(target.id)).version).toBe(target.version);
  });

  it('splits a check by lines and by quantity; each pays its own; the two add up to the one', async () => {
    await settingsForPayments(t, admin, { taxPercent: 9.5, serviceChargePercent: 12.5 });
    try {
      const order = await openCheck([line(coffee, 3), line(cake, 1)]);
      const [coffees, cakeLine] = order.lines as [OrderLine, OrderLine];
      const created = await split(order, [
        { lineId: coffees.id, quantity: 1 },
        { lineId: cakeLine.id, quantity: 1 },
      ]);
      const original = await read(order.id);
      expect(created.table?.id).toBe(tableA.id);
      expect(created.lines.map((l) => [l.name, l.quantity])).toEqual([
        ['Flat white', 1],
        ['Carrot cake', 1],
      ]);
      expect(original.lines.map((l) => [l.name, l.quantity])).toEqual([['Flat white', 2]]);
      for (const key of ['subtotal', 'serviceCharge', 'tax', 'total'] as const) {
        expect(original[key] + created[key]).toBe(order[key]);
      }
      expect(original.timeline.at(-1)).toMatchObject({
        kind: 'split',
        detail: `2 items split off to #${created.number}`,
      });

      // Each guest pays their own check.
      await paid(t, order.id, { method: 'cash', amount: original.total, tendered: original.total }, staff);
      await paid(t, created.id, { method: 'cash', amount: created.total, tendered: created.total }, staff);
      expect((await read(order.id)).paymentStatus).toBe('paid');
      expect((await read(created.id)).paymentStatus).toBe('paid');
    } finally {
      await settingsForPayments(t, admin);
    }
  });

  it('refuses a split that leaves nothing, moves a voided line, or would leave less than was paid', async () => {
    const order = await openCheck([line(coffee, 1), line(cake, 1)]);
    const [coffeeLine, cakeLine] = order.lines as [OrderLine, OrderLine];
    const everything = await t.post(
      `/api/orders/${order.id}/split`,
      {
        version: order.version,
        lines: [
          { lineId: coffeeLine.id, quantity: 1 },
          { lineId: cakeLine.id, quantity: 1 },
        ],
      },
      { as: staff },
    );
    expect(everything.status).toBe(409);
    await paid(t, order.id, { method: 'cash', amount: 800, tendered: 800 }, staff);
    const current = await read(order.id);
    const tooMuch = await t.post(
      `/api/orders/${order.id}/split`,
      { version: current.version, lines: [{ lineId: cakeLine.id, quantity: 1 }] },
      { as: staff },
    );
    expect(tooMuch.status).toBe(409);
    expect(JSON.stringify(await tooMuch.json())).toContain('refund-required');
    const overQuantity = await t.post(
      `/api/orders/${order.id}/split`,
      { version: current.version, lines: [{ lineId: cakeLine.id, quantity: 2 }] },
      { as: staff },
    );
    expect(overQuantity.status).toBe(400);
    expect((await read(order.id)).version).toBe(current.version);
  });

  it('keeps the sum of the checks equal to the original through random splits and merges (property)', async () => {
    const items = [
      coffee,
      cake,
      await buildMenuItem(t, { price: 199 }, { as: admin }),
      await buildMenuItem(t, { price: 1337 }, { as: admin }),
    ];
    await settingsForPayments(t, admin, { taxPercent: 8.88, serviceChargePercent: 11.11 });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.nat(items.length - 1), fc.integer({ min: 1, max: 5 })), {
            minLength: 2,
            maxLength: 5,
          }),
          fc.option(fc.integer({ min: 1, max: 5000 }).map((value) => value / 100)),
          fc.array(fc.tuple(fc.boolean(), fc.nat(), fc.nat(), fc.integer({ min: 1, max: 5 })), {
            minLength: 1,
            maxLength: 4,
          }),
          async (lines, discountPercent, steps) => {
            const placed = await placedOrder(
              t,
              {
                type: 'dine-in',
                tableId: tableA.id,
                lines: lines.map(([index, quantity]) => line(items[index] as MenuItem, quantity)),
                ...(discountPercent === null
                  ? {}
                  : { discount: { kind: 'percent', value: discountPercent, reason: 'Test' } }),
              },
              manager,
            );
            let checks = [placed.id];
            for (const [isMerge, which, lineChoice, quantity] of steps) {
              const current = await read(checks[which % checks.length] as string);
              if (isMerge && checks.length > 1) {
                const others = checks.filter((id) => id !== current.id);
                const joining = await Promise.all(others.map((id) => read(id)));
                // Only checks without a discount join another.
                const mergeable = joining.filter((check) => check.discount === 0).map((check) => check.id);
                if (mergeable.length === 0) continue;
                await merged(current, mergeable);
                checks = checks.filter((id) => !mergeable.includes(id));
              } else {
                const candidates = counted(current);
                const quantityLeft = candidates.reduce((sum, l) => sum + l.quantity, 0);
                if (quantityLeft < 2) continue;
                const chosen = candidates[lineChoice % candidates.length] as OrderLine;
                const take = Math.min(quantity, chosen.quantity, quantityLeft - 1);
                const created = await split(current, [{ lineId: chosen.id, quantity: take }]);
                checks.push(created.id);
              }
            }
            const finals = await Promise.all(checks.map((id) => read(id)));
            for (const key of ['subtotal', 'discount', 'serviceCharge', 'tax', 'total'] as const) {
              expect(finals.reduce((sum, check) => sum + check[key], 0)).toBe(placed[key]);
            }
            for (const check of finals) expect(check.subtotal).toBe(linesSum(check));
          },
        ),
        { numRuns: 12 },
      );
    } finally {
      await settingsForPayments(t, admin);
    }
  });
});

describe('every open-check route', () => {
  it('refuses customers (403) and bad bodies (400) in the error envelope, and changes nothing', async () => {
    const order = await openCheck([line(coffee, 2)]);
    const other = await openCheck([line(cake)]);
    const lineId = (order.lines[0] as OrderLine).id;
    const routes: { path: string; good: unknown; bad: unknown }[] = [
      {
        path: `/api/orders/${order.id}/lines`,
        good: { version: order.version, lines: [line(cake)] },
        bad: { version: order.version, lines: [] },
      },
      {
        path: `/api/orders/${order.id}/lines/${lineId}/void`,
        good: { version: order.version, kind: 'void', reason: 'Oops' },
        bad: { version: order.version, kind: 'refund', reason: 'Oops' },
      },
      {
        path: `/api/orders/${order.id}/lines/${lineId}/void-request`,
        good: { kind: 'void', reason: 'Oops' },
        bad: { kind: 'void', reason: '' },
      },
      {
        path: `/api/orders/${order.id}/move`,
        good: { version: order.version, tableId: tableB.id },
        bad: { version: order.version, tableId: 'T2' },
      },
      {
        path: `/api/orders/${order.id}/merge`,
        good: { version: order.version, orderIds: [other.id] },
        bad: { version: order.version, orderIds: [] },
      },
      {
        path: `/api/orders/${order.id}/split`,
        good: { version: order.version, lines: [{ lineId, quantity: 1 }] },
        bad: { version: order.version, lines: [{ lineId, quantity: 0 }] },
      },
    ];
    for (const route of routes) {
      await expectErrorBody(await t.post(route.path, route.good, { as: customer }), 403, 'permission-denied');
      await expectErrorBody(await t.post(route.path, route.good, { as: null }), 401, 'unauthenticated');
      await expectErrorBody(await t.post(route.path, route.bad, { as: manager }), 400, 'invalid-argument');
      await expectErrorBody(
        await t.post(route.path, { ...(route.good as object), extra: 1 }, { as: manager }),
        400,
        'invalid-argument',
      );
    }
    const after = await read(order.id);
    expect(after.version).toBe(order.version);
    expect(after.lines).toHaveLength(1);
    expect((await read(other.id)).status).toBe('confirmed');
  });
});

describe('recall and ready time', () => {
  it('takes back the last step on the board within its window, once', async () => {
    let order = await openCheck();
    order = await movedOrder(t, order, 'preparing', staff);
    order = await movedOrder(t, order, 'ready', staff);
    const wrongTarget = await t.post(
      `/api/orders/${order.id}/status`,
      { status: 'confirmed', version: order.version, recall: true },
      { as: staff },
    );
    expect(wrongTarget.status).toBe(409);
    const recalled = await t.post(
      `/api/orders/${order.id}/status`,
      { status: 'preparing', version: order.version, recall: true },
      { as: staff },
    );
    expect(recalled.status, await recalled.clone().text()).toBe(200);
    order = (await recalled.json()) as Order;
    expect(order.status).toBe('preparing');
    expect(order.timeline.at(-1)).toMatchObject({
      kind: 'recall',
      status: 'preparing',
      detail: 'Back from ready to preparing',
    });
    const twice = await t.post(
      `/api/orders/${order.id}/status`,
      { status: 'confirmed', version: order.version, recall: true },
      { as: staff },
    );
    expect(twice.status).toBe(409);

    order = await movedOrder(t, order, 'ready', staff);
    await t.db.execute(
      sql`update order_status_changes set created_at = created_at - interval '3 minutes' where order_id = ${order.id}`,
    );
    const late = await t.post(
      `/api/orders/${order.id}/status`,
      { status: 'preparing', version: order.version, recall: true },
      { as: staff },
    );
    expect(late.status).toBe(409);
    expect(JSON.stringify(await late.json())).toContain('recall-expired');
    expect((await read(order.id)).status).toBe('ready');
  });

  it('does not recall a cancellation, and a customer cannot recall', async () => {
    const request = await placedOrder(t, { type: 'takeaway', lines: [line(coffee)] }, customer);
    const accepted = await movedOrder(t, request, 'confirmed', staff);
    expect(
      (
        await t.post(
          `/api/orders/${accepted.id}/status`,
          { status: 'pending', version: accepted.version, recall: true },
          { as: staff },
        )
      ).status,
    ).toBe(409);
    const cancelled = await movedOrder(t, await openCheck(), 'cancelled', staff, 'Guest left');
    expect(
      (
        await t.post(
          `/api/orders/${cancelled.id}/status`,
          { status: 'confirmed', version: cancelled.version, recall: true },
          { as: staff },
        )
      ).status,
    ).toBe(409);
    const preparing = await movedOrder(t, accepted, 'preparing', staff);
    const byCustomer = await t.post(
      `/api/orders/${preparing.id}/status`,
      { status: 'confirmed', version: preparing.version, recall: true },
      { as: customer },
    );
    expect(byCustomer.status).toBe(403);
  });

  it('accepting a request may set a ready time, which its guest sees; elsewhere it is refused', async () => {
    const request = await placedOrder(t, { type: 'takeaway', lines: [line(coffee)] }, customer);
    const readyAt = new Date(Date.now() + 15 * 60_000).toISOString();
    const past = await t.post(
      `/api/orders/${request.id}/status`,
      {
        status: 'confirmed',
        version: request.version,
        readyAt: new Date(Date.now() - 3_600_000).toISOString(),
      },
      { as: staff },
    );
    await expectErrorBody(past, 400, 'invalid-argument');
    const accepted = await t.post(
      `/api/orders/${request.id}/status`,
      { status: 'confirmed', version: request.version, readyAt },
      { as: staff },
    );
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const seen = await t.get(`/api/orders/${request.id}`, { as: customer });
    expect(((await seen.json()) as Order).readyAt).toBe(readyAt);
    const order = (await accepted.json()) as Order;
    const later = await moveOrder(t, order, 'preparing', staff);
    expect(later.status).toBe(200);
    const notOnAccept = await t.post(
      `/api/orders/${request.id}/status`,
      { status: 'ready', version: ((await later.json()) as Order).version, readyAt },
      { as: staff },
    );
    expect(notOnAccept.status).toBe(400);
  });
});
