import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { withTransaction } from '../db/transaction';
import { topicVersionSql } from '../modules/events';
import { allMenuItemsForSale, type SellableItem } from '../modules/menu';
import { type OrderingSettings, orderingSettings } from '../modules/settings';

/**
 * What checking and pricing a point-of-sale order reads, kept in memory per process (decision 010: a
 * point-of-sale order in one round trip): the ordering settings and every item on the menu with its options,
 * read in one snapshot together with the versions of the `menu` and `settings` live topics at that snapshot.
 * Every change to the menu (items, options, categories, availability today) publishes `menu`, and every
 * change to the settings publishes `settings` and `menu`, in the change's own transaction.
 *
 * Nothing here is trusted on its own: the statement that writes an order placed with a context checks,
 * in its own snapshot, that both topics are still at the context's versions, and writes nothing
 * otherwise (`insertOrder`'s `unchangedSince`); the order is then placed the ordinary way, in a
 * transaction that reads the rows. The process's live-topics hub only says early that a context is
 * out of date, so that a change seen here is not paid for by an order. A change made outside the app
 * (psql) writes no event: a context is read again once it is `SALE_CONTEXT_MAX_AGE_MS` old, so such
 * a change reaches orders within that time (as it reaches a kept session).
 */
export const SALE_CONTEXT_MAX_AGE_MS = 10_000;

export interface SaleContext {
  /** When it was read (`Date.now()`). */
  readAt: number;
  menuVersion: number;
  settingsVersion: number;
  settings: OrderingSettings;
  /** Every item on the menu, by id (an archived item is absent). */
  items: Map<string, SellableItem>;
}

/** The versions this process knows of the live topics (its hub). */
export interface TopicVersions {
  version(topic: string): number;
}

interface Kept {
  current: SaleContext | null;
  loading: Promise<SaleContext> | null;
}

const kept = new WeakMap<Database, Kept>();

/**
 * The context to place an order with: the one kept, unless the hub knows a newer menu or settings or
 * it is older than `maxAgeMs`.
 */
export function saleContext(
  db: Database,
  live: TopicVersions,
  maxAgeMs = SALE_CONTEXT_MAX_AGE_MS,
): Promise<SaleContext> {
  let entry = kept.get(db);
  if (!entry) {
    entry = { current: null, loading: null };
    kept.set(db, entry);
  }
  const { current } = entry;
  if (
    current &&
    Date.now() - current.readAt < maxAgeMs &&
    current.menuVersion >= live.version('menu') &&
    current.settingsVersion >= live.version('settings')
  ) {
    return Promise.resolve(current);
  }
  const holder = entry;
  // One read at a time however many orders arrive meanwhile.
  holder.loading ??= readSaleContext(db)
    .then((context) => {
      holder.current = context;
      return context;
    })
    .finally(() => {
      holder.loading = null;
    });
  return holder.loading;
}

/** Drops `context` if it is still the one kept: an order found it out of date. */
export function forgetSaleContext(db: Database, context: SaleContext): void {
  const entry = kept.get(db);
  if (entry?.current === context) entry.current = null;
}

/** Reads a context: the versions, the settings and the menu in one snapshot. */
async function readSaleContext(db: Database): Promise<SaleContext> {
  const readAt = Date.now();
  return withTransaction(
    db,
    async (tx) => {
      const result = await tx.execute(sql`
        select ${topicVersionSql('menu')}::float8 as "menuVersion",
          ${topicVersionSql('settings')}::float8 as "settingsVersion"`);
      const versions = result.rows[0] as { menuVersion: number; settingsVersion: number };
      const settings = await orderingSettings(tx, { lock: false });
      const items = await allMenuItemsForSale(tx);
      return { readAt, ...versions, settings, items };
    },
    { isolation: 'repeatable read' },
  );
}
