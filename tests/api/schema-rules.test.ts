import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_RECORDS, moneyRecorded, NOT_MONEY_RECORDS } from '../../src/server/db/money-records';
import { suppliers } from '../../src/server/modules/master-data/master-data.schema';
import { MAX_PRICE_MINOR } from '../../src/shared/contracts/fields';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Rules the schema keeps for every table, present and future (docs/ARCHITECTURE.md, Data and migrations): an
 * index on every foreign key, created_at and updated_at set by the database clock (defaults, and a trigger on
 * every table that has updated_at), money in bigint, recorded money with its currency and listed where
 * moneyRecorded looks, and trigram indexes that search can use. The rules read the migrated database, so a
 * table added by a later migration is held to them without a change here.
 */

/** Column names that hold an amount of money (minor units), by their last word. */
const MONEY_NAME =
  /(^|_)(amount|total|subtotal|balance|price|cost|fee|tip|tendered|change|discount|minimum|gross|net|delta|due|paid|refunded|commission)$/;

/**
 * Amounts that stay `integer` on purpose: each is one unit amount bounded by its contract
 * (`MAX_PRICE_MINOR`, 99 999 999 minor units, well inside integer's 2 147 483 647), never a sum.
 */
const BOUNDED_UNIT_AMOUNTS = [
  'menu_items.price',
  'modifier_options.price_delta',
  'restaurant_settings.delivery_fee',
  'restaurant_settings.delivery_minimum',
];
/**
 * Rates of money per unit, not amounts: an item's average cost is minor units per stock unit, kept
 * exact to 6 decimals in `numeric` (decision 012); the amounts made from it are bigint.
 */
const RATES = ['inventory_items.average_cost'];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.db.execute(query)).rows as T[];
}

describe('schema rules', () => {
  it('has an index that starts with the columns of every foreign key', async () => {
    const unindexed = await rows<{ table: string; constraint: string }>(sql`
      select c.conrelid::regclass::text as table, c.conname as constraint
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey
        )`);
    expect(unindexed).toEqual([]);
  });

  it('has the updated_at trigger on every table with an updated_at column', async () => {
    const missing = await rows<{ table: string }>(sql`
      select c.table_name as table
      from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'updated_at' and tb.table_type = 'BASE TABLE'
        and not exists (
          select 1 from pg_trigger tr
          join pg_proc p on p.oid = tr.tgfoid
          where tr.tgrelid = (quote_ident(c.table_name))::regclass and p.proname = 'brigade_set_updated_at'
        )`);
    expect(missing).toEqual([]);
  });

  it('gives created_at and updated_at the database clock as their default on every table', async () => {
    const wrong = await rows<{ column: string; default: string | null }>(sql`
      select c.table_name || '.' || c.column_name as column, c.column_default as default
      from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE'
        and c.column_name in ('created_at', 'updated_at')
        and (c.column_default is null or c.column_default not like '%clock_timestamp()%'
             or c.data_type <> 'timestamp with time zone' or c.is_nullable <> 'NO')
      order by 1`);
    expect(wrong).toEqual([]);
  });

  it('keeps every amount of money in bigint, except unit amounts bounded by their contract', async () => {
    const columns = await rows<{ column: string; type: string }>(sql`
      select c.table_name || '.' || c.column_name as column, c.data_type as type
      from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE'
      order by 1`);
    const amounts = columns.filter((column) => MONEY_NAME.test(column.column.split('.')[1] ?? ''));
    const notBigint = amounts.filter(
      (column) =>
        column.type !== 'bigint' &&
        !BOUNDED_UNIT_AMOUNTS.includes(column.column) &&
        !RATES.includes(column.column),
    );
    expect(notBigint).toEqual([]);
    for (const name of RATES) {
      expect(columns.find((column) => column.column === name)?.type, name).toBe('numeric');
    }
    // The exceptions exist, are integers and are bounded well inside them.
    for (const name of BOUNDED_UNIT_AMOUNTS) {
      expect(columns.find((column) => column.column === name)?.type, name).toBe('integer');
    }
    expect(MAX_PRICE_MINOR).toBeLessThan(2 ** 31 - 1);
    // The rule sees today's ledger amount.
    expect(amounts).toContainEqual({ column: 'bank_accounts.opening_balance', type: 'bigint' });
  });

  it('keeps recorded money with its currency, and every table with a currency where moneyRecorded looks', async () => {
    const withCurrency = await rows<{
      table: string;
      type: string;
      nullable: string;
      length: number | null;
    }>(sql`
      select c.table_name as table, c.data_type as type, c.is_nullable as nullable,
             c.character_maximum_length as length
      from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE' and c.column_name = 'currency'
      order by 1`);
    const registered = MONEY_RECORDS.map((entry) => entry.table);
    const unregistered = withCurrency
      .map((column) => column.table)
      .filter((table) => !registered.includes(table) && !NOT_MONEY_RECORDS.includes(table));
    expect(unregistered).toEqual([]);
    for (const table of registered) {
      expect(
        withCurrency.find((column) => column.table === table),
        table,
      ).toMatchObject({
        type: 'character',
        nullable: 'NO',
        length: 3,
      });
    }
    // Every entry's condition is valid SQL over its table.
    await expect(moneyRecorded(t.db)).resolves.toBeInstanceOf(Array);
  });

  it('sets updated_at from the database clock on insert and update, whatever the writer sends', async () => {
    const [created] = await t.db.insert(suppliers).values({ name: 'Clock Dairy' }).returning();
    if (!created) throw new Error('insert returned nothing');
    const [{ now } = { now: new Date(0) }] = await rows<{ now: Date }>(sql`select clock_timestamp() as now`);
    expect(Math.abs(created.updatedAt.getTime() - new Date(now).getTime())).toBeLessThan(60_000);
    expect(created.updatedAt.getTime()).toBeGreaterThanOrEqual(created.createdAt.getTime());

    const longAgo = new Date('2001-01-01T00:00:00Z');
    const [changed] = await t.db
      .update(suppliers)
      .set({ notes: 'changed', updatedAt: longAgo })
      .where(eq(suppliers.id, created.id))
      .returning();
    expect(changed?.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
    // Raw SQL that never mentions the column moves it too.
    await t.db.execute(sql`update suppliers set notes = 'again' where id = ${created.id}`);
    const [again] = await t.db.select().from(suppliers).where(eq(suppliers.id, created.id));
    expect(again?.updatedAt.getTime()).toBeGreaterThanOrEqual(changed?.updatedAt.getTime() ?? 0);
  });

  it('answers ILIKE search from the trigram index and newest-first lists from the sort index', async () => {
    const plan = async (query: ReturnType<typeof sql>) =>
      t.db.transaction(async (tx) => {
        // On a handful of rows a sequential scan is cheapest; forbid it to see that the index serves.
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(sql`explain ${query}`);
        return result.rows.map((row) => Object.values(row)[0]).join('\n');
      });
    expect(
      await plan(sql`select id from suppliers where name ilike '%dair%' or email ilike '%dair%'`),
    ).toContain('suppliers_search_trgm_idx');
    expect(
      await plan(sql`select id from menu_items where name ilike '%latt%' or description ilike '%latt%'`),
    ).toContain('menu_items_search_trgm_idx');
    expect(
      await plan(sql`select id from suppliers where active order by created_at desc, id desc limit 51`),
    ).toContain('suppliers_created_idx');
  });
});
