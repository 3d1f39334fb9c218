import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { withTransaction } from '../../src/server/db/transaction';
import { bankTransactions } from '../../src/server/modules/ledger/ledger.schema';
import type { PaymentProvider, ProviderRefundInput } from '../../src/server/modules/payments';
import { payments, refunds } from '../../src/server/modules/payments/payments.schema';
import { recordPaymentInTx } from '../../src/server/use-cases/record-payment';
import type { AuditEntry } from '../../src/shared/contracts/audit';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order, OrderPage } from '../../src/shared/contracts/orders';
import type {
  CustomerOrderWithPayments,
  OrderWithPayments,
  PaymentPage,
} from '../../src/shared/contracts/payments';
import { buildBankAccount, buildMenuItem } from '../support/factories';
import { movedOrder, moveOrder, placedOrder } from '../support/orders';
import {
  accountFor,
  mapPaymentAccounts,
  paid,
  pay,
  readOrder,
  refund,
  refunded,
  settingsForPayments,
} from '../support/payments';
import {
  createTestApp,
  expectErrorBody,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../support/test-app';

/**
 * Counter payments and refunds: who may take and refund them, the amount rule (never more
 * than the amount due, 409 with the amount due), cash change, the method's account, the order's
 * payment status through every step, the order read with its payments and link, cancelling or
 * rejecting an order that has money kept (refund in the same step, a manager's), online payments
 * recorded once and refunded through the provider, and the audit log. The races are in
 * payments-concurrency.test.ts, the account balances in ledger.test.ts.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let item: MenuItem;
let cashBox: { id: string; name: string };
let bank: { id: string; name: string };
let wallet: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff, customer, otherCustomer] = (await Promise.all([
    t.buildUser({ role: 'admin', name: 'Ada Admin' }),
    t.buildUser({ role: 'manager', name: 'Max Manager' }),
    t.buildUser({ role: 'staff', name: 'Sam Staff' }),
    t.buildUser({ role: 'customer', name: 'Cleo Customer' }),
    t.buildUser({ role: 'customer', name: 'Otto Other' }),
  ])) as [TestUser, TestUser, TestUser, TestUser, TestUser];
  await settingsForPayments(t, admin);
  item = await buildMenuItem(t, { price: 1000 }, { as: admin });
  cashBox = await accountFor(t, admin, ['cash'], { type: 'cash' });
  bank = await accountFor(t, admin, ['card', 'bank-transfer'], { type: 'bank' });
  wallet = await accountFor(t, admin, ['qr', 'online'], { type: 'e-wallet' });
});
afterAll(() => t.close());

/** A confirmed point-of-sale takeaway of `quantity` × 10.00 (no tax, no service charge). */
const order = (quantity = 1, as: TestUser = staff): Promise<Order> =>
  placedOrder(t, { type: 'takeaway', lines: [{ menuItemId: item.id, quantity }] }, as);

/** A customer's pending order request of `quantity` × 10.00. */
const customerOrder = (quantity = 1, as: TestUser = customer): Promise<Order> =>
  placedOrder(t, { type: 'takeaway', lines: [{ menuItemId: item.id, quantity }] }, as);

/** The ledger rows of a payment and of its refunds (`refundId` names a refund's). */
async function ledgerOf(paymentId: string) {
  const rows = await t.db
    .select({
      accountId: bankTransactions.accountId,
      kind: bankTransactions.kind,
      amount: bankTransactions.amount,
      sourceKind: bankTransactions.sourceKind,
      sourceId: bankTransactions.sourceId,
    })
    .from(bankTransactions)
    .where(
      or(
        and(eq(bankTransactions.sourceKind, 'payment'), eq(bankTransactions.sourceId, paymentId)),
        and(
          eq(bankTransactions.sourceKind, 'refund'),
          inArray(
            bankTransactions.sourceId,
            t.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.paymentId, paymentId)),
          ),
        ),
      ),
    )
    .orderBy(bankTransactions.createdAt);
  return rows.map(({ sourceKind, sourceId, ...row }) => ({
    ...row,
    refundId: sourceKind === 'refund' ? sourceId : null,
  }));
}

async function auditEntries(targetId: string): Promise<AuditEntry[]> {
  const response = await t.get('/api/admin/audit?area=payments&limit=500', { as: admin });
  expect(response.status).toBe(200);
  const { items } = (await response.json()) as { items: AuditEntry[] };
  return items.filter((entry) => entry.targetId === targetId);
}

describe('who may take, refund and read payments (the ladder)', () => {
  it('POST /api/orders/{id}/payments: anonymous 401, customer 403 (their own order too), staff, manager and admin 201', async () => {
    const placed = await customerOrder(5);
    const body = { method: 'card', amount: 100 };
    await expectErrorBody(await pay(t, placed.id, body, null), 401, 'unauthenticated');
    await expectErrorBody(await pay(t, placed.id, body, customer), 403, 'permission-denied');
    await expectErrorBody(await pay(t, placed.id, body, otherCustomer), 403, 'permission-denied');
    for (const as of [staff, manager, admin]) {
      const payment = await paid(t, placed.id, body, as);
      expect(payment.takenBy).toEqual({ id: as.id, name: expect.any(String) });
    }
    await expectErrorBody(await pay(t, crypto.randomUUID(), body, staff), 404, 'not-found');
    await expectErrorBody(await pay(t, 'not-an-id', body, staff), 400, 'invalid-argument');
    expect((await readOrder(t, placed.id, staff)).payments).toHaveLength(3);
  });

  it('POST /api/payments/{id}/refunds: anonymous 401, customer and staff 403, manager and admin 201', async () => {
    const placed = await order(1);
    const payment = await paid(t, placed.id, { method: 'cash', amount: 1000 }, staff);
    const body = { amount: 100, reason: 'Cold coffee' };
    await expectErrorBody(await refund(t, payment.id, body, null), 401, 'unauthenticated');
    await expectErrorBody(await refund(t, payment.id, body, customer), 403, 'permission-denied');
    await expectErrorBody(await refund(t, payment.id, body, staff), 403, 'permission-denied');
    for (const as of [manager, admin]) {
      const made = await refunded(t, payment.id, body, as);
      expect(made.refundedBy).toEqual({ id: as.id, name: expect.any(String) });
    }
    await expectErrorBody(await refund(t, crypto.randomUUID(), body, manager), 404, 'not-found');
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.refunded).toBe(200);
  });

  it('GET /api/orders/{id}: anonymous 401, another customer 404, the customer and staff see the money and the link; staff the payments in full', async () => {
    const placed = await customerOrder(2);
    await paid(t, placed.id, { method: 'qr', amount: 500, reference: 'QR-77' }, staff);
    await expectErrorBody(await t.get(`/api/orders/${placed.id}`), 401, 'unauthenticated');
    await expectErrorBody(await t.get(`/api/orders/${placed.id}`, { as: otherCustomer }), 404, 'not-found');
    const [{ accessKey }] = (
      await t.db.execute(sql`select access_key as "accessKey" from orders where id = ${placed.id}`)
    ).rows as [{ accessKey: string }];
    expect(accessKey).toMatch(/^[0-9a-f]{64}$/);
    for (const as of [customer, staff]) {
      const read = await readOrder(t, placed.id, as);
      expect(read).toMatchObject({
        id: placed.id,
        total: 2000,
        paymentStatus: 'partially-paid',
        amountPaid: 500,
        amountRefunded: 0,
        amountDue: 1500,
        paymentLink: `/payment/${placed.id}?key=${accessKey}`,
      });
    }
    expect((await readOrder(t, placed.id, customer)).payments).toEqual([
      { method: 'qr', amount: 500, refunded: 0, createdAt: expect.any(String) },
    ]);
    for (const as of [staff, manager, admin]) {
      expect((await readOrder(t, placed.id, as)).payments).toEqual([
        {
          id: expect.any(String),
          orderId: placed.id,
          method: 'qr',
          amount: 500,
          tendered: null,
          change: 0,
          reference: 'QR-77',
          account: { id: wallet.id, name: wallet.name },
          currency: 'USD',
          refunded: 0,
          refundable: 500,
          online: false,
          takenBy: { id: staff.id, name: 'Sam Staff' },
          refunds: [],
          createdAt: expect.any(String),
        },
      ]);
    }
  });
});

describe('what an order’s customer sees of its payments', () => {
  it('method, amount, refunded and date on every path the customer reads the order by; staff see the account, reference, people and reason', async () => {
    // A card payment with the terminal's reference, into an account of its own, part refunded with a reason.
    const terminal = await buildBankAccount(
      t,
      { name: 'Terminal Two Settlement', type: 'bank' },
      { as: admin },
    );
    await mapPaymentAccounts(t, admin, { card: terminal.id });
    // A customer of their own (each customer may have only a few order requests waiting).
    const patron = await t.buildUser({ role: 'customer', name: 'Pat Patron' });
    try {
      const placed = await customerOrder(2, patron);
      const reference = 'TERM-7 AUTH 493021';
      const reason = 'Charged twice at the till';
      const payment = await paid(t, placed.id, { method: 'card', amount: 1500, reference }, staff);
      await refunded(t, payment.id, { amount: 400, reason }, manager);
      const internals = [
        terminal.id,
        terminal.name,
        reference,
        reason,
        staff.id,
        'Sam Staff',
        manager.id,
        'Max Manager',
      ];
      // The payment's staff-only fields (`reason` is also a field of the order's timeline: not here).
      const internalFields = /"(account|reference|tendered|change|takenBy|refunds|refundable|refundedBy)"/;
      const [{ accessKey }] = (
        await t.db.execute(sql`select access_key as "accessKey" from orders where id = ${placed.id}`)
      ).rows as [{ accessKey: string }];

      /** The customer's answer as text, with none of the internal values or fields in it. */
      const customerText = async (response: Response) => {
        expect(response.status, await response.clone().text()).toBe(200);
        const text = await response.text();
        for (const value of internals) expect(text, `the customer was shown ${value}`).not.toContain(value);
        expect(text).not.toMatch(internalFields);
        return text;
      };

      // Their order: the money, and each payment as the customer sees it.
      const read = JSON.parse(
        await customerText(await t.get(`/api/orders/${placed.id}`, { as: patron })),
      ) as CustomerOrderWithPayments;
      expect(read).toMatchObject({
        paymentStatus: 'partially-refunded',
        amountPaid: 1500,
        amountRefunded: 400,
      });
      expect(read.payments).toEqual([
        { method: 'card', amount: 1500, refunded: 400, createdAt: payment.createdAt },
      ]);
      // Their list of orders.
      const list = JSON.parse(
        await customerText(await t.get('/api/orders?limit=500', { as: patron })),
      ) as OrderPage;
      expect(list.items.map((item) => item.id)).toContain(placed.id);
      // The payment page, as the customer and as whoever holds the order's link.
      for (const [as, key] of [
        [patron, ''],
        [null, `?key=${accessKey}`],
      ] as const) {
        const page = JSON.parse(
          await customerText(await t.get(`/api/payment-page/${placed.id}${key}`, { as })),
        ) as PaymentPage;
        expect(page.payments).toEqual([
          { method: 'card', amount: 1500, refunded: 400, createdAt: payment.createdAt },
        ]);
      }

      // Staff, managers and admins keep the full view.
      for (const as of [staff, manager, admin]) {
        const response = await t.get(`/api/orders/${placed.id}`, { as });
        expect(response.status).toBe(200);
        const text = await response.text();
        for (const value of internals) expect(text).toContain(value);
        const full = JSON.parse(text) as OrderWithPayments;
        expect(full.payments).toEqual([
          expect.objectContaining({
            method: 'card',
            amount: 1500,
            reference,
            account: { id: terminal.id, name: terminal.name },
            takenBy: { id: staff.id, name: 'Sam Staff' },
            refunded: 400,
            refunds: [
              expect.objectContaining({
                amount: 400,
                reason,
                refundedBy: { id: manager.id, name: 'Max Manager' },
              }),
            ],
          }),
        ]);
      }
    } finally {
      await mapPaymentAccounts(t, admin, { card: bank.id });
    }
  });
});

describe('taking a payment', () => {
  it('cash: the change is tendered − amount, the ledger gets the amount, the answer carries the order’s money', async () => {
    const placed = await order(3);
    const payment = await paid(t, placed.id, { method: 'cash', amount: 1250, tendered: 2000 }, staff);
    expect(payment).toMatchObject({
      method: 'cash',
      amount: 1250,
      tendered: 2000,
      change: 750,
      account: { id: cashBox.id, name: cashBox.name },
      refundable: 1250,
      order: {
        id: placed.id,
        number: placed.number,
        version: placed.version + 1,
        total: 3000,
        paymentStatus: 'partially-paid',
        amountPaid: 1250,
        amountRefunded: 0,
        amountDue: 1750,
      },
    });
    expect(await ledgerOf(payment.id)).toEqual([
      { accountId: cashBox.id, kind: 'deposit', amount: 1250, refundId: null },
    ]);
    // Exact cash: no tendered, no change.
    const exact = await paid(t, placed.id, { method: 'cash', amount: 1750 }, staff);
    expect(exact).toMatchObject({
      tendered: null,
      change: 0,
      order: { amountDue: 0, paymentStatus: 'paid' },
    });
  });

  it('refuses more than the amount due with 409 and the amount due, also once paid in full', async () => {
    const placed = await order(2);
    const over = await expectErrorBody(
      await pay(t, placed.id, { method: 'card', amount: 2001 }, staff),
      409,
      'aborted',
    );
    expect(over.details).toEqual({ reason: 'over-amount-due', amountDue: 2000 });
    expect(over.message).toBe(`Only $20.00 is due on order #${placed.number}: take at most that.`);
    await paid(t, placed.id, { method: 'card', amount: 1500 }, staff);
    const rest = await expectErrorBody(
      await pay(t, placed.id, { method: 'cash', amount: 501, tendered: 1000 }, staff),
      409,
      'aborted',
    );
    expect(rest.details).toEqual({ reason: 'over-amount-due', amountDue: 500 });
    await paid(t, placed.id, { method: 'cash', amount: 500 }, staff);
    const full = await expectErrorBody(
      await pay(t, placed.id, { method: 'card', amount: 1 }, staff),
      409,
      'aborted',
    );
    expect(full.details).toEqual({ reason: 'over-amount-due', amountDue: 0 });
    const read = await readOrder(t, placed.id, staff);
    expect(read).toMatchObject({ amountPaid: 2000, amountDue: 0, paymentStatus: 'paid' });
    expect(read.payments).toHaveLength(2);
  });

  it('refuses a method no account receives with 409 no-account, and writes nothing', async () => {
    const placed = await order(1);
    const refusal = await expectErrorBody(
      await pay(t, placed.id, { method: 'partner', amount: 100 }, staff),
      409,
      'aborted',
    );
    expect(refusal).toMatchObject({
      message: 'No account receives partner payments: the owner chooses one in Master Data, Settings.',
      details: { reason: 'no-account', method: 'partner' },
    });
    // Clearing a mapping takes the method out of use at once.
    await mapPaymentAccounts(t, admin, { 'bank-transfer': null });
    const cleared = await expectErrorBody(
      await pay(t, placed.id, { method: 'bank-transfer', amount: 100 }, staff),
      409,
      'aborted',
    );
    expect(cleared.message).toBe(
      'No account receives bank transfer payments: the owner chooses one in Master Data, Settings.',
    );
    await mapPaymentAccounts(t, admin, { 'bank-transfer': bank.id });
    const read = await readOrder(t, placed.id, staff);
    expect(read).toMatchObject({ payments: [], paymentStatus: 'unpaid', version: placed.version });
  });

  it('names the field of a bad body with 400', async () => {
    const placed = await order(1);
    const cases: [unknown, string][] = [
      [{ method: 'card', amount: 500, tendered: 1000 }, 'tendered'],
      [{ method: 'cash', amount: 500, tendered: 400 }, 'tendered'],
      [{ method: 'cash', amount: 0 }, 'amount'],
      [{ method: 'cash', amount: -5 }, 'amount'],
      [{ method: 'cash', amount: 2.5 }, 'amount'],
      [{ method: 'cash' }, 'amount'],
      [{ method: 'online', amount: 500 }, 'method'],
      [{ method: 'cheque', amount: 500 }, 'method'],
      [{ method: 'card', amount: 500, reference: 'x'.repeat(121) }, 'reference'],
      [{ method: 'card', amount: 500, bogus: true }, 'bogus'],
    ];
    for (const [body, field] of cases) {
      const refusal = await expectErrorBody(await pay(t, placed.id, body, staff), 400, 'invalid-argument');
      const issues = (refusal.details as { issues: { path: string }[] }).issues;
      expect(
        issues.map((issue) => issue.path),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect((await readOrder(t, placed.id, staff)).payments).toEqual([]);
  });

  it('refuses a payment on a cancelled or rejected order (409), and takes one on a pending or completed order', async () => {
    const cancelled = await movedOrder(t, await order(1), 'cancelled', staff, 'Guest left');
    const refusal = await expectErrorBody(
      await pay(t, cancelled.id, { method: 'card', amount: 100 }, staff),
      409,
      'aborted',
    );
    expect(refusal.details).toEqual({ reason: 'order-closed', status: 'cancelled' });
    const rejected = await movedOrder(t, await customerOrder(1), 'rejected', staff, 'Out of milk');
    const again = await expectErrorBody(
      await pay(t, rejected.id, { method: 'card', amount: 100 }, staff),
      409,
      'aborted',
    );
    expect(again.details).toEqual({ reason: 'order-closed', status: 'rejected' });

    const pending = await customerOrder(1);
    expect((await paid(t, pending.id, { method: 'card', amount: 1000 }, staff)).order.paymentStatus).toBe(
      'paid',
    );
    let done: Order = await order(1);
    for (const status of ['preparing', 'ready', 'completed'] as const)
      done = await movedOrder(t, done, status, staff);
    expect((await paid(t, done.id, { method: 'card', amount: 1000 }, staff)).order.paymentStatus).toBe(
      'paid',
    );
  });
});

describe('refunds', () => {
  it('refuses more than what remains of the payment (409 with the refundable amount) and names a bad field', async () => {
    const placed = await order(1);
    const payment = await paid(t, placed.id, { method: 'card', amount: 1000 }, staff);
    const over = await expectErrorBody(
      await refund(t, payment.id, { amount: 1001, reason: 'Wrong' }, manager),
      409,
      'aborted',
    );
    expect(over.details).toEqual({ reason: 'over-refundable', refundable: 1000 });
    await refunded(t, payment.id, { amount: 600, reason: 'Wrong size' }, manager);
    const rest = await expectErrorBody(
      await refund(t, payment.id, { amount: 401, reason: 'Again' }, manager),
      409,
      'aborted',
    );
    expect(rest.details).toEqual({ reason: 'over-refundable', refundable: 400 });
    for (const [body, field] of [
      [{ amount: 100 }, 'reason'],
      [{ amount: 100, reason: '   ' }, 'reason'],
      [{ amount: 0, reason: 'x' }, 'amount'],
      [{ amount: 100, reason: 'x', extra: 1 }, 'extra'],
    ] as const) {
      const refusal = await expectErrorBody(
        await refund(t, payment.id, body, manager),
        400,
        'invalid-argument',
      );
      expect((refusal.details as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toContain(
        field,
      );
    }
    const read = await readOrder(t, placed.id, staff);
    expect(read.payments[0]).toMatchObject({ refunded: 600, refundable: 400 });
    expect(read.payments[0]?.refunds).toEqual([
      {
        id: expect.any(String),
        amount: 600,
        reason: 'Wrong size',
        refundedBy: { id: manager.id, name: 'Max Manager' },
        createdAt: expect.any(String),
      },
    ]);
  });

  it('the payment status follows every step: unpaid → partially paid → paid → partially refunded → refunded', async () => {
    const placed = await order(2);
    const seen: string[] = [];
    let version = placed.version - 1;
    const check = async (expected: Partial<OrderWithPayments>) => {
      const read = await readOrder(t, placed.id, staff);
      expect(read).toMatchObject(expected);
      // Each payment and refund counts the order's version up (screens holding it see the change).
      expect(read.version).toBeGreaterThan(version);
      version = read.version;
      seen.push(read.paymentStatus);
    };
    await check({ paymentStatus: 'unpaid', amountPaid: 0, amountRefunded: 0, amountDue: 2000 });
    const first = await paid(t, placed.id, { method: 'cash', amount: 800, tendered: 1000 }, staff);
    await check({ paymentStatus: 'partially-paid', amountPaid: 800, amountDue: 1200 });
    const second = await paid(t, placed.id, { method: 'card', amount: 1200 }, staff);
    await check({ paymentStatus: 'paid', amountPaid: 2000, amountDue: 0 });
    const partial = await refunded(t, second.id, { amount: 200, reason: 'Overcharged' }, manager);
    expect(partial).toMatchObject({
      amount: 200,
      reason: 'Overcharged',
      paymentId: second.id,
      payment: { id: second.id, refunded: 200, refundable: 1000 },
      // Money given back does not reopen the bill: nothing is due again.
      order: { paymentStatus: 'partially-refunded', amountPaid: 2000, amountRefunded: 200, amountDue: 0 },
    });
    await check({ paymentStatus: 'partially-refunded', amountRefunded: 200, amountDue: 0 });
    const reopened = await t.post(
      `/api/orders/${placed.id}/payments`,
      { method: 'card', amount: 200 },
      { as: staff },
    );
    expect(reopened.status).toBe(409);
    expect((await reopened.json()).error.details).toMatchObject({ reason: 'over-amount-due', amountDue: 0 });
    await refunded(t, second.id, { amount: 1000, reason: 'Dish returned' }, manager);
    await refunded(t, first.id, { amount: 800, reason: 'Dish returned' }, manager);
    await check({ paymentStatus: 'refunded', amountPaid: 2000, amountRefunded: 2000, amountDue: 0 });
    expect(seen).toEqual(['unpaid', 'partially-paid', 'paid', 'partially-refunded', 'refunded']);
    // Each refund took money out of the account the payment went into.
    expect(await ledgerOf(second.id)).toEqual([
      { accountId: bank.id, kind: 'deposit', amount: 1200, refundId: null },
      { accountId: bank.id, kind: 'withdrawal', amount: -200, refundId: partial.id },
      { accountId: bank.id, kind: 'withdrawal', amount: -1000, refundId: expect.any(String) },
    ]);
    expect(await ledgerOf(first.id)).toEqual([
      { accountId: cashBox.id, kind: 'deposit', amount: 800, refundId: null },
      { accountId: cashBox.id, kind: 'withdrawal', amount: -800, refundId: expect.any(String) },
    ]);
  });

  it('every payment and refund is in the audit log (area payments), with who and how much', async () => {
    const placed = await order(1);
    const payment = await paid(t, placed.id, { method: 'cash', amount: 1000, tendered: 2000 }, staff);
    await refunded(t, payment.id, { amount: 250, reason: 'Missing side' }, manager);
    const entries = await auditEntries(payment.id);
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['payment.refunded', manager.id],
      ['payment.recorded', staff.id],
    ]);
    const [refundEntry, paymentEntry] = entries as [AuditEntry, AuditEntry];
    expect(paymentEntry).toMatchObject({
      area: 'payments',
      targetType: 'payment',
      summary: `Took $10.00 by cash for order #${placed.number} (change $10.00)`,
      after: expect.objectContaining({ orderId: placed.id, amount: 1000, tendered: 2000, change: 1000 }),
    });
    expect(refundEntry).toMatchObject({
      summary: `Refunded $2.50 of a cash payment for order #${placed.number}: Missing side`,
      before: { refunded: 0 },
      after: expect.objectContaining({ amount: 250, refunded: 250, reason: 'Missing side' }),
    });
  });

  it('keeps the order’s ETag working: 304 while unchanged, 200 with the new money after a payment', async () => {
    const placed = await order(1);
    const first = await t.get(`/api/orders/${placed.id}`, { as: staff });
    const etag = first.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    expect(
      (await t.get(`/api/orders/${placed.id}`, { as: staff, headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    await paid(t, placed.id, { method: 'card', amount: 400 }, staff);
    const after = await t.get(`/api/orders/${placed.id}`, { as: staff, headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as OrderWithPayments).amountPaid).toBe(400);
  });
});

describe('cancelling or rejecting an order that has money kept', () => {
  it('a confirmed paid order: 409 refund-required without refundPayments; staff 403; a manager refunds and cancels in one step', async () => {
    const placed = await order(3);
    const cash = await paid(t, placed.id, { method: 'cash', amount: 1000, tendered: 1000 }, staff);
    const card = await paid(t, placed.id, { method: 'card', amount: 2000 }, staff);
    await refunded(t, card.id, { amount: 500, reason: 'Discount after the fact' }, manager);
    const current = await readOrder(t, placed.id, staff);
    // Staff may not cancel a paid order at all (the status table's rule), with or without refunds.
    await expectErrorBody(
      await moveOrder(t, current, 'cancelled', staff, 'Kitchen closed'),
      403,
      'permission-denied',
    );
    const staffRefund = await t.post(
      `/api/orders/${placed.id}/status`,
      { status: 'cancelled', version: current.version, reason: 'Kitchen closed', refundPayments: true },
      { as: staff },
    );
    await expectErrorBody(staffRefund, 403, 'permission-denied');
    const required = await expectErrorBody(
      await moveOrder(t, current, 'cancelled', manager, 'Kitchen closed'),
      409,
      'aborted',
    );
    // What the cancel would give back, by method: all of the cash, what is left of the card payment.
    expect(required.details).toEqual({
      reason: 'refund-required',
      amount: 2500,
      refunds: [
        { method: 'cash', amount: 1000 },
        { method: 'card', amount: 1500 },
      ],
    });
    expect(required.message).toBe(
      `$25.00 was paid for order #${placed.number}: refund it to cancel the order.`,
    );
    expect((await readOrder(t, placed.id, staff)).status).toBe('confirmed');

    const response = await t.post(
      `/api/orders/${placed.id}/status`,
      { status: 'cancelled', version: current.version, reason: 'Kitchen closed', refundPayments: true },
      { as: manager },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const read = await readOrder(t, placed.id, manager);
    expect(read).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Kitchen closed',
      paymentStatus: 'refunded',
      amountPaid: 3000,
      amountRefunded: 3000,
    });
    expect(read.payments.map((payment) => payment.refundable)).toEqual([0, 0]);
    const cardRefunds = read.payments.find((payment) => payment.id === card.id)?.refunds ?? [];
    expect(cardRefunds.map((item) => [item.amount, item.reason])).toEqual([
      [500, 'Discount after the fact'],
      [1500, 'Kitchen closed'],
    ]);
    // The refunds the cancel made are the split the 409 announced, method by method.
    expect(
      read.payments.map((payment) => ({
        method: payment.method,
        amount: payment.refunds
          .filter((item) => item.reason === 'Kitchen closed')
          .reduce((sum, item) => sum + item.amount, 0),
      })),
    ).toEqual((required.details as { refunds: unknown }).refunds);
    expect((await ledgerOf(cash.id)).map((row) => row.amount)).toEqual([1000, -1000]);
    expect((await ledgerOf(card.id)).map((row) => row.amount)).toEqual([2000, -500, -1500]);
    expect((await auditEntries(cash.id)).map((entry) => entry.action)).toEqual([
      'payment.refunded',
      'payment.recorded',
    ]);
  });

  it('an order whose money was all refunded before is cancelled without refundPayments', async () => {
    const placed = await order(1);
    const payment = await paid(t, placed.id, { method: 'card', amount: 1000 }, staff);
    await refunded(t, payment.id, { amount: 1000, reason: 'Changed mind' }, manager);
    const current = await readOrder(t, placed.id, staff);
    const cancelled = await movedOrder(t, current, 'cancelled', manager, 'Changed mind');
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });

  it('rejecting a paid order request: staff get 409 refund-required, and 403 with refundPayments; a manager refunds and rejects', async () => {
    const placed = await customerOrder(1);
    await paid(t, placed.id, { method: 'card', amount: 700 }, staff);
    const current = await readOrder(t, placed.id, staff);
    const required = await expectErrorBody(
      await moveOrder(t, current, 'rejected', staff, 'Closing early'),
      409,
      'aborted',
    );
    expect(required.details).toEqual({
      reason: 'refund-required',
      amount: 700,
      refunds: [{ method: 'card', amount: 700 }],
    });
    const body = {
      status: 'rejected',
      version: current.version,
      reason: 'Closing early',
      refundPayments: true,
    };
    await expectErrorBody(
      await t.post(`/api/orders/${placed.id}/status`, body, { as: staff }),
      403,
      'permission-denied',
    );
    // The customer cannot cancel their paid request either: the money must be given back first.
    const own = await expectErrorBody(await moveOrder(t, current, 'cancelled', customer), 409, 'aborted');
    expect(own.details).toEqual({
      reason: 'refund-required',
      amount: 700,
      refunds: [{ method: 'card', amount: 700 }],
    });
    const response = await t.post(`/api/orders/${placed.id}/status`, body, { as: manager });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await readOrder(t, placed.id, customer)).toMatchObject({
      status: 'rejected',
      rejectReason: 'Closing early',
      paymentStatus: 'refunded',
      amountRefunded: 700,
    });
  });

  it('a stale version is refused before anything is refunded', async () => {
    const placed = await order(1);
    await paid(t, placed.id, { method: 'card', amount: 1000 }, staff);
    const stale = { status: 'cancelled', version: placed.version, reason: 'x', refundPayments: true };
    const refusal = await expectErrorBody(
      await t.post(`/api/orders/${placed.id}/status`, stale, { as: manager }),
      409,
      'aborted',
    );
    expect(refusal.details).toMatchObject({ reason: 'stale' });
    expect(await readOrder(t, placed.id, staff)).toMatchObject({ status: 'confirmed', amountRefunded: 0 });
  });
});

/** A payment provider standing in for Stripe: records refunds; `failNext` makes the next one fail. */
function fakeProvider() {
  const calls: ProviderRefundInput[] = [];
  const state = { failNext: false };
  const provider: PaymentProvider = {
    name: 'stripe',
    createCheckout: () => Promise.reject(new Error('not used here')),
    retrieveCheckout: () => Promise.reject(new Error('not used here')),
    verifyWebhook: () => {
      throw new Error('not used here');
    },
    async refund(input) {
      if (state.failNext) {
        state.failNext = false;
        throw new Error('card_declined');
      }
      calls.push(input);
      return { id: `re_${calls.length}` };
    },
  };
  return { provider, calls, state };
}

/** The same app (database, services) with `provider` as its payment provider. */
function appWith(provider: PaymentProvider) {
  const app = createApp({ ...t.services, paymentProvider: provider, webRoot: '.tmp/no-web-build' });
  return (path: string, body: unknown, as: TestUser) =>
    Promise.resolve(
      app.request(`${TEST_ORIGIN}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: as.cookie },
        body: JSON.stringify(body),
      }),
    );
}

/** An online payment as the provider's webhook records it (no actor). */
function recordOnline(orderId: string, amount: number, providerPaymentId: string) {
  return withTransaction(t.db, (tx) =>
    recordPaymentInTx(tx, null, orderId, { method: 'online', amount, provider: 'stripe', providerPaymentId }),
  );
}

describe('online payments (recorded by the provider’s webhook)', () => {
  it('are recorded once per provider payment id, also when reported twice at the same moment', async () => {
    const placed = await customerOrder(2);
    const id = `pi_${crypto.randomUUID()}`;
    const [a, b] = await Promise.all([recordOnline(placed.id, 2000, id), recordOnline(placed.id, 2000, id)]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.payment.id).toBe(b.payment.id);
    const again = await recordOnline(placed.id, 2000, id);
    expect(again).toMatchObject({ created: false, payment: { id: a.payment.id } });
    const read = await readOrder(t, placed.id, staff);
    expect(read).toMatchObject({ paymentStatus: 'paid', amountPaid: 2000, amountDue: 0 });
    expect(read.payments).toEqual([
      expect.objectContaining({
        method: 'online',
        online: true,
        takenBy: null,
        account: { id: wallet.id, name: wallet.name },
      }),
    ]);
    expect((await readOrder(t, placed.id, customer)).payments).toEqual([
      { method: 'online', amount: 2000, refunded: 0, createdAt: expect.any(String) },
    ]);
    expect((await ledgerOf(a.payment.id)).map((row) => row.amount)).toEqual([2000]);
  });

  it('without a provider, refunding one is a 409 and nothing is recorded', async () => {
    const placed = await customerOrder(1);
    const { payment } = await recordOnline(placed.id, 1000, `pi_${crypto.randomUUID()}`);
    const refusal = await expectErrorBody(
      await refund(t, payment.id, { amount: 100, reason: 'Late' }, manager),
      409,
      'aborted',
    );
    expect(refusal.details).toEqual({ reason: 'provider-unavailable' });
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([]);
  });

  it('are refunded through the provider first, with a key of the payment and what was refunded before', async () => {
    const { provider, calls, state } = fakeProvider();
    const post = appWith(provider);
    const placed = await customerOrder(2);
    const intent = `pi_${crypto.randomUUID()}`;
    const { payment } = await recordOnline(placed.id, 2000, intent);

    const first = await post(`/api/payments/${payment.id}/refunds`, { amount: 300, reason: 'Late' }, manager);
    expect(first.status, await first.clone().text()).toBe(201);
    state.failNext = true;
    const failed = await post(
      `/api/payments/${payment.id}/refunds`,
      { amount: 200, reason: 'Cold' },
      manager,
    );
    await expectErrorBody(failed, 503, 'unavailable');
    const second = await post(
      `/api/payments/${payment.id}/refunds`,
      { amount: 200, reason: 'Cold' },
      manager,
    );
    expect(second.status).toBe(201);
    expect(calls).toEqual([
      { paymentIntentId: intent, amount: 300, idempotencyKey: `refund:${payment.id}:0` },
      { paymentIntentId: intent, amount: 200, idempotencyKey: `refund:${payment.id}:300` },
    ]);
    const rows = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id))
      .orderBy(refunds.createdAt);
    expect(rows.map((row) => [row.amount, row.providerRefundId])).toEqual([
      [300, 're_1'],
      [200, 're_2'],
    ]);

    // Cancelling the order refunds the rest through the provider too.
    const current = await readOrder(t, placed.id, manager);
    const cancel = await post(
      `/api/orders/${placed.id}/status`,
      { status: 'cancelled', version: current.version, refundPayments: true },
      manager,
    );
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect(calls.at(-1)).toEqual({
      paymentIntentId: intent,
      amount: 1500,
      idempotencyKey: `refund:${payment.id}:500`,
    });
    expect(await readOrder(t, placed.id, customer)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      amountRefunded: 2000,
    });
  });
});

describe('the OpenAPI document', () => {
  it('documents the payment calls', async () => {
    const doc = (await (await t.get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths['/api/orders/{id}/payments']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '409']),
    );
    expect(Object.keys(doc.paths['/api/payments/{id}/refunds']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '409', '503']),
    );
  });

  it('documents the order as staff read it and as its customer reads it, each payment by what it carries', async () => {
    type Schema = { $ref?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };
    const doc = (await (await t.get('/api/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: Schema }> }> }>
      >;
      components: { schemas: Record<string, Schema> };
    };
    const answer = doc.paths['/api/orders/{id}']?.get?.responses['200']?.content['application/json']?.schema;
    expect(answer?.anyOf?.map((view) => view.$ref)).toEqual([
      '#/components/schemas/OrderWithPayments',
      '#/components/schemas/CustomerOrderWithPayments',
    ]);
    for (const name of ['OrderWithPayments', 'CustomerOrderWithPayments']) {
      expect(Object.keys(doc.components.schemas[name]?.properties ?? {})).toEqual(
        expect.arrayContaining(['paymentStatus', 'amountPaid', 'amountRefunded', 'amountDue', 'paymentLink']),
      );
    }
    const paymentFields = (name: string) =>
      Object.keys(doc.components.schemas[name]?.properties?.payments?.items?.properties ?? {}).sort();
    expect(paymentFields('CustomerOrderWithPayments')).toEqual(['amount', 'createdAt', 'method', 'refunded']);
    expect(paymentFields('OrderWithPayments')).toEqual(
      expect.arrayContaining(['account', 'reference', 'takenBy', 'refunds', 'tendered', 'change']),
    );
  });
});
