import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { NotificationKind, PushPayload } from '../../../shared/notification-kinds';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { sessions } from '../auth';
import type { LiveTopics } from '../events';
import { pushSubscriptions } from './notifications.schema';
import { pushKeys, vapidSubject } from './push.service';

/** The internal live topic `notify` publishes when it made a row to push (nobody may follow it). */
export const PUSH_TOPIC = 'push';

/** How long a push service keeps a message for a device that is offline: a day. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A notification older than this when claimed is not pushed any more (the bell still has it). */
const PUSH_FRESH_MS = PUSH_TTL_SECONDS * 1000;
/** Sends the push service refused in a row after which a subscription is forgotten. */
const MAX_FAILURES = 5;
/** Notifications claimed per round. */
const CLAIM_BATCH = 100;
/** A push body is at most 4 KB; the text shown on a lock screen is much shorter anyway. */
const BODY_MAX = 1000;

export interface PushSenderOptions {
  db: Database;
  liveTopics: Pick<LiveTopics, 'subscribe'>;
  config: Pick<Config, 'baseUrl' | 'secure' | 'adminEmail'>;
  logger: Logger;
  /** How often pending rows are looked for without a signal (another process's, a lost one); 30 s. */
  sweepIntervalMs?: number;
  /** Longest wait for a push service's answer; 10 s. */
  timeoutMs?: number;
  /** Pushes in flight at once; 4. */
  concurrency?: number;
}

interface Claimed {
  id: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  orderId: string | null;
  link: string | null;
  fresh: boolean;
}

interface Device {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  failures: number;
}

/**
 * The process's push worker: sends the notifications `notify` marked `push_pending` to
 * their person's devices through Web Push. It is woken by the internal live topic `push` (at once in
 * the process that wrote the row, by NOTIFY in the others) and looks every 30 s besides. A row is
 * claimed by one process only (`for update skip locked`, `push_pending` cleared in the same
 * statement), so a notification is pushed at most once however many processes run. A push service's
 * 404 or 410 means the subscription is gone: it is deleted; other refusals count, and a subscription
 * refused MAX_FAILURES times in a row is deleted too. Nothing here throws into a request: the work
 * runs after the signal, and failures are logged.
 */
export class PushSender {
  private readonly sweepIntervalMs: number;
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private unsubscribe: (() => void) | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(private readonly options: PushSenderOptions) {
    this.sweepIntervalMs = options.sweepIntervalMs ?? 30_000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.concurrency = options.concurrency ?? 4;
  }

  /** Follows the `push` topic, looks every sweep interval, and sends what is pending now. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.options.liveTopics.subscribe(PUSH_TOPIC, () => this.wake());
    this.sweepTimer = setInterval(() => this.wake(), this.sweepIntervalMs);
    this.sweepTimer.unref();
    this.wake();
  }

  /** Stops looking and waits for the pushes in flight (each ends within the timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    await this.running;
  }

  /** Sends what is pending now and resolves when done (tests; the signal does the same). */
  async flush(): Promise<void> {
    this.wake();
    while (this.running) await this.running;
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error) => this.options.logger.warn({ err: error }, 'push: sending failed'))
      .finally(() => {
        this.running = null;
      });
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        const claimed = await this.claim();
        if (claimed.length > 0) await this.push(claimed);
        if (claimed.length < CLAIM_BATCH || this.stopped) break;
      }
    } while (this.again && !this.stopped);
  }

  /** Takes up to CLAIM_BATCH pending rows, oldest first, that no other process is taking. */
  private async claim(): Promise<Claimed[]> {
    const result = await this.options.db.execute<{
      id: string;
      user_id: string;
      kind: NotificationKind;
      title: string;
      body: string;
      order_id: string | null;
      link: string | null;
      fresh: boolean;
    }>(sql`
      update notifications set push_pending = false
      where id in (
        select id from notifications where push_pending
        order by created_at limit ${CLAIM_BATCH}
        for update skip locked
      )
      returning id, user_id, kind, title, body, order_id, link,
        created_at > clock_timestamp() - ${`${PUSH_FRESH_MS} milliseconds`}::interval as fresh`);
    return result.rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      orderId: row.order_id,
      link: row.link,
      fresh: row.fresh,
    }));
  }

  private async push(claimed: readonly Claimed[]): Promise<void> {
    const fresh = claimed.filter((notification) => notification.fresh);
    if (fresh.length === 0) return;
    const { db } = this.options;
    const devices = await db
      .select({
        id: pushSubscriptions.id,
        userId: pushSubscriptions.userId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        failures: pushSubscriptions.failures,
      })
      .from(pushSubscriptions)
      // A device whose session has expired is signed out in all but name: it is told nothing until
      // someone signs in there again (and the new session saves it again).
      .leftJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
      .where(
        and(
          inArray(pushSubscriptions.userId, [...new Set(fresh.map((n) => n.userId))]),
          or(isNull(pushSubscriptions.sessionId), gt(sessions.expiresAt, sql`now()`)),
        ),
      );
    const jobs = fresh.flatMap((notification) =>
      devices
        .filter((device) => device.userId === notification.userId)
        .map((device) => ({ notification, device })),
    );
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        await this.send(job.notification, job.device).catch((error) =>
          this.options.logger.warn({ err: error }, 'push: a send failed'),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, jobs.length) }, worker));
  }

  private async send(notification: Claimed, device: Device): Promise<void> {
    const { db, config, logger } = this.options;
    const keys = await pushKeys(db);
    const payload: PushPayload = {
      id: notification.id,
      kind: notification.kind,
      title: notification.title,
      body:
        notification.body.length > BODY_MAX
          ? `${notification.body.slice(0, BODY_MAX - 1)}…`
          : notification.body,
      orderId: notification.orderId,
      url: notification.link ?? '/',
    };
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: {
          subject: vapidSubject(config),
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
        },
        TTL: PUSH_TTL_SECONDS,
        urgency: notification.kind === 'order-request' ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      // fetch counts the body itself.
      if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
    }
    const origin = new URL(device.endpoint).origin;
    let status: number;
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      await response.body?.cancel().catch(() => {});
    } catch (error) {
      logger.warn({ err: error, pushService: origin }, 'push: the push service did not answer');
      await this.countFailure(device);
      return;
    }
    if (status >= 200 && status < 300) {
      if (device.failures > 0) {
        await db.update(pushSubscriptions).set({ failures: 0 }).where(eq(pushSubscriptions.id, device.id));
      }
      logger.debug({ notification: notification.id, pushService: origin }, 'push: sent');
    } else if (status === 404 || status === 410) {
      // The browser unsubscribed or the subscription expired: it will never take a push again.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      logger.info({ pushService: origin, status }, 'push: subscription gone, deleted');
    } else {
      logger.warn({ pushService: origin, status }, 'push: the push service refused a push');
      await this.countFailure(device);
    }
  }

  private async countFailure(device: Device): Promise<void> {
    const { db } = this.options;
    const [row] = await db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(eq(pushSubscriptions.id, device.id))
      .returning({ failures: pushSubscriptions.failures });
    if (row && row.failures >= MAX_FAILURES) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    }
  }
}
