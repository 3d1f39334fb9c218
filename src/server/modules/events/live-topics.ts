import pg from 'pg';
import { type ChangeEvent, EVENTS_CHANNEL } from './events.service';

export type TopicListener = (event: ChangeEvent) => void;

export interface LiveTopicsOptions {
  connectionString: string;
  /** Events older than this are deleted from time to time; default one day. */
  retentionMs?: number;
  /** How often pruning runs; default ten minutes. */
  pruneIntervalMs?: number;
  /** Longest pause between reconnection attempts; default 5 s. */
  maxBackoffMs?: number;
  /**
   * How often the rows are read for events nobody announced (a change written outside a request, or
   * by a process that stopped between its commit and its NOTIFY); default 1 s.
   */
  catchUpIntervalMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Per-process hub of live topics (decision 008). A dedicated connection (not from the pool) LISTENs
 * on `brigade_events`; the current version of every topic is kept in memory, so a revalidation can be
 * answered without a query. When the connection drops it reconnects with backoff and reads the event
 * rows newer than the last id it saw, so nothing is missed.
 *
 * A change's transaction writes only its event rows. After the commit, the process that made it
 * `announce`s them: it applies them at once and sends them to the other processes with one NOTIFY
 * statement per batch on this connection. The NOTIFY is not part of the change's transaction because
 * PostgreSQL lets one notifying transaction commit at a time (it holds a database-wide lock through the
 * commit's WAL flush), which made every order wait for the previous one's disk write; here the
 * notifying transaction writes nothing else and does not wait for the disk (synchronous_commit off on
 * this connection: a lost NOTIFY is recovered from the rows). Every `catchUpIntervalMs` the hub reads
 * the rows newer than the last id it saw, for events nobody announced.
 */
export class LiveTopics {
  private readonly versions = new Map<string, number>();
  private readonly listeners = new Map<string, Set<TopicListener>>();
  private readonly waiters = new Set<() => void>();
  /**
   * When each one order's topic (and each customer's `my-orders:<id>`) last changed here (`prune`
   * forgets them after the retention).
   */
  private readonly orderTopicsAppliedAt = new Map<string, number>();
  private client: pg.Client | null = null;
  private lastId = 0;
  private stopped = false;
  private backoffMs = 100;
  private pruneTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private catchUpTimer: NodeJS.Timeout | null = null;
  private catchingUp: Promise<void> | null = null;
  /** Announced here, not yet sent to the other processes. */
  private unsent: ChangeEvent[] = [];
  private sending = false;

  constructor(private readonly options: LiveTopicsOptions) {}

  /** Connects, LISTENs and loads the current version of every topic. */
  async start(): Promise<void> {
    await this.connect();
    const interval = this.options.pruneIntervalMs ?? 10 * 60_000;
    this.pruneTimer = setInterval(() => {
      this.prune().catch((error) => this.options.onError?.(error));
    }, interval);
    this.pruneTimer.unref();
    this.catchUpTimer = setInterval(() => {
      this.catchUp().catch((error) => this.options.onError?.(error));
    }, this.options.catchUpIntervalMs ?? 1000);
    this.catchUpTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    if (this.catchUpTimer) clearInterval(this.catchUpTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  /** The topic's current version (0 when it never changed). */
  version(topic: string): number {
    return this.versions.get(topic) ?? 0;
  }

  /** The highest event id this process has seen. */
  get lastEventId(): number {
    return this.lastId;
  }

  subscribe(topic: string, listener: TopicListener): () => void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(topic) === set) this.listeners.delete(topic);
    };
  }

  /** Number of subscriptions (tests check that closed streams release theirs). */
  get subscriptionCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  /** Resolves once this process has seen `topic` at `version` or later (tests). */
  async waitFor(topic: string, version: number, timeoutMs = 5000): Promise<void> {
    if (this.version(topic) >= version) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`live topic ${topic} did not reach version ${version} in ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        if (this.version(topic) >= version) {
          clearTimeout(timer);
          this.waiters.delete(check);
          resolve();
        }
      };
      this.waiters.add(check);
    });
  }

  /**
   * Events this process has just committed (or found committed: see `announceOwnEvents`): applied
   * here at once, and sent to the other processes with NOTIFY in the next turn of the event loop, in
   * one statement with whatever else was announced meanwhile. Events this process knew already are
   * not sent again.
   */
  announce(events: readonly ChangeEvent[]): void {
    const wasIdle = this.unsent.length === 0;
    for (const event of events) if (this.apply(event)) this.unsent.push(event);
    // Bounded: if the connection stays down, the oldest are dropped (the rows still have them).
    if (this.unsent.length > MAX_UNSENT) this.unsent.splice(0, this.unsent.length - MAX_UNSENT);
    if (wasIdle && this.unsent.length > 0) setImmediate(() => void this.send());
  }

  /**
   * Reads the events newer than the last id this process saw and applies them (each
   * `catchUpIntervalMs`; tests call it to settle at once). One at a time.
   */
  catchUp(): Promise<void> {
    const client = this.client;
    if (!client) return Promise.resolve();
    this.catchingUp ??= this.resync(client).finally(() => {
      this.catchingUp = null;
    });
    return this.catchingUp;
  }

  /** Sends what was announced to the other processes: one NOTIFY statement per batch. */
  private async send(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      for (;;) {
        const client = this.client;
        // Without a connection they wait for the next one (connect() sends them).
        if (!client || this.unsent.length === 0) return;
        const batch = this.unsent.splice(0, SEND_BATCH);
        try {
          await client.query('select count(pg_notify($1, payload)) from unnest($2::text[]) as payload', [
            EVENTS_CHANNEL,
            batch.map((event) => JSON.stringify(event)),
          ]);
        } catch (error) {
          // The rows have them: the other processes' catch-up reads them within a second.
          this.options.onError?.(error);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /**
   * Events after `afterId` for the given topics, oldest first, at most `limit` of them (Last-Event-ID
   * resumption: a stream far behind reads only enough rows to learn that it is, never the whole day).
   */
  async eventsAfter(afterId: number, topics: string[], limit: number): Promise<ChangeEvent[]> {
    const client = this.client;
    if (!client) return [];
    const result = await client.query(
      'select id, topic, version from events where id > $1 and topic = any($2) order by id limit $3',
      [afterId, topics, limit],
    );
    return result.rows.map(toEvent);
  }

  /**
   * Deletes events older than the retention period; returns how many. The newest row of every shared
   * topic is kept, so a restarted process still learns each topic's version. One order's topic
   * (`order:<id>`, its customer's page) and a customer's list (`my-orders:<userId>`) keep nothing past
   * the retention: their page asks again when its stream reconnects, and the topics of orders long
   * finished (and of customers long gone) would otherwise stay for good, as rows and, in every
   * process, as versions in memory (dropped here too unless someone follows them).
   */
  async prune(): Promise<number> {
    const client = this.client;
    if (!client) return 0;
    const retention = this.options.retentionMs ?? 24 * 60 * 60_000;
    const result = await client.query(
      `delete from events e where created_at < now() - make_interval(secs => $1::double precision / 1000)
         and (${PRUNED_WHOLE_PREFIXES.map((prefix) => `e.topic like '${prefix}%'`).join(' or ')}
           or exists (select 1 from events n where n.topic = e.topic and n.id > e.id))`,
      [retention],
    );
    const before = Date.now() - retention;
    for (const [topic, appliedAt] of this.orderTopicsAppliedAt) {
      if (appliedAt > before || this.listeners.has(topic)) continue;
      this.orderTopicsAppliedAt.delete(topic);
      this.versions.delete(topic);
    }
    return result.rowCount ?? 0;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: 'brigade-events',
    });
    client.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      try {
        this.apply(toEvent(JSON.parse(message.payload)));
      } catch (error) {
        this.options.onError?.(error);
      }
    });
    client.on('error', (error) => this.options.onError?.(error));
    client.on('end', () => {
      if (this.client === client) {
        this.client = null;
        this.scheduleReconnect();
      }
    });
    await client.connect();
    // This connection's only writes are NOTIFYs, whose loss the rows make good: its commits need not
    // wait for the disk (see the class comment).
    await client.query(`set synchronous_commit = off; listen ${EVENTS_CHANNEL}`);
    this.client = client;
    await this.resync(client);
    this.backoffMs = 100;
    if (this.unsent.length > 0) void this.send();
  }

  /** Reads what was missed: every event newer than the last id seen (all topics' latest at start). */
  private async resync(client: pg.Client): Promise<void> {
    const result =
      this.lastId === 0
        ? await client.query(
            'select max(id) as id, topic, max(version) as version from events group by topic order by 1',
          )
        : await client.query('select id, topic, version from events where id > $1 order by id', [
            this.lastId,
          ]);
    for (const row of result.rows) this.apply(toEvent(row));
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs ?? 5000);
    this.reconnectTimer = setTimeout(() => {
      this.connect().catch((error) => {
        this.options.onError?.(error);
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  /** Applies an event; false when the topic was at this version or later already. */
  private apply(event: ChangeEvent): boolean {
    if (event.id > this.lastId) this.lastId = event.id;
    if (event.version <= this.version(event.topic)) return false;
    this.versions.set(event.topic, event.version);
    if (PRUNED_WHOLE_PREFIXES.some((prefix) => event.topic.startsWith(prefix))) {
      this.orderTopicsAppliedAt.set(event.topic, Date.now());
    }
    for (const listener of this.listeners.get(event.topic) ?? []) {
      try {
        listener(event);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
    for (const waiter of [...this.waiters]) waiter();
    return true;
  }
}

/**
 * Topics pruned whole after the retention (events.service.ts): one order's `order:<id>` and a
 * customer's list `my-orders:<userId>`. Plain prefixes without quotes or `%`/`_` (they go into LIKE).
 */
const PRUNED_WHOLE_PREFIXES = ['order:', 'my-orders:'] as const;
/** Announced events kept while the connection is down, at most. */
const MAX_UNSENT = 10_000;
/** Events per NOTIFY statement. */
const SEND_BATCH = 500;

function toEvent(row: { id: unknown; topic: unknown; version: unknown }): ChangeEvent {
  return { id: Number(row.id), topic: String(row.topic), version: Number(row.version) };
}
