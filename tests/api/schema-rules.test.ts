import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppliers } from '../../src/server/modules/master-data/master-data.schema';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Rules the schema keeps for every table, present and future (issue 10, item 9): an index on every
 * foreign key, updated_at set by the database clock on update (a trigger on every table that has the
 * column), and trigram indexes that search can use.
 */
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
