import { expect } from 'vitest';
import type { OrderWithPayments, PaymentRecorded, RefundRecorded } from '../../src/shared/contracts/payments';
import type { PaymentMethod } from '../../src/shared/contracts/settings';
import { buildBankAccount } from './factories';
import { ALWAYS_OPEN_HOURS } from './opening-hours';
import type { TestApp, TestUser } from './test-app';

/**
 * Payments in API tests (payments.test.ts, payments-concurrency.test.ts, ledger.test.ts): the raw
 * requests, which a test checks itself, and `…ed` forms that expect success and answer the body.
 */

/** `POST /api/orders/{id}/payments` as `as`. */
export function pay(t: TestApp, orderId: string, body: unknown, as: TestUser | null): Promise<Response> {
  return t.post(`/api/orders/${orderId}/payments`, body, { as });
}

/** `POST /api/orders/{id}/payments`, expecting 201: the payment and the order's money. */
export async function paid(
  t: TestApp,
  orderId: string,
  body: Record<string, unknown>,
  as: TestUser,
): Promise<PaymentRecorded> {
  const response = await pay(t, orderId, body, as);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as PaymentRecorded;
}

/** `POST /api/payments/{id}/refunds` as `as`. */
export function refund(t: TestApp, paymentId: string, body: unknown, as: TestUser | null): Promise<Response> {
  return t.post(`/api/payments/${paymentId}/refunds`, body, { as });
}

/** `POST /api/payments/{id}/refunds`, expecting 201. */
export async function refunded(
  t: TestApp,
  paymentId: string,
  body: { amount: number; reason: string },
  as: TestUser,
): Promise<RefundRecorded> {
  const response = await refund(t, paymentId, body, as);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as RefundRecorded;
}

/**
 * `GET /api/orders/{id}`, expecting 200: the order with its payments, in full as staff read it (the
 * order's customer gets each payment as `CustomerOrderWithPayments` has it: method, amount, refunded, date).
 */
export async function readOrder(t: TestApp, orderId: string, as: TestUser): Promise<OrderWithPayments> {
  const response = await t.get(`/api/orders/${orderId}`, { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as OrderWithPayments;
}

/**
 * Sets the settings' payment method → account mapping (as an administrator); methods not named keep
 * theirs, `null` clears one. Based on the latest settings, read again when another change came first
 * or ran at the same time (tests that change the mapping while other changes run).
 */
export async function mapPaymentAccounts(
  t: TestApp,
  admin: TestUser,
  mapping: Partial<Record<PaymentMethod, string | null>>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const response = await t.patchLatest('/api/settings', { paymentAccounts: mapping }, { as: admin });
    // 409 `aborted`: based on an old version, or money being recorded meanwhile outlasted the
    // server's retries ("Please try again."): a person would try again, and so does this.
    const again = response.status === 409 && (await response.clone().text()).includes('"aborted"');
    if (again && attempt < 10) {
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      continue;
    }
    expect(response.status, await response.clone().text()).toBe(200);
    return;
  }
}

/** A new account of `type` with `openingBalance`, mapped from `methods`. */
export async function accountFor(
  t: TestApp,
  admin: TestUser,
  methods: PaymentMethod[],
  overrides: { type?: 'cash' | 'bank' | 'e-wallet'; openingBalance?: number; accountNumber?: string } = {},
): Promise<{ id: string; name: string; openingBalance: number }> {
  const account = await buildBankAccount(t, { type: 'cash', ...overrides }, { as: admin });
  await mapPaymentAccounts(t, admin, Object.fromEntries(methods.map((method) => [method, account.id])));
  return { id: account.id, name: account.name, openingBalance: account.openingBalance };
}

/**
 * The settings payments tests start from (as an administrator): no tax and no service charge, so sums
 * are round, open around the clock with online ordering on, so customers' requests are taken at any
 * hour; `changes` adds or overrides fields (a tax rate).
 */
export async function settingsForPayments(
  t: TestApp,
  admin: TestUser,
  changes: Record<string, unknown> = {},
): Promise<void> {
  const response = await t.patchLatest(
    '/api/settings',
    {
      openingHours: ALWAYS_OPEN_HOURS,
      taxPercent: 0,
      serviceChargePercent: 0,
      onlineOrdering: true,
      ...changes,
    },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(200);
}
