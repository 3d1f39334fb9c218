import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditArea, AuditEntry } from '../../src/shared/contracts/audit';
import type { Role } from '../../src/shared/roles';
import { buildBankAccount, buildMenuItem, buildTable, buildUnit } from '../support/factories';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * The seven master-data resources share one behaviour (lib/resource.ts); one table-driven suite
 * holds every one of them to it: access, validation naming the field, unique names, "in use" deletes,
 * archive and restore, lists, and the audit log.
 */

let t: TestApp;
let admin: TestUser;
const as: Partial<Record<Role, TestUser>> = {};

type Body = Record<string, unknown>;
type Rec = Body & { id: string; name: string; active: boolean; createdAt: string; updatedAt: string };
type Page = { items: Rec[]; nextCursor: string | null };

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface ResourceCase {
  label: string;
  path: string;
  /** The noun of the audit actions: `supplier.created`. */
  action: string;
  auditArea: AuditArea;
  staffReads: boolean;
  /** A valid body with the given name; `n` makes other unique fields unique. */
  valid: (name: string, n: number) => Body;
  /** A change of some fields; `n` makes unique values unique. */
  change: (n: number) => Body;
  /** Unique fields other than the name, and a body that repeats only that field of `existing`. */
  otherUnique?: { field: string; repeat: (existing: Rec, name: string, n: number) => Body }[];
  /** Values refused with a 400 naming the field: [field, fields to send over a valid body]. */
  invalid: [string, Body][];
  /** Makes the record "in use"; returns what undoes it. */
  inUse?: (record: Rec) => Promise<() => Promise<void>>;
  positional?: boolean;
}

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

const resources: ResourceCase[] = [
  {
    label: 'suppliers',
    path: '/api/suppliers',
    action: 'supplier',
    auditArea: 'master-data',
    staffReads: false,
    valid: (name) => ({
      name,
      contactName: 'Mia Stone',
      phone: '+1 555 0100',
      email: 'orders@dairy.example',
      address: '1 Farm Lane',
      notes: 'Delivers on Mondays',
    }),
    change: () => ({ phone: '+1 555 0199', notes: 'Delivers on Tuesdays' }),
    invalid: [
      ['email', { email: 'not-an-e-mail' }],
      ['phone', { phone: 'call me' }],
      ['notes', { notes: 'x'.repeat(2001) }],
    ],
  },
  {
    label: 'partners',
    path: '/api/partners',
    action: 'partner',
    auditArea: 'master-data',
    staffReads: false,
    valid: (name) => ({ name, kind: 'delivery', commissionPercent: 12.5 }),
    change: () => ({ kind: 'marketplace', commissionPercent: 15.25 }),
    invalid: [
      ['commissionPercent', { commissionPercent: 12.345 }],
      ['commissionPercent', { commissionPercent: 101 }],
      ['commissionPercent', { commissionPercent: -1 }],
      ['kind', { kind: 'courier' }],
    ],
  },
  {
    label: 'expense categories',
    path: '/api/expense-categories',
    action: 'expense-category',
    auditArea: 'master-data',
    staffReads: false,
    valid: (name) => ({ name, description: 'Monthly bills' }),
    change: () => ({ description: 'Electricity and water' }),
    invalid: [['description', { description: 'x'.repeat(501) }]],
  },
  {
    label: 'units',
    path: '/api/units',
    action: 'unit',
    auditArea: 'master-data',
    staffReads: false,
    valid: (name, n) => ({ name, symbol: `u${n}` }),
    change: (n) => ({ symbol: `c${n}` }),
    otherUnique: [{ field: 'symbol', repeat: (existing, name) => ({ name, symbol: existing.symbol }) }],
    invalid: [
      ['symbol', { symbol: '' }],
      ['factor', { factor: 0 }],
      ['factor', { factor: 0.0000001 }],
      ['baseUnitId', { baseUnitId: 'kg' }],
      ['baseUnitId', { baseUnitId: UNKNOWN_ID, factor: 0.001 }],
    ],
    inUse: async (record) => {
      const child = await buildUnit(t, { baseUnitId: record.id, factor: 0.001 }, { as: admin });
      return async () => expect((await t.del(`/api/units/${child.id}`, { as: admin })).status).toBe(204);
    },
  },
  {
    label: 'food categories',
    path: '/api/food-categories',
    action: 'food-category',
    auditArea: 'menu',
    staffReads: true,
    valid: (name) => ({ name, description: 'Hot drinks' }),
    change: () => ({ description: 'Coffee and tea', sortOrder: 40 }),
    invalid: [
      ['sortOrder', { sortOrder: -1 }],
      ['sortOrder', { sortOrder: 1.5 }],
      ['description', { description: 'x'.repeat(501) }],
    ],
    inUse: async (record) => {
      const item = await buildMenuItem(t, { categoryId: record.id }, { as: admin });
      return async () => expect((await t.del(`/api/menu/items/${item.id}`, { as: admin })).status).toBe(204);
    },
    positional: true,
  },
  {
    label: 'bank accounts',
    path: '/api/bank-accounts',
    action: 'bank-account',
    auditArea: 'finance',
    staffReads: false,
    valid: (name) => ({
      name,
      type: 'bank',
      bankName: 'First Bank',
      accountNumber: '1234 5678 90',
      openingBalance: 150_000,
      openingDate: '2026-01-01',
    }),
    change: () => ({ bankName: 'Second Bank', openingBalance: -2500 }),
    invalid: [
      ['openingBalance', { openingBalance: 1.5 }],
      ['openingBalance', { openingBalance: 10 ** 12 }],
      ['openingBalance', { openingBalance: '100' }],
      ['type', { type: 'crypto' }],
      ['openingDate', { openingDate: '2026-02-30' }],
      ['accountNumber', { accountNumber: '12#34' }],
    ],
  },
  {
    label: 'dining tables',
    path: '/api/dining-tables',
    action: 'dining-table',
    auditArea: 'master-data',
    staffReads: true,
    valid: (name) => ({ name, seats: 4, area: 'Terrace' }),
    change: () => ({ seats: 6, area: 'Window' }),
    invalid: [
      ['seats', { seats: 0 }],
      ['seats', { seats: 1.5 }],
      ['seats', { seats: 101 }],
      ['name', { name: 'T<1>' }],
    ],
  },
];

/** POSTs as the admin and returns the new record (201 expected). */
async function created(path: string, body: Body): Promise<Rec> {
  const response = await t.post(path, body, { as: admin });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Rec;
}

async function createOf(c: ResourceCase, prefix = c.label.split(' ')[0]!): Promise<Rec> {
  const n = next();
  const name = `${prefix.charAt(0).toUpperCase()}${prefix.slice(1)} ${n}`;
  return created(c.path, c.valid(name, n));
}

async function read(path: string, user: TestUser = admin): Promise<Rec> {
  const response = await t.get(path, { as: user });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Rec;
}

async function list(path: string, query = ''): Promise<Page> {
  const response = await t.get(`${path}${query}`, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page;
}

/** Every page of a list, following `nextCursor`. */
async function walk(path: string, query: string, limit: number): Promise<Rec[]> {
  const seen: Rec[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = await list(path, `?limit=${limit}${query}${after}`);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(200);
  } while (cursor);
  return seen;
}

async function expectIssue(response: Response, status: number, code: string, field: string) {
  const error = await expectErrorBody(response, status, code);
  const issues = (error.details as { issues?: { path: string; message: string }[] } | undefined)?.issues;
  // A list names the element (`status.0`); that still names the field.
  expect(
    issues?.some((issue) => issue.path === field || issue.path.startsWith(`${field}.`)),
    JSON.stringify(error),
  ).toBe(true);
  expect(issues?.every((issue) => issue.message.length > 0)).toBe(true);
  expect(error.message).toContain(field);
  return error;
}

async function auditOf(area: AuditArea, targetId: string): Promise<AuditEntry[]> {
  const response = await t.get(`/api/admin/audit?area=${area}&limit=500`, { as: admin });
  expect(response.status).toBe(200);
  const page = (await response.json()) as { items: AuditEntry[] };
  return page.items.filter((entry) => entry.targetId === targetId);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
  for (const role of ['customer', 'staff', 'manager'] as const) as[role] = await t.buildUser({ role });
});
afterAll(() => t.close());

describe.each(resources)('$label', (c) => {
  it('answers 401, then 403, then 400, then 404, then succeeds', async () => {
    const body = c.valid(`Ladder ${c.label}`, next());
    const one = `${c.path}/${UNKNOWN_ID}`;

    for (const call of [
      () => t.get(c.path, { as: null }),
      () => t.get(one, { as: null }),
      () => t.post(c.path, body, { as: null }),
      () => t.patchLatest(one, { name: 'X' }, { as: null }),
      () => t.del(one, { as: null }),
    ]) {
      await expectErrorBody(await call(), 401, 'unauthenticated');
    }
    // The role is checked before the body: a customer learns nothing from a bad one.
    await expectErrorBody(await t.post(c.path, body, { as: as.customer }), 403, 'permission-denied');
    await expectErrorBody(await t.post(c.path, { name: '' }, { as: as.customer }), 403, 'permission-denied');

    await expectIssue(
      await t.post(c.path, { ...body, name: '' }, { as: admin }),
      400,
      'invalid-argument',
      'name',
    );
    await expectIssue(await t.get(`${c.path}/not-an-id`, { as: admin }), 400, 'invalid-argument', 'id');

    await expectErrorBody(await t.get(one, { as: admin }), 404, 'not-found');
    await expectErrorBody(await t.patchLatest(one, { name: 'Nobody' }, { as: admin }), 404, 'not-found');
    await expectErrorBody(await t.del(one, { as: admin }), 404, 'not-found');

    const record = await created(c.path, body);
    expect(record).toMatchObject({ ...body, id: expect.any(String), active: true });
    expect(Number.isNaN(Date.parse(record.createdAt))).toBe(false);
    expect(await read(`${c.path}/${record.id}`)).toEqual(record);
  });

  it('answers 403 to a customer, a staff member and a manager on every write, and changes nothing', async () => {
    const record = await createOf(c);
    const path = `${c.path}/${record.id}`;
    for (const role of ['customer', 'staff', 'manager'] as const) {
      const user = as[role]!;
      for (const call of [
        () => t.post(c.path, c.valid(`Intruder ${next()}`, next()), { as: user }),
        () => t.patchLatest(path, c.change(next()), { as: user }),
        () => t.patchLatest(path, { active: false }, { as: user }),
        () => t.del(path, { as: user }),
      ]) {
        await expectErrorBody(await call(), 403, 'permission-denied');
      }
    }
    await expectErrorBody(await t.get(c.path, { as: as.customer }), 403, 'permission-denied');
    if (c.staffReads) {
      expect(await read(path, as.staff)).toEqual(record);
    } else {
      await expectErrorBody(await t.get(c.path, { as: as.staff }), 403, 'permission-denied');
      await expectErrorBody(await t.get(path, { as: as.staff }), 403, 'permission-denied');
    }
    expect(await read(path)).toEqual(record);
    expect((await list(c.path, '?search=Intruder')).items).toEqual([]);
  });

  it('changes only the fields given', async () => {
    const record = await createOf(c);
    const path = `${c.path}/${record.id}`;
    const change = c.change(next());
    const response = await t.patchLatest(path, change, { as: admin });
    expect(response.status, await response.clone().text()).toBe(200);
    const changed = (await response.json()) as Rec;
    // The version counts the change: one more than the record's.
    expect(changed).toEqual({ ...record, ...change, version: 2, updatedAt: expect.any(String) });
    expect(Date.parse(changed.updatedAt)).toBeGreaterThan(Date.parse(record.updatedAt));
    expect(await read(path)).toEqual(changed);

    // An empty change (only the version) changes nothing, the version included.
    const same = await t.patchLatest(path, {}, { as: admin });
    expect(same.status).toBe(200);
    expect(await same.json()).toEqual(changed);
  });

  const refusals: [string, Body][] = [
    ['name', { name: '' }],
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(10_000) }],
    ['name', { name: 42 }],
    ['colour', { colour: 'red' }],
    ...c.invalid,
  ];
  it.each(refusals)('refuses a bad %s with a 400 naming it, on create and on change', async (field, bad) => {
    const before = await list(c.path, '?status=active,archived&limit=500');
    const n = next();
    await expectIssue(
      await t.post(c.path, { ...c.valid(`Refused ${n}`, n), ...bad }, { as: admin }),
      400,
      'invalid-argument',
      field,
    );
    expect((await list(c.path, '?status=active,archived&limit=500')).items).toEqual(before.items);

    const record = await createOf(c);
    await expectIssue(
      await t.patchLatest(`${c.path}/${record.id}`, bad, { as: admin }),
      400,
      'invalid-argument',
      field,
    );
    expect(await read(`${c.path}/${record.id}`)).toEqual(record);
  });

  it('refuses a create without a name with a 400 naming it', async () => {
    const { name: _name, ...rest } = c.valid('unused', next());
    await expectIssue(await t.post(c.path, rest, { as: admin }), 400, 'invalid-argument', 'name');
  });

  it('refuses a name taken in any case, even by an archived record, with a 409 naming the field', async () => {
    const first = await createOf(c);
    const second = await createOf(c);
    const n = next();
    const taken = await expectIssue(
      await t.post(c.path, c.valid(first.name.toUpperCase(), n), { as: admin }),
      409,
      'aborted',
      'name',
    );
    expect(taken.message).toMatch(/already exists\.$/);
    expect(taken.message).toContain(first.name.toUpperCase());

    await expectIssue(
      await t.patchLatest(`${c.path}/${second.id}`, { name: first.name.toLowerCase() }, { as: admin }),
      409,
      'aborted',
      'name',
    );
    expect(await read(`${c.path}/${second.id}`)).toEqual(second);

    expect((await t.patchLatest(`${c.path}/${first.id}`, { active: false }, { as: admin })).status).toBe(200);
    await expectIssue(
      await t.post(c.path, c.valid(first.name, next()), { as: admin }),
      409,
      'aborted',
      'name',
    );
  });

  for (const unique of c.otherUnique ?? []) {
    it(`refuses a taken ${unique.field} with a 409 naming it`, async () => {
      const first = await createOf(c);
      const n = next();
      const error = await expectIssue(
        await t.post(c.path, unique.repeat(first, `Other ${n}`, n), { as: admin }),
        409,
        'aborted',
        unique.field,
      );
      expect(error.message).toMatch(/already exists\.$/);
    });
  }

  it('deletes a record nothing refers to (204, audited), then answers 404', async () => {
    const record = await createOf(c);
    const path = `${c.path}/${record.id}`;
    const response = await t.del(path, { as: admin });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    await expectErrorBody(await t.get(path, { as: admin }), 404, 'not-found');
    await expectErrorBody(await t.del(path, { as: admin }), 404, 'not-found');
    const entries = await auditOf(c.auditArea, record.id);
    expect(entries.map((entry) => entry.action)).toEqual([`${c.action}.deleted`, `${c.action}.created`]);
  });

  if (c.inUse) {
    const makeInUse = c.inUse;
    it('refuses to delete a record in use with a 409 that says to archive it, and changes nothing', async () => {
      const record = await createOf(c);
      const path = `${c.path}/${record.id}`;
      const release = await makeInUse(record);
      const auditBefore = await auditOf(c.auditArea, record.id);

      const error = await expectErrorBody(await t.del(path, { as: admin }), 409, 'aborted');
      expect(error.message).toContain(record.name);
      expect(error.message).toMatch(/Archive it instead\.$/);
      expect(await read(path)).toEqual(record);
      const listed = await list(c.path, `?search=${encodeURIComponent(record.name)}`);
      expect(listed.items.map((item) => [item.id, item.updatedAt])).toEqual([[record.id, record.updatedAt]]);
      expect(await auditOf(c.auditArea, record.id)).toEqual(auditBefore);

      // Archiving is the way out, and it is allowed while the record is in use.
      const archived = await t.patchLatest(path, { active: false }, { as: admin });
      expect(archived.status).toBe(200);
      expect(await archived.json()).toMatchObject({ id: record.id, active: false });

      await release();
      expect((await t.del(path, { as: admin })).status).toBe(204);
    });
  }

  it('archives and restores through active, and lists archived records only when asked', async () => {
    const record = await createOf(c);
    const path = `${c.path}/${record.id}`;
    const search = `&search=${encodeURIComponent(record.name)}`;
    const archive = await t.patchLatest(path, { active: false }, { as: admin });
    expect(archive.status).toBe(200);
    expect(await archive.json()).toMatchObject({ id: record.id, active: false });

    const ids = async (query: string) => (await list(c.path, `?limit=500${query}`)).items.map((r) => r.id);
    expect(await ids('')).not.toContain(record.id);
    expect(await ids('&status=active')).not.toContain(record.id);
    expect(await ids('&status=archived')).toContain(record.id);
    expect(await ids(`&status=archived${search}`)).toEqual([record.id]);
    expect(await ids('&status=active,archived')).toContain(record.id);
    expect((await list(c.path, '?status=archived&limit=500')).items.every((r) => r.active === false)).toBe(
      true,
    );
    expect((await list(c.path, '?limit=500')).items.every((r) => r.active === true)).toBe(true);
    expect((await read(path)).active).toBe(false);

    const restore = await t.patchLatest(path, { active: true }, { as: admin });
    expect(restore.status).toBe(200);
    expect(await ids(search)).toEqual([record.id]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=1.5', 'limit'],
    ['status=', 'status'],
    ['status=active,', 'status'],
    ['status=deleted', 'status'],
    ['sort=oldest', 'sort'],
    ['cursor=zzz', 'cursor'],
    ['colour=red', 'colour'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('refuses the list query %s with a 400 naming %s', async (query, field) => {
    await expectIssue(await t.get(`${c.path}?${query}`, { as: admin }), 400, 'invalid-argument', field);
  });

  if (!c.positional) {
    it('refuses sort=position, which this list does not have', async () => {
      await expectIssue(
        await t.get(`${c.path}?sort=position`, { as: admin }),
        400,
        'invalid-argument',
        'sort',
      );
    });
  }

  it('walks every record exactly once with the cursor, newest first', async () => {
    for (let index = 0; index < 5; index++) await createOf(c);
    const all = await list(c.path, '?status=active,archived&limit=500');
    expect(all.nextCursor).toBeNull();
    expect(all.items.length).toBeGreaterThanOrEqual(5);
    const times = all.items.map((record) => Date.parse(record.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    for (const limit of [1, 2, 3]) {
      const seen = await walk(c.path, '&status=active,archived', limit);
      expect(seen.map((record) => record.id)).toEqual(all.items.map((record) => record.id));
    }
    // The default list is the same walk over active records only.
    const active = await walk(c.path, '', 2);
    expect(active.map((record) => record.id)).toEqual(
      all.items.filter((record) => record.active).map((record) => record.id),
    );
  });

  if (c.positional) {
    it('walks every record exactly once with the cursor in position order', async () => {
      const all = await list(c.path, '?status=active,archived&sort=position&limit=500');
      const positions = all.items.map((record) => [Number(record.sortOrder), record.id] as const);
      expect(positions).toEqual(
        [...positions].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)),
      );
      for (const limit of [1, 2, 3]) {
        const seen = await walk(c.path, '&status=active,archived&sort=position', limit);
        expect(seen.map((record) => record.id)).toEqual(all.items.map((record) => record.id));
      }
      await expectIssue(
        await t.get(`${c.path}?sort=position&cursor=${encodeURIComponent(all.nextCursor ?? 'bm9wZQ')}`, {
          as: admin,
        }),
        400,
        'invalid-argument',
        'cursor',
      );
    });
  }

  it('finds records by name, whatever the case', async () => {
    const n = next();
    const record = await created(c.path, c.valid(`Zebra Quartz ${n}`, n));
    for (const search of ['zebra quartz', 'ZEBRA QUARTZ', `quartz ${n}`, 'eBrA']) {
      const found = await list(c.path, `?search=${encodeURIComponent(search)}`);
      expect(found.items.map((r) => r.id)).toContain(record.id);
      expect(found.items.every((r) => r.name.toLowerCase().includes(search.toLowerCase()))).toBe(true);
    }
    expect((await list(c.path, '?search=no-such-record-anywhere')).items).toEqual([]);
    // LIKE wildcards are plain characters.
    expect((await list(c.path, '?search=%25')).items).toEqual([]);
    expect((await list(c.path, '?search=_')).items).toEqual([]);
  });

  it('writes an audit entry for a create, a change, an archive and a restore', async () => {
    const record = await createOf(c);
    const path = `${c.path}/${record.id}`;
    const change = c.change(next());
    expect((await t.patchLatest(path, change, { as: admin })).status).toBe(200);
    expect((await t.patchLatest(path, { active: false }, { as: admin })).status).toBe(200);
    expect((await t.patchLatest(path, { active: true }, { as: admin })).status).toBe(200);
    // A change to the same values is no change, and leaves no entry.
    expect((await t.patchLatest(path, change, { as: admin })).status).toBe(200);

    const entries = await auditOf(c.auditArea, record.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      `${c.action}.restored`,
      `${c.action}.archived`,
      `${c.action}.updated`,
      `${c.action}.created`,
    ]);
    const [restored, archived, updated, createdEntry] = entries;
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorId: admin.id, actorEmail: admin.email, area: c.auditArea });
      expect(entry.summary).toContain(record.name);
    }
    expect(createdEntry!.after).toMatchObject({ id: record.id, name: record.name });
    const changedKeys = Object.keys(change);
    expect(Object.keys(updated!.after as Body).sort()).toEqual(changedKeys.sort());
    expect(updated!.after).toEqual(change);
    expect(updated!.before).toEqual(Object.fromEntries(changedKeys.map((key) => [key, record[key]])));
    expect(archived).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(restored).toMatchObject({ before: { active: false }, after: { active: true } });
  });
});

describe('units', () => {
  it('shows the base unit’s symbol and refuses chains and self-reference', async () => {
    const kg = await created('/api/units', { name: 'Kilogram', symbol: 'kg' });
    const g = await created('/api/units', { name: 'Gram', symbol: 'g', baseUnitId: kg.id, factor: 0.001 });
    expect(g).toMatchObject({ baseUnitId: kg.id, baseUnitSymbol: 'kg', factor: 0.001 });
    expect(kg).toMatchObject({ baseUnitId: null, baseUnitSymbol: null, factor: 1 });

    await expectIssue(
      await t.post(
        '/api/units',
        { name: 'Milligram', symbol: 'mg', baseUnitId: g.id, factor: 0.001 },
        { as: admin },
      ),
      400,
      'invalid-argument',
      'baseUnitId',
    );
    await expectIssue(
      await t.patchLatest(`/api/units/${kg.id}`, { baseUnitId: kg.id }, { as: admin }),
      400,
      'invalid-argument',
      'baseUnitId',
    );
    // Kilogram is the base of gram: it cannot take a base of its own.
    const tonne = await created('/api/units', { name: 'Tonne', symbol: 't' });
    await expectIssue(
      await t.patchLatest(`/api/units/${kg.id}`, { baseUnitId: tonne.id, factor: 1000 }, { as: admin }),
      400,
      'invalid-argument',
      'baseUnitId',
    );
    // A base unit converts 1:1: another factor needs a base unit to convert to.
    await expectIssue(
      await t.post('/api/units', { name: 'Half', symbol: 'hf', factor: 0.5 }, { as: admin }),
      400,
      'invalid-argument',
      'factor',
    );
    await expectIssue(
      await t.patchLatest(`/api/units/${tonne.id}`, { factor: 1000 }, { as: admin }),
      400,
      'invalid-argument',
      'factor',
    );
    const gram = await t.patchLatest(`/api/units/${g.id}`, { factor: 0.002 }, { as: admin });
    expect(await gram.json()).toMatchObject({ baseUnitId: kg.id, factor: 0.002 });
    // An archived unit is no base for a new one; units already based on it keep it.
    const pound = await created('/api/units', { name: 'Pound', symbol: 'lb' });
    const ounce = await created('/api/units', {
      name: 'Ounce',
      symbol: 'oz',
      baseUnitId: pound.id,
      factor: 0.0625,
    });
    expect((await t.patchLatest(`/api/units/${pound.id}`, { active: false }, { as: admin })).status).toBe(
      200,
    );
    const archivedBase = await expectIssue(
      await t.post(
        '/api/units',
        { name: 'Stone', symbol: 'st', baseUnitId: pound.id, factor: 14 },
        { as: admin },
      ),
      400,
      'invalid-argument',
      'baseUnitId',
    );
    expect(archivedBase.message).toContain('archived');
    const kept = await t.patchLatest(
      `/api/units/${ounce.id}`,
      { baseUnitId: pound.id, factor: 0.0625 },
      { as: admin },
    );
    expect(kept.status).toBe(200);
    // A unit made a base unit again converts 1:1.
    const base = await t.patchLatest(`/api/units/${g.id}`, { baseUnitId: null }, { as: admin });
    expect(await base.json()).toMatchObject({ baseUnitId: null, factor: 1 });
  });
});

describe('bank accounts', () => {
  it('masks the account number in lists and shows it whole when read alone', async () => {
    const account = await created('/api/bank-accounts', {
      name: 'Main Account',
      type: 'bank',
      accountNumber: '9876-5432-10',
    });
    expect(account.accountNumber).toBe('9876-5432-10');
    const page = await list('/api/bank-accounts', '?search=Main%20Account');
    expect(page.items.map((item) => item.accountNumber)).toEqual(['•••• 3210']);
    expect((await read(`/api/bank-accounts/${account.id}`)).accountNumber).toBe('9876-5432-10');
    // No listed field shows the number whole (ids are left out: a random UUID may contain "9876").
    const listed = (await list('/api/bank-accounts', '?limit=500')).items.map(({ id: _id, ...rest }) => rest);
    expect(listed.length).toBeGreaterThan(0);
    expect(JSON.stringify(listed)).not.toContain('9876');
  });

  it('cannot be archived while the settings send payments into it: 409 naming the methods', async () => {
    const account = await buildBankAccount(t, { name: 'Card terminal', type: 'bank' }, { as: admin });
    const mapped = { paymentAccounts: { card: account.id, online: account.id } };
    expect((await t.patchLatest('/api/settings', mapped, { as: admin })).status).toBe(200);
    const refused = await expectErrorBody(
      await t.patchLatest(`/api/bank-accounts/${account.id}`, { active: false }, { as: admin }),
      409,
      'aborted',
    );
    expect(refused.message).toBe(
      'Bank account “Card terminal” receives card, online payments in the restaurant settings. Choose another account there first.',
    );
    expect((await read(`/api/bank-accounts/${account.id}`)).active).toBe(true);
    const notDeleted = await expectErrorBody(
      await t.del(`/api/bank-accounts/${account.id}`, { as: admin }),
      409,
      'aborted',
    );
    expect(notDeleted.message).toBe(refused.message);
    const cleared = { paymentAccounts: { card: null, online: null } };
    expect((await t.patchLatest('/api/settings', cleared, { as: admin })).status).toBe(200);
    expect(
      (await t.patchLatest(`/api/bank-accounts/${account.id}`, { active: false }, { as: admin })).status,
    ).toBe(200);
  });

  it('cannot be archived away from under the settings mapping silently: the mapping refuses it', async () => {
    const account = await buildBankAccount(t, {}, { as: admin });
    expect(
      (await t.patchLatest(`/api/bank-accounts/${account.id}`, { active: false }, { as: admin })).status,
    ).toBe(200);
    await expectIssue(
      await t.patchLatest('/api/settings', { paymentAccounts: { cash: account.id } }, { as: admin }),
      400,
      'invalid-argument',
      'paymentAccounts.cash',
    );
  });
});

describe('dining tables', () => {
  it('gives each table its ordering path and an SVG QR code (admin only)', async () => {
    const table = await buildTable(t, { name: 'Patio 7', seats: 2 }, { as: admin });
    expect(table.orderingPath).toBe('/?table=Patio%207');
    const qr = await t.get(`/api/dining-tables/${table.id}/qr-code`, { as: admin });
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toContain('image/svg+xml');
    expect(await qr.text()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    await expectErrorBody(
      await t.get(`/api/dining-tables/${table.id}/qr-code`, { as: as.customer }),
      403,
      'permission-denied',
    );
    await expectErrorBody(
      await t.get(`/api/dining-tables/${UNKNOWN_ID}/qr-code`, { as: admin }),
      404,
      'not-found',
    );
  });
});

describe('pagination over records made in the same instant', () => {
  it('walks every record exactly once when several share a creation time', async () => {
    // A restore or an import writes many rows with one timestamp, which PostgreSQL keeps to the microsecond.
    await t.db.execute(sql`
      insert into suppliers (name, created_at, updated_at)
      select 'Same Instant ' || n, '2020-05-05T10:00:00.123456Z', '2020-05-05T10:00:00.123456Z'
      from generate_series(1, 5) as n
    `);
    const all = await list('/api/suppliers', '?search=Same%20Instant&limit=500');
    expect(all.items).toHaveLength(5);
    const seen = await walk('/api/suppliers', '&search=Same%20Instant', 2);
    expect(seen.map((record) => record.id)).toEqual(all.items.map((record) => record.id));
  });
});
