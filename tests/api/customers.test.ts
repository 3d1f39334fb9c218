import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

let t: TestApp;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.buildUser({ role: 'staff' });
  for (const name of ['Alice Archer', 'Bob Baker', 'Carla Cook', 'Dan 100% Diner', 'Eve Evans']) {
    await t.buildUser({ name });
  }
  await t.buildUser({ role: 'manager', name: 'Alice Manager' });
});
afterAll(() => t.close());

type Page = { items: { name: string; email: string }[]; nextCursor: string | null };

describe('GET /api/customers', () => {
  it('lists customers only, newest first', async () => {
    const page = (await (await t.get('/api/customers', { as: staff })).json()) as Page;
    expect(page.items.map((item) => item.name)).toEqual([
      'Eve Evans',
      'Dan 100% Diner',
      'Carla Cook',
      'Bob Baker',
      'Alice Archer',
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it('pages with a cursor without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const page = (await (await t.get(`/api/customers${query}`, { as: staff })).json()) as Page;
      seen.push(...page.items.map((item) => item.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(['Eve Evans', 'Dan 100% Diner', 'Carla Cook', 'Bob Baker', 'Alice Archer']);
  });

  it('searches name and e-mail, treating % and _ literally', async () => {
    const alice = (await (await t.get('/api/customers?search=alice', { as: staff })).json()) as Page;
    expect(alice.items.map((item) => item.name)).toEqual(['Alice Archer']);
    const percent = (await (await t.get('/api/customers?search=100%25', { as: staff })).json()) as Page;
    expect(percent.items.map((item) => item.name)).toEqual(['Dan 100% Diner']);
    const wildcard = (await (await t.get('/api/customers?search=%25', { as: staff })).json()) as Page;
    expect(wildcard.items.map((item) => item.name)).toEqual(['Dan 100% Diner']);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=-3', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    ['sort=name', 'sort'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const error = await expectErrorBody(
      await t.get(`/api/customers?${query}`, { as: staff }),
      400,
      'invalid-argument',
    );
    expect(error.message).toContain(field);
  });

  it('accepts the largest limit', async () => {
    expect((await t.get('/api/customers?limit=500', { as: staff })).status).toBe(200);
  });
});
