import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import type { Order } from '../../src/shared/contracts/orders';
import type { PushPayload } from '../../src/shared/notification-kinds';
import { buildMenuItem, uniqueName } from '../support/factories';
import { decryptAes128gcm, verifyVapid } from '../support/test-push-service';
import { expect, test } from './fixtures';
import { e2ePushServiceOrigin } from './global-setup';
import { newCustomer, ownerClient, signIn } from './guests';
import { DESKTOP, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * Web Push in Chromium. The app runs with `PUSH_SERVICE_ORIGINS` naming the origin this file
 * listens on (tests/e2e/global-setup.ts): a local push service that checks the VAPID header and decrypts
 * the `aes128gcm` body (H2's `verifyVapid`/`decryptAes128gcm`), so what the server pushes is read here
 * as a real push service would get it. The browser's own push service (Google's, which headless
 * Chromium cannot reach here) is the one thing faked: an init script makes `PushManager.subscribe`
 * return a subscription whose endpoint is this local service, with keys made here. The payload the
 * service decrypted is then handed to the real service worker through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`), as the browser's push service would.
 *
 * Not provable here: `clients.openWindow` with no window of the app open (a synthetic
 * `notificationclick` carries no user gesture, so Chromium refuses to open a window), and a window
 * that is open but hidden (headless Chromium reports every page visible): the "no visible page" case
 * is a push while the only page is on another origin (about:blank).
 */

const SW_PATH = '/firebase-messaging-sw.js';

interface Keys {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

interface Received {
  endpoint: string;
  payload: PushPayload;
  vapid: { aud: string; sub: string };
}

/** The local push service: subscriptions made here, pushes checked and decrypted as they arrive. */
class LocalPushService {
  readonly received: Received[] = [];
  readonly refused: string[] = [];
  private readonly keys = new Map<string, Keys>();
  private server?: Server;

  constructor(readonly origin: string) {}

  async start() {
    this.server = createServer((request, response) => {
      this.handle(request).then(
        (status) => response.writeHead(status).end(),
        (error: Error) => {
          this.refused.push(error.message);
          response.writeHead(400).end(error.message);
        },
      );
    });
    const port = Number(new URL(this.origin).port);
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(request: IncomingMessage): Promise<number> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const endpoint = `${this.origin}${request.url}`;
    const keys = this.keys.get(endpoint);
    // Another test's staff push to a subscription that is gone: the answer that makes the server forget it.
    if (!keys) return 410;
    const vapid = verifyVapid(request.headers.authorization, this.origin);
    const text = decryptAes128gcm(Buffer.concat(chunks), keys).toString('utf8');
    this.received.push({ endpoint, payload: JSON.parse(text) as PushPayload, vapid });
    return 201;
  }

  /** A pretend browser's subscription at this service: what `PushSubscription.toJSON()` gives. */
  subscription() {
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${this.origin}/push/${randomUUID()}`;
    this.keys.set(endpoint, { ecdh, publicKey, auth });
    return { endpoint, p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') };
  }

  async waitFor(predicate: (received: Received) => boolean): Promise<Received> {
    let found: Received | undefined;
    await expect
      .poll(() => (found = this.received.find(predicate)), { timeout: 15_000, message: 'a push arrives' })
      .toBeTruthy();
    return found!;
  }
}

type FakeSubscription = ReturnType<LocalPushService['subscription']>;

/**
 * The browser's push service, faked: `subscribe` and `getSubscription` give a subscription at the
 * local push service (kept in localStorage, as the browser keeps its own), `unsubscribe` forgets it.
 */
async function fakeBrowserPushService(context: BrowserContext, subscription: FakeSubscription) {
  await context.addInitScript((fake) => {
    if (typeof PushManager === 'undefined') return;
    const KEY = 'e2e-fake-push-subscription';
    const make = (serverKey: string) => {
      const applicationServerKey = Uint8Array.from(atob(serverKey), (char) => char.charCodeAt(0)).buffer;
      return {
        endpoint: fake.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey },
        getKey: () => null,
        toJSON: () => ({
          endpoint: fake.endpoint,
          expirationTime: null,
          keys: { p256dh: fake.p256dh, auth: fake.auth },
        }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      } as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      const serverKey = btoa(String.fromCharCode(...key));
      localStorage.setItem(KEY, serverKey);
      return make(serverKey);
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const serverKey = localStorage.getItem(KEY);
      return serverKey ? make(serverKey) : null;
    };
  }, subscription);
}

/** The DevTools protocol's view of the push service worker: its registration id, and delivering a push. */
async function pushWorker(page: Page, baseURL: string) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  let registrationId: string | undefined;
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const registration of registrations) {
      if (registration.scopeURL === `${baseURL}/` && !registration.isDeleted) {
        registrationId = registration.registrationId;
      }
    }
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrationId, { message: 'the push service worker is registered' }).toBeTruthy();
  return {
    deliver: (payload: PushPayload) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL,
        registrationId: registrationId!,
        data: JSON.stringify(payload),
      }),
  };
}

/** The running push service worker (a push wakes it up when it was stopped). */
async function runningWorker(context: BrowserContext): Promise<Worker> {
  let worker: Worker | undefined;
  await expect
    .poll(() => (worker = context.serviceWorkers().find((w) => w.url().endsWith(SW_PATH))), {
      message: 'the push service worker runs',
    })
    .toBeTruthy();
  return worker!;
}

/** What the worker's global scope offers here (the page's TypeScript has no worker types). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

/** The system notifications the worker shows now: title, body, tag and data. */
async function shownNotifications(context: BrowserContext) {
  const worker = await runningWorker(context);
  return worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const notifications = await scope.registration.getNotifications();
    return notifications.map((n: Notification) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as unknown,
    }));
  });
}

/** A click on the system notification with `tag`, as the person would (without a user gesture). */
async function clickNotification(context: BrowserContext, tag: string) {
  const worker = await runningWorker(context);
  await worker.evaluate(async (wanted) => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification ${wanted}`);
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  }, tag);
}

function pushState(page: Page) {
  return page.getByTestId('push-state');
}

let pushService: LocalPushService;

test.describe('push notifications', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ baseURL }) => {
    pushService = new LocalPushService(e2ePushServiceOrigin(baseURL!));
    await pushService.start();
  });

  test.afterAll(async () => {
    await pushService?.stop();
  });

  test('the service worker is served from the root with no long cache', async ({ request }) => {
    const response = await request.get(SW_PATH);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/javascript/);
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(await response.text()).toContain("addEventListener('notificationclick'");
  });

  test('a customer turns notifications on, sends a test push that arrives through the push service and shows once, and turns them off', async ({
    page,
    baseURL,
  }) => {
    const subscription = pushService.subscription();
    await fakeBrowserPushService(page.context(), subscription);
    const customer = await newCustomer(page.request, baseURL!, 'Pushy');
    await signIn(page.request, baseURL!, customer);

    await page.goto('/test-notifications');
    await expect(pushState(page)).toHaveText('Off for this device');
    // The person says yes to the browser's question (headless Chromium cannot show it).
    await page.context().grantPermissions(['notifications'], { origin: baseURL });
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/notifications/save-token'));
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    expect((await saved).status()).toBe(204);
    await expect(page.getByText('Notifications are on for this device.')).toBeVisible();
    await expect(pushState(page)).toHaveText('On for this device');

    const sent = page.waitForResponse((r) => r.url().endsWith('/api/notifications/test'));
    await page.getByRole('button', { name: 'Send me a test notification' }).click();
    expect((await sent).status()).toBe(202);
    await expect(page.getByText('Sent to your notifications and pushed to 1 device.')).toBeVisible();

    // The server's push reached the push service, signed (VAPID) and encrypted for this subscription.
    const push = await pushService.waitFor((r) => r.endpoint === subscription.endpoint);
    expect(push.vapid.aud).toBe(pushService.origin);
    expect(push.payload).toMatchObject({
      kind: 'test',
      title: 'Test notification',
      url: '/test-notifications',
    });

    // The browser's push service hands it to the worker twice (a retry): the visible page shows the
    // toast once, and the worker shows no system notification.
    const worker = await pushWorker(page, baseURL!);
    await worker.deliver(push.payload);
    await worker.deliver(push.payload);
    const toast = page.getByTestId('notification-toast').filter({ hasText: 'Test notification' });
    await expect(toast).toBeVisible();
    await expect(toast.getByText('Notifications reach this device.')).toBeVisible();
    await page.waitForTimeout(2000);
    await expect(toast).toHaveCount(1);
    expect(await shownNotifications(page.context())).toEqual([]);

    const removed = page.waitForResponse((r) => r.url().endsWith('/api/notifications/remove-token'));
    await page.getByRole('button', { name: 'Turn off' }).click();
    expect((await removed).status()).toBe(204);
    await expect(pushState(page)).toHaveText('Off for this device');
    expect(await page.evaluate(() => localStorage.getItem('e2e-fake-push-subscription'))).toBeNull();
  });

  test('staff: the subscription is saved 1 s after sign-in, a new order’s push shows a system notification when no page is open, a click opens the order, sign-out unsubscribes', async ({
    page,
    baseURL,
    request,
  }) => {
    const subscription = pushService.subscription();
    await fakeBrowserPushService(page.context(), subscription);
    await page.context().grantPermissions(['notifications'], { origin: baseURL });
    await signInByApi(page, baseURL!, E2E_USERS.staff);

    // Permission was granted before: the page saves the subscription by itself, about 1 s after sign-in.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/notifications/save-token'));
    const start = Date.now();
    await page.goto('/orders');
    expect((await saved).status()).toBe(204);
    expect(Date.now() - start).toBeGreaterThanOrEqual(1000);
    // Saved for this session and endpoint less than 7 days ago: the next page load does not save again.
    let savedAgain = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/notifications/save-token')) savedAgain = true;
    });
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.waitForTimeout(2500);
    expect(savedAgain).toBe(false);

    // A guest places an online order: the server pushes "New order request" to the staff's device.
    const owner = await ownerClient(request, baseURL!);
    const soup = await buildMenuItem(owner, {
      name: uniqueName('Push Soup'),
      price: 700,
      station: 'kitchen',
    });
    const customerPage = await page.context().browser()!.newContext({ baseURL });
    const customer = await newCustomer(customerPage.request, baseURL!, 'Orderly');
    await signIn(customerPage.request, baseURL!, customer);
    const placed = await customerPage.request.post('/api/orders', {
      data: { type: 'takeaway', lines: [{ menuItemId: soup.id, quantity: 1 }] },
      headers: { origin: baseURL!, 'Idempotency-Key': randomUUID() },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as Order;
    await customerPage.close();
    const push = await pushService.waitFor(
      (r) => r.endpoint === subscription.endpoint && r.payload.orderId === order.id,
    );
    expect(push.payload).toMatchObject({
      kind: 'order-request',
      title: 'New order request',
      url: `/orders/${order.id}`,
    });
    expect(push.payload.body).toContain(`#${order.number}`);

    // No page of the app is open (the tab went elsewhere): the worker shows the system notification.
    const worker = await pushWorker(page, baseURL!);
    await page.goto('about:blank');
    await worker.deliver(push.payload);
    await expect
      .poll(async () => (await shownNotifications(page.context())).find((n) => n.tag === push.payload.id))
      .toMatchObject({ title: 'New order request', body: push.payload.body, data: { orderId: order.id } });

    // Back in the app on another page, a click on the notification opens the order in that window,
    // inside the app (the page is not reloaded).
    await page.goto('/orders');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await clickNotification(page.context(), push.payload.id);
    await expect(page).toHaveURL(`${baseURL}/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order #${order.number}`, level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await expect.poll(async () => (await shownNotifications(page.context())).length).toBe(0);

    // Signing out unsubscribes this device (it waits for that at most 3 s, so on a busy machine the
    // unsubscribe may finish just after the sign-in page shows).
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('e2e-fake-push-subscription')))
      .toBeNull();
  });

  test('a guest is asked to sign in; a blocked permission is explained', async ({ page, baseURL }) => {
    await page.goto('/test-notifications');
    await expect(page.getByRole('link', { name: 'Sign in to turn on notifications' })).toBeVisible();
    const sendTest = page.getByRole('region', { name: 'Send me a test notification' });
    await expect(sendTest.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
      'href',
      '/login?callbackUrl=%2Ftest-notifications',
    );
    await expect(page.getByRole('button', { name: 'Send me a test notification' })).toHaveCount(0);

    const customer = await newCustomer(page.request, baseURL!, 'Blocky');
    await signIn(page.request, baseURL!, customer);
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Notifications' });
    await expect(card.getByTestId('push-state')).toHaveText('Off for this device');
    // Headless Chromium answers the permission question with "block", as a person may.
    await card.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(card.getByTestId('push-state')).toHaveText('Blocked in this browser');
    await expect(card.getByText(/Notifications are blocked for this site/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Turn on notifications' })).toHaveCount(0);
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`screenshots at ${viewport.width}×${viewport.height}`, async ({ page, baseURL }, testInfo) => {
      await page.setViewportSize(viewport);
      await fakeBrowserPushService(page.context(), pushService.subscription());
      const customer = await newCustomer(page.request, baseURL!, 'Shots');
      await signIn(page.request, baseURL!, customer);
      await page.goto('/account');
      const card = page.getByRole('region', { name: 'Notifications' });
      await expect(card.getByTestId('push-state')).toHaveText('Off for this device');
      await card.scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, 'push-account-off', { viewportOnly: true });
      await page.context().grantPermissions(['notifications'], { origin: baseURL });
      await card.getByRole('button', { name: 'Turn on notifications' }).click();
      await expect(card.getByTestId('push-state')).toHaveText('On for this device');
      await page.waitForTimeout(300);
      await saveScreenshot(page, testInfo, 'push-account-on', { viewportOnly: true });

      await page.goto('/test-notifications');
      await expect(pushState(page)).toHaveText('On for this device');
      await page.getByRole('button', { name: 'Send me a test notification' }).click();
      await expect(page.getByText(/Sent to your notifications/)).toBeVisible();
      await saveScreenshot(page, testInfo, 'push-test-notifications');
      await card.page().getByRole('button', { name: 'Turn off' }).click();
      await expect(pushState(page)).toHaveText('Off for this device');
    });
  }
});
