import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/lib/context';
import { AppError } from '../../src/server/lib/errors';
import { removeProfilePhoto, setProfilePhoto } from '../../src/server/modules/account/account.service';
import { contactMessages } from '../../src/server/modules/contact/contact.schema';
import { setContactMessageHandled } from '../../src/server/modules/contact/contact.service';
import { createCoupon, listCoupons } from '../../src/server/modules/coupons';
import { changesAPrice, menuItemResource } from '../../src/server/modules/menu/menu.service';
import {
  getSettings,
  getSettingsAs,
  updateSettings,
} from '../../src/server/modules/settings/settings.service';
import { changeUserRole, setUserDisabled } from '../../src/server/modules/users/user-admin.service';
import { listCustomers } from '../../src/server/modules/users/users.service';
import { can, POLICY_DEFINITIONS, type PolicyAction, type PolicyActor } from '../../src/server/policies';
import { customerFeedback, customerFeedbackSummary } from '../../src/server/use-cases/customer-feedback';
import { CASH_CLOSES_API } from '../../src/shared/contracts/cash-closes';
import { COUPONS_API, type Coupon } from '../../src/shared/contracts/coupons';
import { BUDGETS_API, EXPENSES_API, type Expense } from '../../src/shared/contracts/expenses';
import { INVENTORY_API, type InventoryItem } from '../../src/shared/contracts/inventory';
import { INVENTORY_USAGE_PATH } from '../../src/shared/contracts/inventory-usage';
import { type BankTransaction, LEDGER_API } from '../../src/shared/contracts/ledger';
import type { FoodCategory } from '../../src/shared/contracts/master-data';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { PURCHASE_ORDERS_API, type PurchaseOrder } from '../../src/shared/contracts/purchase-orders';
import { RECIPE_API } from '../../src/shared/contracts/recipes';
import { REPORTS_API } from '../../src/shared/contracts/reports';
import { SETTLEMENTS_API } from '../../src/shared/contracts/settlements';
import {
  STOCK_COUNTS_API,
  type StockCount,
  type StockCountPage,
} from '../../src/shared/contracts/stock-counts';
import { MENU_API } from '../../src/shared/menu-catalog';
import { ROLES, type Role } from '../../src/shared/roles';
import { buildBankAccount, buildPartner, buildSupplier } from '../support/factories';
import { movedOrder, placedOrder } from '../support/orders';
import { settingsForPayments } from '../support/payments';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * Every policy that has a route today, called through HTTP by every role: the answer must be what
 * `can` says (the table printed and pinned by src/server/policies/policies.test.ts), so a route or a
 * service that enforces more or less than its policy fails here. Then the services are called
 * directly, without the route's guard, and must refuse on their own.
 */

let t: TestApp;
const as = {} as Record<Role, TestUser>;
let category: FoodCategory;

type Body = Record<string, unknown>;
const ITEMS = MENU_API.items;

/** The actor a service sees for a signed-in test user. */
const actorOf = (user: TestUser): Actor => ({
  id: user.id,
  email: user.email,
  name: `Test ${user.role}`,
  role: user.role,
  sessionId: 'policy-test',
});

/** The stale-write `version` of a record, when the record has one (sent back with a change). */
const versionOf = (record: object): Body => {
  const version = (record as { version?: unknown }).version;
  return typeof version === 'number' ? { version } : {};
};

let counter = 0;
async function createItem(overrides: Body = {}): Promise<MenuItem> {
  counter += 1;
  const response = await t.post(
    ITEMS,
    {
      name: `Policy latte ${counter}`,
      categoryId: category.id,
      price: 450,
      modifierGroups: [
        { name: 'Size', minChoices: 1, maxChoices: 1, options: [{ name: 'Large', priceDelta: 150 }] },
      ],
      ...overrides,
    },
    { as: as.admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as MenuItem;
}

async function readItem(id: string): Promise<MenuItem> {
  const response = await t.get(`${ITEMS}/${id}`, { as: as.admin });
  expect(response.status).toBe(200);
  return (await response.json()) as MenuItem;
}

async function jpeg(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c60' } })
      .jpeg()
      .toBuffer(),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) as[role] = await t.buildUser({ role });
  const response = await t.post('/api/food-categories', { name: 'Policy drinks' }, { as: as.admin });
  expect(response.status, await response.clone().text()).toBe(201);
  category = (await response.json()) as FoodCategory;
});
afterAll(() => t.close());

/** Who calls: nobody, a role acting on someone else's record, or an admin acting on their own account. */
type Caller = 'anonymous' | Role | 'self';

interface RouteCase<C = unknown> {
  action: PolicyAction;
  route: string;
  /** The status of an allowed call. */
  ok: number;
  callers?: readonly Caller[];
  /** Fresh state for one call (an item to change, a user to disable). */
  prepare?: (caller: Caller) => Promise<C>;
  call: (user: TestUser | null, context: C) => Promise<Response>;
  /** The record `can` is asked about. */
  record?: (user: TestUser | null, context: C) => unknown;
  /** After a refused call: nothing changed. */
  unchanged?: (context: C) => Promise<void>;
  /**
   * The answer to a refused call when the route hides the record from whoever may not act on it (an
   * order's feedback: 404, as for an order that does not exist) instead of 401 or 403.
   */
  refused?: { status: number; code: string };
}

/** One case, its context type checked against its own callbacks, then kept with the others. */
const routeCase = <C>(definition: RouteCase<C>) => definition as unknown as RouteCase<unknown>;

const ANYONE: readonly Caller[] = ['anonymous', ...ROLES];
const userOf = (caller: Caller): TestUser | null =>
  caller === 'anonymous' ? null : as[caller === 'self' ? 'admin' : caller];

/** A fresh team member for a user-administration call, or the admin themself for `self`. */
const targetUser = async (caller: Caller) => (caller === 'self' ? as.admin : t.buildUser({ role: 'staff' }));

/** A fresh 10 % coupon, made by the admin. */
async function createCouponAsAdmin(): Promise<Coupon> {
  const response = await t.post(
    COUPONS_API.coupons,
    { code: `POLICY${++counter}`, kind: 'percent', value: 10, channels: ['pos', 'online'] },
    { as: as.admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Coupon;
}

async function readCouponAsAdmin(id: string): Promise<Coupon> {
  const response = await t.get(`${COUPONS_API.coupons}/${id}`, { as: as.admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Coupon;
}

/** A completed takeaway of the customer's (the settings for online orders and an item made once). */
let orderItem: Promise<MenuItem> | undefined;
async function completedCustomerOrder(): Promise<Order> {
  orderItem ??= settingsForPayments(t, as.admin).then(() => createItem({ modifierGroups: [] }));
  const item = await orderItem;
  let order = await placedOrder(
    t,
    { type: 'takeaway', lines: [{ menuItemId: item.id, quantity: 1 }] },
    as.customer,
  );
  for (const status of ['confirmed', 'preparing', 'ready', 'completed'] as const) {
    order = await movedOrder(t, order, status, as.staff);
  }
  return order;
}

/** A unit for inventory items, made once. */
let stockUnit: Promise<{ id: string }> | undefined;

/** A fresh inventory item (kept in a unit of its own), made by the admin. */
async function inventoryItemAsAdmin(): Promise<InventoryItem> {
  stockUnit ??= t
    .post('/api/units', { name: 'Policy kilogram', symbol: 'pkg' }, { as: as.admin })
    .then((response) => response.json() as Promise<{ id: string }>);
  const response = await t.post(
    INVENTORY_API.items,
    { name: `Policy flour ${++counter}`, group: 'ingredient', unitId: (await stockUnit).id },
    { as: as.admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as InventoryItem;
}

/** No count open (so a new one may open), each cancelled by the admin. */
async function cancelOpenCounts(): Promise<void> {
  const response = await t.get(`${STOCK_COUNTS_API.counts}?status=open`, { as: as.admin });
  const page = (await response.json()) as StockCountPage;
  for (const count of page.items) {
    await t.post(STOCK_COUNTS_API.cancel(count.id), { version: count.version }, { as: as.admin });
  }
}

/** A fresh open count of every item (with one item at least), opened by the admin. */
async function openCountAsAdmin(): Promise<StockCount> {
  await inventoryItemAsAdmin();
  await cancelOpenCounts();
  const response = await t.post(STOCK_COUNTS_API.counts, {}, { as: as.admin });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as StockCount;
}

async function readCountAsAdmin(id: string): Promise<StockCount> {
  return (await t.get(STOCK_COUNTS_API.count(id), { as: as.admin })).json() as Promise<StockCount>;
}

async function readInventoryItem(id: string): Promise<InventoryItem> {
  const response = await t.get(INVENTORY_API.item(id), { as: as.admin });
  expect(response.status).toBe(200);
  return (await response.json()) as InventoryItem;
}

/** A contact message as sent from /contact. */
/** A supplier for purchase orders, made once. */
/** A fresh bank account, its ledger empty. */
const policyAccount = () => buildBankAccount(t, { type: 'bank' }, { as: as.admin });
const ledgerDay = () => new Date().toISOString().slice(0, 10);
async function ledgerRows(accountId: string): Promise<number> {
  const response = await t.get(LEDGER_API.accountTransactions(accountId), { as: as.admin });
  return ((await response.json()) as { items: unknown[] }).items.length;
}

let expenseCategory: Promise<{ id: string }> | undefined;
const policyExpenseCategory = () => {
  expenseCategory ??= t
    .post('/api/expense-categories', { name: `Policy costs ${Date.now()}` }, { as: as.admin })
    .then((response) => response.json() as Promise<{ id: string }>);
  return expenseCategory;
};

/** A fresh expense of 1.00 from a fresh account, by the admin. */
async function policyExpense(): Promise<Expense> {
  const account = await policyAccount();
  const response = await t.post(
    EXPENSES_API.expenses,
    {
      date: ledgerDay(),
      categoryId: (await policyExpenseCategory()).id,
      amount: 100,
      description: 'Policy',
      accountId: account.id,
    },
    { as: as.admin },
  );
  expect(response.status).toBe(201);
  return (await response.json()) as Expense;
}

let poSupplier: Promise<{ id: string }> | undefined;

/** A fresh draft purchase order of one line (2 of a fresh item at 150), by the admin. */
async function draftPurchaseOrderAsAdmin(): Promise<PurchaseOrder> {
  poSupplier ??= buildSupplier(t, { email: 'policy@supplier.test' }, { as: as.admin });
  const item = await inventoryItemAsAdmin();
  const response = await t.post(
    PURCHASE_ORDERS_API.orders,
    {
      supplierId: (await poSupplier).id,
      lines: [{ inventoryItemId: item.id, quantity: '2', unitCost: 150 }],
    },
    { as: as.admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as PurchaseOrder;
}

/** A fresh purchase order sent to its supplier. */
async function sentPurchaseOrderAsAdmin(): Promise<PurchaseOrder> {
  const draft = await draftPurchaseOrderAsAdmin();
  const response = await t.post(
    PURCHASE_ORDERS_API.status(draft.id),
    { status: 'ordered', version: draft.version },
    { as: as.admin },
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PurchaseOrder;
}

async function readPurchaseOrderAsAdmin(id: string): Promise<PurchaseOrder> {
  const response = await t.get(PURCHASE_ORDERS_API.order(id), { as: as.admin });
  return (await response.json()) as PurchaseOrder;
}

/** A supplier of its own with one item below its reorder level, so a suggestion has a line. */
async function lowItemSupplierAsAdmin(): Promise<{ id: string }> {
  const supplier = await buildSupplier(t, {}, { as: as.admin });
  const item = await inventoryItemAsAdmin();
  const response = await t.patch(
    INVENTORY_API.item(item.id),
    { reorderLevel: '5', parLevel: '10', preferredSupplierId: supplier.id, version: item.version },
    { as: as.admin },
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return supplier;
}

async function purchaseOrderCount(): Promise<number> {
  const response = await t.get(`${PURCHASE_ORDERS_API.orders}?limit=500`, { as: as.admin });
  return ((await response.json()) as { items: unknown[] }).items.length;
}

/** A menu item with no recipe yet. */
async function menuItemWithoutRecipe(): Promise<MenuItem> {
  return createItem();
}

async function contactMessage(): Promise<{ id: string }> {
  const [message] = await t.db
    .insert(contactMessages)
    .values({ name: 'Ada', email: 'ada@example.com', subject: `Policy ${++counter}`, message: 'Hello' })
    .returning({ id: contactMessages.id });
  if (!message) throw new Error('no contact message');
  return message;
}

const itemCase = (
  action: PolicyAction,
  change: (item: MenuItem) => Body,
  unchanged: (before: MenuItem, after: MenuItem) => void,
) =>
  routeCase<MenuItem>({
    action,
    route: `PATCH ${ITEMS}/{id} ${JSON.stringify(Object.keys(change({ price: 0, modifierGroups: [] } as never)))}`,
    ok: 200,
    prepare: () => createItem(),
    call: (user, item) =>
      t.patch(`${ITEMS}/${item.id}`, { ...change(item), ...versionOf(item) }, { as: user }),
    unchanged: async (item) => unchanged(item, await readItem(item.id)),
  });

const cases: RouteCase<unknown>[] = [
  routeCase({
    action: 'menu.public.read',
    route: `GET ${MENU_API.publicMenu}`,
    ok: 200,
    call: (user) => t.get(MENU_API.publicMenu, { as: user }),
  }),
  routeCase({
    action: 'menu.item.read',
    route: `GET ${ITEMS}`,
    ok: 200,
    call: (user) => t.get(ITEMS, { as: user }),
  }),
  routeCase({
    action: 'menu.item.create',
    route: `POST ${ITEMS}`,
    ok: 201,
    call: (user) =>
      t.post(ITEMS, { name: `Created ${++counter}`, categoryId: category.id, price: 300 }, { as: user }),
  }),
  itemCase(
    'menu.item.update',
    () => ({ description: 'Changed by someone' }),
    (before, after) => expect(after.description).toBe(before.description),
  ),
  itemCase(
    'menu.item.price.change',
    (item) => ({ price: item.price + 50 }),
    (before, after) => expect(after.price).toBe(before.price),
  ),
  routeCase({
    action: 'menu.item.delete',
    route: `DELETE ${ITEMS}/{id}`,
    ok: 204,
    prepare: () => createItem(),
    call: (user, item: MenuItem) => t.del(`${ITEMS}/${item.id}`, { as: user }),
    unchanged: async (item: MenuItem) => void (await readItem(item.id)),
  }),
  routeCase({
    action: 'menu.item.reorder',
    route: `POST ${MENU_API.reorderItems}`,
    ok: 204,
    prepare: async () => [await createItem(), await createItem()],
    call: (user, items: MenuItem[]) =>
      t.post(MENU_API.reorderItems, { ids: items.map((item) => item.id).reverse() }, { as: user }),
  }),
  routeCase({
    action: 'settings.read',
    route: 'GET /api/settings',
    ok: 200,
    call: (user) => t.get('/api/settings', { as: user }),
  }),
  routeCase({
    action: 'settings.update',
    route: 'PATCH /api/settings',
    ok: 200,
    prepare: () => getSettings(t.db),
    call: (user, settings: Awaited<ReturnType<typeof getSettings>>) =>
      t.patch('/api/settings', { name: `Cafe ${++counter}`, ...versionOf(settings) }, { as: user }),
    unchanged: async (settings: Awaited<ReturnType<typeof getSettings>>) =>
      expect((await getSettings(t.db)).name).toBe(settings.name),
  }),
  routeCase({
    action: 'users.read',
    route: 'GET /api/admin/users',
    ok: 200,
    call: (user) => t.get('/api/admin/users?group=staff', { as: user }),
  }),
  routeCase({
    action: 'users.invite',
    route: 'POST /api/admin/users',
    ok: 201,
    call: (user) =>
      t.post(
        '/api/admin/users',
        { name: 'New Waiter', email: `waiter-${++counter}@test.brigade`, role: 'staff' },
        { as: user },
      ),
  }),
  routeCase({
    action: 'users.role.change',
    route: 'PATCH /api/admin/users/{id}/role',
    ok: 200,
    callers: [...ANYONE, 'self'],
    prepare: targetUser,
    call: (user, target: TestUser) =>
      t.patch(`/api/admin/users/${target.id}/role`, { role: 'manager' }, { as: user }),
    record: (_user, target: TestUser) => ({ id: target.id }),
    unchanged: async (target: TestUser) => {
      const response = await t.get(`/api/admin/users/${target.id}`, { as: as.admin });
      expect(((await response.json()) as { role: Role }).role).toBe(target.role);
    },
  }),
  routeCase({
    action: 'users.disable',
    route: 'POST /api/admin/users/{id}/disable',
    ok: 200,
    callers: [...ANYONE, 'self'],
    prepare: targetUser,
    call: (user, target: TestUser) =>
      t.post(`/api/admin/users/${target.id}/disable`, undefined, { as: user }),
    record: (_user, target: TestUser) => ({ id: target.id }),
    unchanged: async (target: TestUser) => {
      expect((await t.get('/api/me', { as: target })).status).toBe(200);
    },
  }),
  routeCase({
    action: 'users.enable',
    route: 'POST /api/admin/users/{id}/enable',
    ok: 200,
    prepare: async () => {
      const target = await t.buildUser({ role: 'staff' });
      expect(
        (await t.post(`/api/admin/users/${target.id}/disable`, undefined, { as: as.admin })).status,
      ).toBe(200);
      return target;
    },
    call: (user, target: TestUser) => t.post(`/api/admin/users/${target.id}/enable`, undefined, { as: user }),
    record: (_user, target: TestUser) => ({ id: target.id }),
  }),
  routeCase({
    action: 'users.password-reset.send',
    route: 'POST /api/admin/users/{id}/password-reset',
    ok: 202,
    prepare: () => t.buildUser({ role: 'customer' }),
    call: (user, target: TestUser) =>
      t.post(`/api/admin/users/${target.id}/password-reset`, undefined, { as: user }),
    record: (_user, target: TestUser) => ({ id: target.id }),
  }),
  routeCase({
    action: 'customers.read',
    route: 'GET /api/customers',
    ok: 200,
    call: (user) => t.get('/api/customers', { as: user }),
  }),
  routeCase({
    // Every signed-in user reads their own account, and no route names anyone else's.
    action: 'account.read',
    route: 'GET /api/me',
    ok: 200,
    call: async (user) => {
      const response = await t.get('/api/me', { as: user });
      if (response.status === 200 && user) expect((await response.clone().json()).uid).toBe(user.id);
      return response;
    },
    record: (user) => ({ ownerId: user?.id ?? null }),
  }),
  routeCase({
    action: 'account.update',
    route: 'DELETE /api/account/photo',
    ok: 200,
    call: (user) => t.del('/api/account/photo', { as: user }),
    record: (user) => ({ ownerId: user?.id ?? null }),
  }),
  routeCase({
    action: 'coupon.manage',
    route: `GET ${COUPONS_API.coupons}`,
    ok: 200,
    call: (user) => t.get(COUPONS_API.coupons, { as: user }),
  }),
  routeCase<Coupon>({
    action: 'coupon.manage',
    route: `GET ${COUPONS_API.coupons}/{id}`,
    ok: 200,
    prepare: () => createCouponAsAdmin(),
    call: (user, coupon) => t.get(`${COUPONS_API.coupons}/${coupon.id}`, { as: user }),
  }),
  routeCase({
    action: 'coupon.manage',
    route: `POST ${COUPONS_API.coupons}`,
    ok: 201,
    call: (user) =>
      t.post(
        COUPONS_API.coupons,
        { code: `POLICY${++counter}`, kind: 'amount', value: 200, channels: ['pos'] },
        { as: user },
      ),
  }),
  routeCase<Coupon>({
    action: 'coupon.manage',
    route: `PATCH ${COUPONS_API.coupons}/{id}`,
    ok: 200,
    prepare: () => createCouponAsAdmin(),
    call: (user, coupon) =>
      t.patch(`${COUPONS_API.coupons}/${coupon.id}`, { value: 50, ...versionOf(coupon) }, { as: user }),
    unchanged: async (coupon) => expect((await readCouponAsAdmin(coupon.id)).value).toBe(coupon.value),
  }),
  routeCase<Coupon>({
    action: 'coupon.manage',
    route: `DELETE ${COUPONS_API.coupons}/{id}`,
    ok: 204,
    prepare: () => createCouponAsAdmin(),
    call: (user, coupon) => t.del(`${COUPONS_API.coupons}/${coupon.id}`, { as: user }),
    unchanged: async (coupon) => void (await readCouponAsAdmin(coupon.id)),
  }),
  routeCase<Coupon>({
    action: 'coupon.check',
    route: `POST ${COUPONS_API.check}`,
    ok: 200,
    prepare: () => createCouponAsAdmin(),
    call: (user, coupon) => t.post(COUPONS_API.check, { code: coupon.code, subtotal: 1000 }, { as: user }),
  }),
  routeCase({
    action: 'inventory.item.read',
    route: `GET ${INVENTORY_API.items}`,
    ok: 200,
    call: (user) => t.get(INVENTORY_API.items, { as: user }),
  }),
  routeCase({
    action: 'inventory.item.read',
    route: `GET ${INVENTORY_API.itemsExport}`,
    ok: 200,
    call: (user) => t.get(INVENTORY_API.itemsExport, { as: user }),
  }),
  routeCase({
    action: 'inventory.item.read',
    route: `GET ${INVENTORY_API.summary}`,
    ok: 200,
    call: (user) => t.get(INVENTORY_API.summary, { as: user }),
  }),
  routeCase({
    action: 'inventory.item.read',
    route: `GET ${INVENTORY_USAGE_PATH}`,
    ok: 200,
    call: (user) => t.get(`${INVENTORY_USAGE_PATH}?from=2026-01-01&to=2026-01-31`, { as: user }),
  }),
  routeCase<{ name: string; unit: string }>({
    action: 'inventory.item.import',
    route: `POST ${INVENTORY_API.itemsImport}`,
    ok: 201,
    prepare: async () => {
      await inventoryItemAsAdmin();
      return { name: `Policy import ${++counter}`, unit: 'pkg' };
    },
    call: (user, row) =>
      t.post(
        INVENTORY_API.itemsImport,
        { csv: `Name,Group,Unit\n${row.name},ingredient,${row.unit}\n` },
        { as: user },
      ),
    unchanged: async (row) => {
      const response = await t.get(`${INVENTORY_API.items}?search=${encodeURIComponent(row.name)}`, {
        as: as.admin,
      });
      expect(((await response.json()) as { items: unknown[] }).items).toEqual([]);
    },
  }),
  routeCase<InventoryItem>({
    action: 'inventory.item.read',
    route: `GET ${INVENTORY_API.items}/{id}`,
    ok: 200,
    prepare: () => inventoryItemAsAdmin(),
    call: (user, item) => t.get(INVENTORY_API.item(item.id), { as: user }),
  }),
  routeCase<InventoryItem>({
    action: 'inventory.item.read',
    route: `GET ${INVENTORY_API.items}/{id}/movements`,
    ok: 200,
    prepare: () => inventoryItemAsAdmin(),
    call: (user, item) => t.get(INVENTORY_API.itemMovements(item.id), { as: user }),
  }),
  routeCase<{ id: string }>({
    action: 'inventory.item.create',
    route: `POST ${INVENTORY_API.items}`,
    ok: 201,
    prepare: async () => {
      const item = await inventoryItemAsAdmin();
      return { id: item.unitId };
    },
    call: (user, unit) =>
      t.post(
        INVENTORY_API.items,
        { name: `Policy sugar ${++counter}`, group: 'ingredient', unitId: unit.id },
        { as: user },
      ),
  }),
  routeCase<InventoryItem>({
    action: 'inventory.item.update',
    route: `PATCH ${INVENTORY_API.items}/{id}`,
    ok: 200,
    prepare: () => inventoryItemAsAdmin(),
    call: (user, item) =>
      t.patch(
        INVENTORY_API.item(item.id),
        { name: `${item.name} (renamed)`, version: item.version },
        { as: user },
      ),
    unchanged: async (item) => expect((await readInventoryItem(item.id)).name).toBe(item.name),
  }),
  routeCase<InventoryItem>({
    action: 'inventory.movement.create',
    route: `POST ${INVENTORY_API.movements}`,
    ok: 201,
    prepare: () => inventoryItemAsAdmin(),
    call: (user, item) =>
      t.post(
        INVENTORY_API.movements,
        { itemId: item.id, type: 'adjustment', quantity: '1.5', reason: 'Policy check' },
        { as: user },
      ),
    unchanged: async (item) => expect((await readInventoryItem(item.id)).onHand).toBe('0.000'),
  }),
  routeCase({
    action: 'inventory.count.read',
    route: `GET ${STOCK_COUNTS_API.counts}`,
    ok: 200,
    call: (user) => t.get(STOCK_COUNTS_API.counts, { as: user }),
  }),
  routeCase<StockCount>({
    action: 'inventory.count.read',
    route: `GET ${STOCK_COUNTS_API.counts}/{id}`,
    ok: 200,
    prepare: () => openCountAsAdmin(),
    call: (user, count) => t.get(STOCK_COUNTS_API.count(count.id), { as: user }),
  }),
  routeCase({
    action: 'inventory.count.open',
    route: `POST ${STOCK_COUNTS_API.counts}`,
    ok: 201,
    prepare: async () => {
      await inventoryItemAsAdmin();
      await cancelOpenCounts();
    },
    call: (user) => t.post(STOCK_COUNTS_API.counts, { group: 'ingredient' }, { as: user }),
  }),
  routeCase<StockCount>({
    action: 'inventory.count.count',
    route: `PATCH ${STOCK_COUNTS_API.counts}/{id}/lines`,
    ok: 200,
    prepare: () => openCountAsAdmin(),
    call: (user, count) =>
      t.patch(
        STOCK_COUNTS_API.lines(count.id),
        { lines: [{ itemId: count.lines[0]?.itemId, counted: '2' }] },
        { as: user },
      ),
    unchanged: async (count) => expect((await readCountAsAdmin(count.id)).version).toBe(count.version),
  }),
  routeCase<StockCount>({
    action: 'inventory.count.close',
    route: `POST ${STOCK_COUNTS_API.counts}/{id}/finish`,
    ok: 200,
    prepare: () => openCountAsAdmin(),
    call: (user, count) =>
      t.post(STOCK_COUNTS_API.finish(count.id), { version: count.version }, { as: user }),
    unchanged: async (count) => expect((await readCountAsAdmin(count.id)).status).toBe('open'),
  }),
  routeCase<StockCount>({
    action: 'inventory.count.close',
    route: `POST ${STOCK_COUNTS_API.counts}/{id}/cancel`,
    ok: 200,
    prepare: () => openCountAsAdmin(),
    call: (user, count) =>
      t.post(STOCK_COUNTS_API.cancel(count.id), { version: count.version }, { as: user }),
    unchanged: async (count) => expect((await readCountAsAdmin(count.id)).status).toBe('open'),
  }),
  routeCase<MenuItem>({
    action: 'inventory.recipe.read',
    route: 'GET /api/menu/items/{id}/recipe',
    ok: 200,
    prepare: () => menuItemWithoutRecipe(),
    call: (user, item) => t.get(RECIPE_API.recipe(item.id), { as: user }),
  }),
  routeCase<{ menu: MenuItem; stock: InventoryItem }>({
    action: 'inventory.recipe.update',
    route: 'PUT /api/menu/items/{id}/recipe',
    ok: 200,
    prepare: async () => ({ menu: await menuItemWithoutRecipe(), stock: await inventoryItemAsAdmin() }),
    call: (user, { menu, stock }) =>
      t.request(
        RECIPE_API.recipe(menu.id),
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ lines: [{ inventoryItemId: stock.id, quantity: '0.018' }], options: [] }),
        },
        { as: user },
      ),
    unchanged: async ({ menu }) => {
      const response = await t.get(RECIPE_API.recipe(menu.id), { as: as.admin });
      expect(((await response.json()) as { lines: unknown[] }).lines).toEqual([]);
    },
  }),
  routeCase({
    action: 'purchase-order.read',
    route: `GET ${PURCHASE_ORDERS_API.orders}`,
    ok: 200,
    call: (user) => t.get(PURCHASE_ORDERS_API.orders, { as: user }),
  }),
  routeCase({
    action: 'ledger.read',
    route: `GET ${LEDGER_API.balances}`,
    ok: 200,
    call: (user) => t.get(LEDGER_API.balances, { as: user }),
  }),
  routeCase<{ id: string }>({
    action: 'ledger.read',
    route: 'GET /api/bank-accounts/{id}/transactions',
    ok: 200,
    prepare: () => policyAccount(),
    call: (user, account) => t.get(LEDGER_API.accountTransactions(account.id), { as: user }),
  }),
  routeCase<{ id: string }>({
    action: 'ledger.record',
    route: `POST ${LEDGER_API.transactions}`,
    ok: 201,
    prepare: () => policyAccount(),
    call: (user, account) =>
      t.post(
        LEDGER_API.transactions,
        { accountId: account.id, kind: 'deposit', amount: 100, date: ledgerDay(), description: 'Policy' },
        { as: user },
      ),
    unchanged: async (account) => expect(await ledgerRows(account.id)).toBe(0),
  }),
  routeCase<{ from: { id: string }; to: { id: string } }>({
    action: 'ledger.record',
    route: `POST ${LEDGER_API.transfers}`,
    ok: 201,
    prepare: async () => ({ from: await policyAccount(), to: await policyAccount() }),
    call: (user, { from, to }) =>
      t.post(
        LEDGER_API.transfers,
        { fromAccountId: from.id, toAccountId: to.id, amount: 100, date: ledgerDay(), description: 'Policy' },
        { as: user },
      ),
    unchanged: async ({ from }) => expect(await ledgerRows(from.id)).toBe(0),
  }),
  routeCase<{ id: string }>({
    action: 'ledger.reconcile',
    route: 'POST /api/bank-accounts/{id}/reconciliations',
    ok: 201,
    prepare: () => policyAccount(),
    call: (user, account) =>
      t.post(
        LEDGER_API.reconciliations(account.id),
        { statementDate: ledgerDay(), statementBalance: 0, transactionIds: [] },
        { as: user },
      ),
    unchanged: async (account) => {
      const response = await t.get(LEDGER_API.reconciliations(account.id), { as: as.admin });
      expect(((await response.json()) as { items: unknown[] }).items).toEqual([]);
    },
  }),
  routeCase<BankTransaction>({
    action: 'ledger.void',
    route: 'POST /api/bank-transactions/{id}/void',
    ok: 200,
    prepare: async () => {
      const account = await policyAccount();
      const response = await t.post(
        LEDGER_API.transactions,
        { accountId: account.id, kind: 'fee', amount: 5, date: ledgerDay(), description: 'Policy' },
        { as: as.admin },
      );
      expect(response.status).toBe(201);
      return (await response.json()) as BankTransaction;
    },
    call: (user, row) => t.post(LEDGER_API.voidTransaction(row.id), { reason: 'Policy' }, { as: user }),
    unchanged: async (row) => expect(await ledgerRows(row.accountId)).toBe(1),
  }),
  routeCase({
    action: 'expense.read',
    route: `GET ${EXPENSES_API.expenses}`,
    ok: 200,
    call: (user) => t.get(EXPENSES_API.expenses, { as: user }),
  }),
  routeCase<{ id: string }>({
    action: 'expense.record',
    route: `POST ${EXPENSES_API.expenses}`,
    ok: 201,
    prepare: () => policyAccount(),
    call: async (user, account) =>
      t.post(
        EXPENSES_API.expenses,
        {
          date: ledgerDay(),
          categoryId: (await policyExpenseCategory()).id,
          amount: 100,
          description: 'Policy',
          accountId: account.id,
        },
        { as: user },
      ),
    unchanged: async (account) => expect(await ledgerRows(account.id)).toBe(0),
  }),
  routeCase({
    action: 'budget.read',
    route: `GET ${BUDGETS_API.allocations}`,
    ok: 200,
    call: (user) => t.get(BUDGETS_API.allocations, { as: user }),
  }),
  routeCase<{ id: string }>({
    action: 'budget.write',
    route: `PUT ${BUDGETS_API.allocations}`,
    ok: 200,
    // A fresh category each time, so a refused call can be seen to have set nothing for it.
    prepare: async () =>
      (await (
        await t.post('/api/expense-categories', { name: `Budget policy ${randomUUID()}` }, { as: as.admin })
      ).json()) as { id: string },
    call: (user, category) =>
      t.request(
        BUDGETS_API.allocations,
        {
          method: 'PUT',
          body: JSON.stringify({ month: '2031-01', lines: [{ categoryId: category.id, amount: 100 }] }),
          headers: { 'content-type': 'application/json' },
        },
        { as: user },
      ),
    unchanged: async (category) => {
      const response = await t.get(`${BUDGETS_API.allocations}?month=2031-01`, { as: as.admin });
      const { lines } = (await response.json()) as { lines: { categoryId: string; allocated: number }[] };
      expect(lines.find((line) => line.categoryId === category.id)?.allocated).toBe(0);
    },
  }),
  routeCase({
    action: 'settlement.read',
    route: `GET ${SETTLEMENTS_API.settlements}`,
    ok: 200,
    call: (user) => t.get(SETTLEMENTS_API.settlements, { as: user }),
  }),
  routeCase<{ id: string }>({
    action: 'settlement.write',
    route: `POST ${SETTLEMENTS_API.settlements}`,
    // A partner with no orders: an allowed call gets past the rule to the settlement's own answer.
    ok: 409,
    prepare: () => buildPartner(t, {}, { as: as.admin }),
    call: (user, partner) =>
      t.post(
        SETTLEMENTS_API.settlements,
        { partnerId: partner.id, from: '2030-01-01', to: '2030-01-07' },
        { as: user },
      ),
  }),
  routeCase({
    action: 'report.read',
    route: `GET ${REPORTS_API.statement}`,
    ok: 200,
    call: (user) => t.get(`${REPORTS_API.statement}?from=2030-01-01&to=2030-01-31`, { as: user }),
  }),
  routeCase({
    action: 'cash-close.read',
    route: `GET ${CASH_CLOSES_API.closes}`,
    ok: 200,
    call: (user) => t.get(CASH_CLOSES_API.closes, { as: user }),
  }),
  routeCase<{ id: string }>({
    action: 'cash-close.record',
    route: `POST ${CASH_CLOSES_API.closes}`,
    ok: 201,
    prepare: () => buildBankAccount(t, { type: 'cash', openingBalance: 0 }, { as: as.admin }),
    call: (user, account) =>
      t.post(CASH_CLOSES_API.closes, { accountId: account.id, counted: 0 }, { as: user }),
    unchanged: async (account) => {
      const response = await t.get(`${CASH_CLOSES_API.closes}?accountId=${account.id}`, { as: as.admin });
      expect(((await response.json()) as { items: unknown[] }).items).toEqual([]);
    },
  }),
  routeCase<Expense>({
    action: 'expense.void',
    route: 'POST /api/expenses/{id}/void',
    ok: 200,
    prepare: () => policyExpense(),
    call: (user, expense) =>
      t.post(
        EXPENSES_API.voidExpense(expense.id),
        { version: expense.version, reason: 'Policy' },
        { as: user },
      ),
    unchanged: async (expense) => expect(await ledgerRows(expense.accountId)).toBe(1),
  }),
  routeCase<PurchaseOrder>({
    action: 'purchase-order.read',
    route: `GET ${PURCHASE_ORDERS_API.orders}/{id}`,
    ok: 200,
    prepare: () => draftPurchaseOrderAsAdmin(),
    call: (user, order) => t.get(PURCHASE_ORDERS_API.order(order.id), { as: user }),
  }),
  routeCase<PurchaseOrder>({
    action: 'purchase-order.read',
    route: `GET ${PURCHASE_ORDERS_API.orders}/{id}/document`,
    ok: 200,
    prepare: () => draftPurchaseOrderAsAdmin(),
    call: (user, order) => t.get(PURCHASE_ORDERS_API.document(order.id), { as: user }),
  }),
  routeCase<{ order: PurchaseOrder; account: { id: string } }>({
    action: 'purchase-order.pay',
    route: `POST ${PURCHASE_ORDERS_API.orders}/{id}/payments`,
    ok: 201,
    prepare: async () => {
      const draft = await draftPurchaseOrderAsAdmin();
      const sent = await t.post(
        PURCHASE_ORDERS_API.status(draft.id),
        { status: 'ordered', version: draft.version },
        { as: as.admin },
      );
      expect(sent.status).toBe(200);
      return { order: (await sent.json()) as PurchaseOrder, account: await policyAccount() };
    },
    call: (user, { order, account }) =>
      t.post(
        PURCHASE_ORDERS_API.payments(order.id),
        { accountId: account.id, amount: 100, date: ledgerDay() },
        { as: user },
      ),
    unchanged: async ({ account }) => expect(await ledgerRows(account.id)).toBe(0),
  }),
  routeCase<InventoryItem>({
    action: 'purchase-order.create',
    route: `POST ${PURCHASE_ORDERS_API.orders}`,
    ok: 201,
    prepare: async () => {
      poSupplier ??= buildSupplier(t, {}, { as: as.admin });
      await poSupplier;
      return inventoryItemAsAdmin();
    },
    call: async (user, item) =>
      t.post(
        PURCHASE_ORDERS_API.orders,
        {
          supplierId: (await (poSupplier as Promise<{ id: string }>)).id,
          lines: [{ inventoryItemId: item.id, quantity: '1', unitCost: 100 }],
        },
        { as: user },
      ),
  }),
  routeCase<{ id: string; count: number }>({
    action: 'purchase-order.create',
    route: `POST ${PURCHASE_ORDERS_API.suggest}`,
    ok: 201,
    prepare: async () => {
      const supplier = await lowItemSupplierAsAdmin();
      return { id: supplier.id, count: await purchaseOrderCount() };
    },
    call: (user, supplier) => t.post(PURCHASE_ORDERS_API.suggest, { supplierId: supplier.id }, { as: user }),
    unchanged: async (supplier) => expect(await purchaseOrderCount()).toBe(supplier.count),
  }),
  routeCase<PurchaseOrder>({
    action: 'purchase-order.update',
    route: `PATCH ${PURCHASE_ORDERS_API.orders}/{id}`,
    ok: 200,
    prepare: () => draftPurchaseOrderAsAdmin(),
    call: (user, order) =>
      t.patch(
        PURCHASE_ORDERS_API.order(order.id),
        { note: 'Back door', version: order.version },
        { as: user },
      ),
    unchanged: async (order) =>
      expect((await readPurchaseOrderAsAdmin(order.id)).version).toBe(order.version),
  }),
  routeCase<PurchaseOrder>({
    action: 'purchase-order.send',
    route: `POST ${PURCHASE_ORDERS_API.orders}/{id}/status (ordered)`,
    ok: 200,
    prepare: () => draftPurchaseOrderAsAdmin(),
    call: (user, order) =>
      t.post(
        PURCHASE_ORDERS_API.status(order.id),
        { status: 'ordered', version: order.version },
        { as: user },
      ),
    unchanged: async (order) => expect((await readPurchaseOrderAsAdmin(order.id)).status).toBe('draft'),
  }),
  routeCase<PurchaseOrder>({
    action: 'purchase-order.send',
    route: `POST ${PURCHASE_ORDERS_API.orders}/{id}/email`,
    ok: 200,
    prepare: () => sentPurchaseOrderAsAdmin(),
    call: (user, order) => t.post(PURCHASE_ORDERS_API.email(order.id), {}, { as: user }),
  }),
  routeCase<PurchaseOrder>({
    action: 'purchase-order.cancel',
    route: `POST ${PURCHASE_ORDERS_API.orders}/{id}/status (cancelled)`,
    ok: 200,
    prepare: () => draftPurchaseOrderAsAdmin(),
    call: (user, order) =>
      t.post(
        PURCHASE_ORDERS_API.status(order.id),
        { status: 'cancelled', version: order.version },
        { as: user },
      ),
    unchanged: async (order) => expect((await readPurchaseOrderAsAdmin(order.id)).status).toBe('draft'),
  }),
  routeCase<PurchaseOrder>({
    action: 'purchase-order.receive',
    route: `POST ${PURCHASE_ORDERS_API.orders}/{id}/receipts`,
    ok: 201,
    prepare: () => sentPurchaseOrderAsAdmin(),
    call: (user, order) =>
      t.post(
        PURCHASE_ORDERS_API.receipts(order.id),
        { lines: [{ lineId: order.lines[0]?.id, quantity: '1' }] },
        { as: user },
      ),
    unchanged: async (order) => expect((await readPurchaseOrderAsAdmin(order.id)).status).toBe('ordered'),
  }),
  routeCase<Order>({
    // The customer's own order; for anyone else without its key the order does not exist.
    action: 'feedback.create',
    route: 'POST /api/orders/{id}/feedback',
    ok: 201,
    refused: { status: 404, code: 'not-found' },
    prepare: () => completedCustomerOrder(),
    call: (user, order) =>
      t.post(`/api/orders/${order.id}/feedback`, { overall: 5, food: 4, service: 5 }, { as: user }),
    record: () => ({ ownerId: as.customer.id }),
    unchanged: async (order) => {
      const response = await t.get(`/api/orders/${order.id}/feedback`, { as: as.admin });
      expect(((await response.json()) as { feedback: unknown }).feedback).toBeNull();
    },
  }),
  routeCase({
    action: 'feedback.read',
    route: 'GET /api/admin/feedback',
    ok: 200,
    call: (user) => t.get('/api/admin/feedback', { as: user }),
  }),
  routeCase({
    action: 'feedback.read',
    route: 'GET /api/admin/feedback/summary',
    ok: 200,
    call: (user) => t.get('/api/admin/feedback/summary', { as: user }),
  }),
  routeCase({
    action: 'contact.read',
    route: 'GET /api/admin/contact-messages',
    ok: 200,
    call: (user) => t.get('/api/admin/contact-messages', { as: user }),
  }),
  routeCase<{ id: string }>({
    action: 'contact.read',
    route: 'PATCH /api/admin/contact-messages/{id}',
    ok: 200,
    prepare: () => contactMessage(),
    call: (user, message) =>
      t.patch(`/api/admin/contact-messages/${message.id}`, { handled: true }, { as: user }),
    unchanged: async (message) => {
      const response = await t.get('/api/admin/contact-messages', { as: as.admin });
      const { items } = (await response.json()) as { items: { id: string; handledAt: string | null }[] };
      expect(items.find((item) => item.id === message.id)?.handledAt).toBeNull();
    },
  }),
];

/**
 * Policies with no route case here: the orders' and payments' (their own API tests walk the ladder),
 * and the stock note staff see on an order read (a field of `GET /api/orders/{id}`, not a route).
 */
const NOT_ROUTED_YET = POLICY_DEFINITIONS.map((definition) => definition.action).filter(
  (action) => /^(order|payment)\./.test(action) || action === 'inventory.order-stock.read',
);

it('covers every policy that has a route, and names the ones that have none yet', () => {
  const covered = new Set(cases.map((routeCase) => routeCase.action));
  for (const definition of POLICY_DEFINITIONS) {
    expect(
      covered.has(definition.action) || NOT_ROUTED_YET.includes(definition.action),
      `${definition.action} has no HTTP case`,
    ).toBe(true);
  }
  expect(NOT_ROUTED_YET.filter((action) => covered.has(action))).toEqual([]);
});

describe.each(cases)('$action ($route)', (routeCase) => {
  it.each([...(routeCase.callers ?? ANYONE)])('answers a call by %s as can() says', async (caller) => {
    const user = userOf(caller);
    const context = await routeCase.prepare?.(caller);
    const actor: PolicyActor | null = user ? { id: user.id, role: user.role } : null;
    const record = routeCase.record?.(user, context);
    const allowed = (can as (a: PolicyActor | null, b: PolicyAction, c?: unknown) => boolean)(
      actor,
      routeCase.action,
      record,
    );
    const response = await routeCase.call(user, context);
    if (allowed) {
      expect(response.status, await response.clone().text()).toBe(routeCase.ok);
    } else {
      const error = await expectErrorBody(
        response,
        routeCase.refused?.status ?? (user ? 403 : 401),
        routeCase.refused?.code ?? (user ? 'permission-denied' : 'unauthenticated'),
      );
      if (caller === 'self') expect(error.message).toMatch(/^You cannot .+ your own/);
      await routeCase.unchanged?.(context);
    }
    // The table and the routes agree on who gets in at all (a sanity check on the case itself); a
    // record of someone else's own (an order's feedback) is theirs alone.
    if (caller === 'admin' && !routeCase.refused) expect(allowed).toBe(true);
  });
});

describe('services refuse on their own, without the route guard', () => {
  it('tells a price change from other changes of a menu item', () => {
    const item = {
      price: 450,
      modifierGroups: [{ name: 'Size', options: [{ name: 'Large', priceDelta: 150 }] }],
    };
    const groups = (priceDelta: number, name = 'Large') => [
      { name: 'Size', minChoices: 1, maxChoices: 1, options: [{ name, priceDelta }] },
    ];
    expect(changesAPrice(item as never, { price: 500 })).toBe(true);
    expect(changesAPrice(item as never, { price: 450 })).toBe(false);
    expect(changesAPrice(item as never, {})).toBe(false);
    expect(changesAPrice(item as never, { modifierGroups: groups(150) })).toBe(false);
    expect(changesAPrice(item as never, { modifierGroups: groups(150, ' large ') })).toBe(false);
    expect(changesAPrice(item as never, { modifierGroups: groups(200) })).toBe(true);
    // A new option with a surcharge sets a price; one without does not.
    expect(changesAPrice(item as never, { modifierGroups: groups(60, 'Oat milk') })).toBe(true);
    expect(changesAPrice(item as never, { modifierGroups: groups(0, 'No ice') })).toBe(false);
  });

  it('refuses staff a price change (or any menu change) in the service, and changes nothing', async () => {
    const item = await createItem();
    const staff = actorOf(as.staff);
    const attempt = (change: Body) =>
      menuItemResource.update(t.db, staff, item.id, { ...change, ...versionOf(item) } as never);
    // The resource's own write check may answer first ("Only an administrator can do this."); the
    // price rule says it in its own words when it is the one that refuses.
    const refused = {
      status: 403,
      message: expect.stringMatching(/^Only an administrator can (do this|change a price)\.$/),
    };
    await expect(attempt({ price: 999 })).rejects.toMatchObject(refused);
    // A surcharge on an option is a price too.
    await expect(
      attempt({
        modifierGroups: [
          { name: 'Size', minChoices: 1, maxChoices: 1, options: [{ name: 'Large', priceDelta: 990 }] },
        ],
      }),
    ).rejects.toMatchObject(refused);
    await expect(attempt({ description: 'Staff wrote this' })).rejects.toMatchObject({
      status: 403,
      message: 'Only an administrator can do this.',
    });
    const after = await readItem(item.id);
    expect([after.price, after.modifierGroups[0]?.options[0]?.priceDelta, after.description]).toEqual([
      item.price,
      150,
      item.description,
    ]);
    // The admin may: the rule refuses a role, not the change.
    const changed = await menuItemResource.update(t.db, actorOf(as.admin), item.id, {
      price: 999,
      ...versionOf(item),
    } as never);
    expect(changed.price).toBe(999);
  });

  it('refuses a manager the settings', async () => {
    const before = await getSettings(t.db);
    await expect(
      updateSettings(t.db, actorOf(as.manager), { name: 'Manager Cafe', ...versionOf(before) } as never),
    ).rejects.toMatchObject({ status: 403, message: 'Only an administrator can do this.' });
    expect((await getSettings(t.db)).name).toBe(before.name);
    await expect(getSettingsAs(t.db, actorOf(as.manager))).rejects.toMatchObject({ status: 403 });
    expect((await getSettingsAs(t.db, actorOf(as.admin))).name).toBe(before.name);
  });

  it('refuses a manager a role change and an admin their own', async () => {
    const target = await t.buildUser({ role: 'staff' });
    await expect(
      changeUserRole(t.db, actorOf(as.manager), { id: target.id, role: 'admin' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      changeUserRole(t.db, actorOf(as.admin), { id: as.admin.id, role: 'customer' }),
    ).rejects.toMatchObject({ status: 403, message: 'You cannot change your own role.' });
    await expect(
      setUserDisabled(t.db, actorOf(as.admin), { id: as.admin.id, disabled: true }),
    ).rejects.toMatchObject({ status: 403, message: 'You cannot disable your own account.' });
    const me = await t.get('/api/me', { as: target });
    expect(((await me.json()) as { role: Role }).role).toBe('staff');
  });

  it('refuses anyone but an admin the coupons, in the service', async () => {
    for (const role of ['customer', 'staff', 'manager'] as const) {
      await expect(listCoupons(t.db, actorOf(as[role]), { limit: 10 })).rejects.toMatchObject({
        status: 403,
      });
      await expect(
        createCoupon(t.db, actorOf(as[role]), {
          code: `SERVICE${role}`,
          kind: 'percent',
          value: 5,
          channels: ['pos'],
        }),
      ).rejects.toMatchObject({ status: 403 });
    }
    const { items } = await listCoupons(t.db, actorOf(as.admin), { search: 'SERVICE', limit: 10 });
    expect(items).toEqual([]);
  });

  it('refuses anyone but an admin customer feedback and the contact messages, in the services', async () => {
    const message = await contactMessage();
    for (const role of ['customer', 'staff', 'manager'] as const) {
      const actor = actorOf(as[role]);
      await expect(customerFeedback(t.db, actor, { limit: 10 })).rejects.toMatchObject({ status: 403 });
      await expect(customerFeedbackSummary(t.db, actor, {})).rejects.toMatchObject({ status: 403 });
      await expect(setContactMessageHandled(t.db, actor, message.id, true)).rejects.toMatchObject({
        status: 403,
      });
    }
    const handled = await setContactMessageHandled(t.db, actorOf(as.admin), message.id, true);
    expect(handled.handledAt).not.toBeNull();
  });

  it('refuses a customer the customer look-up of the point of sale', async () => {
    await expect(listCustomers(t.db, actorOf(as.customer), { limit: 10 })).rejects.toBeInstanceOf(AppError);
    expect((await listCustomers(t.db, actorOf(as.staff), { limit: 10 })).items.length).toBeGreaterThan(0);
  });

  it('lets a user change only their own account, even an admin', async () => {
    const owner = await t.buildUser({ role: 'customer' });
    const withPhoto = await setProfilePhoto(t.db, actorOf(owner), await jpeg());
    expect(withPhoto.photoURL).toMatch(/^\/api\/images\//);
    for (const someoneElse of [as.customer, as.staff, as.admin]) {
      await expect(removeProfilePhoto(t.db, actorOf(someoneElse), owner.id)).rejects.toMatchObject({
        status: 403,
        message: 'You can only change your own account.',
      });
      await expect(setProfilePhoto(t.db, actorOf(someoneElse), await jpeg(), owner.id)).rejects.toMatchObject(
        { status: 403 },
      );
    }
    const me = await t.get('/api/me', { as: owner });
    expect(((await me.json()) as { photoURL: string | null }).photoURL).toBe(withPhoto.photoURL);
    expect((await removeProfilePhoto(t.db, actorOf(owner), owner.id)).photoURL).toBeNull();
  });
});
