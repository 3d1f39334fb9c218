import createClient from 'openapi-fetch';
import type { paths } from './generated/brigade-api';

/**
 * A partner's client of the Brigade API, made from nothing but the OpenAPI document: the types in
 * generated/ are written from /api/openapi.json by tests/api/openapi-client.test.ts (openapi-typescript)
 * and this file is type-checked against them there (with tsconfig.json beside it), so a document that
 * changes an operation these calls use fails the test before it runs. The main type check leaves this
 * folder out: the generated types exist only once the test has written them.
 */

export type BrigadeClient = ReturnType<typeof createClient<paths>>;

export function brigadeClient(
  baseUrl: string,
  fetch: (request: Request) => Promise<Response>,
): BrigadeClient {
  return createClient<paths>({ baseUrl, fetch });
}

/** What the journey below saw, in the types the document gives. */
export interface Journey {
  signInStatus: number;
  me: { email: string | null; role: 'customer' | 'staff' | 'manager' | 'admin' };
  menuItem: { id: string; name: string; price: number } | undefined;
  placed: { status: number; id: string; number: number; total: number; orderStatus: string };
  read: { id: string; lineQuantities: number[] };
  missing: { status: number; code: string };
}

/**
 * A customer's journey through the generated client: sign in, read the profile, find a dish on the
 * public menu, place a takeaway order of two, read it back, and read an order that does not exist.
 */
export async function customerJourney(
  client: BrigadeClient,
  input: { email: string; password: string; menuItemId: string; idempotencyKey: string },
): Promise<Journey> {
  const signIn = await client.POST('/api/auth/sign-in/email', {
    body: { email: input.email, password: input.password },
  });

  const me = await client.GET('/api/me');
  if (!me.data) throw new Error(`GET /api/me answered ${me.response.status}`);

  const menu = await client.GET('/api/menu/public', {});
  if (!menu.data) throw new Error(`GET /api/menu/public answered ${menu.response.status}`);
  const menuItem = menu.data.categories
    .flatMap((category) => category.items)
    .find((item) => item.id === input.menuItemId);

  const placed = await client.POST('/api/orders', {
    params: { header: { 'idempotency-key': input.idempotencyKey } },
    body: { type: 'takeaway', lines: [{ menuItemId: input.menuItemId, quantity: 2 }] },
  });
  if (!placed.data) {
    throw new Error(`POST /api/orders answered ${placed.response.status}: ${JSON.stringify(placed.error)}`);
  }

  const read = await client.GET('/api/orders/{id}', { params: { path: { id: placed.data.id } } });
  if (!read.data) throw new Error(`GET /api/orders/{id} answered ${read.response.status}`);

  const missing = await client.GET('/api/orders/{id}', {
    params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
  });
  if (!missing.error) throw new Error('an order that does not exist was found');

  return {
    signInStatus: signIn.response.status,
    me: { email: me.data.email, role: me.data.role },
    menuItem: menuItem && { id: menuItem.id, name: menuItem.name, price: menuItem.price },
    placed: {
      status: placed.response.status,
      id: placed.data.id,
      number: placed.data.number,
      total: placed.data.total,
      orderStatus: placed.data.status,
    },
    read: { id: read.data.id, lineQuantities: read.data.lines.map((line) => line.quantity) },
    missing: { status: missing.response.status, code: missing.error.error.code },
  };
}

/** Never called: the compiler alone checks that a path the document does not have is no call. */
export function notACall(client: BrigadeClient) {
  // @ts-expect-error -- the document has no such operation
  return client.GET('/api/no-such-path');
}
