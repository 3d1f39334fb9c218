import { randomBytes } from 'node:crypto';
import { humanCheckFor } from '../tests/support/human-check';
import { cleanUpApps, makeTempDir, type SpawnedApp, spawnApp } from '../tests/support/spawn-app';
import {
  createDatabaseFromTemplate,
  createTemplateDatabase,
  databaseUrl,
  dropDatabase,
} from '../tests/support/test-server';

/**
 * CI's multi-process check: two app processes on one PostgreSQL database (as behind a load balancer)
 * start together, and a session made on one works on the other; a sign-out on the other ends it on
 * the first; a price changed through one reaches an event stream of the other within a second, and
 * the other's public menu answers the old ETag with the new menu, then 304. Uses TEST_DATABASE_URL, else the machine's PostgreSQL on 127.0.0.1:5432.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let passedChecks = 0;
function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`FAILED: ${message}`);
  passedChecks += 1;
  console.log(`ok - ${message}`);
}

async function main(): Promise<void> {
  const template = `brigade_two_process_template_${process.pid}`;
  await createTemplateDatabase(adminUrl, template);
  const name = await createDatabaseFromTemplate(adminUrl, template);
  await dropDatabase(adminUrl, template);
  // An empty database: both processes must migrate and seed it at once without tripping over each other.
  const url = databaseUrl(adminUrl, name);
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  await client.query(
    'drop schema public cascade; create schema public; drop schema if exists drizzle cascade',
  );
  await client.end();

  const secret = randomBytes(32).toString('hex');
  const apps: SpawnedApp[] = [];
  try {
    for (let index = 0; index < 2; index++) {
      apps.push(
        await spawnApp({
          dataDir: await makeTempDir(`two-process-${index}`),
          env: {
            DATABASE_URL: url,
            // Both processes answer for one public address, as behind a load balancer.
            BASE_URL: 'http://brigade.test',
            AUTH_SECRET: secret,
            ADMIN_PASSWORD: 'two-process-admin',
            LOG_LEVEL: 'warn',
          },
        }),
      );
    }
    const [a, b] = apps.map((app) => app.baseUrl) as [string, string];
    // The first start seeds the demo cafe (photos drawn by sharp): slow on a busy machine.
    await Promise.all(apps.map((app) => app.waitForHealthy(180_000)));
    check(true, 'two processes started together on one empty database');

    const headers = { 'content-type': 'application/json', origin: 'http://brigade.test' };
    const signUp = await fetch(`${a}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { ...headers, 'x-human-check': await humanCheckFor(b) },
      body: JSON.stringify({ name: 'Roaming Guest', email: 'roaming@two.process', password: 'roaming-1' }),
    });
    check(signUp.status === 200, 'sign-up on process A');
    // Sign-up answers a taken address exactly like a new one, so it never signs in: the form signs in next.
    const signIn = await fetch(`${a}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'roaming@two.process', password: 'roaming-1' }),
    });
    check(signIn.status === 200, 'sign-in on process A');
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');

    const meOnB = await fetch(`${b}/api/me`, { headers: { cookie } });
    const profile = (await meOnB.json()) as { email?: string };
    check(
      meOnB.status === 200 && profile.email === 'roaming@two.process',
      'the session made on A works on B',
    );

    const signOutOnB = await fetch(`${b}/api/auth/sign-out`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: '{}',
    });
    check(signOutOnB.status === 200, 'sign-out on B');
    const meOnA = await fetch(`${a}/api/me`, { headers: { cookie } });
    check(meOnA.status === 401, 'the session ended on B is refused on A');

    // Live updates: a price changed through A reaches an event stream of B, and B's public menu.
    const adminSignIn = await fetch(`${a}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'admin@brigade.local', password: 'two-process-admin' }),
    });
    check(adminSignIn.status === 200, 'the admin signs in on process A');
    const adminCookie = adminSignIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const before = await fetch(`${b}/api/menu/public`);
    const oldEtag = before.headers.get('etag') ?? '';
    const idleOnB = await fetch(`${b}/api/menu/public`, { headers: { 'if-none-match': oldEtag } });
    check(
      before.status === 200 && oldEtag !== '' && idleOnB.status === 304,
      "B's public menu: 200, then 304",
    );
    const listed = await fetch(`${a}/api/menu/items?limit=1`, { headers: { cookie: adminCookie } });
    const [dish] = ((await listed.json()) as { items: { id: string; version: number; price: number }[] })
      .items;
    check(listed.status === 200 && dish !== undefined, 'the demo menu has a dish to change');
    const stream = await openEventStream(`${b}/api/events?topics=menu`);
    check(stream.status === 200, 'an event stream of topic menu is open on process B');
    const newPrice = (dish?.price ?? 0) + 35;
    const sentAt = performance.now();
    const changed = await fetch(`${a}/api/menu/items/${dish?.id}`, {
      method: 'PATCH',
      headers: { ...headers, cookie: adminCookie },
      body: JSON.stringify({ price: newPrice, version: dish?.version }),
    });
    const committedAt = performance.now();
    check(changed.status === 200, 'the price changes through process A');
    const change = await stream.nextChange(5000);
    const arrivedAt = performance.now();
    const delay = arrivedAt - committedAt;
    check(
      change?.topic === 'menu' && delay < 1000,
      `the change reaches the event stream on process B within 1 s of A's answer (${delay.toFixed(0)} ms; ${(arrivedAt - sentAt).toFixed(0)} ms after the change was sent)`,
    );
    const polled = await fetch(`${b}/api/menu/public`, { headers: { 'if-none-match': oldEtag } });
    const newEtag = polled.headers.get('etag') ?? '';
    const polledMenu = JSON.stringify(await polled.json());
    check(
      polled.status === 200 && newEtag !== oldEtag && polledMenu.includes(`"price":${newPrice}`),
      "a poll of B's public menu with the old ETag gets 200 with the new price",
    );
    const again = await fetch(`${b}/api/menu/public`, { headers: { 'if-none-match': newEtag } });
    check(again.status === 304, "and with the new ETag, B's poll is a 304");

    // Orders: one placed at the point of sale on A reaches a kitchen board connected to B within 1 s.
    const board = await openEventStream(`${b}/api/events?topics=orders`, adminCookie);
    check(board.status === 200, 'a kitchen board follows the topic orders on process B');
    const boardBefore = await fetch(`${b}/api/orders?status=confirmed,preparing,ready`, {
      headers: { cookie: adminCookie },
    });
    const boardEtag = boardBefore.headers.get('etag') ?? '';
    const idleBoard = await fetch(`${b}/api/orders?status=confirmed,preparing,ready`, {
      headers: { cookie: adminCookie, 'if-none-match': boardEtag },
    });
    check(
      boardBefore.status === 200 && idleBoard.status === 304,
      "B's board: 200, then 304 while nothing changes",
    );
    const orderSentAt = performance.now();
    const placed = await fetch(`${a}/api/orders`, {
      method: 'POST',
      headers: { ...headers, cookie: adminCookie, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        type: 'takeaway',
        lines: [{ menuItemId: dish?.id, quantity: 2 }],
        note: 'Two-process',
      }),
    });
    const order = (await placed.json()) as { id: string; number: number };
    const placedAt = performance.now();
    check(placed.status === 201, `an order is placed at the point of sale on process A (#${order.number})`);
    const orderChange = await board.nextChange(5000);
    const orderArrivedAt = performance.now();
    check(
      orderChange?.topic === 'orders' && orderArrivedAt - placedAt < 1000,
      `the order reaches the board's event stream on process B within 1 s of A's answer (${(orderArrivedAt - placedAt).toFixed(0)} ms; ${(orderArrivedAt - orderSentAt).toFixed(0)} ms after it was sent)`,
    );
    const boardAfter = await fetch(`${b}/api/orders?status=confirmed,preparing,ready`, {
      headers: { cookie: adminCookie, 'if-none-match': boardEtag },
    });
    const boardIds = ((await boardAfter.json()) as { items: { id: string }[] }).items.map((item) => item.id);
    check(
      boardAfter.status === 200 && boardIds.includes(order.id),
      "B's board, revalidated with its old ETag, gets 200 with the new order",
    );
    await board.close();

    // Rate limits live in the database: attempts on A and B count together.
    const signInOn = (base: string, password: string) =>
      fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'roaming@two.process', password }),
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++)
      statuses.push((await signInOn(attempt % 2 ? b : a, 'wrong-password')).status);
    check(
      statuses.every((status) => status === 401),
      'ten wrong passwords, alternating between A and B, are refused',
    );
    const blocked = await signInOn(a, 'roaming-1');
    const blockedReason = ((await blocked.json()) as { error?: { details?: { reason?: string } } }).error
      ?.details?.reason;
    check(
      blocked.status === 429 && blockedReason === 'HUMAN_CHECK_REQUIRED',
      'the eleventh attempt asks for the human check although each process saw only half of them',
    );

    const adminCount = await (async () => {
      const c = new pg.default.Client({ connectionString: url });
      await c.connect();
      const result = await c.query("select count(*)::int as n from users where role = 'admin'");
      await c.end();
      return result.rows[0].n as number;
    })();
    check(adminCount === 1, 'exactly one admin was created by the two first starts');
    const stopped = await apps[1]!.stop();
    check(stopped.code === 0, 'process B stops cleanly (exit 0) while an event stream is open');
    await stream.close();
    console.log(`two-process check: all ${passedChecks} checks passed`);
  } catch (error) {
    for (const app of apps) console.error(`--- output of the app on ${app.baseUrl}:\n${app.output()}`);
    throw error;
  } finally {
    for (const app of apps) await app.stop().catch(() => {});
    await cleanUpApps();
    await dropDatabase(adminUrl, name).catch(() => {});
  }
}

/** A Server-Sent Events stream read as EventSource would, for the `change` messages. */
async function openEventStream(url: string, cookie?: string) {
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    status: response.status,
    /** The next `event: change` message's data, or undefined after `timeoutMs`. */
    async nextChange(timeoutMs: number): Promise<{ topic: string; version: number } | undefined> {
      const deadline = Date.now() + timeoutMs;
      while (reader && Date.now() < deadline) {
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: change') && data) return JSON.parse(data.slice(6));
        }
        let timer: ReturnType<typeof setTimeout> | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<undefined>((resolve) => {
            timer = setTimeout(() => resolve(undefined), deadline - Date.now());
          }),
        ]);
        clearTimeout(timer);
        if (!chunk || chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
      return undefined;
    },
    async close() {
      await reader?.cancel().catch(() => {});
    },
  };
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
