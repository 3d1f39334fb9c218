import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance } from '../../src/server/modules/ledger';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { SETTLEMENTS_API, type Settlement } from '../../src/shared/contracts/settlements';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { buildBankAccount, buildMenuItem, buildPartner } from '../support/factories';
import { movedOrder, placedOrder } from '../support/orders';
import { accountFor, paid, readOrder, settingsForPayments } from '../support/payments';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * Partner settlements: a period's completed orders of a partner, each with its commission to the
 * minor unit; an order in one settlement only, also when two are made at once; the payout report
 * matched to the orders (matched, missing, unknown, each difference); adjustments; the payout received
 * into an account with the partner's own takings cleared, in one transaction; reopening reverses it.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let item: MenuItem;
let partnerAccount: { id: string };

const today = () => restaurantToday('UTC');

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff' }),
  ])) as [TestUser, TestUser, TestUser];
  await settingsForPayments(t, admin, { timeZone: 'UTC' });
  // 10.05 a dish: 15 % of it is 1.5075, so commissions show their rounding.
  item = await buildMenuItem(t, { price: 1_005 }, { as: admin });
  partnerAccount = await accountFor(t, admin, ['partner'], { type: 'e-wallet' });
});
afterAll(() => t.close());

async function expectStatus<T = Settlement>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** A partner's delivery of `quantity` dishes, completed (and paid by the partner when `paidByPartner`). */
async function completedOrder(
  partnerId: string,
  reference: string,
  quantity = 1,
  options: { paidByPartner?: boolean; complete?: boolean } = {},
): Promise<Order> {
  let order = await placedOrder(
    t,
    {
      type: 'delivery',
      partnerId,
      partnerReference: reference,
      deliveryAddress: '1 Test Street',
      lines: [{ menuItemId: item.id, quantity }],
    },
    staff,
  );
  if (options.paidByPartner) {
    await paid(t, order.id, { method: 'partner', amount: order.total }, staff);
    order = await readOrder(t, order.id, staff);
  }
  if (options.complete === false) return order;
  for (const status of ['preparing', 'ready', 'completed'] as const) {
    order = await movedOrder(t, order, status, staff);
  }
  return order;
}

const settle = (partnerId: string, as: TestUser = admin, from = today(), to = today()) =>
  t.post(SETTLEMENTS_API.settlements, { partnerId, from, to }, { as });

function payoutForm(csv: string, name = 'payout.csv'): FormData {
  const form = new FormData();
  form.set('file', new File([csv], name, { type: 'text/csv' }));
  return form;
}

const importPayout = (id: string, csv: string) =>
  t.request(SETTLEMENTS_API.payoutReport(id), { method: 'POST', body: payoutForm(csv) }, { as: admin });

describe('making a settlement', () => {
  it('takes the partner’s completed orders of the period, each with its commission, and writes an audit entry', async () => {
    const partner = await buildPartner(t, { commissionPercent: 15 }, { as: admin });
    const other = await buildPartner(t, {}, { as: admin });
    const one = await completedOrder(partner.id, 'QB-1');
    const three = await completedOrder(partner.id, 'QB-2', 3);
    await completedOrder(partner.id, 'QB-OPEN', 1, { complete: false });
    await completedOrder(other.id, 'OTHER-1');
    const settlement = await expectStatus(await settle(partner.id), 201);
    expect(settlement).toMatchObject({
      partnerId: partner.id,
      partnerName: partner.name,
      status: 'pending',
      commissionPercent: 15,
      orderCount: 2,
      gross: 1_005 + 3_015,
      // 150.75 → 151 and 452.25 → 452, each order to the minor unit.
      commission: 151 + 452,
      adjustmentsTotal: 0,
      net: 4_020 - 603,
      received: null,
      disputed: null,
      payoutReport: null,
    });
    expect(settlement.orders.map((order) => [order.orderId, order.commission, order.payout])).toEqual([
      [one.id, 151, 854],
      [three.id, 452, 2_563],
    ]);
    const audit = await t.db.execute<{ action: string }>(
      sql`select action from audit_log where target_id = ${settlement.id}`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['settlement.created']);
    // Nothing left to settle in that period: a 409 saying so.
    const again = await settle(partner.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { details: { reason: 'nothing-to-settle' } } });
    // A later order of the same day goes into the next settlement, alone.
    const later = await completedOrder(partner.id, 'QB-3');
    const next = await expectStatus(await settle(partner.id), 201);
    expect(next.orders.map((order) => order.orderId)).toEqual([later.id]);
  });

  it('is the owner’s: managers and staff get 403 and nothing is settled', async () => {
    const partner = await buildPartner(t, {}, { as: admin });
    await completedOrder(partner.id, 'ROLE-1');
    for (const user of [manager, staff]) {
      const response = await settle(partner.id, user);
      expect(response.status).toBe(403);
    }
    const list = await expectStatus<{ items: unknown[] }>(
      await t.get(`${SETTLEMENTS_API.settlements}?partnerId=${partner.id}`, { as: admin }),
      200,
    );
    expect(list.items).toEqual([]);
    expect((await t.get(SETTLEMENTS_API.settlements, { as: manager })).status).toBe(403);
  });

  it('refuses a period backwards or longer than a year, and an unknown partner, with 400s', async () => {
    const partner = await buildPartner(t, {}, { as: admin });
    expect((await settle(partner.id, admin, '2030-02-01', '2030-01-01')).status).toBe(400);
    expect((await settle(partner.id, admin, '2030-01-01', '2031-06-01')).status).toBe(400);
    const unknown = await settle('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { details: { issues: [{ path: 'partnerId' }] } } });
  });

  it('never puts an order in two settlements when two admins settle one period at once', async () => {
    const admin2 = await t.buildUser({ role: 'admin' });
    for (let round = 0; round < 4; round++) {
      const partner = await buildPartner(t, {}, { as: admin });
      const orders = await Promise.all(
        [1, 2, 3].map((index) => completedOrder(partner.id, `RACE-${round}-${index}`)),
      );
      const answers = await Promise.all([settle(partner.id, admin), settle(partner.id, admin2)]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 409]);
      const made = (await (answers.find((answer) => answer.status === 201) as Response).json()) as Settlement;
      expect(made.orders.map((order) => order.orderId).sort()).toEqual(
        orders.map((order) => order.id).sort(),
      );
      const held = await t.db.execute<{ count: number }>(
        sql`select count(*)::int as count from settlement_orders
            where order_id in (${sql.join(
              orders.map((order) => sql`${order.id}::uuid`),
              sql`, `,
            )})`,
      );
      expect(held.rows[0]?.count).toBe(3);
    }
  });
});

describe('the payout report', () => {
  it('matches a worked file: matched with their differences, missing, unknown and unreadable rows', async () => {
    const partner = await buildPartner(t, { commissionPercent: 20 }, { as: admin });
    await completedOrder(partner.id, 'WK-100');
    await completedOrder(partner.id, 'wk-200', 2);
    const missingOrder = await completedOrder(partner.id, 'WK-300');
    const settlement = await expectStatus(await settle(partner.id), 201);
    // 10.05 at 20 %: commission 2.01, payout 8.04; 20.10: 4.02 and 16.08.
    expect(settlement.net).toBe(804 + 1_608 + 804);
    const csv = [
      'Order ID,Gross,Commission,Payout',
      'WK-100,10.05,2.01,8.04',
      // Paid 1.00 less than expected: the disputed order.
      'WK-200,20.10,5.02,15.08',
      'WK-999,7.50,1.50,6.00',
      'WK-bad,,,twelve',
      '',
    ].join('\r\n');
    const after = await expectStatus(await importPayout(settlement.id, csv), 200);
    const report = after.payoutReport;
    expect(report?.fileName).toBe('payout.csv');
    expect(report?.matched).toEqual([
      expect.objectContaining({
        reference: 'WK-100',
        expected: { gross: 1_005, commission: 201, payout: 804 },
        reported: { gross: 1_005, commission: 201, payout: 804 },
        difference: 0,
      }),
      expect.objectContaining({
        reference: 'WK-200',
        expected: { gross: 2_010, commission: 402, payout: 1_608 },
        reported: { gross: 2_010, commission: 502, payout: 1_508 },
        difference: -100,
      }),
    ]);
    expect(report?.missing).toEqual([
      {
        orderId: missingOrder.id,
        number: missingOrder.number,
        reference: 'WK-300',
        expectedPayout: 804,
        difference: -804,
      },
    ]);
    expect(report?.unknown).toEqual([
      {
        row: 4,
        reference: 'WK-999',
        reported: { gross: 750, commission: 150, payout: 600 },
        difference: 600,
      },
    ]);
    expect(report?.problems).toEqual([{ row: 5, problem: 'The payout of WK-bad is not an amount.' }]);
    expect(report?.totals).toEqual({
      expected: 3_216,
      reported: 804 + 1_508 + 600,
      difference: 2_912 - 3_216,
    });
    expect(after.disputed).toBe(2);
    // The list says so too.
    const list = await expectStatus<{ items: Settlement[] }>(
      await t.get(`${SETTLEMENTS_API.settlements}?partnerId=${partner.id}`, { as: admin }),
      200,
    );
    expect(list.items[0]).toMatchObject({ id: settlement.id, disputed: 2 });
  });

  it('refuses a file without the columns it needs, and one that is not CSV, changing nothing', async () => {
    const partner = await buildPartner(t, {}, { as: admin });
    await completedOrder(partner.id, 'NOCOL-1');
    const settlement = await expectStatus(await settle(partner.id), 201);
    const noColumns = await importPayout(settlement.id, 'Date,Amount\r\n2030-01-01,1.00\r\n');
    expect(noColumns.status).toBe(400);
    expect((await noColumns.json()).error.message).toContain('Reference');
    const broken = await importPayout(settlement.id, 'Reference,Payout\r\n"open,1.00\r\n');
    expect(broken.status).toBe(400);
    const read = await expectStatus(
      await t.get(SETTLEMENTS_API.settlement(settlement.id), { as: admin }),
      200,
    );
    expect(read.payoutReport).toBeNull();
  });
});

describe('adjusting, receiving and reopening', () => {
  it('adjusts, receives into an account clearing the partner’s takings, reopens, all in the ledger', async () => {
    const partner = await buildPartner(t, { commissionPercent: 10 }, { as: admin });
    const bank = await buildBankAccount(t, { type: 'bank', openingBalance: 50_000 }, { as: admin });
    // One order the partner collected for (booked as a `partner` payment), one it did not.
    await completedOrder(partner.id, 'RC-1', 2, { paidByPartner: true });
    await completedOrder(partner.id, 'RC-2');
    let settlement = await expectStatus(await settle(partner.id), 201);
    expect(settlement).toMatchObject({ gross: 3_015, commission: 201 + 101, net: 2_713 });

    settlement = await expectStatus(
      await t.post(
        SETTLEMENTS_API.adjustments(settlement.id),
        { version: settlement.version, amount: -250, reason: 'Refund the partner gave a guest' },
        { as: admin },
      ),
      200,
    );
    expect(settlement).toMatchObject({ adjustmentsTotal: -250, net: 2_463 });
    expect(settlement.adjustments).toEqual([
      expect.objectContaining({ amount: -250, reason: 'Refund the partner gave a guest' }),
    ]);
    const stale = await t.post(
      SETTLEMENTS_API.adjustments(settlement.id),
      { version: settlement.version - 1, amount: 100, reason: 'Late' },
      { as: admin },
    );
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: { details: { reason: 'stale' } } });

    const bankBefore = await accountBalance(t.db, bank.id);
    const partnerBefore = await accountBalance(t.db, partnerAccount.id);
    settlement = await expectStatus(
      await t.post(
        SETTLEMENTS_API.receive(settlement.id),
        { version: settlement.version, accountId: bank.id, date: today(), amount: 2_400 },
        { as: admin },
      ),
      200,
    );
    expect(settlement).toMatchObject({
      status: 'received',
      received: {
        on: today(),
        amount: 2_400,
        accountId: bank.id,
        accountName: bank.name,
        difference: 2_400 - 2_463,
      },
    });
    // The payout lands in the bank; what the partner collected for RC-1 leaves the partner account.
    expect(await accountBalance(t.db, bank.id)).toBe(bankBefore + 2_400);
    expect(await accountBalance(t.db, partnerAccount.id)).toBe(partnerBefore - 2_010);
    const rows = await t.db.execute<{ account_id: string; amount: string }>(
      sql`select account_id, amount from bank_transactions
          where source_kind = 'settlement' and source_id = ${settlement.id} order by amount`,
    );
    expect(rows.rows.map((row) => [row.account_id, Number(row.amount)])).toEqual([
      [partnerAccount.id, -2_010],
      [bank.id, 2_400],
    ]);

    // Received: it no longer changes, and cannot be received twice.
    const adjust = await t.post(
      SETTLEMENTS_API.adjustments(settlement.id),
      { version: settlement.version, amount: 100, reason: 'Late' },
      { as: admin },
    );
    expect(adjust.status).toBe(409);
    expect(await adjust.json()).toMatchObject({ error: { details: { reason: 'already-received' } } });
    const twice = await t.post(
      SETTLEMENTS_API.receive(settlement.id),
      { accountId: bank.id, date: today(), amount: 1 },
      { as: admin },
    );
    expect(twice.status).toBe(409);

    // Reopened: both rows reversed, the balances as before, pending again.
    settlement = await expectStatus(
      await t.post(
        SETTLEMENTS_API.reopen(settlement.id),
        { version: settlement.version, reason: 'Wrong account' },
        { as: admin },
      ),
      200,
    );
    expect(settlement).toMatchObject({ status: 'pending', received: null });
    expect(await accountBalance(t.db, bank.id)).toBe(bankBefore);
    expect(await accountBalance(t.db, partnerAccount.id)).toBe(partnerBefore);
    // It received money once: it stays, with its history.
    const deleted = await t.request(
      SETTLEMENTS_API.settlement(settlement.id),
      { method: 'DELETE' },
      { as: admin },
    );
    expect(deleted.status).toBe(409);
    expect(await deleted.json()).toMatchObject({ error: { details: { reason: 'has-ledger-rows' } } });
    const audit = await t.db.execute<{ action: string }>(
      sql`select action from audit_log where target_id = ${settlement.id} order by created_at`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'settlement.created',
      'settlement.adjusted',
      'settlement.received',
      'settlement.reopened',
    ]);
  });

  it('refuses a receipt dated in a closed period, and an archived account, changing nothing', async () => {
    const partner = await buildPartner(t, {}, { as: admin });
    const bank = await buildBankAccount(t, { type: 'bank' }, { as: admin });
    await completedOrder(partner.id, 'LOCK-1');
    const settlement = await expectStatus(await settle(partner.id), 201);
    const locked = await t.patchLatest('/api/settings', { booksLockedUntil: '2020-12-31' }, { as: admin });
    expect(locked.status, await locked.clone().text()).toBe(200);
    try {
      const refused = await t.post(
        SETTLEMENTS_API.receive(settlement.id),
        { accountId: bank.id, date: '2020-06-30', amount: 500 },
        { as: admin },
      );
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: { details: { reason: 'books-locked' } } });
    } finally {
      await t.patchLatest('/api/settings', { booksLockedUntil: null }, { as: admin });
    }
    const archived = await buildBankAccount(t, { type: 'bank' }, { as: admin });
    const archiving = await t.patchLatest(
      `/api/bank-accounts/${archived.id}`,
      { active: false },
      { as: admin },
    );
    expect(archiving.status).toBe(200);
    const refused = await t.post(
      SETTLEMENTS_API.receive(settlement.id),
      { accountId: archived.id, date: today(), amount: 500 },
      { as: admin },
    );
    expect(refused.status).toBe(400);
    expect(await accountBalance(t.db, bank.id)).toBe(0);
    const read = await expectStatus(
      await t.get(SETTLEMENTS_API.settlement(settlement.id), { as: admin }),
      200,
    );
    expect(read.status).toBe('pending');
  });

  it('deletes a pending settlement, and its orders can be settled again', async () => {
    const partner = await buildPartner(t, {}, { as: admin });
    const order = await completedOrder(partner.id, 'DEL-1');
    const settlement = await expectStatus(await settle(partner.id), 201);
    const deleted = await t.request(
      SETTLEMENTS_API.settlement(settlement.id),
      { method: 'DELETE' },
      { as: admin },
    );
    expect(deleted.status).toBe(204);
    expect((await t.get(SETTLEMENTS_API.settlement(settlement.id), { as: admin })).status).toBe(404);
    const again = await expectStatus(await settle(partner.id), 201);
    expect(again.orders.map((row) => row.orderId)).toEqual([order.id]);
  });
});
