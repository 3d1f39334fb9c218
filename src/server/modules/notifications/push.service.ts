import { ECDH } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushSubscriptionJson, TestNotificationResult } from '../../../shared/contracts/notifications';
import { MAX_PUSH_DEVICES_PER_USER } from '../../../shared/notification-kinds';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type Queryable, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { badRequest, type FieldIssue } from '../../lib/errors';
import { notifications, pushSubscriptions, webPushKeys } from './notifications.schema';
import { notify, presentNotification } from './notifications.service';

/**
 * Web Push, the standard way (RFC 8030, 8291, 8292): the server's VAPID key pair, kept in
 * the database so every process signs with the same key, and the browsers' subscriptions (one per
 * endpoint, tied to the session that saved it). The push worker (push-sender.ts) sends.
 */

export interface PushKeys {
  /** The uncompressed P-256 public key (65 bytes), base64url: the browser's `applicationServerKey`. */
  publicKey: string;
  /** The private key (32 bytes), base64url. */
  privateKey: string;
}

/** Each database's key pair, read once per process (it never changes once made). */
const keptKeys = new WeakMap<Database, Promise<PushKeys>>();

/**
 * The server's VAPID keys: made on the first call against a database that has none (`on conflict do
 * nothing`, so processes starting together keep the first one written) and read back, so every
 * process uses the row's keys. Kept per database; a failed read is not kept.
 */
export function pushKeys(db: Database): Promise<PushKeys> {
  let kept = keptKeys.get(db);
  if (!kept) {
    kept = loadPushKeys(db);
    keptKeys.set(db, kept);
    kept.catch(() => {
      if (keptKeys.get(db) === kept) keptKeys.delete(db);
    });
  }
  return kept;
}

async function loadPushKeys(db: Database): Promise<PushKeys> {
  const existing = await readPushKeys(db);
  if (existing) return existing;
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(webPushKeys)
    .values({ id: 1, publicKey: generated.publicKey, privateKey: generated.privateKey })
    .onConflictDoNothing();
  const stored = await readPushKeys(db);
  if (!stored) throw new Error('web_push_keys: the key pair was not kept');
  return stored;
}

async function readPushKeys(db: Database): Promise<PushKeys | undefined> {
  const [row] = await db
    .select({ publicKey: webPushKeys.publicKey, privateKey: webPushKeys.privateKey })
    .from(webPushKeys)
    .where(eq(webPushKeys.id, 1));
  return row;
}

/** The public key browsers subscribe with (`/api/config`'s `pushPublicKey`). */
export async function pushPublicKey(db: Database): Promise<string> {
  return (await pushKeys(db)).publicKey;
}

/**
 * The VAPID `sub` claim: how a push service reaches whoever runs this server. The public address when
 * it is https (a push service refuses a localhost one), else the admin's e-mail address.
 */
export function vapidSubject(config: Pick<Config, 'baseUrl' | 'secure' | 'adminEmail'>): string {
  if (config.secure && new URL(config.baseUrl).hostname !== 'localhost') return config.baseUrl;
  return `mailto:${config.adminEmail}`;
}

/**
 * The push services browsers subscribe through (Chrome, Edge's Chromium, Opera and Brave: FCM;
 * Firefox: Mozilla's autopush; Safari: Apple's; the old Edge: Windows Notification Services). Only
 * these (https, default port) or an origin of PUSH_SERVICE_ORIGINS are accepted, so a subscription
 * cannot make the server send requests to an address of someone's choosing.
 */
const PUSH_SERVICE_HOSTS: readonly (string | RegExp)[] = [
  'fcm.googleapis.com',
  /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
];

const ENDPOINT_MESSAGE =
  'must be the address of a known push service (https), as the browser’s PushSubscription gives it';

function endpointProblem(endpoint: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return ENDPOINT_MESSAGE;
  }
  if (url.username || url.password || url.hash) return ENDPOINT_MESSAGE;
  if (allowedOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:' || url.port !== '') return ENDPOINT_MESSAGE;
  const host = url.hostname.toLowerCase();
  const known = PUSH_SERVICE_HOSTS.some((rule) =>
    typeof rule === 'string' ? rule === host : rule.test(host),
  );
  return known ? null : ENDPOINT_MESSAGE;
}

/** True when `value` is an uncompressed point of the P-256 curve (65 bytes, base64url). */
function isP256Point(value: string): boolean {
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    ECDH.convertKey(bytes, 'prime256v1', undefined, undefined, 'uncompressed');
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks what the schema cannot: the endpoint is a push service this server may send to, and the
 * browser's key is a point of the curve. A 400 names the field (`token.endpoint`, `token.keys.p256dh`).
 */
function checkSubscription(token: PushSubscriptionJson, allowedOrigins: readonly string[]): void {
  const issues: FieldIssue[] = [];
  const endpoint = endpointProblem(token.endpoint, allowedOrigins);
  if (endpoint) issues.push({ path: 'token.endpoint', message: endpoint });
  if (!isP256Point(token.keys.p256dh)) {
    issues.push({ path: 'token.keys.p256dh', message: 'must be the browser’s P-256 public key (65 bytes)' });
  }
  if (Buffer.from(token.keys.auth, 'base64url').length !== 16) {
    issues.push({ path: 'token.keys.auth', message: 'must be the browser’s 16-byte authentication secret' });
  }
  const first = issues[0];
  if (first) throw badRequest(`Invalid request body: ${first.path}: ${first.message}`, { issues });
}

const USER_AGENT_MAX = 400;

/**
 * Keeps this browser's subscription for the signed-in user (`POST /api/notifications/save-token`):
 * one row per endpoint, so a device that changed hands moves to the new user and a renewed save
 * refreshes it; it belongs to the caller's session (signing out deletes it). A user keeps at most
 * MAX_PUSH_DEVICES_PER_USER: the least recently saved ones go.
 */
export async function savePushSubscription(
  db: Database,
  actor: Actor,
  token: PushSubscriptionJson,
  options: { allowedOrigins: readonly string[]; userAgent?: string | undefined },
): Promise<void> {
  checkSubscription(token, options.allowedOrigins);
  const userAgent = options.userAgent ? options.userAgent.slice(0, USER_AGENT_MAX) : null;
  await withTransaction(db, async (tx) => {
    // One save of a user's devices at a time, so the count below holds when two arrive at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('push-devices'), hashtext(${actor.id}))`);
    await tx
      .insert(pushSubscriptions)
      .values({
        userId: actor.id,
        sessionId: actor.sessionId,
        endpoint: token.endpoint,
        p256dh: token.keys.p256dh,
        auth: token.keys.auth,
        userAgent,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: actor.id,
          sessionId: actor.sessionId,
          p256dh: token.keys.p256dh,
          auth: token.keys.auth,
          userAgent,
          failures: 0,
          // The trigger sets it too; said here so that a save always counts as the latest.
          updatedAt: sql`clock_timestamp()`,
        },
      });
    await tx.execute(sql`
      delete from ${pushSubscriptions}
      where ${pushSubscriptions.userId} = ${actor.id}
        and ${pushSubscriptions.id} not in (
          select ${pushSubscriptions.id} from ${pushSubscriptions}
          where ${pushSubscriptions.userId} = ${actor.id}
          order by ${pushSubscriptions.updatedAt} desc, ${pushSubscriptions.id} desc
          limit ${MAX_PUSH_DEVICES_PER_USER}
        )`);
  });
}

/**
 * Forgets one of the caller's subscriptions (`POST /api/notifications/remove-token`, "Turn off" on
 * this device). Someone else's endpoint or an unknown one changes nothing, and says nothing either.
 */
export async function removePushSubscription(db: Database, actor: Actor, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.id)));
}

/** How many push devices the user has. */
export async function countPushDevices(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

/**
 * `POST /api/notifications/test` (/test-notifications): a "Test notification" on the caller's bell,
 * pushed to each of their devices by the push worker once this commits. Answers it and how many
 * devices it goes to.
 */
export async function sendTestNotification(db: Database, actor: Actor): Promise<TestNotificationResult> {
  return withTransaction(db, async (tx) => {
    await notify(
      tx,
      { userId: actor.id },
      {
        kind: 'test',
        title: 'Test notification',
        body: 'Notifications reach this device.',
        link: '/test-notifications',
      },
    );
    // The row just written (by this transaction: not a test of the same person's other tab).
    const [row] = await tx
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, actor.id),
          eq(notifications.kind, 'test'),
          sql`${notifications}.xmin = pg_current_xact_id()::xid`,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(1);
    if (!row) throw new Error('the test notification was not written');
    return { notification: presentNotification(row), pushDevices: await countPushDevices(tx, actor.id) };
  });
}
