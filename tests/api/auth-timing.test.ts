import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Finding 6: forgot-password and sign-up answer alike, and in about the same time, whether or not the
 * address has an account. The e-mail goes through a real SMTP server that takes SLOW_MS to accept a
 * message: a request that waited for the provider would show who has an account.
 */
const SLOW_MS = 1500;
let t: TestApp;
let smtp: SMTPServer;
const delivered: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        setTimeout(() => {
          delivered.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
          callback();
        }, SLOW_MS);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    smtpUrl: `smtp://test:test@127.0.0.1:${port}`,
    mailFrom: 'Cafe <hello@cafe.test>',
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function timed(
  request: () => Promise<Response>,
): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const response = await request();
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

async function waitForDelivery(address: string) {
  const deadline = Date.now() + 10_000;
  while (!delivered.includes(address) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(delivered).toContain(address);
}

describe('forgot password', () => {
  it('answers an existing and an unknown address alike, without waiting for the mail server', async () => {
    const user = await t.buildUser();
    const ask = async (email: string) =>
      timed(async () =>
        t.post(
          '/api/auth/request-password-reset',
          { email },
          { headers: { 'x-human-check': await t.humanCheck() } },
        ),
      );
    const unknown = await ask('nobody-at-all@test.brigade');
    const existing = await ask(user.email);
    expect(existing.status).toBe(200);
    expect(existing.body).toBe(unknown.body);
    expect(existing.ms).toBeLessThan(SLOW_MS / 2);
    // The e-mail still goes out.
    await waitForDelivery(user.email);
  });
});

describe('sign-up', () => {
  it('answers a taken and a new address in about the same time, without waiting for the mail server', async () => {
    const owner = await t.buildUser();
    await waitForDelivery(owner.email); // its own confirmation link, sent in the background
    const signUp = (email: string) => timed(() => t.signUp({ name: 'Timing', email, password: 'secret1' }));
    const fresh = await signUp('fresh-timing@test.brigade');
    const taken = await signUp(owner.email);
    expect(fresh.status).toBe(200);
    expect(taken.status).toBe(200);
    expect(fresh.ms).toBeLessThan(SLOW_MS / 2);
    expect(taken.ms).toBeLessThan(SLOW_MS / 2);
    await waitForDelivery('fresh-timing@test.brigade');
  });
});
