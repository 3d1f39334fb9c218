import { randomBytes } from 'node:crypto';
import type { PointOfSale } from '../src/shared/contracts/orders';

/**
 * The bench's inventory lines: completing orders whose three lines carry three-ingredient recipes,
 * paired with completing the same orders of dishes without recipes (what the deduction costs), and
 * finishing a 300-item stock count. Each prepares its records first, outside the measured time.
 */

type Headers = Record<string, string>;
export interface CustomResult {
  perSecond: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  requests: number;
  failed: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);

function summary(latencies: number[], seconds: number, failed: number): CustomResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (value: number) => Math.round(value * 10) / 10;
  return {
    perSecond: Math.round(latencies.length / seconds),
    p50: ms(percentile(sorted, 50)),
    p90: ms(percentile(sorted, 90)),
    p97_5: ms(percentile(sorted, 97.5)),
    p99: ms(percentile(sorted, 99)),
    requests: latencies.length,
    failed,
  };
}

async function call<T>(
  base: string,
  headers: Headers,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Runs `work` on each input with `connections` workers, returning the latency of each. */
async function timedPool<T>(inputs: T[], connections: number, work: (input: T) => Promise<boolean>) {
  const latencies: number[] = [];
  let failed = 0;
  const queue = [...inputs];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let input = queue.shift(); input !== undefined; input = queue.shift()) {
        const sent = performance.now();
        if (await work(input)) latencies.push(performance.now() - sent);
        else failed += 1;
      }
    }),
  );
  return { latencies, failed, seconds: (performance.now() - started) / 1000 };
}

/** Three dishes with three-ingredient recipes, and three alike without, with stock to sell from. */
async function makeDishes(base: string, headers: Headers, pos: PointOfSale) {
  const units = await call<{ items: { id: string; symbol: string }[] }>(
    base,
    headers,
    'GET',
    '/api/units?limit=500',
  );
  const kg = units.items.find((unit) => unit.symbol === 'kg');
  const gram = units.items.find((unit) => unit.symbol === 'g');
  if (!kg || !gram) throw new Error('the bench needs the demo units kg and g');
  const tag = randomBytes(3).toString('hex');
  const ingredients: { id: string }[] = [];
  for (let index = 0; index < 9; index++) {
    const item = await call<{ id: string }>(base, headers, 'POST', '/api/inventory/items', {
      name: `Bench ingredient ${tag}-${index}`,
      group: 'ingredient',
      unitId: kg.id,
    });
    await call(base, headers, 'POST', '/api/inventory/movements', {
      itemId: item.id,
      type: 'adjustment',
      quantity: '100000',
      reason: 'Bench stock',
    });
    ingredients.push(item);
  }
  const categoryId = pos.categories[0]?.id;
  if (!categoryId) throw new Error('the bench needs a menu category');
  const dish = (name: string) =>
    call<{ id: string }>(base, headers, 'POST', '/api/menu/items', { name, categoryId, price: 900 });
  const withRecipes: string[] = [];
  const without: string[] = [];
  for (let index = 0; index < 3; index++) {
    const recipeDish = await dish(`Bench dish with a recipe ${tag}-${index}`);
    await call(base, headers, 'PUT', `/api/menu/items/${recipeDish.id}/recipe`, {
      lines: ingredients.slice(index * 3, index * 3 + 3).map((item, line) => ({
        inventoryItemId: item.id,
        quantity: String(15 + line * 5),
        unitId: gram.id,
      })),
      options: [],
    });
    withRecipes.push(recipeDish.id);
    without.push((await dish(`Bench dish without a recipe ${tag}-${index}`)).id);
  }
  return { withRecipes, without };
}

/**
 * Two lines that complete orders of three lines: one whose dishes each have a three-ingredient recipe
 * (nine sale movements per order), one of the same dishes without recipes. Each measured run places
 * and readies its own orders first (not measured): as many as the last run completed in its time.
 */
export function prepareCompletions(base: string, cookie: string, pos: PointOfSale) {
  const headers = { cookie };
  let made: ReturnType<typeof makeDishes> | undefined;

  const readyOrders = async (dishIds: string[], count: number, connections: number) => {
    const ready: { id: string; version: number }[] = [];
    await timedPool(
      Array.from({ length: count }, (_, index) => index),
      connections,
      async () => {
        let order = await call<{ id: string; version: number }>(
          base,
          { ...headers, 'idempotency-key': randomBytes(8).toString('hex') },
          'POST',
          '/api/orders',
          { type: 'takeaway', lines: dishIds.map((menuItemId) => ({ menuItemId, quantity: 1 })) },
        );
        for (const status of ['preparing', 'ready']) {
          order = await call(base, headers, 'POST', `/api/orders/${order.id}/status`, {
            status,
            version: order.version,
          });
        }
        ready.push(order);
        return true;
      },
    );
    return ready;
  };

  const line = (which: 'withRecipes' | 'without') => {
    let expected = 0;
    return async (durationS: number, connections: number): Promise<CustomResult> => {
      made ??= makeDishes(base, headers, pos);
      const dishIds = (await made)[which];
      const count = Math.max(200, Math.round((expected || 300) * durationS));
      const orders = await readyOrders(dishIds, count, connections);
      const { latencies, failed, seconds } = await timedPool(orders, connections, async (order) => {
        const response = await fetch(`${base}/api/orders/${order.id}/status`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'completed', version: order.version }),
        });
        await response.text();
        return response.status === 200;
      });
      const result = summary(latencies, seconds, failed);
      expected = result.perSecond;
      return result;
    };
  };
  return { withRecipes: line('withRecipes'), withoutRecipes: line('without') };
}

/**
 * Finishing a stock count of 300 items, every one counted with a difference: each run opens a count
 * of the bench's own 300 items (their own group), counts them all, and times the finish alone.
 */
export function prepareCountFinish(base: string, cookie: string) {
  const headers = { cookie };
  let made: Promise<void> | undefined;
  const makeItems = async () => {
    const units = await call<{ items: { id: string; symbol: string }[] }>(
      base,
      headers,
      'GET',
      '/api/units?limit=500',
    );
    const piece = units.items.find((unit) => unit.symbol === 'pc');
    if (!piece) throw new Error('the bench needs the demo unit pc');
    const tag = randomBytes(3).toString('hex');
    const items: { id: string }[] = [];
    await timedPool(
      Array.from({ length: 300 }, (_, index) => index),
      8,
      async (index) => {
        items.push(
          await call<{ id: string }>(base, headers, 'POST', '/api/inventory/items', {
            name: `Bench counted ${tag}-${String(index).padStart(3, '0')}`,
            group: 'other',
            unitId: piece.id,
          }),
        );
        return true;
      },
    );
  };
  return async (_durationS: number, _connections: number): Promise<CustomResult> => {
    made ??= makeItems();
    await made;
    const latencies: number[] = [];
    let failed = 0;
    const started = performance.now();
    for (let run = 0; run < 3; run++) {
      const count = await call<{ id: string; lines: { itemId: string }[] }>(
        base,
        headers,
        'POST',
        '/api/inventory/counts',
        {
          group: 'other',
          note: 'Bench',
        },
      );
      const lines = count.lines.map((line, index) => ({
        itemId: line.itemId,
        counted: String(run * 10 + (index % 7)),
      }));
      for (let from = 0; from < lines.length; from += 100) {
        await call(base, headers, 'PATCH', `/api/inventory/counts/${count.id}/lines`, {
          lines: lines.slice(from, from + 100),
        });
      }
      const { version } = await call<{ version: number }>(
        base,
        headers,
        'GET',
        `/api/inventory/counts/${count.id}`,
      );
      const sent = performance.now();
      const finished = await fetch(`${base}/api/inventory/counts/${count.id}/finish`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ version }),
      });
      await finished.text();
      if (finished.status === 200) latencies.push(performance.now() - sent);
      else failed += 1;
    }
    return summary(latencies, (performance.now() - started) / 1000, failed);
  };
}
