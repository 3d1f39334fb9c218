import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/transaction';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * withTransaction on the real PostgreSQL: two serializable transactions that each read what the other
 * writes cannot both commit; the loser's serialization failure (40001) runs it again, and it succeeds.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table tx_counter (id int primary key, n int not null)`);
  await t.db.execute(sql`insert into tx_counter values (1, 0), (2, 0)`);
});
afterAll(() => t.close());

/** Both transactions read both rows, then wait for each other, then write one row each (write skew). */
function raced(retries: number, retried: string[]) {
  let arrived = 0;
  let release: () => void = () => {};
  const bothRead = new Promise<void>((resolve) => {
    release = resolve;
  });
  return (row: number) =>
    withTransaction(
      t.db,
      async (tx) => {
        const result = await tx.execute(sql`select sum(n)::int as total from tx_counter`);
        const total = (result.rows[0] as { total: number }).total;
        arrived += 1;
        if (arrived === 2) release();
        // Only the first attempt of each waits; a retry runs alone.
        if (arrived <= 2) await Promise.race([bothRead, new Promise((r) => setTimeout(r, 2_000))]);
        await tx.execute(sql`update tx_counter set n = ${total + 1} where id = ${row}`);
        return total;
      },
      { isolation: 'serializable', retries, onRetry: (_attempt, state) => retried.push(state) },
    );
}

describe('withTransaction', () => {
  it('retries a serialization failure and then succeeds', async () => {
    await t.db.execute(sql`update tx_counter set n = 0`);
    const retried: string[] = [];
    const run = raced(3, retried);
    const totals = await Promise.all([run(1), run(2)]);
    expect(retried).toEqual(['40001']);
    // The retry saw the winner's write: the two results are serial, never both 0.
    expect(totals.sort()).toEqual([0, 1]);
    // Serial: 0 + 1 and then 1 + 1, so the rows hold 1 and 2 (write skew would leave 1 and 1).
    const rows = await t.db.execute(sql`select sum(n)::int as total from tx_counter`);
    expect((rows.rows[0] as { total: number }).total).toBe(3);
  });

  it('gives up after the configured number of retries and throws the failure', async () => {
    await t.db.execute(sql`update tx_counter set n = 0`);
    const retried: string[] = [];
    const run = raced(0, retried);
    const results = await Promise.allSettled([run(1), run(2)]);
    const failed = results.filter((result) => result.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(retried).toEqual([]);
  });

  it('rolls back everything when the function throws, and does not retry other errors', async () => {
    let calls = 0;
    await expect(
      withTransaction(t.db, async (tx) => {
        calls += 1;
        await tx.execute(sql`update tx_counter set n = 99`);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(calls).toBe(1);
    const rows = await t.db.execute(sql`select max(n)::int as top from tx_counter`);
    expect((rows.rows[0] as { top: number }).top).not.toBe(99);
  });
});
