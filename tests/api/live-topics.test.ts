import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import { LiveTopics, publishChange, publishChanges } from '../../src/server/modules/events';
import { createDatabaseFromTemplate, databaseUrl } from '../support/test-server';

let url: string;
let handle: ReturnType<typeof openDatabase>;
let hub: LiveTopics;

beforeAll(async () => {
  const { adminUrl, template } = inject('testDatabase');
  url = databaseUrl(adminUrl, await createDatabaseFromTemplate(adminUrl, template));
  handle = openDatabase(url, { max: 3 });
  // Catch-up too slow to be what delivers an event here: each test says which path it checks.
  hub = new LiveTopics({ connectionString: url, catchUpIntervalMs: 60_000 });
  await hub.start();
});

afterAll(async () => {
  await hub.stop();
  await handle.close();
});

describe('events and the live topics hub', () => {
  it('a committed change, announced, reaches a subscriber at once and another process by NOTIFY; a rolled-back one announces nothing', async () => {
    // Another process's hub, whose catch-up is too slow to be what delivers the event.
    const other = new LiveTopics({ connectionString: url, catchUpIntervalMs: 60_000 });
    await other.start();
    try {
      const seen: number[] = [];
      const unsubscribe = hub.subscribe('menu', (event) => seen.push(event.version));
      const heard: number[] = [];
      other.subscribe('menu', (event) => heard.push(event.version));
      await expect(
        withTransaction(handle.db, async (tx) => {
          await publishChange(tx, 'menu');
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const event = await withTransaction(handle.db, (tx) => publishChange(tx, 'menu'));
      hub.announce([event]);
      expect(seen).toEqual([event.version]);
      expect(hub.version('menu')).toBe(event.version);
      const started = performance.now();
      await other.waitFor('menu', event.version, 1000);
      console.log(`announce → other process: ${(performance.now() - started).toFixed(1)} ms`);
      expect(heard).toEqual([event.version]);
      // Announcing it again (another request found it too) sends and delivers nothing new.
      hub.announce([event]);
      expect(seen).toEqual([event.version]);
      const rows = await handle.db.execute(sql`select count(*)::int as n from events where topic = 'menu'`);
      expect(rows.rows[0]).toEqual({ n: 1 });
      unsubscribe();
      expect(hub.subscriptionCount).toBe(0);
    } finally {
      await other.stop();
    }
  });

  it('a change nobody announced (written outside a request) is found by the catch-up', async () => {
    const quick = new LiveTopics({ connectionString: url, catchUpIntervalMs: 50 });
    await quick.start();
    try {
      const event = await withTransaction(handle.db, (tx) => publishChange(tx, 'sessions'));
      await quick.waitFor('sessions', event.version, 2000);
      expect(quick.version('sessions')).toBe(event.version);
    } finally {
      await quick.stop();
    }
  });

  it('after its LISTEN connection is killed, the hub reconnects and reads the events it missed', async () => {
    await handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'brigade-events' and datname = current_database()`,
    );
    // Published while the hub has no connection (or before it notices): only the rows tell it.
    const missed = await withTransaction(handle.db, (tx) => publishChange(tx, 'settings'));
    await hub.waitFor('settings', missed.version, 5000);
    expect(hub.version('settings')).toBe(missed.version);
    // And it listens again: another process's announcement reaches it.
    const writer = new LiveTopics({ connectionString: url, catchUpIntervalMs: 60_000 });
    await writer.start();
    try {
      const next = await withTransaction(handle.db, (tx) => publishChange(tx, 'settings'));
      writer.announce([next]);
      await hub.waitFor('settings', next.version, 5000);
    } finally {
      await writer.stop();
    }
  });

  it('a second hub starting later knows every topic version; Last-Event-ID reads what came after, at most the limit', async () => {
    const other = new LiveTopics({ connectionString: url });
    await other.start();
    try {
      expect(other.version('menu')).toBe(hub.version('menu'));
      expect(other.version('settings')).toBe(hub.version('settings'));
      const after = await other.eventsAfter(0, ['settings'], 10);
      expect(after.map((e) => e.topic)).toEqual(['settings', 'settings']);
      // A stream far behind reads no more rows than it may replay: the oldest, in order.
      expect(await other.eventsAfter(0, ['settings'], 1)).toEqual(after.slice(0, 1));
    } finally {
      await other.stop();
    }
  });

  it('pruning keeps the newest event of each shared topic, and forgets finished orders’ topics', async () => {
    await withTransaction(handle.db, (tx) => publishChange(tx, 'menu'));
    const followed = `order:${randomUUID()}`;
    const finished = `order:${randomUUID()}`;
    // A customer's list of their orders is pruned like one order's topic.
    const customerList = `my-orders:${randomUUID()}`;
    const orderEvents = await withTransaction(handle.db, (tx) =>
      publishChanges(tx, [followed, finished, customerList]),
    );
    const pruner = new LiveTopics({ connectionString: url, retentionMs: 0, catchUpIntervalMs: 60_000 });
    await pruner.start();
    try {
      // The pruner learnt both at start; someone follows one of them.
      for (const event of orderEvents) expect(pruner.version(event.topic)).toBe(event.version);
      const unsubscribe = pruner.subscribe(followed, () => {});
      expect(await pruner.prune()).toBeGreaterThan(0);
      const rows = await handle.db.execute(
        sql`select topic, count(*)::int as n from events group by topic order by topic`,
      );
      expect(rows.rows).toEqual([
        { topic: 'menu', n: 1 },
        { topic: 'sessions', n: 1 },
        { topic: 'settings', n: 1 },
      ]);
      expect(pruner.version(finished)).toBe(0);
      expect(pruner.version(customerList)).toBe(0);
      expect(pruner.version(followed)).toBe(orderEvents[0]?.version);
      unsubscribe();
    } finally {
      await pruner.stop();
    }
  });

  it('refuses an unknown topic', async () => {
    await expect(withTransaction(handle.db, (tx) => publishChange(tx, 'nope'))).rejects.toThrow(
      'unknown live topic',
    );
  });
});
