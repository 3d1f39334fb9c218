import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

/**
 * A request's body as the node adapter delivers it, over a real socket: read once, straight from the
 * socket, within the 1 MiB limit, and still whole for every reader after (the route's validator,
 * better-auth's own Request), whether it came with a Content-Length or in chunks without one.
 */

let t: TestApp;
let server: Server;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  const app = createApp({ ...t.services, webRoot: '.tmp/no-web-build' });
  server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Written one after another; without a `content-length` header the body goes chunked. */
  chunks: (string | Buffer)[];
}

/** Sends a request over a socket of its own and reads the whole answer. */
function send({ method = 'POST', path, headers = {}, chunks }: Sent) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent: false,
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...headers },
        },
        (incoming) => {
          const parts: Buffer[] = [];
          incoming.on('data', (part: Buffer) => parts.push(part));
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: Buffer.concat(parts).toString('utf8'),
            }),
          );
        },
      );
      // The server may answer (413) and close before the whole body is written.
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      for (const chunk of chunks) outgoing.write(chunk);
      outgoing.end();
    },
  );
}

/** `text` cut into pieces of `size` characters. */
const piecesOf = (text: string, size: number) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, index) =>
    text.slice(index * size, (index + 1) * size),
  );

async function signInChunked(): Promise<string> {
  const answer = await send({
    path: '/api/auth/sign-in/email',
    chunks: piecesOf(JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }), 7),
  });
  expect(answer.status, answer.body).toBe(200);
  const setCookie = answer.headers['set-cookie'] as string[];
  return setCookie.map((cookie) => cookie.split(';')[0]).join('; ');
}

describe('request bodies over a socket', () => {
  it('reads a chunked body whole for better-auth and for a route validator', async () => {
    const cookie = await signInChunked();
    const current = JSON.parse(
      (await send({ method: 'GET', path: '/api/settings', headers: { cookie }, chunks: [] })).body,
    ) as {
      version: number;
    };
    const changed = await send({
      method: 'PATCH',
      path: '/api/settings',
      headers: { cookie },
      chunks: piecesOf(JSON.stringify({ name: 'Chunked Cafe', version: current.version }), 5),
    });
    expect(changed.status, changed.body).toBe(200);
    expect((JSON.parse(changed.body) as { name: string }).name).toBe('Chunked Cafe');
  });

  it('reads a body sent with its Content-Length in several writes', async () => {
    const body = Buffer.from(JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }));
    const answer = await send({
      path: '/api/auth/sign-in/email',
      headers: { 'content-length': String(body.length) },
      chunks: [body.subarray(0, 10), body.subarray(10, 30), body.subarray(30)],
    });
    expect(answer.status, answer.body).toBe(200);
  });

  it('answers 413 in the envelope to a declared length above 1 MiB, before reading it', async () => {
    const answer = await send({
      path: '/api/auth/sign-in/email',
      headers: { 'content-length': String(1024 * 1024 + 1) },
      chunks: ['{"email":'],
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { message: 'The request body is larger than the limit of 1024 KiB.' },
    });
  });

  it('answers 413 to a chunked body once it passes 1 MiB, and goes on serving', async () => {
    const piece = `"${'x'.repeat(64 * 1024)}",`;
    const answer = await send({
      path: '/api/auth/sign-in/email',
      chunks: ['{"email":[', ...Array.from({ length: 20 }, () => piece), '"x"]}'],
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { message: /larger than the limit/ } });
    await signInChunked();
  });

  it('refuses a NUL hidden in a chunked JSON body with 400 naming the field', async () => {
    const cookie = await signInChunked();
    const answer = await send({
      method: 'PATCH',
      path: '/api/settings',
      headers: { cookie },
      chunks: piecesOf('{"name":"Caf\\u0000e","version":1}', 4),
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: {
        code: 'invalid-argument',
        message: 'Invalid request body: name: must not contain the NUL character (U+0000)',
      },
    });
  });
});
