import type {
  BankAccount,
  BankAccountInput,
  DiningTable,
  DiningTableInput,
  FoodCategory,
  FoodCategoryInput,
  Partner,
  PartnerInput,
  Supplier,
  SupplierInput,
  Unit,
  UnitInput,
} from '../../src/shared/contracts/master-data';
import type { MenuItem, MenuItemInput } from '../../src/shared/contracts/menu';
import type { Order, OrderInput } from '../../src/shared/contracts/orders';
import type { TestApp, TestUser } from './test-app';

/**
 * Test factories: `buildMenuItem(t)`, `buildCategory(t)`, … make a valid record
 * with a fresh name through the app's own HTTP API, as the screens do (validation, rules, audit and
 * live events included), and answer it as the API reads it. A test names only what it is about:
 * `buildMenuItem(t, { price: 100 })`; everything else gets a sensible default.
 *
 * `t` is either an API test app (the record is made by an administrator the factory signs up once per
 * app, or by `as`) or a `FactoryClient`, which the browser tests make from Playwright's request context
 * (tests/e2e/helpers.ts `apiClient`). This file imports no test runner, so both kinds of test use it.
 */

/** Sends one JSON request as a signed-in administrator and answers the status and the parsed body. */
export interface FactoryClient {
  send(
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: unknown }>;
}

export type FactoryTarget = TestApp | FactoryClient;

interface BuildOptions {
  /** Who makes the record in an API test (an administrator by default). */
  as?: TestUser;
  /** Extra request headers (an order's `Idempotency-Key`). */
  headers?: Record<string, string>;
}

const admins = new WeakMap<TestApp, Promise<TestUser>>();
const defaultCategories = new WeakMap<FactoryTarget, Promise<FoodCategory>>();

let sequence = 0;
/** A name no other factory call of this run has made (names are unique per resource, any case). */
export function uniqueName(prefix: string): string {
  sequence += 1;
  return `${prefix} ${sequence}-${Math.random().toString(36).slice(2, 6)}`;
}

function isTestApp(target: FactoryTarget): target is TestApp {
  return 'buildUser' in target;
}

/** The administrator who makes records in an API test app, signed up on first use. */
export function factoryAdmin(t: TestApp): Promise<TestUser> {
  let admin = admins.get(t);
  if (!admin) {
    admin = t.buildUser({ role: 'admin', name: 'Factory Admin' });
    admins.set(t, admin);
  }
  return admin;
}

async function create<T>(
  target: FactoryTarget,
  path: string,
  body: object,
  options: BuildOptions,
): Promise<T> {
  let status: number;
  let answer: unknown;
  if (isTestApp(target)) {
    const response = await target.post(path, body, {
      as: options.as ?? (await factoryAdmin(target)),
      ...(options.headers ? { headers: options.headers } : {}),
    });
    status = response.status;
    answer = await response.json().catch(() => undefined);
  } else {
    ({ status, body: answer } = await target.send('POST', path, body, options.headers));
  }
  if (status !== 201) {
    throw new Error(
      `factory: POST ${path} answered ${status}: ${JSON.stringify(answer)} (sent ${JSON.stringify(body)})`,
    );
  }
  return answer as T;
}

/** A food category with a fresh name. */
export function buildCategory(
  t: FactoryTarget,
  overrides: Partial<FoodCategoryInput> = {},
  options: BuildOptions = {},
): Promise<FoodCategory> {
  return create(t, '/api/food-categories', { name: uniqueName('Category'), ...overrides }, options);
}

/** The one category that items built without a `categoryId` go into (made once per app or client). */
function defaultCategory(t: FactoryTarget): Promise<FoodCategory> {
  let category = defaultCategories.get(t);
  if (!category) {
    category = buildCategory(t, { name: uniqueName('Factory dishes') });
    defaultCategories.set(t, category);
    category.catch(() => defaultCategories.delete(t));
  }
  return category;
}

/**
 * A menu item with a fresh name and a price of 450 (4.50 in a two-decimal currency), in `categoryId`
 * or else in one shared factory category; no modifiers, tags or allergens unless given.
 */
export async function buildMenuItem(
  t: FactoryTarget,
  overrides: Partial<MenuItemInput> = {},
  options: BuildOptions = {},
): Promise<MenuItem> {
  const categoryId = overrides.categoryId ?? (await defaultCategory(t)).id;
  const body = { name: uniqueName('Dish'), price: 450, ...overrides, categoryId };
  return create(t, '/api/menu/items', body, options);
}

/** A dining table with a fresh name and four seats. */
export function buildTable(
  t: FactoryTarget,
  overrides: Partial<DiningTableInput> = {},
  options: BuildOptions = {},
): Promise<DiningTable> {
  return create(t, '/api/dining-tables', { name: uniqueName('Table'), seats: 4, ...overrides }, options);
}

/** A base unit of measure (no base, factor 1) with a fresh name and symbol. */
export function buildUnit(
  t: FactoryTarget,
  overrides: Partial<UnitInput> = {},
  options: BuildOptions = {},
): Promise<Unit> {
  sequence += 1;
  const body = { name: uniqueName('Unit'), symbol: `u${sequence}`, ...overrides };
  return create(t, '/api/units', body, options);
}

/** A supplier with a fresh name and no contact details. */
export function buildSupplier(
  t: FactoryTarget,
  overrides: Partial<SupplierInput> = {},
  options: BuildOptions = {},
): Promise<Supplier> {
  return create(t, '/api/suppliers', { name: uniqueName('Supplier'), ...overrides }, options);
}

/** A delivery partner with a fresh name, taking 15 % commission. */
export function buildPartner(
  t: FactoryTarget,
  overrides: Partial<PartnerInput> = {},
  options: BuildOptions = {},
): Promise<Partner> {
  return create(
    t,
    '/api/partners',
    { name: uniqueName('Partner'), kind: 'delivery', commissionPercent: 15, ...overrides },
    options,
  );
}

/** A cash account with a fresh name and no opening balance. */
export function buildBankAccount(
  t: FactoryTarget,
  overrides: Partial<BankAccountInput> = {},
  options: BuildOptions = {},
): Promise<BankAccount> {
  return create(
    t,
    '/api/bank-accounts',
    { name: uniqueName('Account'), type: 'cash', ...overrides },
    options,
  );
}

/**
 * An order through `POST /api/orders` with a fresh `Idempotency-Key`: by default a takeaway of one new
 * menu item. Made by an administrator (a confirmed point-of-sale order) unless `as` is a customer
 * (a pending order request) or the client is signed in as someone else.
 */
export async function buildOrder(
  t: FactoryTarget,
  overrides: Partial<OrderInput> = {},
  options: BuildOptions = {},
): Promise<Order> {
  const lines = overrides.lines ?? [{ menuItemId: (await buildMenuItem(t)).id, quantity: 1 }];
  const body: OrderInput = { type: 'takeaway', ...overrides, lines };
  const headers = { 'Idempotency-Key': crypto.randomUUID(), ...options.headers };
  return create(t, '/api/orders', body, { ...options, headers });
}
