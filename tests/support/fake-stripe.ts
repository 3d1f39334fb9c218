import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Stripe's API that Brigade uses, so that no test
 * reaches the internet. The real `stripe` package talks to it (STRIPE_API_BASE gives the client this
 * server's protocol, host and port), so requests are what the package sends (form-encoded, nested
 * `a[b][0][c]` keys, Bearer key, Idempotency-Key) and answers are what it reads (JSON objects, Stripe's
 * error envelope). It answers:
 *
 * - `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/{id}`, `POST /v1/refunds`;
 * - the hosted checkout page at the session's `url` (`GET /pay/{id}`): a Pay button that marks the
 *   session paid, delivers a `checkout.session.completed` event to the app signed as Stripe signs
 *   (`Stripe-Signature: t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint secret>`),
 *   then redirects to `success_url` with `{CHECKOUT_SESSION_ID}` filled in; a link back to `cancel_url`;
 * - a test API for another process (a browser spec, while this runs in Playwright's global setup):
 *   `POST /_test/deliver` (an event, signed, badly signed, unsigned or old), `POST /_test/pay`,
 *   `POST /_test/options`, `GET /_test/state`.
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_brigade_fake_0000000000000000';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_brigade_fake_0000000000000000';

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  /** What the checkout sells, as created (Stripe keeps it behind `line_items`; kept here for tests). */
  line_items: { name: string; unit_amount: number; quantity: number; currency: string }[];
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
  metadata: Record<string, string>;
  /** The Idempotency-Key the request carried (tests check it is stable per refund). */
  idempotency_key: string | null;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Record<string, unknown> };
}

export interface Delivery {
  eventId: string;
  type: string;
  signature: SignatureKind;
  status: number;
  body: string;
}

export type SignatureKind = 'valid' | 'bad' | 'none';

/** When the hosted page's Pay button sends the `checkout.session.completed` webhook. */
export type WebhookTiming = 'before-redirect' | 'after-redirect' | 'never';

/** Where the webhook goes: the app's URL, or (API tests, the app in-process) a function that answers it. */
export type WebhookTarget =
  | string
  | ((payload: string, headers: Record<string, string>) => Promise<{ status: number; body: string }>);

export interface DeliverOptions {
  /** 'valid' (default), 'bad' (signed with another secret) or 'none' (no Stripe-Signature header). */
  signature?: SignatureKind;
  /** How old the signature's timestamp is, in seconds (Stripe's tolerance is 300). */
  ageSeconds?: number;
}

const API_VERSION = '2025-01-01.fake';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `t=…,v1=…` for `payload` as Stripe computes it (docs.stripe.com/webhooks#verify-manually). */
export function stripeSignatureHeader(payload: string, secret: string, timestamp = now()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * A form-encoded body with Stripe's nested keys (`line_items[0][price_data][currency]=usd`) as an
 * object; numeric keys make arrays.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? '');
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      raw += chunk;
    });
    request.on('end', () => resolve(raw));
    request.on('error', reject);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function positiveInteger(value: unknown, param: string): number {
  const number = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value) || number <= 0) {
    throw invalid(`Invalid integer: ${String(value)}`, param);
  }
  return number;
}

export async function startFakeStripe(
  options: {
    secretKey?: string;
    webhookSecret?: string;
    webhook?: WebhookTarget;
    /** Listen on this port (0: a free one). */
    port?: number;
  } = {},
) {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_WEBHOOK_SECRET;
  let webhookTarget: WebhookTarget | undefined = options.webhook;
  let webhookTiming: WebhookTiming = 'before-redirect';
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeRefund[] = [];
  const deliveries: Delivery[] = [];
  /** Every API request (method, path, parsed body, Idempotency-Key), oldest first. */
  const requests: {
    method: string;
    path: string;
    body: Record<string, unknown>;
    idempotencyKey: string | null;
  }[] = [];
  /** Idempotency-Key → the request it was first used with and the answer (Stripe replays it for 24 h). */
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  /** Answers the next API requests with this error instead (a provider outage in a test). */
  let failNext: { count: number; status: number } = { count: 0, status: 500 };
  let base = '';

  function sign(payload: string, kind: SignatureKind, ageSeconds: number): Record<string, string> {
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    if (kind === 'none') return headers;
    const secret = kind === 'valid' ? webhookSecret : 'whsec_someone_else_entirely';
    headers['stripe-signature'] = stripeSignatureHeader(payload, secret, now() - ageSeconds);
    return headers;
  }

  /** Sends `event` to the app as Stripe would; answers what the app answered. */
  async function deliver(event: FakeEvent, deliverOptions: DeliverOptions = {}): Promise<Delivery> {
    if (!webhookTarget) throw new Error('fake Stripe: no webhook target set');
    const payload = JSON.stringify(event, null, 2);
    const kind = deliverOptions.signature ?? 'valid';
    const headers = sign(payload, kind, deliverOptions.ageSeconds ?? 0);
    let answer: { status: number; body: string };
    if (typeof webhookTarget === 'string') {
      const response = await fetch(webhookTarget, { method: 'POST', headers, body: payload });
      answer = { status: response.status, body: await response.text() };
    } else {
      answer = await webhookTarget(payload, headers);
    }
    const delivery = { eventId: event.id, type: event.type, signature: kind, ...answer };
    deliveries.push(delivery);
    return delivery;
  }

  /** An event as Stripe sends it, about `object`. */
  function makeEvent(type: string, object: Record<string, unknown>): FakeEvent {
    return {
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
  }

  function session(sessionId: string): FakeCheckoutSession {
    const found = sessions.get(sessionId);
    if (!found) {
      throw new StripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'session',
        message: `No such checkout.session: '${sessionId}'`,
      });
    }
    return found;
  }

  /** The guest pays: the session is complete and paid, with a payment intent. */
  function pay(sessionId: string): FakeCheckoutSession {
    const paid = session(sessionId);
    if (paid.status !== 'complete') {
      paid.status = 'complete';
      paid.payment_status = 'paid';
      paid.payment_intent = id('pi');
    }
    return paid;
  }

  /** `checkout.session.completed` for the session (as it is now, with `overrides` on top). */
  function completedEvent(sessionId: string, overrides: Partial<FakeCheckoutSession> = {}): FakeEvent {
    return makeEvent('checkout.session.completed', { ...session(sessionId), ...overrides });
  }

  function createSession(body: Record<string, unknown>): FakeCheckoutSession {
    if (body.mode !== 'payment') throw invalid('Only mode=payment is supported by this fake.', 'mode');
    if (typeof body.success_url !== 'string' || !/^https?:\/\//.test(body.success_url)) {
      throw invalid('Not a valid URL', 'success_url', 'url_invalid');
    }
    if (
      body.cancel_url !== undefined &&
      (typeof body.cancel_url !== 'string' || !/^https?:\/\//.test(body.cancel_url))
    ) {
      throw invalid('Not a valid URL', 'cancel_url', 'url_invalid');
    }
    const items = body.line_items;
    if (!Array.isArray(items) || items.length === 0)
      throw invalid('Missing required param: line_items.', 'line_items');
    const lines = items.map((raw, index) => {
      const item = raw as { quantity?: string; price_data?: Record<string, unknown> };
      const price = item.price_data;
      if (!price)
        throw invalid(
          'Missing required param: line_items[0][price_data].',
          `line_items[${index}][price_data]`,
        );
      const currency = String(price.currency ?? '');
      // Stripe's currencies are three-letter ISO codes in lower case.
      if (!/^[a-z]{3}$/.test(currency)) {
        throw invalid(`Invalid currency: ${currency}.`, `line_items[${index}][price_data][currency]`);
      }
      const product = price.product_data as { name?: string } | undefined;
      if (!product?.name) {
        throw invalid(
          'Missing required param: product_data[name].',
          `line_items[${index}][price_data][product_data][name]`,
        );
      }
      return {
        name: product.name,
        currency,
        unit_amount: positiveInteger(price.unit_amount, `line_items[${index}][price_data][unit_amount]`),
        quantity: positiveInteger(item.quantity ?? '1', `line_items[${index}][quantity]`),
      };
    });
    const currency = lines[0]?.currency ?? '';
    if (lines.some((line) => line.currency !== currency))
      throw invalid('All line items must share one currency.');
    const total = lines.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0);
    const sessionId = `cs_test_${randomBytes(24).toString('hex')}`;
    const created: FakeCheckoutSession = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: typeof body.client_reference_id === 'string' ? body.client_reference_id : null,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: body.success_url,
      cancel_url: (body.cancel_url as string | undefined) ?? null,
      url: `${base}/pay/${sessionId}`,
      line_items: lines,
    };
    sessions.set(sessionId, created);
    return created;
  }

  function createRefund(body: Record<string, unknown>, idempotencyKey: string | null): FakeRefund {
    const intent = body.payment_intent;
    if (typeof intent !== 'string')
      throw invalid('Missing required param: payment_intent.', 'payment_intent');
    const paid = [...sessions.values()].find((candidate) => candidate.payment_intent === intent);
    if (!paid) {
      throw new StripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
        message: `No such payment_intent: '${intent}'`,
      });
    }
    const already = refunds
      .filter((refund) => refund.payment_intent === intent)
      .reduce((sum, r) => sum + r.amount, 0);
    const left = paid.amount_total - already;
    const amount = body.amount === undefined ? left : positiveInteger(body.amount, 'amount');
    if (amount > left) {
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount',
        'amount_too_large',
      );
    }
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: paid.currency,
      payment_intent: intent,
      status: 'succeeded',
      created: now(),
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      idempotency_key: idempotencyKey,
    };
    refunds.push(refund);
    return refund;
  }

  function sendJson(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      'stripe-version': API_VERSION,
    });
    response.end(JSON.stringify(body));
  }

  /** `/v1/…`: authenticated by the secret key, idempotent by Idempotency-Key, as Stripe's API is. */
  async function api(request: IncomingMessage, response: ServerResponse, path: string) {
    const method = request.method ?? 'GET';
    const raw = await readBody(request);
    const body = method === 'POST' ? parseStripeForm(raw) : {};
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method, path, body, idempotencyKey });
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      throw new StripeError(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided: sk_****',
      });
    }
    if (failNext.count > 0) {
      failNext.count -= 1;
      throw new StripeError(failNext.status, {
        type: 'api_error',
        message: 'Something went wrong on our end.',
      });
    }
    const fingerprint = `${method} ${path} ${raw}`;
    if (method === 'POST' && idempotencyKey) {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          throw new StripeError(400, {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          });
        }
        response.setHeader('idempotent-replayed', 'true');
        sendJson(response, earlier.status, earlier.body);
        return;
      }
    }
    let answer: unknown;
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === '/v1/checkout/sessions') answer = createSession(body);
    else if (method === 'GET' && sessionMatch) answer = session(decodeURIComponent(sessionMatch[1] ?? ''));
    else if (method === 'POST' && path === '/v1/refunds') answer = createRefund(body, idempotencyKey);
    else
      throw new StripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}).`,
      });
    if (method === 'POST' && idempotencyKey)
      idempotent.set(idempotencyKey, { fingerprint, status: 200, body: answer });
    sendJson(response, 200, answer);
  }

  function checkoutPage(response: ServerResponse, checkout: FakeCheckoutSession) {
    const amount = `${(checkout.amount_total / 100).toFixed(2)} ${checkout.currency.toUpperCase()}`;
    const name = checkout.line_items[0]?.name ?? 'Payment';
    const done = checkout.status !== 'open';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fake Stripe Checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.amount{font-size:2rem;font-weight:600;margin:.5rem 0 1.5rem}button{font:inherit;background:#635bff;color:#fff;border:0;border-radius:6px;padding:.75rem 1.5rem;width:100%;cursor:pointer}</style>
</head><body><main>
<p>Test mode: fake Stripe Checkout</p>
<h1>${escapeHtml(name)}</h1>
<p class="amount" data-testid="fake-checkout-amount">${escapeHtml(amount)}</p>
${
  done
    ? '<p>This checkout session is already complete.</p>'
    : `<form method="post" action="/pay/${escapeHtml(checkout.id)}"><button type="submit">Pay ${escapeHtml(amount)}</button></form>`
}
${checkout.cancel_url ? `<p><a href="${escapeHtml(checkout.cancel_url)}">Back</a></p>` : ''}
</main></body></html>`);
  }

  async function payAndReturn(response: ServerResponse, sessionId: string) {
    const paid = pay(sessionId);
    const event = completedEvent(sessionId);
    if (webhookTiming === 'before-redirect') await deliver(event).catch(() => undefined);
    response.writeHead(303, { location: paid.success_url.replace('{CHECKOUT_SESSION_ID}', paid.id) });
    response.end();
    if (webhookTiming === 'after-redirect') setTimeout(() => void deliver(event).catch(() => undefined), 200);
  }

  /** The test API, for a browser spec in another process than the one this runs in. */
  async function testApi(request: IncomingMessage, response: ServerResponse, path: string) {
    const raw = await readBody(request);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    if (request.method === 'GET' && path === '/_test/state') {
      sendJson(response, 200, { sessions: [...sessions.values()], refunds, deliveries, requests });
      return;
    }
    if (request.method === 'POST' && path === '/_test/options') {
      if (body.webhookTiming) webhookTiming = body.webhookTiming as WebhookTiming;
      if (typeof body.webhook === 'string') webhookTarget = body.webhook;
      sendJson(response, 200, { webhookTiming });
      return;
    }
    if (request.method === 'POST' && path === '/_test/pay') {
      sendJson(response, 200, pay(String(body.sessionId)));
      return;
    }
    if (request.method === 'POST' && path === '/_test/deliver') {
      const event =
        (body.event as FakeEvent | undefined) ??
        completedEvent(String(body.sessionId), (body.overrides as Partial<FakeCheckoutSession>) ?? {});
      sendJson(response, 200, await deliver(event, body as DeliverOptions));
      return;
    }
    sendJson(response, 404, { error: 'unknown test call' });
  }

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const handle = async () => {
      if (path.startsWith('/v1/')) return api(request, response, path);
      if (path.startsWith('/_test/')) return testApi(request, response, path);
      const page = /^\/pay\/([^/]+)$/.exec(path);
      if (page) {
        const sessionId = decodeURIComponent(page[1] ?? '');
        if (request.method === 'POST') return payAndReturn(response, sessionId);
        return checkoutPage(response, session(sessionId));
      }
      throw new StripeError(404, { type: 'invalid_request_error', message: 'Not found' });
    };
    handle().catch((error: unknown) => {
      if (response.headersSent) return;
      if (error instanceof StripeError) sendJson(response, error.status, { error: error.body });
      else sendJson(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    deliveries,
    requests,
    /** The app's environment for this fake (a spawned app). */
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: base },
    /** The app's configuration for this fake (an app made in-process). */
    config: {
      secretKey,
      webhookSecret,
      apiBase: { protocol: 'http' as const, host: '127.0.0.1', port },
    },
    setWebhookTarget(target: WebhookTarget) {
      webhookTarget = target;
    },
    setWebhookTiming(timing: WebhookTiming) {
      webhookTiming = timing;
    },
    /** The next `count` API requests fail with `status` (Stripe's `api_error`). */
    failNextRequests(count: number, status = 500) {
      failNext = { count, status };
    },
    pay,
    completedEvent,
    makeEvent,
    deliver,
    signatureHeader: (payload: string, timestamp?: number) =>
      stripeSignatureHeader(payload, webhookSecret, timestamp),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
