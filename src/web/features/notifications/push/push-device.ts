import { PUSH_SERVICE_WORKER_PATH, PUSH_SERVICE_WORKER_WAIT_MS } from '../../../../shared/notification-kinds';

/**
 * This browser's side of Web Push, zod-free and without React: whether pushes can work
 * here, the service worker's registration (at `/firebase-messaging-sw.js`, waited for
 * up to 10 s) and the device's subscription.
 */

/** What the browser allows: `unsupported` when it has no service workers, Push API or notifications. */
export type PushPermission = NotificationPermission | 'unsupported';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function pushPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'unsupported';
}

function timeout<T>(ms: number, what: string): Promise<T> {
  return new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms),
  );
}

/**
 * Registers the push service worker (a no-op when it is registered already) and waits until it is
 * active, at most `PUSH_SERVICE_WORKER_WAIT_MS`.
 */
export async function registerPushWorker(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register(PUSH_SERVICE_WORKER_PATH);
  if (registration.active) return registration;
  return Promise.race([
    navigator.serviceWorker.ready,
    timeout<ServiceWorkerRegistration>(PUSH_SERVICE_WORKER_WAIT_MS, 'Starting the push service worker'),
  ]);
}

/** The push service worker's registration when there is one (nothing is registered by asking). */
export async function existingPushWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration?.active?.scriptURL.endsWith(PUSH_SERVICE_WORKER_PATH) ||
    registration?.installing?.scriptURL.endsWith(PUSH_SERVICE_WORKER_PATH) ||
    registration?.waiting?.scriptURL.endsWith(PUSH_SERVICE_WORKER_PATH)
    ? registration
    : undefined;
}

/** This device's push subscription, when it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await existingPushWorker();
  return (await registration?.pushManager.getSubscription()) ?? null;
}
