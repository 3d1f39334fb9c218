import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { OrderInput, PointOfSale } from '../src/shared/contracts/orders';

/**
 * "A busy outlet": orders arrive at a steady rate, and each is moved on by the kitchen
 * (preparing, ready, completed a few seconds apart), while screens follow the board: half through
 * the event stream (`/api/events?topics=orders`, refetching the board on each change, one refetch at
 * a time like TanStack Query), half by polling it every 3 s with its ETag. Measured: every HTTP
 * answer's latency, the app's event-loop delay (bench/loop-probe.mjs), and order-to-board latency:
 * from sending an order to a screen's board holding it.
 */

export interface OutletOptions {
  base: string;
  /** Staff sessions, one per 8 streams (the per-user cap). */
  cookies: string[];
  appPid: number;
  loopFile: string;
  durationS: number;
  screens: number;
  /** Orders per hour of the outlet, and how much faster than real time they are sent. */
  ordersPerHour: number;
  compression: number;
  pos: PointOfSale;
}

export interface OutletResult {
  orders: number;
  moves: number;
  requests: number;
  failed: number;
  p50: number;
  p99: number;
  pushedBoardP95: number;
  pushedBoardMax: number;
  polledBoardP95: number;
  loop: { p50: number; p99: number; max: number };
  pushedScreens: number;
  polledScreens: number;
}

const BOARD = '/api/orders?status=confirmed,preparing,ready,out-for-delivery&limit=500';

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** An order like a cashier's: 1 to 3 lines of available items, each with the options its groups need. */
export function sampleOrder(pos: PointOfSale, seed: number, lineCount = 1 + (seed % 3)): OrderInput {
  const items = pos.categories.flatMap((category) => category.items).filter((item) => item.availableToday);
  const lines = Array.from({ length: lineCount }, (_, index) => {
    const item = items[(seed * 7 + index * 13) % items.length]!;
    const optionIds = item.modifierGroups.flatMap((group) =>
      group.options
        .slice(0, Math.max(group.minChoices, Math.min(1, group.maxChoices)))
        .map((option) => option.id),
    );
    return { menuItemId: item.id, quantity: 1 + ((seed + index) % 2), optionIds };
  });
  return { type: 'takeaway', lines };
}

export async function runBusyOutlet(options: OutletOptions): Promise<OutletResult> {
  const { base } = options;
  const latencies: number[] = [];
  let failed = 0;
  const timed = async (path: string, init: RequestInit): Promise<Response | null> => {
    const started = performance.now();
    try {
      const response = await fetch(`${base}${path}`, init);
      latencies.push(performance.now() - started);
      if (response.status >= 400) failed += 1;
      return response;
    } catch {
      failed += 1;
      return null;
    }
  };

  const sentAt = new Map<string, number>();
  const pushedLatency: number[] = [];
  const polledLatency: number[] = [];
  const stop = new AbortController();
  const pushedScreens = Math.ceil(options.screens / 2);
  const polledScreens = options.screens - pushedScreens;

  /** A board: refetch (one at a time, again if asked meanwhile); record when each order first shows. */
  const board = (cookie: string, record: number[]) => {
    const seen = new Set<string>();
    let etag = '';
    let running = false;
    let again = false;
    const refetch = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      do {
        again = false;
        const response = await timed(BOARD, {
          headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) },
        });
        if (response?.status === 200) {
          etag = response.headers.get('etag') ?? '';
          const page = (await response.json()) as { items: { id: string }[] };
          const now = performance.now();
          for (const { id } of page.items) {
            if (seen.has(id)) continue;
            seen.add(id);
            const sent = sentAt.get(id);
            if (sent !== undefined) record.push(now - sent);
          }
        } else await response?.arrayBuffer().catch(() => {});
      } while (again && !stop.signal.aborted);
      running = false;
    };
    return refetch;
  };

  const screens: Promise<void>[] = [];
  for (let index = 0; index < pushedScreens; index++) {
    const cookie = options.cookies[Math.floor(index / 8) % options.cookies.length]!;
    const refetch = board(cookie, pushedLatency);
    await refetch();
    screens.push(
      (async () => {
        const response = await fetch(`${base}/api/events?topics=orders`, {
          headers: { cookie, accept: 'text/event-stream' },
          signal: stop.signal,
        }).catch(() => null);
        if (!response?.body) {
          failed += 1;
          return;
        }
        const decoder = new TextDecoder();
        try {
          for await (const chunk of response.body) {
            if (decoder.decode(chunk as Uint8Array, { stream: true }).includes('event: change'))
              void refetch();
          }
        } catch {
          // Aborted at the end.
        }
      })(),
    );
  }
  for (let index = 0; index < polledScreens; index++) {
    const cookie = options.cookies[index % options.cookies.length]!;
    const refetch = board(cookie, polledLatency);
    screens.push(
      (async () => {
        // Spread over the 3 s, as screens opened at different moments are.
        await new Promise((resolve) => setTimeout(resolve, (index * 3000) / Math.max(1, polledScreens)));
        while (!stop.signal.aborted) {
          await refetch();
          await new Promise((resolve) => setTimeout(resolve, 3000));
        }
      })(),
    );
  }

  // Start counting the app's event-loop delay now.
  process.kill(options.appPid, 'SIGUSR2');
  const cashier = options.cookies[0]!;
  const intervalMs = 3_600_000 / options.ordersPerHour / options.compression;
  const total = Math.floor((options.durationS * 1000) / intervalMs);
  let moves = 0;
  const work: Promise<void>[] = [];
  const started = performance.now();
  for (let index = 0; index < total; index++) {
    const due = started + index * intervalMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    work.push(
      (async () => {
        const sent = performance.now();
        const response = await timed('/api/orders', {
          method: 'POST',
          headers: { cookie: cashier, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify(sampleOrder(options.pos, index)),
        });
        if (response?.status !== 201) return;
        let order = (await response.json()) as { id: string; version: number };
        sentAt.set(order.id, sent);
        // The kitchen moves it on a few (compressed) seconds apart.
        for (const status of ['preparing', 'ready', 'completed']) {
          await new Promise((resolve) => setTimeout(resolve, 3000 + (index % 5) * 400));
          const moved = await timed(`/api/orders/${order.id}/status`, {
            method: 'POST',
            headers: { cookie: cashier, 'content-type': 'application/json' },
            body: JSON.stringify({ status, version: order.version }),
          });
          if (moved?.status !== 200) return;
          order = (await moved.json()) as { id: string; version: number };
          moves += 1;
        }
      })(),
    );
  }
  await Promise.all(work);
  // Let the last changes reach every screen, then stop.
  await new Promise((resolve) => setTimeout(resolve, 3500));
  process.kill(options.appPid, 'SIGUSR2');
  stop.abort();
  await Promise.allSettled(screens);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const loop = JSON.parse(readFileSync(options.loopFile, 'utf8')) as OutletResult['loop'];
  return {
    orders: sentAt.size,
    moves,
    requests: latencies.length,
    failed,
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    pushedBoardP95: Math.round(percentile(pushedLatency, 95)),
    pushedBoardMax: Math.round(Math.max(...pushedLatency)),
    polledBoardP95: Math.round(percentile(polledLatency, 95)),
    loop,
    pushedScreens,
    polledScreens,
  };
}
