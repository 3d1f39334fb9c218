import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance } from '../../src/server/modules/ledger';
import { EXPENSES_API, type Expense } from '../../src/shared/contracts/expenses';
import { INVENTORY_API } from '../../src/shared/contracts/inventory';
import {
  type AccountBalance,
  type AccountLedger,
  type BankTransaction,
  LEDGER_API,
  type Transfer,
} from '../../src/shared/contracts/ledger';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import type { PaymentRecorded } from '../../src/shared/contracts/payments';
import { PURCHASE_ORDERS_API, type PurchaseOrder } from '../../src/shared/contracts/purchase-orders';
import { downloadBackup, freshBackupDir, restaurantNameOf, restored } from '../support/backup';
import { buildBankAccount, buildMenuItem, buildSupplier, buildUnit, uniqueName } from '../support/factories';
import { placedOrder } from '../support/orders';
import { mapPaymentAccounts, pay, readOrder, refund, settingsForPayments } from '../support/payments';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp, type TestUser } from '../support/test-app';

/** The owner the app's start-up made (ADMIN_EMAIL), signed in afresh: backups are theirs to take. */
async function signedIn(app: TestApp): Promise<TestUser> {
  const cookie = await app.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  return { id: '', email: ADMIN_EMAIL, password: ADMIN_PASSWORD, role: 'admin', cookie };
}

/**
 * The account ledger: each payment is a deposit and each refund a withdrawal in the account
 * the payment landed in, written with it. After a generated day of orders, payments over several
 * methods, refunds, cancellations with refunds, changes of the method → account mapping, entries by
 * hand, transfers and voids, expenses changed and voided, a supplier paid and payments voided, run a
 * few at once, each account's balance (`accountBalance`) equals its
 * opening balance plus its transactions, and equals its opening balance plus the payments less the
 * refunds routed to it plus what was entered and moved by hand and not voided, less the expenses
 * paid from it as they finally stand; the balances list and
 * the account's page say the same, and every transfer sums to zero.
 */
let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let manager: TestUser;
let item: MenuItem;
let costs: string;
let backupDir: string;

beforeAll(async () => {
  backupDir = await freshBackupDir();
  t = await createTestApp({ backupDir });
  [admin, staff, manager] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'manager' }),
  ])) as [TestUser, TestUser, TestUser];
  await settingsForPayments(t, admin, { taxPercent: 8 });
  item = await buildMenuItem(t, { price: 725 }, { as: admin });
  const response = await t.post('/api/expense-categories', { name: 'Generated costs' }, { as: admin });
  costs = ((await response.json()) as { id: string }).id;
});
afterAll(async () => {
  await t.close();
  await fs.rm(backupDir, { recursive: true, force: true });
});

/** What the generated days did, over all runs (so a day that did nothing cannot pass for one that did). */
const done = {
  payments: 0,
  refunds: 0,
  cancels: 0,
  remaps: 0,
  entries: 0,
  transfers: 0,
  voids: 0,
  expenses: 0,
  expenseEdits: 0,
  expenseVoids: 0,
  supplierPayments: 0,
  supplierVoids: 0,
};

const METHODS = ['cash', 'card', 'qr', 'bank-transfer'] as const;
type Method = (typeof METHODS)[number];

type Step =
  | { kind: 'order'; quantity: number }
  | { kind: 'pay'; order: number; method: Method; share: number }
  | { kind: 'refund'; payment: number; share: number }
  | { kind: 'cancel'; order: number }
  | { kind: 'remap'; method: Method; account: number }
  | { kind: 'entry'; account: number; entry: 'deposit' | 'withdrawal' | 'fee'; amount: number }
  | { kind: 'transfer'; from: number; to: number; amount: number }
  | { kind: 'void'; made: number }
  | { kind: 'expense'; account: number; amount: number }
  | { kind: 'edit-expense'; expense: number; account: number; amount: number }
  | { kind: 'void-expense'; expense: number }
  | { kind: 'pay-supplier'; account: number; amount: number }
  | { kind: 'void-supplier-payment'; payment: number };

const share = fc.double({ min: 0.05, max: 1, noNaN: true });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('order' as const), quantity: fc.integer({ min: 1, max: 6 }) }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      order: fc.nat(),
      method: fc.constantFrom(...METHODS),
      share,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('refund' as const), payment: fc.nat(), share }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('remap' as const),
      method: fc.constantFrom(...METHODS),
      account: fc.nat({ max: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('entry' as const),
      account: fc.nat({ max: 2 }),
      entry: fc.constantFrom('deposit' as const, 'withdrawal' as const, 'fee' as const),
      amount: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      from: fc.nat({ max: 2 }),
      to: fc.nat({ max: 2 }),
      amount: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), made: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('expense' as const),
      account: fc.nat({ max: 2 }),
      amount: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('edit-expense' as const),
      expense: fc.nat(),
      account: fc.nat({ max: 2 }),
      amount: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void-expense' as const), expense: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('pay-supplier' as const),
      account: fc.nat({ max: 2 }),
      amount: fc.integer({ min: 1, max: 40_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('void-supplier-payment' as const), payment: fc.nat() }),
  },
);

let kg: { id: string } | undefined;
let supplier: { id: string } | undefined;

/** A purchase order of 100 kg at 10.00 (1,000.00), sent. */
async function sentPurchaseOrder(): Promise<PurchaseOrder> {
  kg ??= await buildUnit(t, { name: uniqueName('Kilogram'), symbol: 'kgl' }, { as: admin });
  supplier ??= await buildSupplier(t, {}, { as: admin });
  const item = (await (
    await t.post(
      INVENTORY_API.items,
      { name: uniqueName('Flour'), group: 'ingredient', unitId: kg.id },
      { as: admin },
    )
  ).json()) as { id: string };
  const draft = (await (
    await t.post(
      PURCHASE_ORDERS_API.orders,
      { supplierId: supplier.id, lines: [{ inventoryItemId: item.id, quantity: '100', unitCost: 1_000 }] },
      { as: admin },
    )
  ).json()) as PurchaseOrder;
  const sent = await t.post(
    PURCHASE_ORDERS_API.status(draft.id),
    { status: 'ordered', version: draft.version },
    { as: admin },
  );
  expect(sent.status, await sent.clone().text()).toBe(200);
  return (await sent.json()) as PurchaseOrder;
}

/** Sum of the account's ledger rows, read straight from the table. */
async function transactionsOf(accountId: string): Promise<number> {
  const result = await t.db.execute(
    sql`select coalesce(sum(amount), 0)::bigint as total from bank_transactions where account_id = ${accountId}`,
  );
  return Number((result.rows[0] as { total: string }).total);
}

describe('a generated day of payments and refunds', () => {
  it('leaves each account at its opening balance plus its transactions, which are the payments less the refunds routed to it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 3, maxLength: 3 }),
        fc.array(step, { minLength: 15, maxLength: 40 }),
        async (openings, day) => {
          const accounts = await Promise.all(
            openings.map((openingBalance, index) =>
              buildBankAccount(t, { type: index === 0 ? 'cash' : 'bank', openingBalance }, { as: admin }),
            ),
          );
          const account = (index: number) => accounts[index % accounts.length]?.id as string;
          // Cash into the drawer, cards and transfers into the bank, QR into the third.
          await mapPaymentAccounts(t, admin, {
            cash: account(0),
            card: account(1),
            'bank-transfer': account(1),
            qr: account(2),
          });
          const orders: Order[] = [
            await placedOrder(t, { type: 'takeaway', lines: [{ menuItemId: item.id, quantity: 2 }] }, staff),
          ];
          const madePayments: string[] = [];
          // Entries by hand and transfers made, with what each moved in which account.
          const made: { id: string; moves: Map<string, number> }[] = [];
          const byHand = new Map<string, number>(accounts.map((created) => [created.id, 0]));
          const apply = (moves: Map<string, number>, sign: 1 | -1) => {
            for (const [id, amount] of moves) byHand.set(id, (byHand.get(id) ?? 0) + sign * amount);
          };
          const today = new Date().toISOString().slice(0, 10);
          // Expenses recorded, each as last read (its version moves with every change).
          const expenses: Expense[] = [];
          // A purchase order of 1,000.00 sent to a supplier, paid in parts during the day.
          const order = await sentPurchaseOrder();
          const supplierPayments: string[] = [];

          // The day in small bursts of up to three steps at once (two tills and a manager).
          for (let start = 0; start < day.length; start += 3) {
            const burst = day.slice(start, start + 3);
            await Promise.all(
              burst.map(async (current) => {
                switch (current.kind) {
                  case 'order': {
                    const lines = [{ menuItemId: item.id, quantity: current.quantity }];
                    orders.push(await placedOrder(t, { type: 'takeaway', lines }, staff));
                    return;
                  }
                  case 'pay': {
                    const target = orders[current.order % orders.length] as Order;
                    const amount = Math.max(1, Math.floor(target.total * current.share));
                    const response = await pay(t, target.id, { method: current.method, amount }, staff);
                    // 409: more than is due by now, or the order was cancelled meanwhile.
                    expect([201, 409]).toContain(response.status);
                    if (response.status === 201) {
                      madePayments.push(((await response.json()) as PaymentRecorded).id);
                      done.payments += 1;
                    }
                    return;
                  }
                  case 'refund': {
                    const paymentId = madePayments[current.payment % Math.max(1, madePayments.length)];
                    if (!paymentId) return;
                    const amount = Math.max(1, Math.floor(300 * current.share));
                    const response = await refund(t, paymentId, { amount, reason: 'Generated' }, manager);
                    expect([201, 409]).toContain(response.status);
                    if (response.status === 201) done.refunds += 1;
                    return;
                  }
                  case 'cancel': {
                    const target = orders[current.order % orders.length] as Order;
                    const read = await readOrder(t, target.id, manager);
                    if (read.status !== 'confirmed') return;
                    const response = await t.post(
                      `/api/orders/${target.id}/status`,
                      {
                        status: 'cancelled',
                        version: read.version,
                        reason: 'Generated',
                        refundPayments: true,
                      },
                      { as: manager },
                    );
                    // 409: a payment or refund changed the order since it was read.
                    expect([200, 409]).toContain(response.status);
                    if (response.status === 200) done.cancels += 1;
                    return;
                  }
                  case 'remap': {
                    await mapPaymentAccounts(t, admin, { [current.method]: account(current.account) });
                    done.remaps += 1;
                    return;
                  }
                  case 'entry': {
                    const response = await t.post(
                      LEDGER_API.transactions,
                      {
                        accountId: account(current.account),
                        kind: current.entry,
                        amount: current.amount,
                        date: today,
                        description: 'Generated',
                      },
                      { as: admin },
                    );
                    expect(response.status, await response.clone().text()).toBe(201);
                    const row = (await response.json()) as BankTransaction;
                    const moves = new Map([[row.accountId, row.amount]]);
                    made.push({ id: row.id, moves });
                    apply(moves, 1);
                    done.entries += 1;
                    return;
                  }
                  case 'transfer': {
                    const from = account(current.from);
                    const to = account(current.to);
                    if (from === to) return;
                    const response = await t.post(
                      LEDGER_API.transfers,
                      {
                        fromAccountId: from,
                        toAccountId: to,
                        amount: current.amount,
                        date: today,
                        description: 'Generated',
                      },
                      { as: admin },
                    );
                    expect(response.status, await response.clone().text()).toBe(201);
                    const transfer = (await response.json()) as Transfer;
                    const moves = new Map(transfer.rows.map((row) => [row.accountId, row.amount]));
                    made.push({ id: transfer.rows[0].id, moves });
                    apply(moves, 1);
                    done.transfers += 1;
                    return;
                  }
                  case 'expense': {
                    const response = await t.post(
                      EXPENSES_API.expenses,
                      {
                        date: today,
                        categoryId: costs,
                        amount: current.amount,
                        description: 'Generated',
                        accountId: account(current.account),
                      },
                      { as: admin },
                    );
                    expect(response.status, await response.clone().text()).toBe(201);
                    expenses.push((await response.json()) as Expense);
                    done.expenses += 1;
                    return;
                  }
                  case 'edit-expense':
                  case 'void-expense': {
                    const index = current.expense % Math.max(1, expenses.length);
                    const target = expenses[index];
                    if (!target) return;
                    const response =
                      current.kind === 'edit-expense'
                        ? await t.patch(
                            EXPENSES_API.expense(target.id),
                            {
                              version: target.version,
                              accountId: account(current.account),
                              amount: current.amount,
                            },
                            { as: admin },
                          )
                        : await t.post(
                            EXPENSES_API.voidExpense(target.id),
                            { version: target.version, reason: 'Generated' },
                            { as: admin },
                          );
                    // 409: changed by another step of this burst since it was read, or voided.
                    expect([200, 409]).toContain(response.status);
                    if (response.status === 200) {
                      expenses[index] = (await response.json()) as Expense;
                      if (current.kind === 'edit-expense') done.expenseEdits += 1;
                      else done.expenseVoids += 1;
                    }
                    return;
                  }
                  case 'pay-supplier': {
                    const response = await t.post(
                      PURCHASE_ORDERS_API.payments(order.id),
                      { accountId: account(current.account), amount: current.amount, date: today },
                      { as: admin },
                    );
                    // 409: more than the order still owes by now.
                    expect([201, 409], await response.clone().text()).toContain(response.status);
                    if (response.status === 201) {
                      const paid = (await response.json()) as PurchaseOrder;
                      const newest = paid.payments.find((payment) => !supplierPayments.includes(payment.id));
                      if (newest) supplierPayments.push(newest.id);
                      done.supplierPayments += 1;
                    }
                    return;
                  }
                  case 'void-supplier-payment': {
                    const paymentId =
                      supplierPayments[current.payment % Math.max(1, supplierPayments.length)];
                    if (!paymentId) return;
                    const response = await t.post(
                      PURCHASE_ORDERS_API.voidPayment(order.id, paymentId),
                      { reason: 'Generated' },
                      { as: admin },
                    );
                    expect([200, 409]).toContain(response.status);
                    if (response.status === 200) done.supplierVoids += 1;
                    return;
                  }
                  case 'void': {
                    const target = made[current.made % Math.max(1, made.length)];
                    if (!target) return;
                    const response = await t.post(
                      LEDGER_API.voidTransaction(target.id),
                      { reason: 'Generated' },
                      { as: admin },
                    );
                    // 409: voided already (by this burst or an earlier one).
                    expect([200, 409]).toContain(response.status);
                    if (response.status === 200) {
                      apply(target.moves, -1);
                      done.voids += 1;
                    }
                    return;
                  }
                }
              }),
            );
          }

          // What the orders say was taken and refunded, by the account each payment landed in.
          const routed = new Map<string, number>(accounts.map((item) => [item.id, 0]));
          for (const placed of orders) {
            for (const payment of (await readOrder(t, placed.id, manager)).payments) {
              routed.set(
                payment.account.id,
                (routed.get(payment.account.id) ?? 0) + payment.amount - payment.refunded,
              );
            }
          }
          // What the expenses say was paid out of each account (read back: the last word on each).
          for (const expense of expenses) {
            const read = (await (
              await t.get(EXPENSES_API.expense(expense.id), { as: admin })
            ).json()) as Expense;
            if (read.status === 'recorded') apply(new Map([[read.accountId, -read.amount]]), 1);
          }
          // What the supplier was paid from each account, as the order finally stands; never more
          // than it owes.
          const settled = (await (
            await t.get(PURCHASE_ORDERS_API.order(order.id), { as: admin })
          ).json()) as PurchaseOrder;
          expect(settled.paidTotal).toBeLessThanOrEqual(settled.total);
          expect(settled.paidTotal).toBe(
            settled.payments
              .filter((payment) => !payment.voidedAt)
              .reduce((sum, payment) => sum + payment.amount, 0),
          );
          for (const payment of settled.payments) {
            if (!payment.voidedAt) apply(new Map([[payment.accountId, -payment.amount]]), 1);
          }
          const listed = (await (await t.get(LEDGER_API.balances, { as: admin })).json()) as {
            items: AccountBalance[];
          };
          for (const [index, created] of accounts.entries()) {
            const opening = openings[index] as number;
            const balance = await accountBalance(t.db, created.id);
            expect(balance).toBe(opening + (await transactionsOf(created.id)));
            expect(balance).toBe(opening + (routed.get(created.id) ?? 0) + (byHand.get(created.id) ?? 0));
            expect(listed.items.find((item) => item.id === created.id)?.balance).toBe(balance);
            // The account's page: its newest row's running balance is the balance.
            const page = (await (
              await t.get(`${LEDGER_API.accountTransactions(created.id)}?limit=1`, { as: admin })
            ).json()) as AccountLedger;
            expect(page.account.balance).toBe(balance);
            expect(page.items[0]?.runningBalance ?? opening).toBe(balance);
          }
          // Every transfer's rows (with their reversals) sum to zero.
          const unbalanced = await t.db.execute(
            sql`select transfer_id from bank_transactions where transfer_id is not null
                group by transfer_id having sum(amount) <> 0`,
          );
          expect(unbalanced.rows).toEqual([]);
        },
      ),
      // A failure is reported as it happened: shrinking replays whole days, longer than the test may run.
      { numRuns: 6, endOnFailure: true },
    );
    expect(done.payments).toBeGreaterThan(5);
    expect(done.refunds).toBeGreaterThan(0);
    expect(done.entries + done.transfers).toBeGreaterThan(3);
    expect(done.expenses).toBeGreaterThan(2);
    expect(done.expenseEdits + done.expenseVoids).toBeGreaterThan(0);
    expect(done.supplierPayments).toBeGreaterThan(0);
  });

  it('holds the same balances in a backup restored into a fresh installation', async () => {
    // The accounts the generated days above left, and their balances; then the backup of it all.
    const owner = await signedIn(t);
    const before = (await (await t.get(LEDGER_API.balances, { as: owner })).json()) as {
      items: AccountBalance[];
    };
    expect(before.items.length).toBeGreaterThan(10);
    const { bytes } = await downloadBackup(t, owner);
    const freshDir = await freshBackupDir();
    const fresh = await createTestApp({ backupDir: freshDir });
    try {
      const freshOwner = await signedIn(fresh);
      await restored(fresh, freshOwner, bytes, await restaurantNameOf(fresh, freshOwner));
      const after = (await (await fresh.get(LEDGER_API.balances, { as: await signedIn(fresh) })).json()) as {
        items: AccountBalance[];
      };
      expect(after.items.map((item) => [item.id, item.balance])).toEqual(
        before.items.map((item) => [item.id, item.balance]),
      );
      const unbalanced = await fresh.db.execute(
        sql`select transfer_id from bank_transactions where transfer_id is not null
            group by transfer_id having sum(amount) <> 0`,
      );
      expect(unbalanced.rows).toEqual([]);
    } finally {
      await fresh.close();
      await fs.rm(freshDir, { recursive: true, force: true });
    }
  });

  it('keeps a cash payment’s tendered sum out of the ledger: only the amount goes in', async () => {
    const drawer = await buildBankAccount(t, { type: 'cash', openingBalance: 10_000 }, { as: admin });
    await mapPaymentAccounts(t, admin, { cash: drawer.id });
    const placed = await placedOrder(
      t,
      { type: 'takeaway', lines: [{ menuItemId: item.id, quantity: 1 }] },
      staff,
    );
    const response = await pay(
      t,
      placed.id,
      { method: 'cash', amount: placed.total, tendered: placed.total + 1000 },
      staff,
    );
    expect(response.status).toBe(201);
    expect(await accountBalance(t.db, drawer.id)).toBe(10_000 + placed.total);
  });

  it('answers 404 for the balance of an account that does not exist', async () => {
    await expect(accountBalance(t.db, crypto.randomUUID())).rejects.toMatchObject({ status: 404 });
  });
});
