import { expect } from 'vitest';
import type { Order } from '../../src/shared/contracts/orders';
import type { OrderStatus } from '../../src/shared/order-status';
import type { TestApp, TestUser } from './test-app';

/**
 * Placing and moving orders in API tests (orders.test.ts, online-orders.test.ts): the raw requests,
 * which a test checks itself, and `…ed` forms that expect success and answer the order.
 */

let keyCounter = 0;
/** A fresh `Idempotency-Key`. */
export const newIdempotencyKey = () => `test-key-${++keyCounter}-${Math.random().toString(36).slice(2)}`;

/** `POST /api/orders` as `as` with `key` (a fresh one by default; null: none). */
export function placeOrder(
  t: TestApp,
  body: unknown,
  as: TestUser | null,
  key: string | null = newIdempotencyKey(),
): Promise<Response> {
  return t.post('/api/orders', body, { as, headers: key === null ? {} : { 'idempotency-key': key } });
}

/** `POST /api/orders`, expecting 201: the order. */
export async function placedOrder(t: TestApp, body: unknown, as: TestUser | null): Promise<Order> {
  const response = await placeOrder(t, body, as);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Order;
}

/** `POST /api/orders/{id}/status` based on the order's version as `as`. */
export function moveOrder(
  t: TestApp,
  order: Pick<Order, 'id' | 'version'>,
  status: OrderStatus,
  as: TestUser,
  reason?: string,
): Promise<Response> {
  return t.post(
    `/api/orders/${order.id}/status`,
    { status, version: order.version, ...(reason === undefined ? {} : { reason }) },
    { as },
  );
}

/** `POST /api/orders/{id}/status`, expecting 200: the order after the move. */
export async function movedOrder(
  t: TestApp,
  order: Pick<Order, 'id' | 'version'>,
  status: OrderStatus,
  as: TestUser,
  reason?: string,
): Promise<Order> {
  const response = await moveOrder(t, order, status, as, reason);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Order;
}
