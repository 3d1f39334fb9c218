/*
 * Brigade's push service worker, registered at this address (PUSH_SERVICE_WORKER_PATH). Plain
 * JavaScript, served from the site's root with `Cache-Control: no-cache`, so a new version reaches
 * browsers at their next visit. The names below match src/shared/notification-kinds.ts
 * (PUSH_MESSAGE_TYPES, PushPayload) and the notification toast's defaults (notification-toast.tsx).
 *
 * - push: a window of the app that is visible or focused shows the notification toast itself (the worker
 *   posts the payload and the page answers that it took it); otherwise, or when no page answers, the
 *   system notification shows, tagged with the notification's id.
 * - notificationclick: an open window of the app opens the address in the app and is focused; with
 *   no window open, a new one opens at the address.
 */

const RECEIVED = 'brigade:push-received';
const OPEN = 'brigade:push-open';
const DEFAULT_TITLE = 'New Notification';
const DEFAULT_BODY = 'You have a new notification';
const ICON = '/icon-192.png';
/** How long a page may take to answer a posted message before the worker does it itself. */
const PAGE_ANSWER_MS = 1500;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only a path of this site is opened (never another origin); anything else opens the home page. */
function sitePath(value) {
  if (typeof value !== 'string') return '/';
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  return path;
}

function text(value, fallback) {
  return typeof value === 'string' && value.trim() ? value : fallback;
}

/** The push's PushPayload, with the toast's default title and body for what is missing. */
function readPayload(data) {
  let raw = {};
  if (data) {
    try {
      raw = data.json();
    } catch {
      raw = { body: data.text() };
    }
  }
  if (typeof raw !== 'object' || raw === null) raw = {};
  return {
    id: typeof raw.id === 'string' ? raw.id : '',
    kind: typeof raw.kind === 'string' ? raw.kind : 'test',
    title: text(raw.title, DEFAULT_TITLE),
    body: text(raw.body, DEFAULT_BODY),
    orderId: typeof raw.orderId === 'string' && raw.orderId ? raw.orderId : null,
    url: sitePath(raw.url),
  };
}

function appWindows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/** Posts `message` to a window and resolves true when its page answers `{ done: true }` in time. */
function ask(client, message) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), PAGE_ANSWER_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(Boolean(event.data?.done));
    };
    try {
      client.postMessage(message, [channel.port2]);
    } catch (error) {
      console.warn('Could not reach the page', error);
      clearTimeout(timer);
      resolve(false);
    }
  });
}

async function receive(payload) {
  const windows = await appWindows();
  const seen = windows.filter((client) => client.focused || client.visibilityState === 'visible');
  if (seen.length > 0) {
    const answers = await Promise.all(seen.map((client) => ask(client, { type: RECEIVED, payload })));
    if (answers.some(Boolean)) return;
  }
  const options = { body: payload.body, data: payload, icon: ICON };
  if (payload.id) options.tag = payload.id;
  await self.registration.showNotification(payload.title, options);
}

self.addEventListener('push', (event) => {
  event.waitUntil(
    receive(readPayload(event.data)).catch((error) => console.warn('Could not show the push', error)),
  );
});

async function open(url) {
  const windows = await appWindows();
  const target =
    windows.find((client) => client.focused) ??
    windows.find((client) => client.visibilityState === 'visible') ??
    windows[0];
  if (target) {
    // Focus first: a window may be focused only while the click is fresh.
    const focused = target.focus().catch((error) => console.warn('Could not focus the page', error));
    const opened = await ask(target, { type: OPEN, url });
    await focused;
    if (opened) return;
    // No page of the app answered (still loading, or signed out): load the address in that window.
    if ('navigate' in target) {
      try {
        await target.navigate(url);
        return;
      } catch (error) {
        console.warn('Could not open the address in the page', error);
      }
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data ?? {};
  event.waitUntil(
    open(sitePath(data.url)).catch((error) => console.warn('Could not open the notification', error)),
  );
});
