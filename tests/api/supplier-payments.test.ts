import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance } from '../../src/server/modules/ledger';
import { INVENTORY_API, type InventoryItem } from '../../src/shared/contracts/inventory';
import { LEDGER_API } from '../../src/shared/contracts/ledger';
import type { BankAccount, Supplier, Unit } from '../../src/shared/contracts/master-data';
import {
  PURCHASE_ORDERS_API,
  type PurchaseOrder,
  type SupplierBalance,
} from '../../src/shared/contracts/purchase-orders';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { buildBankAccount, buildSupplier, buildUnit, uniqueName } from '../support/factories';
import { settingsForPayments } from '../support/payments';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * Paying suppliers: a purchase order paid in parts from an account, each payment a withdrawal in the
 * same transaction; never more than it owes (also when two payments race); a void reverses; the
 * supplier's balance of received, paid and owed, oldest first.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let kg: Unit;
let bank: BankAccount;

const today = () => restaurantToday('UTC');

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
  ])) as [TestUser, TestUser];
  await settingsForPayments(t, admin, { timeZone: 'UTC' });
  kg = await buildUnit(t, { name: uniqueName('Kilogram'), symbol: 'kgp' }, { as: admin });
  bank = await buildBankAccount(t, { type: 'bank', openingBalance: 1_000_000 }, { as: admin });
});
afterAll(() => t.close());

async function expectStatus(response: Response, status: number): Promise<PurchaseOrder> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as PurchaseOrder;
}

/** A sent order of 10 kg at 2.50 (25.00) from `supplier`; `receive` kg of it delivered. */
async function sentOrder(supplier: Supplier, receive?: string): Promise<PurchaseOrder> {
  const item = (await (
    await t.post(
      INVENTORY_API.items,
      { name: uniqueName('Flour'), group: 'ingredient', unitId: kg.id },
      { as: admin },
    )
  ).json()) as InventoryItem;
  const draft = await expectStatus(
    await t.post(
      PURCHASE_ORDERS_API.orders,
      { supplierId: supplier.id, lines: [{ inventoryItemId: item.id, quantity: '10', unitCost: 250 }] },
      { as: admin },
    ),
    201,
  );
  let order = await expectStatus(
    await t.post(
      PURCHASE_ORDERS_API.status(draft.id),
      { status: 'ordered', version: draft.version },
      { as: admin },
    ),
    200,
  );
  if (receive) {
    order = await expectStatus(
      await t.post(
        PURCHASE_ORDERS_API.receipts(order.id),
        { lines: [{ lineId: order.lines[0]?.id, quantity: receive }] },
        { as: admin },
      ),
      201,
    );
  }
  return order;
}

const pay = (order: { id: string }, amount: number, as: TestUser = admin, date = today()) =>
  t.post(PURCHASE_ORDERS_API.payments(order.id), { accountId: bank.id, amount, date }, { as });

describe('paying a purchase order', () => {
  it('pays in parts from an account, each a withdrawal; unpaid, part paid, paid', async () => {
    const supplier = await buildSupplier(t, {}, { as: admin });
    const order = await sentOrder(supplier);
    expect(order).toMatchObject({ paidTotal: 0, owed: 2_500, paymentStatus: 'unpaid', payments: [] });
    const before = await accountBalance(t.db, bank.id);
    const part = await expectStatus(await pay(order, 1_000), 201);
    expect(part).toMatchObject({ paidTotal: 1_000, owed: 1_500, paymentStatus: 'part-paid' });
    expect(part.payments).toHaveLength(1);
    expect(part.payments[0]).toMatchObject({ amount: 1_000, accountId: bank.id, voidedAt: null });
    const full = await expectStatus(await pay(order, 1_500), 201);
    expect(full).toMatchObject({ paidTotal: 2_500, owed: 0, paymentStatus: 'paid' });
    expect(await accountBalance(t.db, bank.id)).toBe(before - 2_500);
    const rows = await t.db.execute<{ amount: string; source_kind: string }>(
      sql`select amount, source_kind from bank_transactions
          where source_kind = 'supplier-payment'
            and source_id in (select id from purchase_order_payments where purchase_order_id = ${order.id})`,
    );
    expect(rows.rows.map((row) => Number(row.amount)).sort((a, b) => a - b)).toEqual([-1_500, -1_000]);
    const more = await pay(order, 1);
    expect(more.status).toBe(409);
    expect(await more.json()).toMatchObject({ error: { details: { reason: 'over-payment', owed: 0 } } });
  });

  it('owes the total while deliveries are awaited, what was received after, and nothing for a draft', async () => {
    const supplier = await buildSupplier(t, {}, { as: admin });
    const partly = await sentOrder(supplier, '4');
    expect(partly).toMatchObject({ status: 'partially-received', receivedTotal: 1_000, owed: 2_500 });
    // A prepaid order cancelled before anything arrived: the supplier owes the money back.
    const prepaid = await sentOrder(supplier);
    const paid = await expectStatus(await pay(prepaid, 500), 201);
    const cancelled = await expectStatus(
      await t.post(
        PURCHASE_ORDERS_API.status(prepaid.id),
        { status: 'cancelled', version: paid.version },
        { as: admin },
      ),
      200,
    );
    expect(cancelled).toMatchObject({ receivedTotal: 0, paidTotal: 500, owed: -500, paymentStatus: 'paid' });
    expect((await pay(prepaid, 1)).status).toBe(409);

    const draft = await expectStatus(
      await t.post(
        PURCHASE_ORDERS_API.orders,
        {
          supplierId: supplier.id,
          lines: partly.lines.map((line) => ({
            inventoryItemId: line.inventoryItemId,
            quantity: '1',
            unitCost: 100,
          })),
        },
        { as: admin },
      ),
      201,
    );
    expect(draft.paymentStatus).toBe('not-due');
    const refused = await pay(draft, 100);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { details: { reason: 'wrong-status' } } });
  });

  it('two payments of what is owed at once: one is taken, the other refused', async () => {
    const supplier = await buildSupplier(t, {}, { as: admin });
    const order = await sentOrder(supplier);
    const before = await accountBalance(t.db, bank.id);
    const answers = await Promise.all([pay(order, 2_500), pay(order, 2_500)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await accountBalance(t.db, bank.id)).toBe(before - 2_500);
  });

  it('voids a payment: the withdrawal is reversed and the order owes it again; once only', async () => {
    const supplier = await buildSupplier(t, {}, { as: admin });
    const order = await sentOrder(supplier);
    const paid = await expectStatus(await pay(order, 2_000), 201);
    const payment = paid.payments[0]!;
    const before = await accountBalance(t.db, bank.id);
    const voided = await expectStatus(
      await t.post(
        PURCHASE_ORDERS_API.voidPayment(order.id, payment.id),
        { reason: 'Wrong account' },
        { as: admin },
      ),
      200,
    );
    expect(voided).toMatchObject({ paidTotal: 0, owed: 2_500, paymentStatus: 'unpaid' });
    expect(voided.payments[0]).toMatchObject({ voidReason: 'Wrong account' });
    expect(await accountBalance(t.db, bank.id)).toBe(before + 2_000);
    const again = await t.post(
      PURCHASE_ORDERS_API.voidPayment(order.id, payment.id),
      { reason: 'x' },
      { as: admin },
    );
    expect(again.status).toBe(409);
    // Its ledger row is voided through the order, not the account's page.
    const [row] = (
      await t.db.execute<{ id: string }>(
        sql`select id from bank_transactions where source_id = ${payment.id} and kind = 'withdrawal'`,
      )
    ).rows;
    const direct = await t.post(LEDGER_API.voidTransaction(row!.id), { reason: 'x' }, { as: admin });
    expect(direct.status).toBe(409);
  });

  it('refuses a closed day, an archived account, bad input, and anyone but an admin', async () => {
    const supplier = await buildSupplier(t, {}, { as: admin });
    const order = await sentOrder(supplier);
    const lock = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect((await t.patchLatest('/api/settings', { booksLockedUntil: lock }, { as: admin })).status).toBe(
      200,
    );
    try {
      const closed = await pay(order, 100, admin, lock);
      expect(closed.status).toBe(409);
      expect(await closed.json()).toMatchObject({ error: { details: { reason: 'books-locked' } } });
    } finally {
      expect((await t.patchLatest('/api/settings', { booksLockedUntil: null }, { as: admin })).status).toBe(
        200,
      );
    }
    const old = await buildBankAccount(t, { type: 'bank' }, { as: admin });
    await t.patchLatest(`/api/bank-accounts/${old.id}`, { active: false }, { as: admin });
    const archived = await t.post(
      PURCHASE_ORDERS_API.payments(order.id),
      { accountId: old.id, amount: 100, date: today() },
      { as: admin },
    );
    expect(archived.status).toBe(400);
    for (const body of [
      { accountId: bank.id, amount: 0, date: today() },
      { accountId: bank.id, amount: 100 },
      { amount: 100, date: today() },
    ]) {
      expect(
        (await t.post(PURCHASE_ORDERS_API.payments(order.id), body, { as: admin })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await pay(order, 100, manager)).status).toBe(403);
    expect(
      (
        await t.post(
          PURCHASE_ORDERS_API.payments(crypto.randomUUID()),
          { accountId: bank.id, amount: 1, date: today() },
          { as: admin },
        )
      ).status,
    ).toBe(404);
    expect((await t.get(PURCHASE_ORDERS_API.supplierBalance(supplier.id), { as: manager })).status).toBe(403);
    const unchanged = (await (
      await t.get(PURCHASE_ORDERS_API.order(order.id), { as: admin })
    ).json()) as PurchaseOrder;
    expect(unchanged).toMatchObject({ paidTotal: 0, payments: [] });
  });
});

describe('a supplier’s balance', () => {
  it('adds up what was sent, received and paid, listing the orders that still owe, oldest first', async () => {
    const supplier = await buildSupplier(t, {}, { as: admin });
    const first = await sentOrder(supplier, '10');
    const second = await sentOrder(supplier, '2');
    const third = await sentOrder(supplier);
    await expectStatus(await pay(first, 2_500), 201);
    await expectStatus(await pay(second, 300), 201);
    const response = await t.get(PURCHASE_ORDERS_API.supplierBalance(supplier.id), { as: admin });
    expect(response.status).toBe(200);
    const balance = (await response.json()) as SupplierBalance;
    expect(balance).toMatchObject({
      supplierName: supplier.name,
      payable: 7_500,
      received: 2_500 + 500,
      paid: 2_800,
      owed: 7_500 - 2_800,
    });
    expect(balance.orders.map((order) => [order.number, order.owed, order.paymentStatus])).toEqual([
      [second.number, 2_200, 'part-paid'],
      [third.number, 2_500, 'unpaid'],
    ]);
    expect(
      (await t.get(PURCHASE_ORDERS_API.supplierBalance(crypto.randomUUID()), { as: admin })).status,
    ).toBe(404);
  });
});
