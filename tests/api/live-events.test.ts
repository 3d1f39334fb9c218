import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { withTransaction } from '../../src/server/db/transaction';
import {
  type ChangeEvent,
  MAX_REPLAYED_EVENTS,
  MAX_STREAMS_PER_ADDRESS,
  MAX_STREAMS_PER_USER,
  openEventStreamCount,
  publishChanges,
} from '../../src/server/modules/events';
import type { FoodCategory } from '../../src/shared/contracts/master-data';
import type { MenuItem } from '../../src/shared/contracts/menu';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

/**
 * GET /api/events over real HTTP: changes arrive as `event: change`, a reconnect resumes with
 * Last-Event-ID (one change per topic when it is far behind), heartbeats keep it open, topics are
 * guarded, streams are capped per user, per address and per process, and a closed stream releases its
 * subscription.
 */
const HEARTBEAT_MS = 150;
let t: TestApp;
let server: Server;
let base: string;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;
let item: MenuItem;

beforeAll(async () => {
  t = await createTestApp({ liveHeartbeatMs: HEARTBEAT_MS });
  admin = await t.buildUser({ role: 'admin' });
  staff = await t.buildUser({ role: 'staff' });
  customer = await t.buildUser({ role: 'customer' });
  const category = (await (
    await t.post('/api/food-categories', { name: 'Coffee' }, { as: admin })
  ).json()) as FoodCategory;
  item = (await (
    await t.post('/api/menu/items', { name: 'Latte', categoryId: category.id, price: 450 }, { as: admin })
  ).json()) as MenuItem;
  await t.liveSettled();
  ({ server, base } = await serve(t));
});

afterAll(async () => {
  if (server) await stopServing(server);
  await t?.close();
});

/** The test app's services behind a real HTTP server (streams need a socket to end). */
async function serve(app: TestApp): Promise<{ server: Server; base: string }> {
  const served = createServer(
    getRequestListener(createApp({ ...app.services, webRoot: '.tmp/no-web-build' }).fetch),
  );
  await new Promise<void>((resolve) => served.listen(0, '127.0.0.1', resolve));
  return { server: served, base: `http://127.0.0.1:${(served.address() as AddressInfo).port}` };
}

async function stopServing(served: Server): Promise<void> {
  served.closeAllConnections();
  await new Promise((resolve) => served.close(resolve));
}

interface Message {
  event?: string;
  id?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** An open event stream read message by message, as EventSource would. */
class EventStream {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  readonly messages: Message[] = [];
  private constructor(
    readonly response: Response,
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
  ) {}

  static async open(
    topics: string,
    options: { cookie?: string; lastEventId?: string; ip?: string; base?: string } = {},
  ): Promise<EventStream> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    const response = await fetch(`${options.base ?? base}/api/events?topics=${encodeURIComponent(topics)}`, {
      headers,
    });
    if (!response.body) throw new Error('no body');
    return new EventStream(response, response.body.getReader());
  }

  /** Reads until a message matching `predicate` arrives (or 5 s pass) and returns it. */
  async next(predicate: (message: Message) => boolean, timeoutMs = 5000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) {
        this.messages.splice(this.messages.indexOf(found), 1);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such message; got ${JSON.stringify(this.messages)}`);
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), left);
        }),
      ]);
      clearTimeout(timer);
      if (chunk === 'timeout') continue;
      if (chunk.done) throw new Error('the stream ended');
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
      let end = this.buffer.indexOf('\n\n');
      while (end !== -1) {
        this.messages.push(parseMessage(this.buffer.slice(0, end)));
        this.buffer = this.buffer.slice(end + 2);
        end = this.buffer.indexOf('\n\n');
      }
    }
  }

  nextChange(topic: string): Promise<{ id: number; topic: string; version: number }> {
    return this.next(
      (message) => message.event === 'change' && JSON.parse(message.data ?? '{}').topic === topic,
    ).then((message) => ({ id: Number(message.id), ...JSON.parse(message.data ?? '{}') }));
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => {});
  }
}

function parseMessage(block: string): Message {
  const message: Message = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      message.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event' || field === 'id' || field === 'data' || field === 'retry') message[field] = value;
  }
  return message;
}

async function changePrice(price: number): Promise<void> {
  const response = await t.patchLatest(`/api/menu/items/${item.id}`, { price }, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Commits one event per entry of `topics` through the events service, as a change would; oldest first. */
async function publish(topics: string[]): Promise<ChangeEvent[]> {
  const events = await withTransaction(t.db, (tx) => publishChanges(tx, topics));
  await t.liveSettled();
  return events;
}

async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('GET /api/events', () => {
  it('is an unbuffered event stream; a change made after connecting arrives with its topic and version', async () => {
    const stream = await EventStream.open('menu');
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toBe('no-cache');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    // The first message sets the reconnect delay and the id a reconnect resumes after.
    const first = await stream.next((message) => message.retry !== undefined);
    expect(Number(first.id)).toBe(t.services.liveTopics.lastEventId);
    try {
      await changePrice(480);
      const change = await stream.nextChange('menu');
      expect(change.version).toBe(t.services.liveTopics.version('menu'));
      expect(change.id).toBeGreaterThan(Number(first.id));
    } finally {
      await stream.close();
    }
  });

  it('a signed-in answer stays a stream: no-cache kept private, never no-store or buffered', async () => {
    const stream = await EventStream.open('menu,settings', { cookie: staff.cookie });
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('cache-control')).toBe('private, no-cache');
      await changePrice(481);
      expect((await stream.nextChange('menu')).version).toBe(t.services.liveTopics.version('menu'));
    } finally {
      await stream.close();
    }
  });

  it('resumes after Last-Event-ID with the changes made while disconnected, each once', async () => {
    const stream = await EventStream.open('menu');
    const first = await stream.next((message) => message.retry !== undefined);
    await stream.close();
    await changePrice(490);
    await changePrice(495);
    await t.liveSettled();
    const version = t.services.liveTopics.version('menu');
    const resumed = await EventStream.open('menu', { lastEventId: first.id });
    try {
      const one = await resumed.nextChange('menu');
      const two = await resumed.nextChange('menu');
      expect(two.version).toBe(version);
      expect(one.version).toBeLessThan(two.version);
      // Nothing more: each missed change once, none repeated.
      await resumed.next((message) => message.comment === 'heartbeat');
      expect(resumed.messages.filter((message) => message.event === 'change')).toEqual([]);
    } finally {
      await resumed.close();
    }
    // A fresh stream without Last-Event-ID gets no old changes.
    const fresh = await EventStream.open('menu');
    try {
      await fresh.next((message) => message.comment === 'heartbeat');
      expect(fresh.messages.filter((message) => message.event === 'change')).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it(`replays up to ${MAX_REPLAYED_EVENTS} missed events of the followed topics one by one, exactly`, async () => {
    const stream = await EventStream.open('menu,settings');
    const first = await stream.next((message) => message.retry !== undefined);
    await stream.close();
    // Exactly the bound on the followed topics, and more on one the stream does not follow (those do
    // not count).
    const published = await publish([
      ...Array<string>(MAX_REPLAYED_EVENTS - 10).fill('menu'),
      ...Array<string>(10).fill('settings'),
      ...Array<string>(MAX_REPLAYED_EVENTS).fill('coupons'),
    ]);
    const followed = published.filter((event) => event.topic !== 'coupons');
    const resumed = await EventStream.open('menu,settings', { lastEventId: first.id });
    try {
      await resumed.next((message) => message.comment === 'heartbeat');
      const changes = resumed.messages
        .filter((message) => message.event === 'change')
        .map((message) => ({ id: Number(message.id), ...JSON.parse(message.data ?? '{}') }));
      expect(changes).toEqual(followed.map(({ id, topic, version }) => ({ id, topic, version })));
    } finally {
      await resumed.close();
    }
  });

  it(`resumed more than ${MAX_REPLAYED_EVENTS} events behind, sends each followed topic once at its current version, from now on`, async () => {
    const published = await publish([
      ...Array<string>(MAX_REPLAYED_EVENTS).fill('menu'),
      ...Array<string>(20).fill('settings'),
    ]);
    const latest = (topic: string) =>
      Math.max(...published.filter((event) => event.topic === topic).map((event) => event.version));
    const hub = t.services.liveTopics;
    const now = hub.lastEventId;
    const resumed = await EventStream.open('menu,settings', { lastEventId: '1' });
    try {
      await resumed.next((message) => message.comment === 'heartbeat');
      const changes = resumed.messages
        .filter((message) => message.event === 'change')
        .map((message) => ({ id: Number(message.id), ...JSON.parse(message.data ?? '{}') }));
      // One per topic, not the hundreds missed, each carrying the newest id so a next resume starts here.
      expect(changes).toEqual([
        { id: now, topic: 'menu', version: latest('menu') },
        { id: now, topic: 'settings', version: latest('settings') },
      ]);
      expect(hub.version('menu')).toBe(latest('menu'));
      resumed.messages.length = 0;
      // Live changes follow as usual.
      await changePrice(505);
      const live = await resumed.nextChange('menu');
      expect(live.id).toBeGreaterThan(now);
      expect(live.version).toBe(hub.version('menu'));
    } finally {
      await resumed.close();
    }
  });

  it('sends a heartbeat comment while nothing changes', async () => {
    const stream = await EventStream.open('settings');
    try {
      await stream.next((message) => message.comment === 'heartbeat');
      await stream.next((message) => message.comment === 'heartbeat');
    } finally {
      await stream.close();
    }
  });

  it('refuses unknown topics (400) and topics the caller may not follow (403), naming the topic', async () => {
    await waitUntil(() => openEventStreamCount(t.services.liveTopics) === 0, 'earlier streams to close');
    const missing = await t.get('/api/events');
    expect((await expectErrorBody(missing, 400, 'invalid-argument')).message).toMatch(/topics/);
    const empty = await t.get('/api/events?topics=,');
    await expectErrorBody(empty, 400, 'invalid-argument');
    const unknown = await t.get('/api/events?topics=menu,kitchen');
    expect((await expectErrorBody(unknown, 400, 'invalid-argument')).message).toContain('kitchen');

    const someone = `notifications:${customer.id}`;
    const guestNotifications = await t.get(`/api/events?topics=${someone}`);
    expect((await expectErrorBody(guestNotifications, 403, 'permission-denied')).message).toContain(someone);
    const otherNotifications = await t.get(`/api/events?topics=${someone}`, { as: staff });
    expect((await expectErrorBody(otherNotifications, 403, 'permission-denied')).message).toContain(someone);
    const guestRequests = await t.get('/api/events?topics=menu,order-requests');
    expect((await expectErrorBody(guestRequests, 403, 'permission-denied')).message).toContain(
      'order-requests',
    );
    const customerDay = await t.get('/api/events?topics=orders', { as: customer });
    await expectErrorBody(customerDay, 403, 'permission-denied');
    // One order's topic: its customer and staff (the orders module's rule); not another customer.
    const order = await t.get(`/api/events?topics=order:${customer.id}`, { as: customer });
    expect((await expectErrorBody(order, 403, 'permission-denied')).message).toContain('order:');
    expect(openEventStreamCount(t.services.liveTopics)).toBe(0);
  });

  it('lets staff follow order requests and the day’s orders, and a user their own notifications', async () => {
    const staffStream = await EventStream.open('order-requests,orders', { cookie: staff.cookie });
    const own = await EventStream.open(`notifications:${customer.id}`, { cookie: customer.cookie });
    try {
      expect(staffStream.response.status).toBe(200);
      expect(own.response.status).toBe(200);
    } finally {
      await staffStream.close();
      await own.close();
    }
  });

  it(`caps open streams at ${MAX_STREAMS_PER_USER} per user and ${MAX_STREAMS_PER_ADDRESS} per address (429)`, async () => {
    const hub = t.services.liveTopics;
    await waitUntil(() => openEventStreamCount(hub) === 0, 'earlier streams to close');
    const streams: EventStream[] = [];
    try {
      // One user from several addresses.
      for (let index = 0; index < MAX_STREAMS_PER_USER; index++) {
        const stream = await EventStream.open('menu', {
          cookie: customer.cookie,
          ip: `198.51.100.${index + 1}`,
        });
        expect(stream.response.status).toBe(200);
        streams.push(stream);
      }
      const overUser = await fetch(`${base}/api/events?topics=menu`, {
        headers: { cookie: customer.cookie, 'x-forwarded-for': '198.51.100.200' },
      });
      expect((await expectErrorBody(overUser, 429, 'resource-exhausted')).message).toMatch(
        /live connections/,
      );
      // Another user is not affected.
      const other = await EventStream.open('menu', { cookie: staff.cookie, ip: '198.51.100.201' });
      expect(other.response.status).toBe(200);
      streams.push(other);

      // Guests behind one address.
      const shared = '203.0.113.7';
      for (let index = 0; index < MAX_STREAMS_PER_ADDRESS; index++) {
        const stream = await EventStream.open('menu', { ip: shared });
        expect(stream.response.status).toBe(200);
        streams.push(stream);
      }
      const overAddress = await fetch(`${base}/api/events?topics=menu`, {
        headers: { 'x-forwarded-for': shared },
      });
      await expectErrorBody(overAddress, 429, 'resource-exhausted');

      // Closing one makes room again.
      await streams.pop()?.close();
      await waitUntil(
        () => openEventStreamCount(hub) === MAX_STREAMS_PER_USER + 1 + MAX_STREAMS_PER_ADDRESS - 1,
        'the closed stream to be released',
      );
      const again = await EventStream.open('menu', { ip: shared });
      expect(again.response.status).toBe(200);
      streams.push(again);
    } finally {
      for (const stream of streams) await stream.close();
    }
  });

  it('caps open streams per process at the configured number (429), whoever opens them', async () => {
    const capped = await createTestApp({ liveHeartbeatMs: HEARTBEAT_MS, maxEventStreams: 3 });
    const served = await serve(capped);
    const hub = capped.services.liveTopics;
    const streams: EventStream[] = [];
    try {
      // Three people at three addresses: far below the per-user and per-address caps.
      for (let index = 0; index < 3; index++) {
        const stream = await EventStream.open('menu', { ip: `192.0.2.${index + 1}`, base: served.base });
        expect(stream.response.status).toBe(200);
        streams.push(stream);
      }
      const over = await fetch(`${served.base}/api/events?topics=menu`, {
        headers: { 'x-forwarded-for': '192.0.2.99' },
      });
      expect((await expectErrorBody(over, 429, 'resource-exhausted')).message).toMatch(
        /live connections to this server/,
      );
      expect(openEventStreamCount(hub)).toBe(3);
      // Closing one makes room again.
      await streams.pop()?.close();
      await waitUntil(() => openEventStreamCount(hub) === 2, 'the closed stream to be released');
      const again = await EventStream.open('menu', { ip: '192.0.2.99', base: served.base });
      expect(again.response.status).toBe(200);
      streams.push(again);
    } finally {
      for (const stream of streams) await stream.close();
      await stopServing(served.server);
      await capped.close();
    }
  });

  it('releases its subscriptions when the client goes away', async () => {
    const hub = t.services.liveTopics;
    await waitUntil(() => openEventStreamCount(hub) === 0, 'earlier streams to close');
    const before = hub.subscriptionCount;
    const stream = await EventStream.open('menu,settings');
    await stream.next((message) => message.retry !== undefined);
    expect(hub.subscriptionCount).toBe(before + 2);
    expect(openEventStreamCount(hub)).toBe(1);
    await stream.close();
    await waitUntil(() => hub.subscriptionCount === before, 'the subscriptions to be released');
    expect(openEventStreamCount(hub)).toBe(0);
  });

  it('answers HEAD with the headers and opens no stream', async () => {
    const hub = t.services.liveTopics;
    await waitUntil(() => openEventStreamCount(hub) === 0, 'earlier streams to close');
    const before = hub.subscriptionCount;
    const head = await fetch(`${base}/api/events?topics=menu`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(hub.subscriptionCount).toBe(before);
    expect(openEventStreamCount(hub)).toBe(0);
    const refused = await fetch(`${base}/api/events?topics=order-requests`, { method: 'HEAD' });
    expect(refused.status).toBe(403);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await (await t.get('/api/openapi.json')).json()) as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    const operation = document.paths['/api/events']?.get;
    expect(operation).toBeDefined();
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '403', '429']),
    );
  });
});
