import { ECDH } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { sessions } from '../../src/server/modules/auth/auth.schema';
import {
  notifications,
  pushSubscriptions,
  webPushKeys,
} from '../../src/server/modules/notifications/notifications.schema';
import type { MenuItem } from '../../src/shared/contracts/menu';
import {
  MAX_PUSH_DEVICES_PER_USER,
  NOTIFICATIONS_API,
  type PushPayload,
  type TestNotificationResult,
} from '../../src/shared/contracts/notifications';
import { buildMenuItem, uniqueName } from '../support/factories';
import { alwaysOpen } from '../support/opening-hours';
import { movedOrder, placedOrder } from '../support/orders';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';
import {
  type ReceivedPush,
  startTestPushService,
  type TestPushService,
  type TestSubscription,
} from '../support/test-push-service';
import { until } from '../support/until';

/**
 * Web Push: who may save, remove and test; what save-token refuses (with the field named
 * and nothing kept); devices per endpoint, per user and per session; and pushes end to end through a
 * local push service (tests/support/test-push-service.ts) that checks the VAPID signature and
 * decrypts the body as a browser would: an accepted order reaches the customer's device, a test
 * notification reaches the caller's, a 410 forgets the device, signing out forgets the session's
 * device, and every process shares one VAPID key.
 */
let service: TestPushService;
let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;
let soup: MenuItem;

beforeAll(async () => {
  service = await startTestPushService();
  t = await createTestApp({ pushServiceOrigins: [service.origin] });
  [admin, staff, customer] = (await Promise.all([
    t.buildUser({ role: 'admin', name: 'Ada Admin' }),
    t.buildUser({ role: 'staff', name: 'Sam Staff' }),
    t.buildUser({ role: 'customer', name: 'Cleo Customer' }),
  ])) as [TestUser, TestUser, TestUser];
  await alwaysOpen(t, admin);
  soup = await buildMenuItem(t, { name: uniqueName('Soup'), price: 695 }, { as: admin });
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

const save = (as: TestUser | null, token: unknown) => t.post(NOTIFICATIONS_API.saveToken, { token }, { as });
const remove = (as: TestUser | null, endpoint: string) =>
  t.post(NOTIFICATIONS_API.removeToken, { endpoint }, { as });

async function saved(as: TestUser, subscription: TestSubscription = service.subscription()) {
  const response = await save(as, subscription.json);
  expect(response.status, await response.clone().text()).toBe(204);
  return subscription;
}

const devicesOf = (userId: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const deviceAt = async (endpoint: string) =>
  (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

/** A valid subscription's JSON with some of it replaced. */
function tokenWith(change: (token: Record<string, unknown> & { keys: Record<string, unknown> }) => void) {
  const token = structuredClone(service.subscription().json) as unknown as Record<string, unknown> & {
    keys: Record<string, unknown>;
  };
  change(token);
  return token;
}

const payloadOf = (message: ReceivedPush) => message.payload as PushPayload;

describe('who may call', () => {
  it('refuses guests on the three push routes', async () => {
    const subscription = service.subscription();
    await expectErrorBody(await save(null, subscription.json), 401, 'unauthenticated');
    await expectErrorBody(await remove(null, subscription.endpoint), 401, 'unauthenticated');
    await expectErrorBody(
      await t.post(NOTIFICATIONS_API.test, undefined, { as: null }),
      401,
      'unauthenticated',
    );
    expect(await deviceAt(subscription.endpoint)).toBeUndefined();
  });
});

describe('save-token refuses junk with 400 naming the field, and keeps nothing', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.buildUser({ role: 'customer' });
  });

  // 65 bytes starting 0x04, but (x, y) is not on the curve.
  const notAPoint = () => {
    const bytes = Buffer.from(service.subscription().json.keys.p256dh, 'base64url');
    bytes[64] = bytes[64]! ^ 1;
    return bytes.toString('base64url');
  };

  const cases: [string, () => unknown, string][] = [
    ['a token that is not an object', () => 'not-a-subscription', 'token'],
    ['a null token', () => null, 'token'],
    ['an array token', () => [], 'token'],
    ['no keys', () => tokenWith((token) => delete (token as { keys?: unknown }).keys), 'token.keys'],
    ['no auth', () => tokenWith((token) => delete token.keys.auth), 'token.keys.auth'],
    ['no endpoint', () => tokenWith((token) => delete token.endpoint), 'token.endpoint'],
    [
      'a short p256dh (64 bytes)',
      () => tokenWith((token) => (token.keys.p256dh = Buffer.alloc(64, 4).toString('base64url'))),
      'token.keys.p256dh',
    ],
    [
      'a short auth (8 bytes)',
      () => tokenWith((token) => (token.keys.auth = Buffer.alloc(8, 1).toString('base64url'))),
      'token.keys.auth',
    ],
    [
      'a p256dh that is not a point of P-256',
      () => tokenWith((token) => (token.keys.p256dh = notAPoint())),
      'token.keys.p256dh',
    ],
    [
      'a p256dh of 65 zero bytes after 0x04',
      () =>
        tokenWith(
          (token) =>
            (token.keys.p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url')),
        ),
      'token.keys.p256dh',
    ],
    [
      'an http endpoint not configured',
      () => tokenWith((token) => (token.endpoint = 'http://127.0.0.1:9/push/abc')),
      'token.endpoint',
    ],
    [
      'an http endpoint on a known push service host',
      () => tokenWith((token) => (token.endpoint = 'http://fcm.googleapis.com/fcm/send/abc')),
      'token.endpoint',
    ],
    [
      'an https endpoint on an unknown host',
      () => tokenWith((token) => (token.endpoint = 'https://push.evil.example/send/abc')),
      'token.endpoint',
    ],
    [
      'a look-alike of a push service host',
      () => tokenWith((token) => (token.endpoint = 'https://fcm.googleapis.com.evil.example/fcm/send/abc')),
      'token.endpoint',
    ],
    [
      'a known host on another port',
      () => tokenWith((token) => (token.endpoint = 'https://fcm.googleapis.com:8443/fcm/send/abc')),
      'token.endpoint',
    ],
    [
      'credentials in the endpoint',
      () => tokenWith((token) => (token.endpoint = 'https://user:pw@fcm.googleapis.com/fcm/send/abc')),
      'token.endpoint',
    ],
    [
      'an endpoint that is no URL',
      () => tokenWith((token) => (token.endpoint = 'not a url')),
      'token.endpoint',
    ],
    ['an extra field in the token', () => tokenWith((token) => (token.extra = 1)), 'token.extra'],
    ['an extra field in the keys', () => tokenWith((token) => (token.keys.extra = 'x')), 'token.keys.extra'],
  ];

  for (const [what, token, path] of cases) {
    it(`refuses ${what}`, async () => {
      const body = token();
      const error = await expectErrorBody(await save(user, body), 400, 'invalid-argument');
      const issues = (error.details as { issues: { path: string }[] }).issues;
      expect(issues.map((issue) => issue.path)).toContain(path);
      expect(error.message).toContain(path);
      expect(await devicesOf(user.id)).toEqual([]);
    });
  }

  it('refuses an extra field beside the token and a body without one', async () => {
    const extra = await t.post(
      NOTIFICATIONS_API.saveToken,
      { token: service.subscription().json, device: 'phone' },
      { as: user },
    );
    expect((await expectErrorBody(extra, 400, 'invalid-argument')).message).toContain('device');
    const none = await t.post(NOTIFICATIONS_API.saveToken, {}, { as: user });
    expect((await expectErrorBody(none, 400, 'invalid-argument')).message).toContain('token');
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it('accepts the push services browsers use', async () => {
    const keys = service.subscription().json.keys;
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/dXNlcjEyMzQ:APA91bH',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMmNnGlOuZ',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ];
    for (const endpoint of endpoints) {
      const response = await save(user, { endpoint, expirationTime: null, keys });
      expect(response.status, `${endpoint}: ${await response.clone().text()}`).toBe(204);
    }
    expect((await devicesOf(user.id)).map((device) => device.endpoint).sort()).toEqual([...endpoints].sort());
    // Nothing is ever sent there from a test: they go again at once.
    for (const endpoint of endpoints) expect((await remove(user, endpoint)).status).toBe(204);
    expect(await devicesOf(user.id)).toEqual([]);
  });
});

describe('devices', () => {
  it('keeps a subscription per endpoint, for the session that saved it, with the browser', async () => {
    const user = await t.buildUser({ role: 'customer' });
    const subscription = service.subscription();
    const response = await t.post(
      NOTIFICATIONS_API.saveToken,
      { token: subscription.json },
      { as: user, headers: { 'user-agent': 'TestBrowser/1.0' } },
    );
    expect(response.status, await response.clone().text()).toBe(204);
    expect(await response.text()).toBe('');
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const device = await deviceAt(subscription.endpoint);
    expect(device).toMatchObject({
      userId: user.id,
      sessionId: session!.id,
      p256dh: subscription.json.keys.p256dh,
      auth: subscription.json.keys.auth,
      userAgent: 'TestBrowser/1.0',
      failures: 0,
    });

    // Saved again (the weekly renewal, new keys): still one row, with the new keys.
    const renewed = { ...subscription.json, keys: service.subscription().json.keys };
    expect((await save(user, renewed)).status).toBe(204);
    expect(await devicesOf(user.id)).toHaveLength(1);
    expect((await deviceAt(subscription.endpoint))?.p256dh).toBe(renewed.keys.p256dh);
  });

  it('moves a device to whoever saves it next', async () => {
    const [first, second] = await Promise.all([t.buildUser(), t.buildUser()]);
    const subscription = await saved(first!);
    await saved(second!, subscription);
    expect(await devicesOf(first!.id)).toEqual([]);
    expect((await devicesOf(second!.id)).map((device) => device.endpoint)).toEqual([subscription.endpoint]);
  });

  it('removes only the caller’s own subscription; an unknown one is a 204 too', async () => {
    const [owner, other] = await Promise.all([t.buildUser(), t.buildUser()]);
    const subscription = await saved(owner!);
    expect((await remove(other!, subscription.endpoint)).status).toBe(204);
    expect(await deviceAt(subscription.endpoint)).toBeDefined();
    expect((await remove(owner!, `${service.origin}/push/unknown`)).status).toBe(204);
    expect((await remove(owner!, subscription.endpoint)).status).toBe(204);
    expect(await deviceAt(subscription.endpoint)).toBeUndefined();
    await expectErrorBody(
      await t.post(NOTIFICATIONS_API.removeToken, { endpoint: '' }, { as: owner }),
      400,
      'invalid-argument',
    );
  });

  it(`keeps at most ${MAX_PUSH_DEVICES_PER_USER} devices a user, forgetting the least recently saved`, async () => {
    const user = await t.buildUser();
    const devices: TestSubscription[] = [];
    for (let index = 0; index < MAX_PUSH_DEVICES_PER_USER; index++) devices.push(await saved(user));
    // The first one is saved again (renewed): now the second is the least recently saved.
    await saved(user, devices[0]);
    const newest = await saved(user);
    const kept = (await devicesOf(user.id)).map((device) => device.endpoint);
    expect(kept).toHaveLength(MAX_PUSH_DEVICES_PER_USER);
    expect(kept).toContain(devices[0]!.endpoint);
    expect(kept).toContain(newest.endpoint);
    expect(kept).not.toContain(devices[1]!.endpoint);
  });

  it('limits saves per user (429)', async () => {
    const user = await t.buildUser();
    const subscription = service.subscription();
    let last: Response | undefined;
    for (let index = 0; index < 31; index++) last = await save(user, subscription.json);
    await expectErrorBody(last!, 429, 'resource-exhausted');
  });
});

describe('pushes, end to end through a local push service', () => {
  it('pushes an accepted order to the customer’s device: VAPID-signed, encrypted, naming the order', async () => {
    const device = await saved(customer);
    const staffDevice = await saved(staff);
    const order = await placedOrder(
      t,
      { type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 2 }] },
      customer,
    );

    // The order request reaches staff's device, urgent.
    const forOrder = () =>
      service.receivedBy(staffDevice.endpoint).filter((message) => payloadOf(message).orderId === order.id);
    await service.waitFor(() => forOrder().length > 0);
    expect(forOrder()).toHaveLength(1);
    expect(payloadOf(forOrder()[0]!)).toMatchObject({
      kind: 'order-request',
      title: 'New order request',
      url: `/orders/${order.id}`,
    });
    expect(forOrder()[0]!.headers.urgency).toBe('high');

    await movedOrder(t, order, 'confirmed', staff);
    await service.waitFor(() => service.receivedBy(device.endpoint).length > 0);
    const [message] = service.receivedBy(device.endpoint);
    const payload = payloadOf(message!);
    expect(payload).toMatchObject({
      kind: 'order-accepted',
      orderId: order.id,
      url: `/account/orders/${order.id}`,
    });
    expect(payload.title).toContain(`#${order.number}`);
    expect(payload.id).toMatch(/^[0-9a-f-]{36}$/);
    // The notification it carries is the customer's, and no longer waits for a push.
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, payload.id));
    expect(row).toMatchObject({
      userId: customer.id,
      orderId: order.id,
      title: payload.title,
      pushPending: false,
    });
    // Signed with the server's key (the one /api/config gives browsers), for a day.
    const config = (await (await t.get('/api/config')).json()) as { pushPublicKey: string };
    expect(message!.vapid.publicKey).toBe(config.pushPublicKey);
    expect(message!.vapid.aud).toBe(service.origin);
    expect(message!.vapid.sub).toBe(`mailto:${t.config.adminEmail}`);
    expect(message!.headers).toMatchObject({ ttl: '86400', urgency: 'normal', contentEncoding: 'aes128gcm' });
    await remove(customer, device.endpoint);
    await remove(staff, staffDevice.endpoint);
  });

  it('sends a test notification to each of the caller’s devices (202)', async () => {
    const user = await t.buildUser();
    const none = await t.post(NOTIFICATIONS_API.test, undefined, { as: user });
    expect(none.status, await none.clone().text()).toBe(202);
    expect(((await none.json()) as TestNotificationResult).pushDevices).toBe(0);

    const [phone, laptop] = [await saved(user), await saved(user)];
    const response = await t.post(NOTIFICATIONS_API.test, undefined, { as: user });
    expect(response.status, await response.clone().text()).toBe(202);
    const result = (await response.json()) as TestNotificationResult;
    expect(result).toMatchObject({
      pushDevices: 2,
      notification: {
        kind: 'test',
        title: 'Test notification',
        body: 'Notifications reach this device.',
        link: '/test-notifications',
        readAt: null,
      },
    });
    await service.waitFor(
      () =>
        service.receivedBy(phone!.endpoint).length === 1 && service.receivedBy(laptop!.endpoint).length === 1,
    );
    for (const device of [phone!, laptop!]) {
      expect(payloadOf(service.receivedBy(device.endpoint)[0]!)).toEqual({
        id: result.notification.id,
        kind: 'test',
        title: 'Test notification',
        body: 'Notifications reach this device.',
        orderId: null,
        url: '/test-notifications',
      });
    }
    // The in-app notification is on the bell too.
    const list = (await (await t.get(NOTIFICATIONS_API.list, { as: user })).json()) as {
      items: { id: string }[];
    };
    expect(list.items.map((item) => item.id)).toContain(result.notification.id);
  });

  it('forgets a device whose push service answers 410 or 404', async () => {
    for (const status of [410, 404]) {
      const user = await t.buildUser();
      const gone = await saved(user);
      const kept = await saved(user);
      service.answer(gone.endpoint, status);
      expect((await t.post(NOTIFICATIONS_API.test, undefined, { as: user })).status).toBe(202);
      await service.waitFor(() => service.receivedBy(kept.endpoint).length === 1);
      expect(await until(async () => ((await deviceAt(gone.endpoint)) ? undefined : true))).toBe(true);
      expect(service.refused.some((r) => r.endpoint === gone.endpoint && r.status === status)).toBe(true);
      expect(await deviceAt(kept.endpoint)).toBeDefined();
    }
  });

  it('counts other refusals and forgets them after 5 in a row; a push that goes through resets the count', async () => {
    const user = await t.buildUser();
    const device = await saved(user);
    const failuresAfterTest = async () => {
      expect((await t.post(NOTIFICATIONS_API.test, undefined, { as: user })).status).toBe(202);
      await t.services.pushSender.flush();
      return (await deviceAt(device.endpoint))?.failures;
    };
    service.answer(device.endpoint, 500);
    expect(await failuresAfterTest()).toBe(1);
    expect(await failuresAfterTest()).toBe(2);
    service.answer(device.endpoint, null);
    expect(await failuresAfterTest()).toBe(0);
    service.answer(device.endpoint, 503);
    for (let count = 1; count < 5; count++) expect(await failuresAfterTest()).toBe(count);
    expect(await failuresAfterTest()).toBeUndefined();
  });

  it('pushes a notification once with two app processes on the database', async () => {
    const second = await t.secondApp();
    try {
      const user = await t.buildUser();
      const device = await saved(user);
      for (let round = 0; round < 3; round++) {
        const response = await second.post(NOTIFICATIONS_API.test, undefined, { as: user });
        expect(response.status).toBe(202);
      }
      await service.waitFor(() => service.receivedBy(device.endpoint).length >= 3);
      await t.liveSettled();
      await Promise.all([t.services.pushSender.flush(), second.services.pushSender.flush()]);
      const ids = service.receivedBy(device.endpoint).map((m) => payloadOf(m).id);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(3);
    } finally {
      await second.close();
    }
  });

  it('forgets the device of a session that signs out, not those of the user’s other sessions', async () => {
    const user = await t.buildUser();
    const otherSession = { ...user, cookie: await t.signIn(user.email, user.password) };
    const here = await saved(user);
    const there = await saved(otherSession);
    const signOut = await t.post('/api/auth/sign-out', {}, { as: user });
    expect(signOut.status).toBe(200);
    expect(await deviceAt(here.endpoint)).toBeUndefined();
    expect((await deviceAt(there.endpoint))?.userId).toBe(user.id);
  });

  it('pushes nothing to the device of a session that has expired (signed out in all but name)', async () => {
    const user = await t.buildUser();
    const otherSession = { ...user, cookie: await t.signIn(user.email, user.password) };
    const stale = await saved(user);
    const live = await saved(otherSession);
    const staleSession = (await deviceAt(stale.endpoint))!.sessionId!;
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, staleSession));
    expect((await t.post(NOTIFICATIONS_API.test, undefined, { as: otherSession })).status).toBe(202);
    await service.waitFor(() => service.receivedBy(live.endpoint).length === 1);
    await t.services.pushSender.flush();
    expect(service.receivedBy(stale.endpoint)).toHaveLength(0);
  });

  it('refuses a push signed with another key (the test service checks the signature)', async () => {
    const subscription = service.subscription();
    const other = webpush.generateVAPIDKeys();
    const request = webpush.generateRequestDetails(subscription.json as webpush.PushSubscription, 'hi', {
      vapidDetails: { subject: 'mailto:someone@example.com', ...other },
      contentEncoding: 'aes128gcm',
    });
    // A valid token for another key, presented with the server's key.
    const serverKey = ((await (await t.get('/api/config')).json()) as { pushPublicKey: string })
      .pushPublicKey;
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value).replace(/k=[A-Za-z0-9_-]+$/, `k=${serverKey}`)]),
    );
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: new Uint8Array(request.body as Buffer),
    });
    expect(response.status).toBe(401);
    expect(service.refused.at(-1)?.reason).toMatch(/signature/);
  });
});

describe('the VAPID key', () => {
  it('is made once and is the same for every process on a database: a 65-byte P-256 key in /api/config', async () => {
    const fresh = await createTestApp({ pushServiceOrigins: [service.origin] });
    try {
      const second = await fresh.secondApp();
      try {
        const [one, two] = await Promise.all([fresh.get('/api/config'), second.get('/api/config')]);
        const keys = [
          ((await one.json()) as { pushPublicKey: string }).pushPublicKey,
          ((await two.json()) as { pushPublicKey: string }).pushPublicKey,
        ];
        expect(keys[0]).toBe(keys[1]);
        const bytes = Buffer.from(keys[0]!, 'base64url');
        expect(bytes).toHaveLength(65);
        expect(bytes[0]).toBe(4);
        expect(() => ECDH.convertKey(bytes, 'prime256v1')).not.toThrow();
        const rows = await fresh.db.select().from(webPushKeys);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.publicKey).toBe(keys[0]);
        expect(Buffer.from(rows[0]!.privateKey, 'base64url')).toHaveLength(32);
      } finally {
        await second.close();
      }
    } finally {
      await fresh.close();
    }
  });
});
