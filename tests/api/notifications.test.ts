import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/transaction';
import { users } from '../../src/server/modules/auth/auth.schema';
import { events } from '../../src/server/modules/events/events.schema';
import { notify, pruneNotifications } from '../../src/server/modules/notifications';
import {
  notifications,
  pushSubscriptions,
} from '../../src/server/modules/notifications/notifications.schema';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Notification, NotificationPage, ReadAllResult } from '../../src/shared/contracts/notifications';
import type { Order } from '../../src/shared/contracts/orders';
import { notificationsTopic } from '../../src/shared/notification-kinds';
import { PAGES } from '../../src/shared/pages';
import { buildMenuItem, buildTable } from '../support/factories';
import { alwaysOpen } from '../support/opening-hours';
import { movedOrder, newIdempotencyKey, placedOrder, placeOrder } from '../support/orders';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * In-app notifications: the ladder of the bell's calls, each user reading and
 * marking only their own, the notifications the use cases write (a customer's order request to staff,
 * a customer's order accepted, rejected, ready or out for delivery, a low rating to administrators)
 * with their words and links, the unread count, cursor paging, the list's ETag, the live topics
 * announced (`notifications:<userId>`, and the internal `push`, which no stream may follow), pruning.
 */

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let disabledStaff: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let soup: MenuItem;
let bread: MenuItem;

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff, disabledStaff, customer, otherCustomer] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'staff' }),
    t.buildUser({ role: 'customer', name: 'Cleo Customer' }),
    t.buildUser({ role: 'customer' }),
  ])) as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
  await t.db.update(users).set({ disabled: true }).where(eq(users.id, disabledStaff.id));
  await alwaysOpen(t, admin);
  soup = await buildMenuItem(t, { price: 695 }, { as: admin });
  bread = await buildMenuItem(t, { price: 250 }, { as: admin });
});
afterAll(() => t?.close());

const hub = () => t.services.liveTopics;
const LIST = '/api/notifications';

async function page(as: TestUser, query = ''): Promise<NotificationPage> {
  const response = await t.get(`${LIST}${query}`, { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as NotificationPage;
}

/** Every notification row of `user`, newest first (straight from the table). */
function rowsOf(user: TestUser) {
  return t.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, user.id))
    .orderBy(sql`${notifications.createdAt} desc, ${notifications.id} desc`);
}

async function countAll(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
  return row?.n ?? 0;
}

/**
 * Marks every unread order request read, so that the next is told in full (requests within a minute
 * of an unread one are folded into it; order-request-limits.test.ts tests that).
 */
async function noUnreadRequests(): Promise<void> {
  await t.db.execute(
    sql`update notifications set read_at = now() where kind = 'order-request' and read_at is null`,
  );
}

/** A customer's takeaway order request: soup and bread, two items, told in full. */
const requestOrder = async (
  as: TestUser = customer,
  type = 'takeaway',
  extra: Record<string, unknown> = {},
) => {
  await noUnreadRequests();
  return placedOrder(
    t,
    {
      type,
      lines: [
        { menuItemId: soup.id, quantity: 1 },
        { menuItemId: bread.id, quantity: 1 },
      ],
      ...extra,
    },
    as,
  );
};

/** A notification for `user` made directly (paging, ETag, pruning). */
async function tell(user: TestUser, title: string): Promise<void> {
  await withTransaction(t.db, (tx) => notify(tx, { userId: user.id }, { kind: 'test', title }));
}

/** The newest notification of `user` for `orderId`, if any. */
async function newestFor(user: TestUser, orderId: string) {
  const rows = await rowsOf(user);
  return rows.find((row) => row.orderId === orderId);
}

describe('the ladder', () => {
  it('a guest gets 401 from every call', async () => {
    await expectErrorBody(await t.get(LIST), 401, 'unauthenticated');
    await expectErrorBody(
      await t.post(`${LIST}/00000000-0000-4000-8000-000000000000/read`),
      401,
      'unauthenticated',
    );
    await expectErrorBody(await t.post(`${LIST}/read-all`), 401, 'unauthenticated');
  });

  it('refuses a bad query or id with 400 naming it', async () => {
    for (const query of ['?limit=0', '?limit=101', '?unread=yes', '?cursor=nope', '?status=all']) {
      await expectErrorBody(await t.get(`${LIST}${query}`, { as: customer }), 400, 'invalid-argument');
    }
    const error = await expectErrorBody(
      await t.post(`${LIST}/not-an-id/read`, undefined, { as: customer }),
      400,
      'invalid-argument',
    );
    expect(error.message).toContain('id');
  });

  it('every role reads only their own notifications', async () => {
    const order = await requestOrder();
    await movedOrder(t, order, 'confirmed', staff);
    for (const user of [admin, manager, staff, customer, otherCustomer]) {
      const answer = await page(user, '?limit=100');
      const own = (await rowsOf(user)).map((row) => row.id);
      expect(answer.items.map((item) => item.id)).toEqual(own);
      expect(answer.unreadCount).toBe((await rowsOf(user)).filter((row) => !row.readAt).length);
    }
    expect((await page(customer)).items.length).toBeGreaterThan(0);
    expect((await page(otherCustomer)).items).toEqual([]);
  });
});

describe('what the use cases tell', () => {
  it('a customer’s order request tells staff, managers and admins, not customers or disabled accounts', async () => {
    const order = await requestOrder();
    const expected = {
      kind: 'order-request',
      title: 'New order request',
      body: `#${order.number} · Takeaway · 2 items`,
      orderId: order.id,
      link: `/orders/${order.id}`,
      readAt: null,
    };
    for (const user of [staff, manager, admin]) {
      const found = (await page(user)).items.find((item) => item.orderId === order.id);
      expect(found).toMatchObject(expected);
    }
    for (const user of [customer, otherCustomer, disabledStaff]) {
      expect(await newestFor(user, order.id)).toBeUndefined();
    }
    // The link opens the staff page of the order.
    expect(PAGES.some((p) => p.pattern === '/orders/:orderId')).toBe(true);
  });

  it('a dine-in request names its table; a delivery its type', async () => {
    const table = await buildTable(t, {}, { as: admin });
    const dineIn = await requestOrder(customer, 'dine-in', { tableId: table.id });
    expect((await newestFor(staff, dineIn.id))?.body).toBe(
      `#${dineIn.number} · Table ${table.name} · 2 items`,
    );
    const delivery = await requestOrder(customer, 'delivery', { deliveryAddress: '1 Harbour Road' });
    expect((await newestFor(staff, delivery.id))?.body).toBe(`#${delivery.number} · Delivery · 2 items`);
  });

  it('a replay of the same Idempotency-Key tells nobody again; a point-of-sale order tells nobody', async () => {
    const key = newIdempotencyKey();
    const body = { type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 3 }] };
    await noUnreadRequests();
    const first = await placeOrder(t, body, customer, key);
    expect(first.status).toBe(201);
    const order = (await first.json()) as Order;
    const before = await countAll();
    const replay = await placeOrder(t, body, customer, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await countAll()).toBe(before);
    const staffRows = (await rowsOf(staff)).filter((row) => row.orderId === order.id);
    expect(staffRows).toHaveLength(1);
    expect(staffRows[0]?.body).toBe(`#${order.number} · Takeaway · 3 items`);

    const pos = await placedOrder(
      t,
      { type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 1 }] },
      staff,
    );
    await movedOrder(t, pos, 'preparing', staff);
    expect(await countAll()).toBe(before);
  });

  it('tells the customer their order was accepted, is ready, out for delivery, or rejected', async () => {
    const takeaway = await requestOrder();
    let moved = await movedOrder(t, takeaway, 'confirmed', staff);
    const accepted = await newestFor(customer, takeaway.id);
    expect(accepted).toMatchObject({
      kind: 'order-accepted',
      title: `Order #${takeaway.number} accepted`,
      body: 'The kitchen is on it.',
      link: `/account/orders/${takeaway.id}`,
    });
    expect(PAGES.some((p) => p.pattern === '/account/orders/:orderId')).toBe(true);
    const afterAccept = (await rowsOf(customer)).length;
    moved = await movedOrder(t, moved, 'preparing', staff);
    expect((await rowsOf(customer)).length).toBe(afterAccept);
    moved = await movedOrder(t, moved, 'ready', staff);
    expect(await newestFor(customer, takeaway.id)).toMatchObject({
      kind: 'order-ready',
      title: `Order #${takeaway.number} is ready`,
      body: 'Ready for pickup.',
    });
    await movedOrder(t, moved, 'completed', staff);
    expect((await rowsOf(customer)).length).toBe(afterAccept + 1);

    const delivery = await requestOrder(customer, 'delivery', { deliveryAddress: '1 Harbour Road' });
    let going = await movedOrder(t, delivery, 'confirmed', staff);
    going = await movedOrder(t, going, 'preparing', staff);
    going = await movedOrder(t, going, 'ready', staff);
    expect((await newestFor(customer, delivery.id))?.body).toBe('Ready: it leaves with the driver soon.');
    await movedOrder(t, going, 'out-for-delivery', staff);
    expect(await newestFor(customer, delivery.id)).toMatchObject({
      kind: 'order-out-for-delivery',
      title: `Order #${delivery.number} is out for delivery`,
      body: 'On its way.',
      link: `/account/orders/${delivery.id}`,
    });

    const refused = await requestOrder();
    await movedOrder(t, refused, 'rejected', staff, 'Out of soup today');
    expect(await newestFor(customer, refused.id)).toMatchObject({
      kind: 'order-rejected',
      title: `Order #${refused.number} rejected`,
      body: 'Rejected: Out of soup today',
    });
    // Staff hear of the request only, never of the customer's statuses.
    const staffKinds = (await rowsOf(staff)).filter((row) => row.orderId === refused.id).map((r) => r.kind);
    expect(staffKinds).toEqual(['order-request']);
  });

  it('a customer cancelling their own request tells nobody', async () => {
    const order = await requestOrder();
    const before = await countAll();
    await movedOrder(t, order, 'cancelled', customer);
    expect(await countAll()).toBe(before);
  });

  it('a low rating (2 or less) tells the administrators only; a better one nobody', async () => {
    const complete = async () => {
      let order = await requestOrder();
      for (const status of ['confirmed', 'preparing', 'ready', 'completed'] as const) {
        order = await movedOrder(t, order, status, staff);
      }
      return order;
    };
    const low = await complete();
    const rated = await t.post(
      `/api/orders/${low.id}/feedback`,
      { overall: 2, food: 1, service: 3, comment: 'The soup was cold and the bread was stale.' },
      { as: customer },
    );
    expect(rated.status, await rated.clone().text()).toBe(201);
    expect(await newestFor(admin, low.id)).toMatchObject({
      kind: 'low-rating',
      title: `Low rating for order #${low.number}`,
      body: 'Overall 2 of 5: “The soup was cold and the bread was stale.”',
      link: '/admin/feedback',
    });
    expect(PAGES.some((p) => p.pattern === '/admin/feedback')).toBe(true);
    for (const user of [manager, staff, customer]) {
      expect((await rowsOf(user)).filter((row) => row.kind === 'low-rating')).toEqual([]);
    }

    const fine = await complete();
    const before = await countAll();
    const good = await t.post(
      `/api/orders/${fine.id}/feedback`,
      { overall: 3, food: 3, service: 3 },
      { as: customer },
    );
    expect(good.status).toBe(201);
    expect(await countAll()).toBe(before);
  });
});

describe('reading and marking', () => {
  it('counts the unread, marks one read (once), and refuses someone else’s with 404', async () => {
    const reader = await t.buildUser({ role: 'customer' });
    await tell(reader, 'First');
    await tell(reader, 'Second');
    const start = await page(reader);
    expect(start.unreadCount).toBe(2);
    expect(start.items.map((item) => item.title)).toEqual(['Second', 'First']);
    const [second, first] = start.items as [Notification, Notification];

    const stranger = await t.post(`${LIST}/${first.id}/read`, undefined, { as: otherCustomer });
    expect((await expectErrorBody(stranger, 404, 'not-found')).message).toBe(
      'There is no such notification.',
    );
    const staffTry = await t.post(`${LIST}/${first.id}/read`, undefined, { as: admin });
    await expectErrorBody(staffTry, 404, 'not-found');
    const unknown = await t.post(`${LIST}/00000000-0000-4000-8000-000000000000/read`, undefined, {
      as: reader,
    });
    await expectErrorBody(unknown, 404, 'not-found');
    expect((await page(reader)).unreadCount).toBe(2);

    const marked = await t.post(`${LIST}/${first.id}/read`, undefined, { as: reader });
    expect(marked.status).toBe(200);
    const read = (await marked.json()) as Notification;
    expect(read).toMatchObject({ id: first.id, title: 'First', readAt: expect.any(String) });
    const again = (await (
      await t.post(`${LIST}/${first.id}/read`, undefined, { as: reader })
    ).json()) as Notification;
    expect(again.readAt).toBe(read.readAt);

    const after = await page(reader);
    expect(after.unreadCount).toBe(1);
    expect((await page(reader, '?unread=true')).items.map((item) => item.id)).toEqual([second.id]);
  });

  it('marks all read, and only the caller’s', async () => {
    const reader = await t.buildUser({ role: 'customer' });
    const bystander = await t.buildUser({ role: 'customer' });
    await tell(reader, 'One');
    await tell(reader, 'Two');
    await tell(bystander, 'Theirs');
    const response = await t.post(`${LIST}/read-all`, undefined, { as: reader });
    expect(response.status).toBe(200);
    expect((await response.json()) as ReadAllResult).toEqual({ unreadCount: 0, marked: 2 });
    const after = await page(reader);
    expect(after.unreadCount).toBe(0);
    expect(after.items.every((item) => item.readAt !== null)).toBe(true);
    expect((await page(reader, '?unread=true')).items).toEqual([]);
    expect((await page(bystander)).unreadCount).toBe(1);
    const none = await t.post(`${LIST}/read-all`, undefined, { as: reader });
    expect(await none.json()).toEqual({ unreadCount: 0, marked: 0 });
  });

  it('pages with a cursor, newest first, without repeats', async () => {
    const reader = await t.buildUser({ role: 'customer' });
    for (const n of [1, 2, 3, 4, 5]) {
      await tell(reader, `Note ${n}`);
      // Times are kept to the millisecond, and two in the same one have no order between them.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const titles: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer = await page(reader, query);
      expect(answer.items.length).toBeLessThanOrEqual(2);
      expect(answer.unreadCount).toBe(5);
      titles.push(...answer.items.map((item) => item.title));
      cursor = answer.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(titles).toEqual(['Note 5', 'Note 4', 'Note 3', 'Note 2', 'Note 1']);
    expect((await page(reader)).items).toHaveLength(5);
  });
});

describe('live topics and the ETag', () => {
  it('answers 304 while nothing changed; a new notification or a mark changes the ETag', async () => {
    const reader = await t.buildUser({ role: 'customer' });
    await tell(reader, 'Before');
    await t.liveSettled();
    const first = await t.get(LIST, { as: reader });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"notifications-\d+-/);
    const same = await t.get(LIST, { as: reader, headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    // Another user's ETag is their own, even at the same version.
    const others = await t.get(LIST, { as: otherCustomer });
    expect(others.headers.get('etag')).not.toBe(etag);

    await tell(reader, 'After');
    await t.liveSettled();
    const changed = await t.get(LIST, { as: reader, headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    const answer = (await changed.json()) as NotificationPage;
    expect(answer.items[0]?.title).toBe('After');
    const newer = changed.headers.get('etag') as string;
    expect(newer).not.toBe(etag);

    // Marking read goes through the app: its own process knows the new version before it answers.
    const mark = await t.post(`${LIST}/read-all`, undefined, { as: reader });
    expect(mark.status).toBe(200);
    const afterMark = await t.get(LIST, { as: reader, headers: { 'if-none-match': newer } });
    expect(afterMark.status).toBe(200);
    expect(((await afterMark.json()) as NotificationPage).unreadCount).toBe(0);
  });

  it('announces notifications:<userId> for each person told, and push only for a person with a device', async () => {
    const topic = notificationsTopic(customer.id);
    const [before, pushBefore] = [hub().version(topic), hub().version('push')];
    const staffBefore = hub().version(notificationsTopic(staff.id));
    const order = await requestOrder();
    await hub().waitFor(notificationsTopic(staff.id), staffBefore + 1, 3000);
    await movedOrder(t, order, 'confirmed', staff);
    await hub().waitFor(topic, before + 1, 3000);
    expect(hub().version(topic)).toBeGreaterThan(before);
    expect(hub().version('push')).toBe(pushBefore);
    expect((await newestFor(customer, order.id))?.pushPending).toBe(false);

    // The customer has a device now: a notification waits for a push (seen inside its transaction,
    // before the push worker can claim it), and the same statement announces `push`, which wakes it.
    await t.db.insert(pushSubscriptions).values({
      userId: customer.id,
      endpoint: `http://127.0.0.1:9/push/${customer.id}`,
      p256dh: 'B'.repeat(87),
      auth: 'A'.repeat(22),
    });
    await t.liveSettled();
    const lastEvent = hub().lastEventId;
    const told = await withTransaction(t.db, async (tx) => {
      const count = await notify(tx, { userId: customer.id }, { kind: 'test', title: 'With a device' });
      const [row] = await tx
        .select({ pushPending: notifications.pushPending })
        .from(notifications)
        .where(and(eq(notifications.userId, customer.id), eq(notifications.title, 'With a device')));
      expect(row?.pushPending).toBe(true);
      return count;
    });
    expect(told).toBe(1);
    await t.liveSettled();
    expect(hub().version('push')).toBeGreaterThan(pushBefore);
    const written = await t.db
      .select({ topic: events.topic })
      .from(events)
      .where(gt(events.id, lastEvent))
      .orderBy(events.id);
    expect(written.map((row) => row.topic).sort()).toEqual(['push', topic].sort());
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.id));
  });

  it('no stream may follow the internal push topic', async () => {
    for (const user of [admin, customer]) {
      const response = await t.get('/api/events?topics=push', { as: user });
      expect((await expectErrorBody(response, 403, 'permission-denied')).message).toContain('push');
    }
    await expectErrorBody(await t.get('/api/events?topics=push'), 403, 'permission-denied');
  });
});

describe('pruning', () => {
  it('deletes read notifications after 90 days and unread ones after 180, and announces the change', async () => {
    const reader = await t.buildUser({ role: 'customer' });
    for (const title of ['Old read', 'Old unread', 'Ancient unread', 'Recent read'])
      await tell(reader, title);
    const rows = await rowsOf(reader);
    const idOf = (title: string) => rows.find((row) => row.title === title)?.id as string;
    const age = (title: string, days: number, read: boolean) =>
      t.db
        .update(notifications)
        .set({
          createdAt: sql`now() - make_interval(days => ${days})`,
          readAt: read ? sql`now() - make_interval(days => ${days - 1})` : null,
        })
        .where(eq(notifications.id, idOf(title)));
    await age('Old read', 91, true);
    await age('Old unread', 120, false);
    await age('Ancient unread', 181, false);
    await age('Recent read', 10, true);
    await t.liveSettled();
    const version = hub().version(notificationsTopic(reader.id));
    expect(await pruneNotifications(t.db)).toBeGreaterThanOrEqual(2);
    const left = (await rowsOf(reader)).map((row) => row.title).sort();
    expect(left).toEqual(['Old unread', 'Recent read']);
    await t.liveSettled();
    expect(hub().version(notificationsTopic(reader.id))).toBeGreaterThan(version);
  });
});
