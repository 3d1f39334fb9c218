import pg from 'pg';

/**
 * The reports against their yardstick: how long one bare `sum(total)` scan of the year's completed
 * orders takes PostgreSQL, measured in the same run. A report answers in less than that (a ratio below
 * 1.0) because it reads the per-day totals the database keeps, not the orders. Each is timed one
 * request at a time (an owner opening the page), 21 times after 3 to warm up, and its median taken.
 */

export interface ReportTiming {
  name: string;
  /** The report's own `Server-Timing` of its last answer, when it sends one. */
  serverTiming: string;
  medianMs: number;
  p90Ms: number;
  scanMs: number;
  ratio: number;
}

const RUNS = 21;
const WARMUP = 3;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
}

async function timed(runs: number, work: () => Promise<void>): Promise<number[]> {
  for (let index = 0; index < WARMUP; index++) await work();
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function measureReports(
  base: string,
  cookie: string,
  databaseUrl: string,
  reports: { name: string; path: string }[],
): Promise<{ scanMs: number; orders: number; timings: ReportTiming[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const scanSql = `select count(*)::int as orders, sum(total) from orders
      where status = 'completed' and completed_at >= now() - interval '365 days'`;
    let orders = 0;
    const scans = await timed(RUNS, async () => {
      orders = (await client.query<{ orders: number }>(scanSql)).rows[0]?.orders ?? 0;
    });
    const scanMs = percentile(scans, 0.5);
    const timings: ReportTiming[] = [];
    for (const report of reports) {
      let serverTiming = '';
      const times = await timed(RUNS, async () => {
        const response = await fetch(`${base}${report.path}`, { headers: { cookie } });
        serverTiming = response.headers.get('server-timing') ?? '';
        if (response.status !== 200)
          throw new Error(`${report.path}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      });
      const medianMs = percentile(times, 0.5);
      timings.push({
        name: report.name,
        serverTiming,
        medianMs: round(medianMs),
        p90Ms: round(percentile(times, 0.9)),
        scanMs: round(scanMs),
        ratio: Math.round((medianMs / scanMs) * 100) / 100,
      });
    }
    return { scanMs: round(scanMs), orders, timings };
  } finally {
    await client.end();
  }
}
