import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/lib/context';
import { defineResource, pickDefined } from '../../src/server/lib/resource';
import { recordAudit } from '../../src/server/modules/audit';
import { publishChange } from '../../src/server/modules/events';
import { bankAccounts } from '../../src/server/modules/master-data/master-data.schema';
import { supplierResource } from '../../src/server/modules/master-data/master-data.service';
import { menuItemResource } from '../../src/server/modules/menu/menu.service';
import { paymentMethodAccounts, restaurantSettings } from '../../src/server/modules/settings/settings.schema';
import {
  type BankAccount,
  type BankAccountInput,
  BankAccountInputSchema,
  BankAccountSchema,
  BankAccountUpdateSchema,
  type FoodCategory,
  type Supplier,
} from '../../src/shared/contracts/master-data';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { RestaurantSettings } from '../../src/shared/contracts/settings';
import { buildCategory, buildMenuItem, buildSupplier } from '../support/factories';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Stale writes: a change carries the `version` it was based on; of two changes
 * based on the same version, one is saved and the other gets 409 `aborted` naming what happened.
 */
let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let category: FoodCategory;

interface StaleError {
  code: string;
  message: string;
  details: { reason: string; version: number };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
  staff = await t.buildUser({ role: 'staff' });
  category = await buildCategory(t, { name: 'Coffee' }, { as: admin });
});
afterAll(() => t.close());

const json = async <T>(response: Response): Promise<T> => {
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as T;
};

/** Sends both changes at once, based on the same version; answers the two responses, winner first. */
async function race(path: string, first: object, second: object, version: number) {
  const responses = await Promise.all([
    t.patch(path, { ...first, version }, { as: admin }),
    t.patch(path, { ...second, version }, { as: admin }),
  ]);
  const statuses = responses.map((response) => response.status).sort();
  expect(statuses).toEqual([200, 409]);
  const winner = responses.find((response) => response.status === 200) as Response;
  const loser = responses.find((response) => response.status === 409) as Response;
  const refusal = (await expectErrorBody(loser, 409, 'aborted')) as StaleError;
  expect(refusal.message).toMatch(/^Someone else changed .+ after you opened it\. Reload it/);
  return { winner: await winner.json(), refusal, winnerIndex: responses.indexOf(winner) };
}

describe('menu items', () => {
  it('two edits based on one version: one is saved (version 2), the other gets 409 aborted', async () => {
    const item = await buildMenuItem(t, { name: 'Latte', categoryId: category.id }, { as: admin });
    expect(item.version).toBe(1);
    const path = `/api/menu/items/${item.id}`;
    const { winner, refusal, winnerIndex } = await race(path, { price: 500 }, { price: 550 }, 1);
    expect(refusal.message).toContain('menu item “Latte”');
    expect(refusal.details).toEqual({ reason: 'stale', version: 2 });
    const saved = await json<MenuItem>(await t.get(path, { as: admin }));
    expect(saved.version).toBe(2);
    expect(saved.price).toBe(winnerIndex === 0 ? 500 : 550);
    expect((winner as MenuItem).price).toBe(saved.price);

    // Reloaded, the change goes through and counts the version up again.
    const retried = await json<MenuItem>(await t.patch(path, { price: 600, version: 2 }, { as: admin }));
    expect(retried.version).toBe(3);
    // Archive and restore are changes too, with the version.
    await expectErrorBody(await t.patch(path, { active: false, version: 2 }, { as: admin }), 409, 'aborted');
    const archived = await json<MenuItem>(await t.patch(path, { active: false, version: 3 }, { as: admin }));
    expect([archived.active, archived.version]).toEqual([false, 4]);
  });

  it('a change without a version is refused with 400 on the field `version`', async () => {
    const item = await buildMenuItem(t, { categoryId: category.id, price: 450 }, { as: admin });
    const response = await t.patch(`/api/menu/items/${item.id}`, { price: 1 }, { as: admin });
    const error = (await expectErrorBody(response, 400, 'invalid-argument')) as {
      details: { issues: { path: string }[] };
    };
    expect(error.details.issues.map((issue) => issue.path)).toEqual(['version']);
    expect((await json<MenuItem>(await t.get(`/api/menu/items/${item.id}`, { as: admin }))).price).toBe(450);
  });

  it('a version that is not a whole number from 1 to 2^31 - 1 is refused with 400, never a 500', async () => {
    const item = await buildMenuItem(t, { categoryId: category.id }, { as: admin });
    for (const version of ['1', 0, -1, 1.5, null, 2 ** 31, 2 ** 40]) {
      const response = await t.patch(`/api/menu/items/${item.id}`, { price: 400, version }, { as: admin });
      await expectErrorBody(response, 400, 'invalid-argument');
    }
    // A whole number that is simply not the item's version is a stale write.
    await expectErrorBody(
      await t.patch(`/api/menu/items/${item.id}`, { price: 400, version: 2 ** 31 - 1 }, { as: admin }),
      409,
      'aborted',
    );
  });

  it('writes outside PATCH (reorder) count the version up too, so an edit made before them is stale', async () => {
    const a = await buildMenuItem(t, { categoryId: category.id }, { as: admin });
    const b = await buildMenuItem(t, { categoryId: category.id }, { as: admin });
    expect((await t.post('/api/menu/items/reorder', { ids: [b.id, a.id] }, { as: admin })).status).toBe(204);
    const moved = await json<MenuItem>(await t.get(`/api/menu/items/${a.id}`, { as: admin }));
    expect(moved.version).toBe(a.version + 1);
    await expectErrorBody(
      await t.patch(`/api/menu/items/${a.id}`, { price: 420, version: a.version }, { as: admin }),
      409,
      'aborted',
    );
  });
});

describe('settings', () => {
  it('two edits based on one version: one 200, one 409 aborted; the version counts changes', async () => {
    const before = await json<RestaurantSettings>(await t.get('/api/settings', { as: admin }));
    const { refusal, winnerIndex } = await race(
      '/api/settings',
      { name: 'Cafe One' },
      { name: 'Cafe Two' },
      before.version,
    );
    expect(refusal.message).toContain('the settings');
    expect(refusal.details).toEqual({ reason: 'stale', version: before.version + 1 });
    const after = await json<RestaurantSettings>(await t.get('/api/settings', { as: admin }));
    expect(after.version).toBe(before.version + 1);
    expect(after.name).toBe(winnerIndex === 0 ? 'Cafe One' : 'Cafe Two');
  });

  it('a change without a version is refused with 400, and nothing changes', async () => {
    const before = await json<RestaurantSettings>(await t.get('/api/settings', { as: admin }));
    await expectErrorBody(
      await t.patch('/api/settings', { name: 'No Version' }, { as: admin }),
      400,
      'invalid-argument',
    );
    const [row] = await t.db.select().from(restaurantSettings);
    expect([row?.name, row?.version]).toEqual([before.name, before.version]);
  });
});

describe('master data (suppliers)', () => {
  it('two edits based on one version: one 200, one 409 aborted; archive with an old version is refused', async () => {
    const supplier = await buildSupplier(t, { name: 'Dairy Co' }, { as: admin });
    const path = `/api/suppliers/${supplier.id}`;
    const { refusal } = await race(path, { phone: '555-0101' }, { email: 'orders@dairy.example' }, 1);
    expect(refusal.message).toContain('supplier “Dairy Co”');
    const saved = await json<Supplier>(await t.get(path, { as: admin }));
    expect(saved.version).toBe(2);
    await expectErrorBody(await t.patch(path, { active: false, version: 1 }, { as: admin }), 409, 'aborted');
    expect((await json<Supplier>(await t.get(path, { as: admin }))).active).toBe(true);
  });
});

describe('the resource pattern', () => {
  const actorOf = (user: TestUser): Actor => ({
    id: user.id,
    email: user.email,
    name: user.email,
    role: user.role,
    sessionId: 'test',
  });

  it('reads take the actor: a staff member reading an admin-only resource through the service gets 403', async () => {
    await expect(supplierResource.list(t.db, actorOf(staff), { limit: 10 } as never)).rejects.toMatchObject({
      status: 403,
    });
    await expect(supplierResource.list(t.db, actorOf(admin), { limit: 10 } as never)).resolves.toMatchObject({
      items: expect.any(Array),
    });
    // A definition may name a policy its reads must pass too (menu items: menu.item.read).
    const customer = await t.buildUser({ role: 'customer' });
    await expect(
      menuItemResource.list(t.db, actorOf(customer), { limit: 10 } as never),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(menuItemResource.list(t.db, actorOf(staff), { limit: 10 } as never)).resolves.toMatchObject({
      items: expect.any(Array),
    });
    // Writes check the definition's write access too, not only the route.
    await expect(
      supplierResource.create(t.db, actorOf(staff), { name: 'Sneaky' } as never),
    ).rejects.toMatchObject({
      status: 403,
    });
  });

  it('a locked money field is refused with 400 once its condition holds, other fields still change', async () => {
    // The same table and schemas as bank accounts; the lock holds while the settings send cash into it.
    const lockedAccounts = defineResource<BankAccount, BankAccountInput, Partial<BankAccountInput>>({
      table: bankAccounts,
      path: '/api/test-locked-accounts',
      tag: 'Test',
      noun: 'bank account',
      nounPlural: 'bank accounts',
      auditArea: 'master-data',
      effects: { audit: recordAudit, publish: publishChange },
      access: { read: 'admin', write: 'admin' },
      inputSchema: BankAccountInputSchema,
      updateSchema: BankAccountUpdateSchema,
      itemSchema: BankAccountSchema,
      toValues: (input) => pickDefined(input),
      present: async (_db, rows) =>
        (rows as (typeof bankAccounts.$inferSelect)[]).map((row) => ({
          id: row.id,
          active: row.active,
          version: row.version,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
          name: row.name,
          type: row.type as BankAccount['type'],
          bankName: row.bankName,
          accountNumber: row.accountNumber,
          openingBalance: row.openingBalance,
          currency: row.currency,
          openingDate: row.openingDate,
        })),
      searchColumns: [bankAccounts.name],
      uniqueMessages: {},
      lockedFields: [
        {
          fields: ['openingBalance', 'openingDate'],
          lockedWhen: async (tx, row) => {
            const [cash] = await tx
              .select()
              .from(paymentMethodAccounts)
              .where(eq(paymentMethodAccounts.method, 'cash'));
            return cash?.accountId === row.id
              ? 'the till’s cash payments are booked into this account'
              : null;
          },
        },
      ],
    });
    const system = null;
    const account = await lockedAccounts.create(t.db, system, {
      name: 'Till',
      type: 'cash',
      openingBalance: 10_000,
    } as BankAccountInput);
    // Not locked yet: the balance changes.
    const first = await lockedAccounts.update(t.db, system, account.id, {
      openingBalance: 12_000,
      version: 1,
    });
    expect(first.openingBalance).toBe(12_000);

    const settings = await json<RestaurantSettings>(await t.get('/api/settings', { as: admin }));
    await json(
      await t.patch(
        '/api/settings',
        { paymentAccounts: { cash: account.id }, version: settings.version },
        { as: admin },
      ),
    );
    const refused = lockedAccounts.update(t.db, system, account.id, { openingBalance: 0, version: 2 });
    await expect(refused).rejects.toMatchObject({
      status: 400,
      message:
        'Invalid request body: openingBalance: cannot be changed: the till’s cash payments are booked into this account',
      details: { issues: [{ path: 'openingBalance' }] },
    });
    // The same value is no change, and other fields are not locked.
    const renamed = await lockedAccounts.update(t.db, system, account.id, {
      openingBalance: 12_000,
      name: 'Front till',
      version: 2,
    });
    expect([renamed.name, renamed.openingBalance, renamed.version]).toEqual(['Front till', 12_000, 3]);
    const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.id, account.id));
    expect(row?.openingBalance).toBe(12_000);
  });
});
