import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/modules/audit/audit.schema';
import { users } from '../../src/server/modules/auth/auth.schema';
import type { Role } from '../../src/shared/roles';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let promoted: TestUser;
const as: Partial<Record<Role, TestUser>> = {};

interface Entry {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  area: string;
  action: string;
  summary: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}
type Page = { items: Entry[]; nextCursor: string | null };

async function list(query = '', user: TestUser = admin): Promise<Page> {
  const response = await t.get(`/api/admin/audit${query}`, { as: user });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['customer', 'staff', 'manager'] as const) as[role] = await t.buildUser({ role });
  admin = await t.buildUser({ role: 'admin', name: 'Ada Admin' });
  otherAdmin = await t.buildUser({ role: 'admin', name: 'Otto Other' });
  promoted = await t.buildUser({ role: 'staff', name: 'Pia Promoted' });

  expect((await t.patchLatest('/api/settings', { name: 'Audit Cafe' }, { as: admin })).status).toBe(200);
  expect(
    (await t.patch(`/api/admin/users/${promoted.id}/role`, { role: 'manager' }, { as: otherAdmin })).status,
  ).toBe(200);
});
afterAll(() => t.close());

describe('who may read the audit log', () => {
  for (const path of ['/api/admin/audit', '/api/admin/audit/actors']) {
    it(`${path}: 401 anonymous, 403 customer, staff and manager, 200 admin`, async () => {
      await expectErrorBody(await t.get(path, { as: null }), 401, 'unauthenticated');
      for (const role of ['customer', 'staff', 'manager'] as const) {
        await expectErrorBody(await t.get(path, { as: as[role] }), 403, 'permission-denied');
      }
      expect((await t.get(path, { as: admin })).status).toBe(200);
    });
  }
});

describe('GET /api/admin/audit', () => {
  it('shows settings changes and role changes, newest first, with actor, before and after', async () => {
    const page = await list();
    const [roleChange, settingsChange] = page.items;
    expect(roleChange).toEqual(
      expect.objectContaining({
        actorId: otherAdmin.id,
        actorEmail: otherAdmin.email,
        area: 'users',
        action: 'user.role-changed',
        before: { role: 'staff' },
        after: { role: 'manager' },
      }),
    );
    expect(roleChange!.summary).toContain('Pia Promoted');
    expect(settingsChange).toEqual(
      expect.objectContaining({
        actorId: admin.id,
        area: 'settings',
        action: 'settings.updated',
        before: { name: 'Brigade Cafe' },
        after: { name: 'Audit Cafe' },
      }),
    );
  });

  it('names each actor by their current name, with the e-mail kept with the entry', async () => {
    const [roleChange, settingsChange] = (await list()).items as (Entry & { actorName: string | null })[];
    expect(roleChange).toMatchObject({ actorName: 'Otto Other', actorEmail: otherAdmin.email });
    expect(settingsChange).toMatchObject({ actorName: 'Ada Admin', actorEmail: admin.email });
    // A renamed account shows its name now; a change without an actor, or by an account that is gone
    // (its id cleared, its e-mail kept), has no name.
    await t.db.update(users).set({ name: 'Otto Renamed' }).where(eq(users.id, otherAdmin.id));
    await t.db.insert(auditLog).values([
      { area: 'settings', action: 'settings.updated', summary: 'by nobody' },
      {
        area: 'settings',
        action: 'settings.updated',
        summary: 'by a gone account',
        actorEmail: 'gone@example.com',
      },
    ]);
    try {
      const entries = (await list()).items as (Entry & { actorName: string | null })[];
      const bySummary = (summary: string) => entries.find((entry) => entry.summary === summary);
      expect(bySummary('by nobody')).toMatchObject({ actorId: null, actorEmail: null, actorName: null });
      expect(bySummary('by a gone account')).toMatchObject({
        actorId: null,
        actorEmail: 'gone@example.com',
        actorName: null,
      });
      expect(entries.find((entry) => entry.action === 'user.role-changed')).toMatchObject({
        actorName: 'Otto Renamed',
      });
    } finally {
      await t.db.update(users).set({ name: 'Otto Other' }).where(eq(users.id, otherAdmin.id));
      await t.db.delete(auditLog).where(inArray(auditLog.summary, ['by nobody', 'by a gone account']));
    }
  });

  it('filters by area', async () => {
    expect((await list('?area=settings')).items.map((entry) => entry.area)).toEqual(['settings']);
    expect((await list('?area=users')).items.map((entry) => entry.action)).toEqual(['user.role-changed']);
    expect((await list('?area=users,settings')).items).toHaveLength(2);
    expect((await list('?area=menu')).items).toEqual([]);
  });

  it('filters by actor', async () => {
    expect((await list(`?actorId=${admin.id}`)).items.map((entry) => entry.action)).toEqual([
      'settings.updated',
    ]);
    expect((await list(`?actorId=${otherAdmin.id}`)).items.map((entry) => entry.action)).toEqual([
      'user.role-changed',
    ]);
    expect((await list(`?actorId=${as.staff!.id}`)).items).toEqual([]);
  });

  it('filters by date and time', async () => {
    // Two entries placed at known times, an hour apart.
    const [early] = await t.db
      .insert(auditLog)
      .values({
        actorId: admin.id,
        actorEmail: admin.email,
        area: 'backup',
        action: 'backup.downloaded',
        summary: 'early',
        createdAt: new Date('2024-03-10T10:00:00Z'),
      })
      .returning();
    await t.db.insert(auditLog).values({
      actorId: admin.id,
      actorEmail: admin.email,
      area: 'backup',
      action: 'backup.downloaded',
      summary: 'late',
      createdAt: new Date('2024-03-11T23:30:00Z'),
    });
    const summaries = async (query: string) =>
      (await list(`?area=backup&${query}`)).items.map((e) => e.summary);
    expect(await summaries('from=2024-03-10&to=2024-03-10')).toEqual(['early']);
    expect(await summaries('from=2024-03-11')).toEqual(['late']);
    expect(await summaries('to=2024-03-11')).toEqual(['late', 'early']);
    expect(await summaries('from=2024-03-10T10:00:00Z&to=2024-03-10T10:00:01Z')).toEqual(['early']);
    expect(await summaries('from=2024-03-10T10:00:01Z&to=2024-03-11T23:30:00Z')).toEqual([]);
    expect(await summaries('from=2024-03-10T11:00:00%2B01:00&to=2024-03-10T12:00:00%2B01:00')).toEqual([
      'early',
    ]);
    expect(await summaries('to=2024-03-09')).toEqual([]);
    expect(early).toBeDefined();
  });

  it('reads a date alone as a day in the restaurant’s time zone', async () => {
    // 23:30 UTC on the 11th is already the 12th in Tokyo.
    await t.patchLatest('/api/settings', { timeZone: 'Asia/Tokyo' }, { as: admin });
    try {
      const summaries = async (query: string) =>
        (await list(`?area=backup&${query}`)).items.map((e) => e.summary);
      expect(await summaries('from=2024-03-12&to=2024-03-12')).toEqual(['late']);
      expect(await summaries('from=2024-03-11&to=2024-03-11')).toEqual([]);
    } finally {
      await t.patchLatest('/api/settings', { timeZone: 'UTC' }, { as: admin });
    }
  });

  it('pages with a cursor', async () => {
    const all = await list();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await list(`?limit=2${query}`);
      seen.push(...page.items.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((entry) => entry.id));
  });

  it.each([
    ['area=', 'area'],
    ['area=users,', 'area'],
    ['area=kitchen', 'area'],
    ['actorId=nope', 'actorId'],
    ['from=yesterday', 'from'],
    ['to=2024-13-01', 'to'],
    ['from=2024-02-30', 'from'],
    ['from=2024-03-10T10:00:00', 'from'],
    ['from=2024-03-12&to=2024-03-11', 'from'],
    ['from=2024-03-12T00:00:00Z&to=2024-03-11T23:59:59Z', 'from'],
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['cursor=zzz', 'cursor'],
    ['actor=x', 'actor'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const error = await expectErrorBody(
      await t.get(`/api/admin/audit?${query}`, { as: admin }),
      400,
      'invalid-argument',
    );
    expect(error.message).toContain(field);
  });
});

describe('GET /api/admin/audit/actors', () => {
  it('lists everyone with an entry once, with id and e-mail', async () => {
    const response = await t.get('/api/admin/audit/actors', { as: admin });
    const body = (await response.json()) as { items: { id: string; email: string; name: string | null }[] };
    expect(body.items).toHaveLength(2);
    expect(body.items).toEqual(
      expect.arrayContaining([
        { id: admin.id, email: admin.email, name: 'Ada Admin' },
        { id: otherAdmin.id, email: otherAdmin.email, name: 'Otto Other' },
      ]),
    );
    // An entry without an actor (a system change) adds nobody.
    await t.db.insert(auditLog).values({ area: 'settings', action: 'settings.updated', summary: 'system' });
    const again = (await (await t.get('/api/admin/audit/actors', { as: admin })).json()) as typeof body;
    expect(again.items).toHaveLength(2);
    await t.db.delete(auditLog).where(eq(auditLog.summary, 'system'));
  });
});

describe('entries as a person reads them', () => {
  interface Described extends Entry {
    actionLabel: string;
    description: string;
    targetId: string | null;
  }

  it('says role changes, settings and prices in words, with labels and money in the restaurant currency', async () => {
    expect(
      (
        await t.patchLatest(
          '/api/settings',
          { taxPercent: 9, timeZone: 'America/Los_Angeles' },
          { as: admin },
        )
      ).status,
    ).toBe(200);
    const category = await t.post('/api/food-categories', { name: 'Coffee' }, { as: admin });
    expect(category.status).toBe(201);
    const categoryId = ((await category.json()) as { id: string }).id;
    const item = await t.post('/api/menu/items', { name: 'Latte', categoryId, price: 450 }, { as: admin });
    expect(item.status, await item.clone().text()).toBe(201);
    const itemId = ((await item.json()) as { id: string }).id;
    expect((await t.patchLatest(`/api/menu/items/${itemId}`, { price: 475 }, { as: admin })).status).toBe(
      200,
    );

    const items = (await list('?limit=20')).items as Described[];
    const sentences = items.map((entry) => entry.description);
    expect(sentences).toContain('Price of Latte: $4.50 → $4.75');
    expect(sentences).toContain('Added the menu item Latte');
    expect(sentences).toContain(
      'Changed the restaurant settings: Time zone UTC → America/Los_Angeles, Tax 0% → 9%',
    );
    expect(sentences).toContain('Made Pia Promoted a Manager (was Staff)');
    expect(sentences).toContain('Changed the restaurant settings: Restaurant name Brigade Cafe → Audit Cafe');
    const price = items.find((entry) => entry.description.startsWith('Price of Latte'));
    expect(price).toEqual(
      expect.objectContaining({
        action: 'menu-item.updated',
        actionLabel: 'Menu item changed',
        before: { price: 450 },
        after: { price: 475 },
      }),
    );
    // No field names or codes in what people read.
    for (const sentence of sentences) expect(sentence).not.toMatch(/taxPercent|timeZone|availableToday|\{/);
  });
});
