import { z } from '@hono/zod-openapi';
import { loadActor } from '../../lib/auth-guards';
import { clientIp } from '../../lib/client-ip';
import { AppError } from '../../lib/errors';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import type { ChangeEvent } from './events.service';
import type { LiveTopics } from './live-topics';
import { assertMayFollow, MAX_TOPICS_PER_STREAM, parseTopics } from './topic-access';

export const EVENTS_PATH = '/api/events';

/**
 * Open streams allowed per signed-in user and per client address, in each process (decision 008): a
 * person has a few tabs and devices; a restaurant's tablets often share one public address. Past the
 * cap the answer is 429 and the web app falls back to polling.
 */
export const MAX_STREAMS_PER_USER = 8;
export const MAX_STREAMS_PER_ADDRESS = 32;

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RECONNECT_DELAY_MS = 2000;
/** Messages a client may leave unread before its stream is ended (it is not reading; it reconnects). */
const MAX_UNREAD_MESSAGES = 256;
/**
 * Missed events a resumed stream replays one by one, at most. A stream further behind (a tablet asleep
 * all afternoon) gets instead one change per followed topic at its current version, with the newest
 * event id, so its client refetches each topic once and its next resume starts from now: a busy day's
 * thousands of events are neither read nor sent. Below MAX_UNREAD_MESSAGES, so a replay never ends
 * its own stream.
 */
export const MAX_REPLAYED_EVENTS = 100;

interface OpenStreams {
  byUser: Map<string, number>;
  byAddress: Map<string, number>;
  closers: Set<() => void>;
}

/** Per hub, so that several apps in one process (the tests) count apart. */
const openStreamsByHub = new WeakMap<LiveTopics, OpenStreams>();

function openStreamsOf(hub: LiveTopics): OpenStreams {
  let streams = openStreamsByHub.get(hub);
  if (!streams) {
    streams = { byUser: new Map(), byAddress: new Map(), closers: new Set() };
    openStreamsByHub.set(hub, streams);
  }
  return streams;
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function decrement(counts: Map<string, number>, key: string): void {
  const next = (counts.get(key) ?? 1) - 1;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}

/**
 * Ends every open event stream of this hub (shutdown: an open stream would hold the HTTP server's
 * close open; browsers reconnect to another process or after the restart and resume).
 */
export function closeEventStreams(hub: LiveTopics): void {
  for (const close of [...openStreamsOf(hub).closers]) close();
}

/** How many event streams of this hub are open (tests). */
export function openEventStreamCount(hub: LiveTopics): number {
  return openStreamsOf(hub).closers.size;
}

const EventsQuerySchema = z.object({
  topics: z.string().openapi({
    description: `Comma-separated topics, at most ${MAX_TOPICS_PER_STREAM}: \`menu\`, \`settings\`, \`order-requests\`, \`orders:<YYYY-MM-DD>\`, \`order:<id>\`, \`notifications:<userId>\`.`,
    example: 'menu',
  }),
});

const eventsRoute = defineRoute('public', {
  method: 'get',
  path: EVENTS_PATH,
  tags: ['Live updates'],
  summary: 'Follow live topics (Server-Sent Events)',
  description:
    'A `text/event-stream` that stays open. Each change of a followed topic is a message ' +
    '`event: change`, `id: <event id>`, `data: {"topic": …, "version": …}`; fetch the topic’s data again ' +
    '(its ETag changes with the version). A comment line is sent every 25 s so proxies keep the ' +
    'connection. A reconnecting browser sends `Last-Event-ID` and first receives the changes it missed ' +
    `(as long as they are kept, a day); when it missed more than ${MAX_REPLAYED_EVENTS}, it receives ` +
    'instead one `change` per followed topic at its current version, each with the newest event id. ' +
    'Who may follow what: `menu` and `settings` anyone; ' +
    '`order-requests` and `orders` staff; `notifications:<userId>` only that user; one order ' +
    '(`order:<id>`) comes with orders. An unknown topic is a 400 and a topic the caller may not follow a ' +
    `403, both naming the topic. At most ${MAX_STREAMS_PER_USER} open streams per signed-in user and ` +
    `${MAX_STREAMS_PER_ADDRESS} per client address on each server process, and as many in all as the ` +
    'process allows (`MAX_EVENT_STREAMS`, 1,000 by default); the next is a 429 (poll instead).',
  request: {
    query: EventsQuerySchema,
    headers: z.object({
      'last-event-id': z
        .string()
        .optional()
        .openapi({ description: 'The id of the last message received; the stream resumes after it.' }),
    }),
  },
  responses: {
    200: {
      description: 'The stream of changes',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    403: {
      description: 'A topic the caller may not follow',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
    429: {
      description: 'Too many open streams for this user, this address or this server process',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
  },
});

/** A Last-Event-ID we can resume after: a positive integer, else none (a fresh stream). */
function resumeAfter(header: string | undefined): number | undefined {
  if (!header || !/^\d{1,15}$/.test(header.trim())) return undefined;
  const id = Number(header.trim());
  return id > 0 ? id : undefined;
}

const encoder = new TextEncoder();

function changeMessage(event: ChangeEvent): string {
  return `event: change\nid: ${event.id}\ndata: ${JSON.stringify({ topic: event.topic, version: event.version })}\n\n`;
}

const router = createRouter();

router.openapi(eventsRoute, async (c) => {
  const { liveTopics: hub, db, config } = c.var.deps;
  const topics = parseTopics(c.req.valid('query').topics);
  const actor = await loadActor(c);
  await assertMayFollow(db, actor, topics);

  const headers = {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    // nginx and similar proxies pass each message on at once instead of buffering the answer.
    'X-Accel-Buffering': 'no',
  };
  // A HEAD gets the GET's headers and no body: Hono drops the body unread, so no stream is opened.
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);

  const streams = openStreamsOf(hub);
  const address = clientIp(c);
  if (actor && (streams.byUser.get(actor.id) ?? 0) >= MAX_STREAMS_PER_USER) {
    throw new AppError(
      429,
      `You have ${MAX_STREAMS_PER_USER} live connections open already. Close a tab or try again later.`,
    );
  }
  if ((streams.byAddress.get(address) ?? 0) >= MAX_STREAMS_PER_ADDRESS) {
    throw new AppError(
      429,
      `Too many live connections from your network (${MAX_STREAMS_PER_ADDRESS}). Try again later.`,
    );
  }
  // Every open stream holds a connection and a subscription in this process: past the configured
  // number, a new one is refused whoever asks, and the web app polls instead.
  if (streams.closers.size >= config.maxEventStreams) {
    throw new AppError(
      429,
      `Too many live connections to this server (${config.maxEventStreams}). Try again later.`,
    );
  }
  // Counted (here and in `closers` below) before the first await, so simultaneous requests cannot
  // pass a cap together.
  if (actor) increment(streams.byUser, actor.id);
  increment(streams.byAddress, address);

  const after = resumeAfter(c.req.valid('header')['last-event-id']);
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  // While the missed events are read, live ones wait here, so none is lost or sent twice.
  let pending: ChangeEvent[] | null = after === undefined ? null : [];
  const unsubscribes: (() => void)[] = [];
  let heartbeat: NodeJS.Timeout | undefined;

  const release = () => {
    if (closed) return;
    closed = true;
    for (const unsubscribe of unsubscribes) unsubscribe();
    if (heartbeat) clearInterval(heartbeat);
    if (actor) decrement(streams.byUser, actor.id);
    decrement(streams.byAddress, address);
    streams.closers.delete(close);
  };
  const close = () => {
    if (closed) return;
    release();
    try {
      controller.close();
    } catch {
      // Already closed or cancelled by the client.
    }
  };
  const write = (text: string) => {
    if (closed) return;
    // A client that stops reading gets its stream ended rather than an ever-growing buffer.
    if ((controller.desiredSize ?? 0) < -MAX_UNREAD_MESSAGES) {
      close();
      return;
    }
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      release();
    }
  };
  const onChange = (event: ChangeEvent) => {
    if (pending) pending.push(event);
    else write(changeMessage(event));
  };

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    // The client went away (the node adapter cancels the body when the socket closes).
    cancel: release,
  });
  streams.closers.add(close);
  // Subscribed before anything is read, so a change made from here on reaches this stream.
  for (const topic of topics) unsubscribes.push(hub.subscribe(topic, onChange));
  // The hub's newest id as the stream's starting point: a reconnect resumes after it.
  write(`retry: ${RECONNECT_DELAY_MS}\nid: ${after ?? hub.lastEventId}\n\n`);
  heartbeat = setInterval(() => write(': heartbeat\n\n'), config.liveHeartbeatMs);
  heartbeat.unref();

  if (after !== undefined) {
    try {
      // One row past the bound tells that the stream is past it, without reading what lies beyond.
      const missed = await hub.eventsAfter(after, topics, MAX_REPLAYED_EVENTS + 1);
      if (missed.length > MAX_REPLAYED_EVENTS) {
        // Each followed topic once, at the version this process holds now, with the newest id seen
        // here (never below the client's own), so the next resume starts from now.
        const now = Math.max(after, hub.lastEventId);
        const sentVersions = new Map<string, number>();
        for (const topic of topics) {
          const version = hub.version(topic);
          sentVersions.set(topic, version);
          write(changeMessage({ id: now, topic, version }));
        }
        // A live event reaches this stream after the hub applied it, so the versions just sent cover
        // those held back; only a newer one would still be news.
        for (const event of pending ?? []) {
          if (event.version > (sentVersions.get(event.topic) ?? 0)) write(changeMessage(event));
        }
      } else {
        const sent = new Set<number>();
        for (const event of missed) {
          sent.add(event.id);
          write(changeMessage(event));
        }
        for (const event of pending ?? []) if (!sent.has(event.id)) write(changeMessage(event));
      }
      pending = null;
    } catch (error) {
      close();
      throw error;
    }
  }

  return c.body(body, 200, headers);
});

export const eventsRoutes = router;
