import { NOTIFICATIONS_API, PUSH_TOKEN_RENEW_MS } from '../../../../shared/notification-kinds';
import { apiRequest } from '../../../lib/api-client';
import { currentSubscription, pushPermission, pushSupported, registerPushWorker } from './push-device';

/**
 * Turning push notifications on and off for the signed-in user on this device, and keeping the
 * server's copy of the subscription fresh (saved 1 s after sign-in, renewed after
 * 7 days). What was saved is kept in localStorage per user: the endpoint, the session that saved it
 * (the server forgets a subscription with its session), the server's key and when.
 */

export interface PushUser {
  userId: string;
  /** The session's id: a new sign-in saves the subscription again. */
  sessionId: string;
  /** `/api/config` `pushPublicKey` (base64url), null when the server has none. */
  publicKey: string | null;
}

interface SavedRecord {
  endpoint: string;
  sessionId: string;
  key: string;
  savedAt: number;
}

const savedKey = (userId: string) => `brigade:push-saved:${userId}`;
/** Set by Turn off: permission stays granted, but this user wants no pushes on this device. */
const offKey = (userId: string) => `brigade:push-off:${userId}`;

function readRecord(userId: string): SavedRecord | null {
  try {
    const value = JSON.parse(localStorage.getItem(savedKey(userId)) ?? 'null') as SavedRecord | null;
    return value && typeof value.endpoint === 'string' && typeof value.savedAt === 'number' ? value : null;
  } catch {
    return null;
  }
}

function writeRecord(userId: string, record: SavedRecord | null): void {
  try {
    if (record) localStorage.setItem(savedKey(userId), JSON.stringify(record));
    else localStorage.removeItem(savedKey(userId));
  } catch (error) {
    console.warn('Could not remember the saved push subscription', error);
  }
}

export function turnedOff(userId: string): boolean {
  try {
    return localStorage.getItem(offKey(userId)) === '1';
  } catch {
    return false;
  }
}

function setTurnedOff(userId: string, off: boolean): void {
  try {
    if (off) localStorage.setItem(offKey(userId), '1');
    else localStorage.removeItem(offKey(userId));
  } catch (error) {
    console.warn('Could not remember the notifications choice', error);
  }
}

/** base64url (the server's VAPID public key) → bytes, as `applicationServerKey` takes them. */
export function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameBytes(a: ArrayBuffer, b: Uint8Array): boolean {
  const view = new Uint8Array(a);
  return view.length === b.length && view.every((byte, index) => byte === b[index]);
}

/** Whether `subscription` was made for the server's current key (a new key needs a new subscription). */
function madeForKey(subscription: PushSubscription, key: string, record: SavedRecord | null): boolean {
  const made = subscription.options?.applicationServerKey;
  if (made) return sameBytes(made, base64UrlBytes(key));
  // A browser that does not tell: what was saved for this endpoint says which key it was.
  return !record || record.endpoint !== subscription.endpoint || record.key === key;
}

/** The device's subscription for the server's key: the one it has, or a new one. */
async function subscriptionFor(
  registration: ServiceWorkerRegistration,
  key: string,
  record: SavedRecord | null,
): Promise<PushSubscription> {
  const existing = await registration.pushManager.getSubscription();
  if (existing && madeForKey(existing, key, record)) return existing;
  // The server's key changed: the old subscription can no longer be sent to.
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlBytes(key),
  });
}

/** `POST /api/notifications/save-token` with the browser's subscription as JSON in `token`. */
export function saveToken(subscription: PushSubscription): Promise<void> {
  return apiRequest<void>(NOTIFICATIONS_API.saveToken, {
    method: 'POST',
    body: { token: subscription.toJSON() },
  });
}

/** `POST /api/notifications/remove-token`: the server stops pushing to this endpoint. */
export function removeToken(endpoint: string): Promise<void> {
  return apiRequest<void>(NOTIFICATIONS_API.removeToken, { method: 'POST', body: { endpoint } });
}

async function save(user: PushUser & { publicKey: string }, subscription: PushSubscription): Promise<void> {
  await saveToken(subscription);
  writeRecord(user.userId, {
    endpoint: subscription.endpoint,
    sessionId: user.sessionId,
    key: user.publicKey,
    savedAt: Date.now(),
  });
}

export type TurnOnResult = 'on' | 'unsupported' | Exclude<NotificationPermission, 'granted'>;

/** Thrown when the server has no push key (push is not set up there). */
export class PushUnavailableError extends Error {
  constructor() {
    super('This server cannot send push notifications yet.');
    this.name = 'PushUnavailableError';
  }
}

/**
 * "Turn on notifications": asks the browser's permission (only here, after the click), subscribes
 * with the server's key and saves the subscription. Resolves with `on`, or with the permission the
 * person gave instead (`denied`, or `default` when they closed the prompt); rejects when saving fails.
 */
export async function turnOnNotifications(user: PushUser): Promise<TurnOnResult> {
  if (!pushSupported()) return 'unsupported';
  // The permission prompt comes first, while the click still counts as the person's gesture.
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  if (!user.publicKey) throw new PushUnavailableError();
  const publicKey = user.publicKey;
  const registration = await registerPushWorker();
  const subscription = await subscriptionFor(registration, publicKey, readRecord(user.userId));
  await save({ ...user, publicKey }, subscription);
  setTurnedOff(user.userId, false);
  return 'on';
}

/** "Turn off": the server forgets this device and the browser drops the subscription. */
export async function turnOffNotifications(userId: string): Promise<void> {
  setTurnedOff(userId, true);
  writeRecord(userId, null);
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await removeToken(subscription.endpoint);
  } finally {
    // Even when the server could not be told: a dropped subscription makes the push service answer
    // 404/410, and the server deletes it at the next push.
    await subscription.unsubscribe();
  }
}

/** Whether this device receives the user's pushes, as far as the browser knows. */
export async function deviceSubscribed(userId: string): Promise<boolean> {
  if (pushPermission() !== 'granted' || turnedOff(userId)) return false;
  return (await currentSubscription()) !== null;
}

export type RenewResult = 'saved' | 'fresh' | 'skipped';

/**
 * After sign-in, when permission was granted before (nothing is asked here): makes sure the device
 * is subscribed with the server's current key and saves the subscription when it was never saved
 * for this user, session and endpoint, or the last save is 7 days old. Turned off → nothing.
 */
export async function renewPushSubscription(
  user: PushUser,
  now = Date.now(),
  /** True once the user is signing out: from then on the device is not subscribed again. */
  stopped: () => boolean = () => false,
): Promise<RenewResult> {
  if (pushPermission() !== 'granted' || !user.publicKey || turnedOff(user.userId)) return 'skipped';
  const publicKey = user.publicKey;
  const record = readRecord(user.userId);
  const registration = await registerPushWorker();
  if (stopped()) return 'skipped';
  const subscription = await subscriptionFor(registration, publicKey, record);
  const fresh =
    record !== null &&
    record.endpoint === subscription.endpoint &&
    record.sessionId === user.sessionId &&
    record.key === publicKey &&
    now - record.savedAt < PUSH_TOKEN_RENEW_MS;
  if (fresh) return 'fresh';
  await save({ ...user, publicKey }, subscription);
  return 'saved';
}
