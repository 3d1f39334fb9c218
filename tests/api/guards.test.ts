import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/roles';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

let t: TestApp;
const as: Partial<Record<Role, TestUser>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['customer', 'staff', 'manager', 'admin'] as const)
    as[role] = await t.buildUser({ role });
});
afterAll(() => t.close());

interface GuardedCall {
  name: string;
  call: (user: TestUser | null) => Promise<Response>;
  allowed: Role[];
  status: number;
}

const calls: GuardedCall[] = [
  {
    name: 'GET /api/me (signed in)',
    call: (u) => t.get('/api/me', { as: u }),
    allowed: ['customer', 'staff', 'manager', 'admin'],
    status: 200,
  },
  {
    name: 'POST /api/auth/sync-claims (signed in)',
    call: (u) => t.post('/api/auth/sync-claims', undefined, { as: u }),
    allowed: ['customer', 'staff', 'manager', 'admin'],
    status: 204,
  },
  {
    name: 'GET /api/customers (staff access)',
    call: (u) => t.get('/api/customers', { as: u }),
    allowed: ['staff', 'manager', 'admin'],
    status: 200,
  },
  {
    name: 'GET /api/settings (admin)',
    call: (u) => t.get('/api/settings', { as: u }),
    allowed: ['admin'],
    status: 200,
  },
  {
    name: 'PATCH /api/settings (admin)',
    call: (u) => t.patchLatest('/api/settings', { name: 'Guarded Cafe' }, { as: u }),
    allowed: ['admin'],
    status: 200,
  },
];

describe.each(calls)('$name', ({ call, allowed, status }) => {
  it('answers 401 with the envelope to an anonymous caller', async () => {
    await expectErrorBody(await call(null), 401, 'unauthenticated');
  });

  it('answers 401 to a forged session cookie', async () => {
    const response = await call({ cookie: 'brigade.session_token=forged.value' } as TestUser);
    await expectErrorBody(response, 401, 'unauthenticated');
  });

  for (const role of ['customer', 'staff', 'manager', 'admin'] as const) {
    if (allowed.includes(role)) {
      it(`lets a ${role} through`, async () => {
        expect((await call(as[role]!)).status).toBe(status);
      });
    } else {
      it(`answers 403 with the envelope to a ${role}`, async () => {
        await expectErrorBody(await call(as[role]!), 403, 'permission-denied');
      });
    }
  }
});

describe('a wrong role changes nothing', () => {
  it('leaves the settings as they were after a refused PATCH', async () => {
    const before = await (await t.get('/api/settings', { as: as.admin })).json();
    await expectErrorBody(
      await t.patchLatest('/api/settings', { name: 'Hijacked' }, { as: as.staff }),
      403,
      'permission-denied',
    );
    const after = await (await t.get('/api/settings', { as: as.admin })).json();
    expect(after).toEqual(before);
  });
});
