import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/modules/auth/auth.schema';
import { phoneOnlyEmail } from '../../src/server/modules/auth/auth-links';
import { contactMessages } from '../../src/server/modules/contact/contact.schema';
import { feedback } from '../../src/server/modules/feedback/feedback.schema';
import { notifications } from '../../src/server/modules/notifications/notifications.schema';
import { orders } from '../../src/server/modules/orders/orders.schema';
import type {
  FeedbackEntry,
  FeedbackEntryPage,
  FeedbackPage,
  FeedbackSummary,
  GivenFeedback,
} from '../../src/shared/contracts/feedback';
import type { DiningTable } from '../../src/shared/contracts/master-data';
import type { MenuItem } from '../../src/shared/contracts/menu';
import type { Order } from '../../src/shared/contracts/orders';
import { buildMenuItem, buildTable } from '../support/factories';
import { movedOrder, placedOrder } from '../support/orders';
import { latestMessage } from '../support/outbox';
import { readOrder, settingsForPayments } from '../support/payments';
import {
  createTestApp,
  expectErrorBody,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../support/test-app';

/**
 * Customer feedback: who may see and leave an order's feedback (the
 * customer, or whoever holds the order's key; the payment page's rule), one per completed order,
 * ratings 1..5; Customer Feedback for administrators: the list with its filters and orders, the
 * summary's numbers against hand-computed ones, review, the reply by e-mail (through the outbox) and
 * the contact messages' handled mark.
 */

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let item: MenuItem;
let latte: MenuItem;
let table: DiningTable;
const RESTAURANT = 'Harbour Feedback Cafe';

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff, customer, otherCustomer] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff', name: 'Sam Staff' }),
    t.buildUser({ role: 'customer', name: 'Cleo Customer' }),
    t.buildUser({ role: 'customer' }),
  ])) as [TestUser, TestUser, TestUser, TestUser, TestUser];
  await settingsForPayments(t, admin, { name: RESTAURANT, timeZone: 'America/New_York' });
  item = await buildMenuItem(t, { price: 1000 }, { as: admin });
  latte = await buildMenuItem(
    t,
    {
      name: 'Feedback Latte',
      price: 450,
      modifierGroups: [
        {
          name: 'Milk',
          minChoices: 0,
          maxChoices: 2,
          options: [
            { name: 'Oat milk', priceDelta: 60 },
            { name: 'Extra shot', priceDelta: 80 },
          ],
        },
      ],
    },
    { as: admin },
  );
  table = await buildTable(t, { name: 'Terrace 7' }, { as: admin });
});

afterAll(() => t?.close());

/** Moves an order on from where it is to completed, as staff. */
async function complete(order: Order): Promise<Order> {
  let current = order;
  const path: Order['status'][] = ['confirmed', 'preparing', 'ready', 'completed'];
  for (const status of path.slice(path.indexOf(current.status as never) + 1)) {
    current = await movedOrder(t, current, status, staff);
  }
  return current;
}

/** A customer's takeaway (an order request, pending). */
const customerOrder = (as: TestUser = customer): Promise<Order> =>
  placedOrder(t, { type: 'takeaway', lines: [{ menuItemId: item.id, quantity: 1 }] }, as);

/** A counter order without a customer account (a guest with the receipt's link). */
const counterOrder = (): Promise<Order> =>
  placedOrder(t, { type: 'takeaway', lines: [{ menuItemId: item.id, quantity: 2 }] }, staff);

/** The order's secret key, from the payment link staff see on the order. */
async function keyOf(orderId: string): Promise<string> {
  const link = new URL((await readOrder(t, orderId, staff)).paymentLink, TEST_ORIGIN);
  return link.searchParams.get('key') ?? '';
}

/** Another key of the same length: the last character changed to another one. */
const wrongKey = (key: string) => `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;

const RATING = { overall: 4, food: 5, service: 3 };
const feedbackPath = (orderId: string, key?: string) =>
  `/api/orders/${orderId}/feedback${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`;
const leave = (orderId: string, body: unknown, as: TestUser | null = null) =>
  t.post(feedbackPath(orderId), body, { as });

async function left(orderId: string, body: Record<string, unknown>, as: TestUser | null = null) {
  const response = await leave(orderId, body, as);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as GivenFeedback;
}

async function page(orderId: string, as: TestUser | null, key?: string): Promise<FeedbackPage> {
  const response = await t.get(feedbackPath(orderId, key), { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as FeedbackPage;
}

const feedbackIdOf = async (orderId: string) => {
  const [row] = await t.db.select({ id: feedback.id }).from(feedback).where(eq(feedback.orderId, orderId));
  if (!row) throw new Error(`no feedback on ${orderId}`);
  return row.id;
};

describe('the order’s feedback page (GET /api/orders/{id}/feedback)', () => {
  it('shows the order to its customer, staff and a key holder; 404 for anyone else', async () => {
    const order = await complete(await customerOrder());
    const key = await keyOf(order.id);
    const seen = await page(order.id, customer);
    expect(seen).toEqual({
      order: {
        id: order.id,
        number: order.number,
        type: 'takeaway',
        status: 'completed',
        completedAt: expect.any(String),
        createdAt: order.createdAt,
        lines: [{ name: item.name, quantity: 1 }],
      },
      restaurantName: RESTAURANT,
      feedback: null,
      canRate: true,
      rateRefusal: null,
    });
    expect((await page(order.id, null, key)).order.id).toBe(order.id);
    expect((await page(order.id, otherCustomer, key)).order.id).toBe(order.id);
    for (const viewer of [staff, manager, admin])
      expect((await page(order.id, viewer)).order.id).toBe(order.id);

    for (const [viewer, given] of [
      [otherCustomer, undefined],
      [null, undefined],
      [null, wrongKey(key)],
      [otherCustomer, wrongKey(key)],
      [null, ''],
    ] as const) {
      const error = await expectErrorBody(
        await t.get(feedbackPath(order.id, given), { as: viewer }),
        404,
        'not-found',
      );
      expect(error.message).toBe('There is no order with this id.');
    }
    // An order that does not exist reads the same.
    const missing = '00000000-0000-4000-8000-000000000000';
    await expectErrorBody(await t.get(feedbackPath(missing, key), { as: admin }), 404, 'not-found');
    await expectErrorBody(await t.get(feedbackPath('not-an-id')), 400, 'invalid-argument');
    // Never in a shared cache.
    expect((await t.get(feedbackPath(order.id, key))).headers.get('cache-control')).toContain('no-store');
  });

  it('tells the viewer whether they may rate: a customer’s order only its customer, a walk-in order whoever holds the key', async () => {
    const own = await complete(await customerOrder());
    const ownKey = await keyOf(own.id);
    const rating = async (orderId: string, viewer: TestUser | null, key?: string) => {
      const { canRate, rateRefusal } = await page(orderId, viewer, key);
      return { canRate, rateRefusal };
    };
    const yes = { canRate: true, rateRefusal: null };
    const customerOnly = { canRate: false, rateRefusal: 'customer-only' };
    expect(await rating(own.id, customer)).toEqual(yes);
    expect(await rating(own.id, customer, ownKey)).toEqual(yes);
    // The key opens the page of a customer's order, but rating it is the customer's alone.
    expect(await rating(own.id, null, ownKey)).toEqual(customerOnly);
    expect(await rating(own.id, otherCustomer, ownKey)).toEqual(customerOnly);
    for (const viewer of [staff, manager, admin]) {
      expect(await rating(own.id, viewer)).toEqual(customerOnly);
      expect(await rating(own.id, viewer, ownKey)).toEqual(customerOnly);
    }

    const walkIn = await complete(await counterOrder());
    const walkInKey = await keyOf(walkIn.id);
    expect(await rating(walkIn.id, null, walkInKey)).toEqual(yes);
    expect(await rating(walkIn.id, staff, walkInKey)).toEqual(yes);
    expect(await rating(walkIn.id, staff)).toEqual({ canRate: false, rateRefusal: 'link-only' });
  });

  it('shows an order that is not completed yet without a completion time, and the feedback once given', async () => {
    const order = await customerOrder();
    const before = await page(order.id, customer);
    expect(before.order).toMatchObject({ status: 'pending', completedAt: null });
    const done = await complete(order);
    const given = await left(done.id, { ...RATING, comment: '  Lovely!  ' }, customer);
    expect(given).toEqual({ ...RATING, comment: 'Lovely!', createdAt: expect.any(String) });
    expect((await page(done.id, customer)).feedback).toEqual(given);
  });
});

describe('leaving feedback (POST /api/orders/{id}/feedback)', () => {
  it('lets the order’s customer rate it (201) and nobody else without the key (404)', async () => {
    const order = await complete(await customerOrder());
    for (const caller of [otherCustomer, staff, manager, admin, null]) {
      const error = await expectErrorBody(await leave(order.id, RATING, caller), 404, 'not-found');
      expect(error.message).toBe('There is no order with this id.');
    }
    const given = await left(order.id, RATING, customer);
    expect(given).toMatchObject({ ...RATING, comment: '' });
    const [row] = await t.db.select().from(feedback).where(eq(feedback.orderId, order.id));
    expect(row).toMatchObject({ authorId: customer.id, overall: 4, food: 5, service: 3, reviewedAt: null });
    // Published for Customer Feedback's live screen.
    const events = await t.db.execute(sql`select count(*)::int as n from events where topic = 'feedback'`);
    expect((events.rows[0] as { n: number }).n).toBeGreaterThan(0);
  });

  it('refuses the key of a customer’s order to anyone but that customer (403): nothing kept, nobody told; the customer then rates it', async () => {
    const order = await complete(await customerOrder());
    const key = await keyOf(order.id);
    const feedbackEvents = async () =>
      (
        (await t.db.execute(sql`select count(*)::int as n from events where topic = 'feedback'`)).rows[0] as {
          n: number;
        }
      ).n;
    const eventsBefore = await feedbackEvents();
    // A low rating in the customer's name would hide a complaint and tell the admins a false alarm.
    const written = { overall: 1, food: 1, service: 1, comment: 'Written by someone else.', key };
    for (const caller of [staff, manager, admin, otherCustomer, null]) {
      const error = await expectErrorBody(await leave(order.id, written, caller), 403, 'permission-denied');
      expect(error).toEqual({
        code: 'permission-denied',
        message:
          caller === null
            ? 'Only the customer who placed this order can rate it. If it is yours, sign in to rate it.'
            : 'Only the customer who placed this order can rate it.',
        details: { reason: 'customer-only' },
      });
    }
    // Refused before anything else: not completed yet is the same answer.
    const pending = await customerOrder();
    await expectErrorBody(
      await leave(pending.id, { ...RATING, key: await keyOf(pending.id) }, staff),
      403,
      'permission-denied',
    );
    await movedOrder(t, pending, 'cancelled', customer);

    expect(await t.db.select().from(feedback).where(eq(feedback.orderId, order.id))).toEqual([]);
    const lowRatingNotices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order.id), eq(notifications.kind, 'low-rating')));
    expect(lowRatingNotices).toEqual([]);
    expect(await feedbackEvents()).toBe(eventsBefore);

    // The customer's own rating is not "already rated": it is the one kept.
    const given = await left(order.id, { ...RATING, key }, customer);
    expect(given).toMatchObject(RATING);
    const [row] = await t.db.select().from(feedback).where(eq(feedback.orderId, order.id));
    expect(row).toMatchObject({ authorId: customer.id, ...RATING });
  });

  it('lets a guest with the order’s key rate it (201); a wrong key, or none, is a 404', async () => {
    const order = await complete(await counterOrder());
    const key = await keyOf(order.id);
    await expectErrorBody(await leave(order.id, { ...RATING, key: wrongKey(key) }), 404, 'not-found');
    await expectErrorBody(await leave(order.id, RATING), 404, 'not-found');
    await expectErrorBody(await leave(order.id, RATING, staff), 404, 'not-found');
    const given = await left(order.id, { ...RATING, key, comment: 'Quick and warm.' });
    expect(given.comment).toBe('Quick and warm.');
    const [row] = await t.db.select().from(feedback).where(eq(feedback.orderId, order.id));
    expect(row?.authorId).toBeNull();
  });

  it('lets staff who hold the key rate an order (the key, not the role)', async () => {
    const order = await complete(await counterOrder());
    await left(order.id, { ...RATING, key: await keyOf(order.id) }, staff);
  });

  it('refuses an order that is not completed (409 not-completed), also a cancelled one', async () => {
    const order = await customerOrder();
    let error = await expectErrorBody(await leave(order.id, RATING, customer), 409, 'aborted');
    expect(error).toMatchObject({
      message: `You can rate order #${order.number} once it is completed.`,
      details: { reason: 'not-completed', status: 'pending' },
    });
    const ready = await movedOrder(
      t,
      await movedOrder(t, await movedOrder(t, order, 'confirmed', staff), 'preparing', staff),
      'ready',
      staff,
    );
    error = await expectErrorBody(await leave(ready.id, RATING, customer), 409, 'aborted');
    expect(error.details).toMatchObject({ reason: 'not-completed', status: 'ready' });
    const cancelled = await customerOrder();
    await movedOrder(t, cancelled, 'cancelled', customer);
    error = await expectErrorBody(await leave(cancelled.id, RATING, customer), 409, 'aborted');
    expect(error.details).toMatchObject({ reason: 'not-completed', status: 'cancelled' });
    expect(await t.db.select().from(feedback).where(eq(feedback.orderId, order.id))).toHaveLength(0);
  });

  it('takes one feedback per order: a second is a 409 already-given', async () => {
    const order = await complete(await customerOrder());
    const first = await left(order.id, RATING, customer);
    const error = await expectErrorBody(
      await leave(order.id, { overall: 1, food: 1, service: 1 }, customer),
      409,
      'aborted',
    );
    expect(error).toMatchObject({
      message: `Order #${order.number} has already been rated: one rating per order.`,
      details: { reason: 'already-given' },
    });
    expect((await page(order.id, customer)).feedback).toEqual(first);
  });

  it('takes exactly one of two sent at the same moment', async () => {
    const order = await complete(await counterOrder());
    const key = await keyOf(order.id);
    const answers = await Promise.all([
      leave(order.id, { ...RATING, key }),
      leave(order.id, { overall: 1, food: 1, service: 1, key }),
      leave(order.id, { overall: 2, food: 2, service: 2, key }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(((await answer.json()) as { error: { details: unknown } }).error.details).toEqual({
        reason: 'already-given',
      });
    }
    expect(await t.db.select().from(feedback).where(eq(feedback.orderId, order.id))).toHaveLength(1);
  });

  it('takes the overall rating alone: food and service are optional (left out or null), kept as null', async () => {
    const alone = await complete(await customerOrder());
    const given = await left(alone.id, { overall: 3 }, customer);
    expect(given).toMatchObject({ overall: 3, food: null, service: null, comment: '' });
    const [row] = await t.db.select().from(feedback).where(eq(feedback.orderId, alone.id));
    expect(row).toMatchObject({ overall: 3, food: null, service: null });
    expect((await page(alone.id, customer)).feedback).toMatchObject({
      overall: 3,
      food: null,
      service: null,
    });

    // Null says the same as left out; one of the two may be given without the other.
    const nulls = await complete(await customerOrder());
    expect(await left(nulls.id, { overall: 5, food: null, service: 4 }, customer)).toMatchObject({
      overall: 5,
      food: null,
      service: 4,
    });

    // Without the overall rating: one error, on overall, and nothing kept.
    const missing = await complete(await customerOrder());
    const error = await expectErrorBody(await leave(missing.id, {}, customer), 400, 'invalid-argument');
    expect((error.details as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toEqual([
      'overall',
    ]);
    expect(await t.db.select().from(feedback).where(eq(feedback.orderId, missing.id))).toEqual([]);
  });

  it('refuses ratings outside 1..5, not whole or not numbers, and a comment too long, naming the field', async () => {
    const order = await complete(await customerOrder());
    const cases: [Record<string, unknown>, string][] = [
      [{ ...RATING, overall: 0 }, 'overall'],
      [{ ...RATING, food: 6 }, 'food'],
      [{ ...RATING, service: 2.5 }, 'service'],
      [{ ...RATING, overall: '5' }, 'overall'],
      [{ food: 4, service: 4 }, 'overall'],
      [{ ...RATING, overall: null }, 'overall'],
      [{ ...RATING, food: 0 }, 'food'],
      [{ ...RATING, service: '3' }, 'service'],
      [{ ...RATING, comment: 'x'.repeat(1001) }, 'comment'],
      [{ ...RATING, comment: 42 }, 'comment'],
      [{ ...RATING, stars: 5 }, 'stars'],
    ];
    for (const [body, field] of cases) {
      const error = await expectErrorBody(await leave(order.id, body, customer), 400, 'invalid-argument');
      expect((error.details as { issues: { path: string }[] }).issues[0]?.path, JSON.stringify(body)).toBe(
        field,
      );
    }
    expect((await left(order.id, { ...RATING, comment: 'x'.repeat(1000) }, customer)).comment).toHaveLength(
      1000,
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Customer Feedback

const ADMIN_CALLS: { name: string; call: (as: TestUser | null) => Promise<Response> }[] = [
  { name: 'GET /api/admin/feedback', call: (as) => t.get('/api/admin/feedback', { as }) },
  { name: 'GET /api/admin/feedback/summary', call: (as) => t.get('/api/admin/feedback/summary', { as }) },
];

async function list(query = '', as: TestUser = admin): Promise<FeedbackEntryPage> {
  const response = await t.get(`/api/admin/feedback${query ? `?${query}` : ''}`, { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as FeedbackEntryPage;
}

async function summary(query = ''): Promise<FeedbackSummary> {
  const response = await t.get(`/api/admin/feedback/summary${query ? `?${query}` : ''}`, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as FeedbackSummary;
}

async function review(id: string, reviewed: boolean): Promise<FeedbackEntry> {
  const response = await t.patch(`/api/admin/feedback/${id}`, { reviewed }, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as FeedbackEntry;
}

describe('Customer Feedback: who may', () => {
  it('lets only administrators read, review and reply (anonymous 401; customer, staff, manager 403)', async () => {
    const order = await complete(await customerOrder());
    await left(order.id, RATING, customer);
    const id = await feedbackIdOf(order.id);
    const calls = [
      ...ADMIN_CALLS,
      {
        name: 'PATCH feedback',
        call: (as: TestUser | null) => t.patch(`/api/admin/feedback/${id}`, { reviewed: true }, { as }),
      },
      {
        name: 'POST reply',
        call: (as: TestUser | null) =>
          t.post(`/api/admin/feedback/${id}/reply`, { message: 'Thanks!' }, { as }),
      },
    ];
    for (const { name, call } of calls) {
      await expectErrorBody(await call(null), 401, 'unauthenticated');
      for (const as of [customer, staff, manager]) {
        const response = await call(as);
        expect(response.status, `${name} as ${as.role}`).toBe(403);
        await expectErrorBody(response, 403, 'permission-denied');
      }
    }
    // Refused calls changed nothing.
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({ reviewedAt: null, reply: null });
    for (const { name, call } of calls) expect((await call(admin)).status, name).toBe(200);
  });
});

describe('Customer Feedback: the live topic', () => {
  it('lets only administrators follow `feedback` (403 for staff, managers and customers)', async () => {
    for (const as of [customer, staff, manager]) {
      const error = await expectErrorBody(
        await t.get('/api/events?topics=feedback', { as }),
        403,
        'permission-denied',
      );
      expect(error.message).toContain('feedback');
    }
    const response = await t.get('/api/events?topics=feedback', { as: admin });
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });
});

describe('Customer Feedback: the list and the summary', () => {
  /** Hand-made feedback at known instants (America/New_York; summer time starts on 2026-03-08). */
  const DATA = [
    { name: 'A', overall: 5, food: 4, service: 5, at: '2026-03-02T15:00:00Z' }, // Mon 2 March
    { name: 'B', overall: 4, food: 4, service: 3, at: '2026-03-02T20:00:00Z' }, // Mon 2 March
    { name: 'C', overall: 2, food: 1, service: 3, at: '2026-03-10T03:30:00Z' }, // Mon 9 March, 23:30
    { name: 'D', overall: 1, food: 2, service: 1, at: '2026-03-20T12:00:00Z' }, // Fri 20 March
    { name: 'E', overall: 3, food: 5, service: 4, at: '2026-03-20T16:00:00Z' }, // Fri 20 March
    { name: 'F', overall: 5, food: 5, service: 5, at: '2026-04-15T12:00:00Z' }, // Wed 15 April
  ] as const;
  const ids = new Map<string, string>();
  const orderOf = new Map<string, Order>();

  beforeAll(async () => {
    await t.db.delete(feedback);
    for (const entry of DATA) {
      const order = await complete(await customerOrder());
      await left(
        order.id,
        { overall: entry.overall, food: entry.food, service: entry.service, comment: entry.name },
        customer,
      );
      const id = await feedbackIdOf(order.id);
      await t.db
        .update(feedback)
        .set({ createdAt: new Date(entry.at) })
        .where(eq(feedback.id, id));
      ids.set(entry.name, id);
      orderOf.set(entry.name, order);
    }
  });

  const names = (page: FeedbackEntryPage) => page.items.map((entry) => entry.comment);

  it('lists newest first, with cursor pages', async () => {
    expect(names(await list())).toEqual(['F', 'E', 'D', 'C', 'B', 'A']);
    const first = await list('limit=4');
    expect(names(first)).toEqual(['F', 'E', 'D', 'C']);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`limit=4&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(names(second)).toEqual(['B', 'A']);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by overall rating, by days in the restaurant’s time zone, and by review', async () => {
    expect(names(await list('rating=1,2'))).toEqual(['D', 'C']);
    expect(names(await list('rating=5'))).toEqual(['F', 'A']);
    // C was left at 03:30 UTC on the 10th: 23:30 on the 9th in New York.
    expect(names(await list('from=2026-03-09&to=2026-03-09'))).toEqual(['C']);
    expect(names(await list('from=2026-03-10'))).toEqual(['F', 'E', 'D']);
    expect(names(await list('to=2026-03-02'))).toEqual(['B', 'A']);
    expect(names(await list('from=2026-03-01&to=2026-03-31&rating=1,2,3'))).toEqual(['E', 'D', 'C']);
    expect(names(await list('reviewed=reviewed'))).toEqual([]);
    expect(names(await list('reviewed=unreviewed'))).toHaveLength(6);
    for (const [query, field] of [
      ['rating=0', 'rating'],
      ['rating=', 'rating'],
      ['from=2026-13-01', 'from'],
      ['from=2026-03-10&to=2026-03-09', 'from'],
      ['reviewed=yes', 'reviewed'],
      ['limit=0', 'limit'],
      ['colour=red', 'colour'],
    ]) {
      const error = await expectErrorBody(
        await t.get(`/api/admin/feedback?${query}`, { as: admin }),
        400,
        'invalid-argument',
      );
      // A list filter names the value too (`rating.0`).
      expect((error.details as { issues: { path: string }[] }).issues[0]?.path.split('.')[0], query).toBe(
        field,
      );
    }
  });

  it('answers the summary’s numbers as computed by hand', async () => {
    const all = await summary();
    expect(all).toEqual({
      count: 6,
      // (5+4+2+1+3+5)/6 = 3.333…, (4+4+1+2+5+5)/6 = 3.5, (5+3+3+1+4+5)/6 = 3.5
      averages: { overall: 3.33, food: 3.5, service: 3.5 },
      rated: { overall: 6, food: 6, service: 6 },
      distribution: [1, 1, 1, 1, 2],
      flaggedUnreviewed: 2,
      // 2 March to 15 April: 45 days, one bucket a day.
      bucket: 'day',
      trend: expect.any(Array),
      from: '2026-03-02',
      to: '2026-04-15',
    });
    expect(all.trend).toHaveLength(45);
    const point = (s: FeedbackSummary, period: string) => s.trend.find((p) => p.period === period);
    expect(all.trend[0]).toEqual({ period: '2026-03-02', count: 2, overall: 4.5, food: 4, service: 4 });
    expect(point(all, '2026-03-09')).toEqual({
      period: '2026-03-09',
      count: 1,
      overall: 2,
      food: 1,
      service: 3,
    });
    expect(point(all, '2026-03-10')).toEqual({
      period: '2026-03-10',
      count: 0,
      overall: null,
      food: null,
      service: null,
    });
    expect(point(all, '2026-03-20')).toEqual({
      period: '2026-03-20',
      count: 2,
      overall: 2,
      food: 3.5,
      service: 2.5,
    });
    expect(all.trend.at(-1)).toEqual({ period: '2026-04-15', count: 1, overall: 5, food: 5, service: 5 });
    expect(all.trend.reduce((sum, p) => sum + p.count, 0)).toBe(6);

    const low = await summary('rating=1,2');
    expect(low).toMatchObject({
      count: 2,
      averages: { overall: 1.5, food: 1.5, service: 2 },
      distribution: [1, 1, 0, 0, 0],
      flaggedUnreviewed: 2,
      bucket: 'day',
      from: '2026-03-09',
      to: '2026-03-20',
    });
    expect(low.trend).toHaveLength(12);

    // Up to 550 days: by week (weeks start on Monday; 1 January 2026 is a Thursday).
    const half = await summary('from=2026-01-01&to=2026-06-30');
    expect(half).toMatchObject({ count: 6, bucket: 'week', from: '2026-01-01', to: '2026-06-30' });
    expect(half.trend[0]?.period).toBe('2025-12-29');
    expect(half.trend.at(-1)?.period).toBe('2026-06-29');
    expect(half.trend).toHaveLength(27);
    expect(point(half, '2026-03-02')).toEqual({
      period: '2026-03-02',
      count: 2,
      overall: 4.5,
      food: 4,
      service: 4,
    });
    // C (Monday 9 March, evening) and neither D nor E (Friday 20 March, the next week).
    expect(point(half, '2026-03-09')).toMatchObject({ count: 1, overall: 2 });
    expect(point(half, '2026-03-16')).toEqual({
      period: '2026-03-16',
      count: 2,
      overall: 2,
      food: 3.5,
      service: 2.5,
    });

    // Beyond: by month. March: A to E, (5+4+2+1+3)/5 = 3, (4+4+1+2+5)/5 = 3.2, (5+3+3+1+4)/5 = 3.2.
    const years = await summary('from=2025-01-01&to=2026-12-31');
    expect(years).toMatchObject({ bucket: 'month', from: '2025-01-01', to: '2026-12-31' });
    expect(years.trend).toHaveLength(24);
    expect(point(years, '2026-03-01')).toEqual({
      period: '2026-03-01',
      count: 5,
      overall: 3,
      food: 3.2,
      service: 3.2,
    });
    expect(point(years, '2026-04-01')).toMatchObject({ count: 1, overall: 5 });
    expect(point(years, '2025-06-01')).toMatchObject({ count: 0, overall: null });

    // Nothing matches: no averages, an empty range of the filters' days.
    const none = await summary('from=2027-01-01&to=2027-01-03');
    expect(none).toEqual({
      count: 0,
      averages: { overall: null, food: null, service: null },
      rated: { overall: 0, food: 0, service: 0 },
      distribution: [0, 0, 0, 0, 0],
      flaggedUnreviewed: 2,
      bucket: 'day',
      trend: ['2027-01-01', '2027-01-02', '2027-01-03'].map((period) => ({
        period,
        count: 0,
        overall: null,
        food: null,
        service: null,
      })),
      from: '2027-01-01',
      to: '2027-01-03',
    });
  });

  it('marks feedback reviewed and not reviewed; flaggedUnreviewed counts all time, whatever the filters', async () => {
    const c = ids.get('C') as string;
    const reviewed = await review(c, true);
    expect(reviewed).toMatchObject({
      id: c,
      flagged: true,
      reviewedAt: expect.any(String),
      reviewedBy: { id: admin.id, name: expect.any(String) },
    });
    // Again: nothing changes, the first review stays.
    expect((await review(c, true)).reviewedAt).toBe(reviewed.reviewedAt);
    expect(names(await list('reviewed=reviewed'))).toEqual(['C']);
    expect(names(await list('reviewed=unreviewed'))).toEqual(['F', 'E', 'D', 'B', 'A']);
    expect((await summary()).flaggedUnreviewed).toBe(1);
    expect((await summary('from=2026-04-01')).flaggedUnreviewed).toBe(1);
    expect((await summary('reviewed=reviewed')).count).toBe(1);

    const undone = await review(c, false);
    expect(undone).toMatchObject({ reviewedAt: null, reviewedBy: null });
    expect((await summary()).flaggedUnreviewed).toBe(2);

    const audit = await t.get('/api/admin/audit?area=feedback', { as: admin });
    const entries = ((await audit.json()) as { items: { action: string; targetId: string }[] }).items;
    expect(entries.filter((entry) => entry.targetId === c).map((entry) => entry.action)).toEqual([
      'feedback.unreviewed',
      'feedback.reviewed',
    ]);

    await expectErrorBody(
      await t.patch(
        '/api/admin/feedback/00000000-0000-4000-8000-000000000000',
        { reviewed: true },
        { as: admin },
      ),
      404,
      'not-found',
    );
    const error = await expectErrorBody(
      await t.patch(`/api/admin/feedback/${c}`, { reviewed: 'yes' }, { as: admin }),
      400,
      'invalid-argument',
    );
    expect((error.details as { issues: { path: string }[] }).issues[0]?.path).toBe('reviewed');
  });
});

describe('Customer Feedback: food and service are optional', () => {
  /** Hand-made feedback (America/New_York), some without a food or service rating. */
  const DATA = [
    // Mon 4 May: service sent as null.
    { name: 'G', body: { overall: 5, food: 4, service: null }, at: '2026-05-04T15:00:00Z' },
    // Mon 4 May: overall alone.
    { name: 'H', body: { overall: 3 }, at: '2026-05-04T16:00:00Z' },
    // Mon 4 May: all three.
    { name: 'I', body: { overall: 4, food: 1, service: 2 }, at: '2026-05-04T17:00:00Z' },
    // Tue 5 May: overall alone.
    { name: 'J', body: { overall: 2 }, at: '2026-05-05T15:00:00Z' },
  ] as const;
  const ids = new Map<string, string>();
  const orderOf = new Map<string, Order>();

  beforeAll(async () => {
    await t.db.delete(feedback);
    for (const entry of DATA) {
      const order = await complete(await customerOrder());
      await left(order.id, { ...entry.body, comment: entry.name }, customer);
      const id = await feedbackIdOf(order.id);
      await t.db
        .update(feedback)
        .set({ createdAt: new Date(entry.at) })
        .where(eq(feedback.id, id));
      ids.set(entry.name, id);
      orderOf.set(entry.name, order);
    }
  });

  it('averages food and service over the feedback that rated them, and says how many did', async () => {
    const all = await summary();
    expect(all).toMatchObject({
      count: 4,
      // Overall (5+3+4+2)/4 = 3.5; food over G and I only, (4+1)/2 = 2.5; service over I only, 2/1 = 2.
      averages: { overall: 3.5, food: 2.5, service: 2 },
      rated: { overall: 4, food: 2, service: 1 },
      distribution: [0, 1, 1, 1, 1],
      bucket: 'day',
      from: '2026-05-04',
      to: '2026-05-05',
    });
    expect(all.trend).toEqual([
      // G, H and I: overall (5+3+4)/3 = 4, food (4+1)/2 = 2.5, service 2/1 = 2.
      { period: '2026-05-04', count: 3, overall: 4, food: 2.5, service: 2 },
      // J alone: nothing to average for food and service.
      { period: '2026-05-05', count: 1, overall: 2, food: null, service: null },
    ]);
    expect(await summary('from=2026-05-05')).toMatchObject({
      count: 1,
      averages: { overall: 2, food: null, service: null },
      rated: { overall: 1, food: 0, service: 0 },
    });
  });

  it('lists an entry without food or service ratings with nulls; a reply e-mail names only the ratings given', async () => {
    const entries = (await list()).items;
    const entryOf = (name: string) => entries.find((entry) => entry.comment === name);
    expect(entryOf('H')).toMatchObject({ overall: 3, food: null, service: null, flagged: false });
    expect(entryOf('G')).toMatchObject({ overall: 5, food: 4, service: null });
    expect(entryOf('J')).toMatchObject({ overall: 2, food: null, service: null, flagged: true });

    for (const [name, ratings] of [
      ['J', 'Overall 2/5'],
      ['G', 'Overall 5/5, Food 4/5'],
    ] as const) {
      const response = await t.post(
        `/api/admin/feedback/${ids.get(name)}/reply`,
        { message: `About ${name}` },
        { as: admin },
      );
      expect(response.status, await response.clone().text()).toBe(200);
      const mail = await latestMessage(t.db, customer.email, 'feedback-reply');
      expect(mail?.body).toContain(`About ${name}`);
      expect(mail?.body).toContain(`order #${orderOf.get(name)?.number}`);
      expect(mail?.body).toContain(`: ${ratings}\n“${name}”`);
    }
  });
});

describe('Customer Feedback: each entry’s order', () => {
  it('carries the items with their options, type, table, the customer and the preparation time', async () => {
    const option = (name: string) =>
      latte.modifierGroups[0]?.options.find((o) => o.name === name)?.id as string;
    const placed = await placedOrder(
      t,
      {
        type: 'dine-in',
        tableId: table.id,
        customerName: 'Table guest',
        lines: [
          { menuItemId: latte.id, quantity: 2, optionIds: [option('Oat milk'), option('Extra shot')] },
          { menuItemId: item.id, quantity: 1 },
        ],
      },
      staff,
    );
    const order = await complete(placed);
    await left(order.id, { overall: 2, food: 3, service: 1, key: await keyOf(order.id), comment: 'Slow' });
    // Ready 12 minutes 34 seconds after it was confirmed.
    const [times] = await t.db
      .select({ confirmedAt: orders.confirmedAt })
      .from(orders)
      .where(eq(orders.id, order.id));
    const confirmedAt = times?.confirmedAt as Date;
    await t.db
      .update(orders)
      .set({ readyAt: new Date(confirmedAt.getTime() + 754_000) })
      .where(eq(orders.id, order.id));

    const entry = (await list()).items.find((candidate) => candidate.order.id === order.id) as FeedbackEntry;
    expect(entry).toEqual({
      id: expect.any(String),
      overall: 2,
      food: 3,
      service: 1,
      comment: 'Slow',
      flagged: true,
      createdAt: expect.any(String),
      order: {
        id: order.id,
        number: order.number,
        type: 'dine-in',
        tableName: 'Terrace 7',
        lines: [
          { name: 'Feedback Latte', quantity: 2, options: ['Oat milk', 'Extra shot'] },
          { name: item.name, quantity: 1, options: [] },
        ],
        placedAt: order.createdAt,
        confirmedAt: confirmedAt.toISOString(),
        readyAt: new Date(confirmedAt.getTime() + 754_000).toISOString(),
        preparationSeconds: 754,
      },
      author: { kind: 'guest', id: null, name: null, role: null },
      customer: null,
      customerName: 'Table guest',
      canReply: false,
      reviewedAt: null,
      reviewedBy: null,
      reply: null,
      repliedAt: null,
      repliedBy: null,
    });

    // A customer's order through the real flow: a preparation time of its own, and a reply possible.
    const own = await complete(await customerOrder());
    await left(own.id, RATING, customer);
    const ownEntry = (await list()).items.find((candidate) => candidate.order.id === own.id) as FeedbackEntry;
    expect(ownEntry).toMatchObject({
      flagged: false,
      author: { kind: 'customer', id: customer.id, name: 'Cleo Customer', role: 'customer' },
      customer: { id: customer.id, name: 'Cleo Customer' },
      canReply: true,
      order: { type: 'takeaway', tableName: null, preparationSeconds: expect.any(Number) },
    });
    expect(ownEntry.order.preparationSeconds).toBeGreaterThanOrEqual(0);
  });
});

describe('Customer Feedback: who wrote each rating', () => {
  const entryOf = async (orderId: string) =>
    (await list()).items.find((candidate) => candidate.order.id === orderId) as FeedbackEntry;

  it('names the order’s customer, a guest with the link, or the account that held the link (its role)', async () => {
    const own = await complete(await customerOrder());
    await left(own.id, RATING, customer);
    expect((await entryOf(own.id)).author).toEqual({
      kind: 'customer',
      id: customer.id,
      name: 'Cleo Customer',
      role: 'customer',
    });

    const guest = await complete(await counterOrder());
    await left(guest.id, { ...RATING, key: await keyOf(guest.id) });
    expect((await entryOf(guest.id)).author).toEqual({ kind: 'guest', id: null, name: null, role: null });

    // Staff with the receipt's link may rate a walk-in order, and are named as who wrote it; a reply
    // would not go to them.
    const walkIn = await complete(await counterOrder());
    await left(walkIn.id, { ...RATING, key: await keyOf(walkIn.id) }, staff);
    const staffEntry = await entryOf(walkIn.id);
    expect(staffEntry).toMatchObject({
      author: { kind: 'account', id: staff.id, name: 'Sam Staff', role: 'staff' },
      customer: null,
      canReply: false,
    });
    await expectErrorBody(
      await t.post(`/api/admin/feedback/${staffEntry.id}/reply`, { message: 'Thanks!' }, { as: admin }),
      409,
      'aborted',
    );

    // A signed-in customer with the link of a walk-in order: named, and a reply can reach them.
    const linked = await complete(await counterOrder());
    await left(linked.id, { ...RATING, key: await keyOf(linked.id) }, otherCustomer);
    expect(await entryOf(linked.id)).toMatchObject({
      author: { kind: 'account', id: otherCustomer.id, role: 'customer' },
      customer: { id: otherCustomer.id },
      canReply: true,
    });

    // Feedback kept before a customer's order was theirs alone to rate shows who wrote it.
    const earlier = await complete(await customerOrder());
    await t.db
      .insert(feedback)
      .values({ orderId: earlier.id, authorId: staff.id, overall: 5, food: 5, service: 5 });
    expect(await entryOf(earlier.id)).toMatchObject({
      author: { kind: 'account', id: staff.id, role: 'staff' },
      customer: { id: customer.id, name: 'Cleo Customer' },
    });
  });
});

describe('Customer Feedback: replying by e-mail', () => {
  it('e-mails the customer through the messenger, keeps the reply and marks it reviewed', async () => {
    const order = await complete(await customerOrder());
    await left(order.id, { overall: 2, food: 2, service: 3, comment: 'Cold fries.' }, customer);
    const id = await feedbackIdOf(order.id);
    const message = 'Sorry about the fries, Cleo.\nYour next side is on us.';
    const response = await t.post(
      `/api/admin/feedback/${id}/reply`,
      { message: `  ${message}  ` },
      { as: admin },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const entry = (await response.json()) as FeedbackEntry;
    expect(entry).toMatchObject({
      id,
      reply: message,
      repliedAt: expect.any(String),
      repliedBy: { id: admin.id },
      reviewedAt: expect.any(String),
      reviewedBy: { id: admin.id },
    });

    const mail = await latestMessage(t.db, customer.email, 'feedback-reply');
    expect(mail).toMatchObject({
      channel: 'email',
      recipient: customer.email,
      subject: `Re: your feedback on order #${order.number} at ${RESTAURANT}`,
    });
    expect(mail?.body).toContain(message);
    expect(mail?.body).toContain('Overall 2/5, Food 2/5, Service 3/5');
    expect(mail?.body).toContain('Cold fries.');

    // The list keeps it; a second reply replaces it and keeps the first review.
    const again = await t.post(
      `/api/admin/feedback/${id}/reply`,
      { message: 'One more thing.' },
      { as: admin },
    );
    const second = (await again.json()) as FeedbackEntry;
    expect(second).toMatchObject({ reply: 'One more thing.', reviewedAt: entry.reviewedAt });
    expect((await list()).items.find((candidate) => candidate.id === id)?.reply).toBe('One more thing.');
    const audit = await t.get('/api/admin/audit?area=feedback', { as: admin });
    const actions = ((await audit.json()) as { items: { action: string; targetId: string }[] }).items
      .filter((item) => item.targetId === id)
      .map((item) => item.action);
    expect(actions).toEqual(['feedback.replied', 'feedback.replied']);
  });

  it('refuses with 409 no-email a guest’s order without an account, and a phone-only account', async () => {
    const guest = await complete(await counterOrder());
    await left(guest.id, { ...RATING, key: await keyOf(guest.id) });
    const guestId = await feedbackIdOf(guest.id);
    const error = await expectErrorBody(
      await t.post(`/api/admin/feedback/${guestId}/reply`, { message: 'Thanks!' }, { as: admin }),
      409,
      'aborted',
    );
    expect(error).toMatchObject({
      message: `The customer of order #${guest.number} left no e-mail address, so a reply cannot be sent. Reach them another way if you can.`,
      details: { reason: 'no-email' },
    });

    const phoneOnly = await t.buildUser({ role: 'customer' });
    const order = await complete(await customerOrder(phoneOnly));
    await left(order.id, RATING, phoneOnly);
    const placeholder = phoneOnlyEmail('+1 555 010 9999');
    await t.db.update(users).set({ email: placeholder }).where(eq(users.id, phoneOnly.id));
    const id = await feedbackIdOf(order.id);
    expect((await list()).items.find((entry) => entry.id === id)?.canReply).toBe(false);
    await expectErrorBody(
      await t.post(`/api/admin/feedback/${id}/reply`, { message: 'Thanks!' }, { as: admin }),
      409,
      'aborted',
    );
    // Nothing kept, nothing sent.
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({ reply: null, repliedAt: null, reviewedAt: null });
    expect(await latestMessage(t.db, placeholder, 'feedback-reply')).toBeUndefined();
  });

  it('refuses an empty or too long reply, naming the field', async () => {
    const order = await complete(await customerOrder());
    await left(order.id, RATING, customer);
    const id = await feedbackIdOf(order.id);
    for (const message of ['   ', 'x'.repeat(4001), 7]) {
      const error = await expectErrorBody(
        await t.post(`/api/admin/feedback/${id}/reply`, { message }, { as: admin }),
        400,
        'invalid-argument',
      );
      expect((error.details as { issues: { path: string }[] }).issues[0]?.path).toBe('message');
    }
  });
});

describe('contact messages: handled (PATCH /api/admin/contact-messages/{id})', () => {
  it('lets only administrators mark a message handled and not handled; audited', async () => {
    const [message] = await t.db
      .insert(contactMessages)
      .values({ name: 'Ada', email: 'ada@example.com', subject: 'Terrace', message: 'Is it open?' })
      .returning();
    const id = message?.id as string;
    const path = `/api/admin/contact-messages/${id}`;
    await expectErrorBody(await t.patch(path, { handled: true }), 401, 'unauthenticated');
    for (const as of [customer, staff, manager]) {
      await expectErrorBody(await t.patch(path, { handled: true }, { as }), 403, 'permission-denied');
    }
    let response = await t.patch(path, { handled: true }, { as: admin });
    expect(response.status, await response.clone().text()).toBe(200);
    const handled = (await response.json()) as { id: string; handledAt: string | null; subject: string };
    expect(handled).toMatchObject({ id, subject: 'Terrace', handledAt: expect.any(String) });
    // Again: the first time stays.
    response = await t.patch(path, { handled: true }, { as: admin });
    expect(((await response.json()) as { handledAt: string }).handledAt).toBe(handled.handledAt);
    const listed = await t.get('/api/admin/contact-messages', { as: admin });
    const items = ((await listed.json()) as { items: { id: string; handledAt: string | null }[] }).items;
    expect(items.find((item) => item.id === id)?.handledAt).toBe(handled.handledAt);

    response = await t.patch(path, { handled: false }, { as: admin });
    expect(((await response.json()) as { handledAt: string | null }).handledAt).toBeNull();
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.handledAt).toBeNull();

    const audit = await t.get('/api/admin/audit?area=feedback', { as: admin });
    const actions = ((await audit.json()) as { items: { action: string; targetId: string }[] }).items
      .filter((item) => item.targetId === id)
      .map((item) => item.action);
    expect(actions).toEqual(['contact-message.unhandled', 'contact-message.handled']);

    await expectErrorBody(
      await t.patch(
        '/api/admin/contact-messages/00000000-0000-4000-8000-000000000000',
        { handled: true },
        { as: admin },
      ),
      404,
      'not-found',
    );
    const error = await expectErrorBody(
      await t.patch(path, { handled: 1 }, { as: admin }),
      400,
      'invalid-argument',
    );
    expect((error.details as { issues: { path: string }[] }).issues[0]?.path).toBe('handled');
    expect((await t.db.select().from(contactMessages).where(eq(contactMessages.id, id))).length).toBe(1);
  });
});
