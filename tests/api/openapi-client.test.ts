import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMenuItem, factoryAdmin, uniqueName } from '../support/factories';
import { alwaysOpen } from '../support/opening-hours';
import { newIdempotencyKey } from '../support/orders';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../support/test-app';

/**
 * The API document as a partner uses it: a typed client generated from this app's /api/openapi.json
 * (openapi-typescript's types, openapi-fetch's calls) is type-checked and then drives the app. The
 * client's calls are in openapi-client/brigade-client.ts, which only the compiler run here checks
 * against the freshly generated types (the main type check leaves that folder out, since the types
 * exist only once this test has written them), so a document that changes or drops an operation the
 * client uses fails here, and so does one the generator cannot read.
 */

const CLIENT_DIR = path.join('tests', 'api', 'openapi-client');
const TYPES_FILE = path.join(CLIENT_DIR, 'generated', 'brigade-api.d.ts');
const TSC = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
  'bin',
  'tsc',
);

/** What brigade-client.ts offers, as far as this file needs it (its own types come from the document). */
interface ClientModule {
  brigadeClient(baseUrl: string, fetch: (request: Request) => Promise<Response>): unknown;
  customerJourney(
    client: unknown,
    input: { email: string; password: string; menuItemId: string; idempotencyKey: string },
  ): Promise<{
    signInStatus: number;
    me: { email: string | null; role: string };
    menuItem: { id: string; name: string; price: number } | undefined;
    placed: { status: number; id: string; number: number; total: number; orderStatus: string };
    read: { id: string; lineQuantities: number[] };
    missing: { status: number; code: string };
  }>;
}

/**
 * The client's fetch: each request goes to the app in this process, from one client address and with
 * the app's origin (as the browser app's own requests come), carrying the cookies the app has set so far.
 */
function inAppFetch(t: TestApp): (request: Request) => Promise<Response> {
  const cookies = new Map<string, string>();
  return async (request) => {
    request.headers.set('origin', TEST_ORIGIN);
    request.headers.set('x-forwarded-for', '198.51.100.20');
    if (cookies.size > 0) {
      request.headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await t.app.request(request);
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
}

let t: TestApp;
let customer: TestUser;
let typeCheck: { status: number | null; output: string };

beforeAll(async () => {
  t = await createTestApp();
  const document = (await (await t.get('/api/openapi.json')).json()) as OpenAPI3;
  const types = await openapiTS(document);
  mkdirSync(path.dirname(TYPES_FILE), { recursive: true });
  // Written whole, then renamed: another run in the same checkout never reads half a file.
  writeFileSync(
    `${TYPES_FILE}.${process.pid}`,
    `// Written by tests/api/openapi-client.test.ts from /api/openapi.json (openapi-typescript); not in git.\n${types}`,
  );
  renameSync(`${TYPES_FILE}.${process.pid}`, TYPES_FILE);
  const tsc = spawnSync(process.execPath, [TSC, '--noEmit', '-p', path.join(CLIENT_DIR, 'tsconfig.json')], {
    encoding: 'utf8',
  });
  typeCheck = { status: tsc.status, output: `${tsc.stdout}${tsc.stderr}` };
  customer = await t.buildUser({ role: 'customer', name: 'Paula Partner' });
  await alwaysOpen(t, await factoryAdmin(t));
});
afterAll(() => t.close());

describe('a client generated from the OpenAPI document', () => {
  it('type-checks its calls against the generated types', () => {
    expect(typeCheck.output).toBe('');
    expect(typeCheck.status).toBe(0);
  });

  it('signs in, reads the profile, finds a dish on the menu and places an order', async () => {
    const dish = await buildMenuItem(t, { name: uniqueName('Shakshuka'), price: 1150 });
    const { brigadeClient, customerJourney } = (await import(
      pathToFileURL(path.resolve(CLIENT_DIR, 'brigade-client.ts')).href
    )) as ClientModule;
    const client = brigadeClient(TEST_ORIGIN, inAppFetch(t));

    const journey = await customerJourney(client, {
      email: customer.email,
      password: customer.password,
      menuItemId: dish.id,
      idempotencyKey: newIdempotencyKey(),
    });

    expect(journey.signInStatus).toBe(200);
    expect(journey.me).toEqual({ email: customer.email, role: 'customer' });
    expect(journey.menuItem).toEqual({ id: dish.id, name: dish.name, price: 1150 });
    expect(journey.placed).toMatchObject({ status: 201, orderStatus: 'pending' });
    expect(journey.read).toEqual({ id: journey.placed.id, lineQuantities: [2] });
    // The client's typed answer is the order as the app's own API reads it.
    const order = (await (await t.get(`/api/orders/${journey.placed.id}`, { as: customer })).json()) as {
      number: number;
      total: number;
    };
    expect(journey.placed).toMatchObject({ number: order.number, total: order.total });
    expect(journey.missing).toEqual({ status: 404, code: 'not-found' });
  });
});
