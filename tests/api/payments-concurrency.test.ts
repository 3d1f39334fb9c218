import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import type { PaymentRecorded } from '../../src/shared/contracts/payments';
import { paymentStatusOf } from '../../src/shared/payment-math';
import { buildMenuItem } from '../support/factories';
import { placedOrder } from '../support/orders';
import { accountFor, pay, refund, settingsForPayments } from '../support/payments';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Payments under races: two devices taking payment for one order at the same moment, and
 * generated sequences of payments and refunds sent all at once against the real app. Whatever
 * interleaving PostgreSQL picks, the order never keeps more than its total, no payment gives back more
 * than it took, what the answers said was taken is what the database holds, and the order's payment
 * status is the one its payments and refunds give.
 */
let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let otherStaff: TestUser;
let manager: TestUser;
let otherManager: TestUser;
let item: MenuItem;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, otherStaff, manager, otherManager] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'manager' }),
  ])) as [TestUser, TestUser, TestUser, TestUser, TestUser];
  await settingsForPayments(t, admin);
  item = await buildMenuItem(t, { price: 1000 }, { as: admin });
  await accountFor(t, admin, ['cash']);
  await accountFor(t, admin, ['card', 'qr'], { type: 'bank' });
});
afterAll(() => t.close());

const order = (quantity: number): Promise<Order> =>
  placedOrder(t, { type: 'takeaway', lines: [{ menuItemId: item.id, quantity }] }, staff);

/** What the database holds of an order's money. */
async function stored(orderId: string) {
  const result = await t.db.execute(sql`
    select o.total, o.payment_status as "paymentStatus",
      coalesce((select sum(amount) from payments where order_id = o.id), 0)::bigint as paid,
      coalesce((select sum(r.amount) from refunds r join payments p on p.id = r.payment_id where p.order_id = o.id), 0)::bigint as refunded,
      coalesce((select json_agg(json_build_object('id', p.id, 'amount', p.amount, 'refunded', p.refunded,
        'refunds', (select coalesce(sum(r.amount), 0) from refunds r where r.payment_id = p.id))) from payments p where p.order_id = o.id), '[]') as payments
    from orders o where o.id = ${orderId}`);
  const row = result.rows[0] as {
    total: number;
    paymentStatus: string;
    paid: string;
    refunded: string;
    payments: { id: string; amount: number; refunded: number; refunds: number }[];
  };
  return { ...row, total: Number(row.total), paid: Number(row.paid), refunded: Number(row.refunded) };
}

function expectConsistent(money: Awaited<ReturnType<typeof stored>>) {
  expect(money.paid - money.refunded).toBeLessThanOrEqual(money.total);
  expect(money.refunded).toBeLessThanOrEqual(money.paid);
  for (const payment of money.payments) {
    expect(payment.refunded).toBeLessThanOrEqual(payment.amount);
    // The running sum on the payment is the sum of its refund rows (no lost update).
    expect(payment.refunded).toBe(Number(payment.refunds));
  }
  expect(money.paymentStatus).toBe(
    paymentStatusOf(money.total, { paid: money.paid, refunded: money.refunded }),
  );
}

describe('payments at the same moment', () => {
  it('two devices paying amounts that together exceed the total: one 201, one 409 with what is due', async () => {
    for (let round = 0; round < 6; round++) {
      const placed = await order(2);
      const [a, b] = await Promise.all([
        pay(t, placed.id, { method: 'card', amount: 1500 }, staff),
        pay(t, placed.id, { method: 'cash', amount: 1200, tendered: 2000 }, otherStaff),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      const winner = (await (a.status === 201 ? a : b).json()) as PaymentRecorded;
      const refusal = await expectErrorBody(a.status === 409 ? a : b, 409, 'aborted');
      expect(refusal.details).toEqual({ reason: 'over-amount-due', amountDue: 2000 - winner.amount });
      const money = await stored(placed.id);
      expect(money.paid).toBe(winner.amount);
      expectConsistent(money);
    }
  });

  it('ten devices paying 5.00 each on a 30.00 order: exactly six are taken', async () => {
    const placed = await order(3);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        pay(t, placed.id, { method: index % 2 ? 'card' : 'qr', amount: 500 }, index % 2 ? staff : otherStaff),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    const money = await stored(placed.id);
    expect(money).toMatchObject({ paid: 3000, paymentStatus: 'paid' });
    expectConsistent(money);
  });
});

/** A generated step: a payment of some amount, or a refund of part of one of the payments made. */
type Step =
  | { kind: 'pay'; amount: number; method: 'cash' | 'card' | 'qr' }
  | { kind: 'refund'; payment: number; amount: number };

const payArbitrary = fc.record({
  kind: fc.constant('pay' as const),
  amount: fc.integer({ min: 1, max: 2500 }),
  method: fc.constantFrom('cash' as const, 'card' as const, 'qr' as const),
});
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  payArbitrary,
  fc.record({
    kind: fc.constant('refund' as const),
    payment: fc.nat({ max: 20 }),
    amount: fc.integer({ min: 1, max: 1500 }),
  }),
);

describe('generated sequences of payments and refunds, sent concurrently', () => {
  it('never keep more than the total nor refund more than a payment took', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(payArbitrary, { minLength: 2, maxLength: 8 }),
        fc.array(stepArbitrary, { minLength: 2, maxLength: 12 }),
        async (quantity, firstWave, secondWave) => {
          const placed = await order(quantity);
          const send = (step: Step, index: number, made: string[]) =>
            step.kind === 'pay'
              ? pay(
                  t,
                  placed.id,
                  { method: step.method, amount: step.amount },
                  index % 2 ? staff : otherStaff,
                )
              : made.length > 0
                ? refund(
                    t,
                    made[step.payment % made.length] as string,
                    { amount: step.amount, reason: 'Generated' },
                    index % 2 ? manager : otherManager,
                  )
                : Promise.resolve(null);
          // Payments at once, then refunds of those together with more payments at once.
          const first = await Promise.all(firstWave.map((step, index) => send(step, index, [])));
          const made: string[] = [];
          let accepted = 0;
          for (const [index, response] of first.entries()) {
            if (!response) continue;
            expect([201, 409]).toContain(response.status);
            if (response.status === 201) {
              const payment = (await response.json()) as PaymentRecorded;
              made.push(payment.id);
              accepted += payment.amount;
            } else {
              // Refused only because it did not fit in what was due then.
              const body = (await response.json()) as { error: { details: { amountDue: number } } };
              expect(body.error.details.amountDue).toBeLessThan(firstWave[index]?.amount ?? 0);
            }
          }
          expect(accepted).toBeLessThanOrEqual(placed.total);
          expectConsistent(await stored(placed.id));

          const second = await Promise.all(secondWave.map((step, index) => send(step, index, made)));
          let acceptedRefunds = 0;
          let acceptedPayments = accepted;
          for (const [index, response] of second.entries()) {
            if (!response) continue;
            expect([201, 409]).toContain(response.status);
            if (response.status !== 201) continue;
            const step = secondWave[index] as Step;
            if (step.kind === 'refund') acceptedRefunds += step.amount;
            else acceptedPayments += step.amount;
          }
          const money = await stored(placed.id);
          // What the answers said was taken and given back is exactly what is recorded.
          expect(money.paid).toBe(acceptedPayments);
          expect(money.refunded).toBe(acceptedRefunds);
          expectConsistent(money);
        },
      ),
      { numRuns: 8 },
    );
  });
});
