import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PointOfSale } from '../src/shared/contracts/orders';
import { sampleOrder } from './busy-outlet';

/**
 * The bench's write lines that autocannon cannot drive: the SQL one request runs (for a yardstick
 * that runs the same statements from bare node), and rounds added to open checks (each round is based
 * on the version the last answer gave).
 */

interface CapturedQuery {
  at: number;
  connection: Record<string, unknown>;
  name?: string;
  text: string;
  values: unknown[];
}

/** What bench/bare-sql-server.mjs replays for each request. */
export interface SqlPlan {
  connection: Record<string, unknown>;
  queries: Omit<CapturedQuery, 'at' | 'connection'>[];
  /** Values new in each request: UUIDs (ids of rows it made) and whole strings (its Idempotency-Key). */
  fresh: { uuids: string[]; strings: string[] };
  status: number;
  body: string;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** A value that holds a UUID somewhere (no `g` flag: `test` keeps no state). */
const ONE_UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const uuidsIn = (values: unknown[]) => new Set(JSON.stringify(values).match(UUID) ?? []);

/** The queries the app sent while `send` ran (bench/sql-probe.mjs keeps them; SIGUSR2 writes them). */
async function queriesDuring(
  pid: number,
  file: string,
  send: () => Promise<Response>,
): Promise<{ queries: CapturedQuery[]; status: number; body: string }> {
  const started = Date.now();
  const response = await send();
  const body = await response.text();
  // What the request sends after its answer (the live-update NOTIFY goes out on the next turn of the
  // event loop) is part of its cost: the window stays open a little after the answer.
  await sleep(50);
  const ended = Date.now();
  process.kill(pid, 'SIGUSR2');
  await sleep(300);
  const { recent } = JSON.parse(readFileSync(file, 'utf8')) as { recent: CapturedQuery[] };
  return {
    queries: recent.filter((query) => query.at >= started && query.at <= ended),
    status: response.status,
    body,
  };
}

/**
 * The SQL one request of `send` runs once warm (after three of them), read twice: the statements must be
 * the same both times; the values that differ are the request's own (`fresh`). Null when the two reads
 * differ (another request ran meanwhile) five times over, or the probe is not loaded.
 */
export async function captureSql(
  pid: number,
  file: string,
  send: () => Promise<Response>,
): Promise<SqlPlan | null> {
  for (let warm = 0; warm < 3; warm++) await (await send()).text();
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const first = await queriesDuring(pid, file, send);
      const second = await queriesDuring(pid, file, send);
      const texts = (run: { queries: CapturedQuery[] }) =>
        run.queries.map((query) => query.text).join('\n;\n');
      if (first.queries.length === 0 || texts(first) !== texts(second)) continue;
      const firstUuids = uuidsIn(first.queries.map((query) => query.values));
      const secondUuids = uuidsIn(second.queries.map((query) => query.values));
      const strings = first.queries.flatMap((query, index) =>
        query.values.filter(
          (value, at) =>
            typeof value === 'string' &&
            !ONE_UUID.test(value) &&
            value !== second.queries[index]?.values[at] &&
            value.length > 0,
        ),
      ) as string[];
      // One request's statements run on one database: the pool's, whatever else the process connected to.
      const connection = first.queries[0]!.connection;
      const same = JSON.stringify(connection);
      if (first.queries.some((query) => JSON.stringify(query.connection) !== same)) return null;
      return {
        connection,
        queries: first.queries.map(({ name, text, values }) => ({ ...(name ? { name } : {}), text, values })),
        fresh: { uuids: [...firstUuids].filter((uuid) => !secondUuids.has(uuid)), strings },
        status: first.status,
        body: first.body,
      };
    } catch {
      return null;
    }
  }
  return null;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0);

/**
 * The rounds line: `connections` waiters at once, each on a check of its own (a dine-in order at the
 * first table), adding rounds of two lines with options based on the version each answer gives; after
 * 10 rounds a waiter opens a new check (a real check has tens of lines, not thousands). Only the
 * rounds are timed. Answers what the other lines measure.
 */
export async function prepareRounds(base: string, cookie: string, posOrder: string, pos: PointOfSale) {
  const headers = { 'content-type': 'application/json', cookie };
  const table = pos.tables[0];
  const first = (JSON.parse(posOrder) as { lines: unknown[] }).lines.slice(0, 1);
  const round = JSON.stringify(sampleOrder(pos, 5, 2).lines);
  return async (durationS: number, connections: number) => {
    const latencies: number[] = [];
    let failed = 0;
    const deadline = Date.now() + durationS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < deadline) {
          const opened = await fetch(`${base}/api/orders`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': randomBytes(8).toString('hex') },
            body: JSON.stringify({ type: table ? 'dine-in' : 'takeaway', tableId: table?.id, lines: first }),
          });
          if (opened.status !== 201) {
            failed += 1;
            await opened.text();
            continue;
          }
          let { id, version } = (await opened.json()) as { id: string; version: number };
          for (let count = 0; count < 10 && Date.now() < deadline; count++) {
            const sent = performance.now();
            const answer = await fetch(`${base}/api/orders/${id}/lines`, {
              method: 'POST',
              headers,
              body: `{"version":${version},"lines":${round}}`,
            });
            latencies.push(performance.now() - sent);
            if (answer.status !== 200) {
              failed += 1;
              await answer.text();
              break;
            }
            ({ id, version } = (await answer.json()) as { id: string; version: number });
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    const ms = (value: number) => Math.round(value);
    return {
      perSecond: Math.round(latencies.length / seconds),
      p50: ms(percentile(sorted, 50)),
      p90: ms(percentile(sorted, 90)),
      p97_5: ms(percentile(sorted, 97.5)),
      p99: ms(percentile(sorted, 99)),
      requests: latencies.length,
      failed,
    };
  };
}
