import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Finding 6: forgot-password and sign-up answer alike, and in about the same time, whether or not the
 * address has an account. The e-mail goes through a real SMTP server that holds every message until the
 * test lets it through: a request that waited for the provider would not be answered while its message
 * is held (so the time of an answer would show who has an account). No clock is involved: the answer
 * must arrive while the mail server still holds the message.
 */
let t: TestApp;
let smtp: SMTPServer;
const delivered: string[] = [];
let held: (() => void)[] = [];
/** Off while the app starts (which may send mail of its own). */
let holding = false;
function releaseHeld() {
  const waiting = held;
  held = [];
  for (const release of waiting) release();
}

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const accept = () => {
          delivered.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
          callback();
        };
        if (holding) held.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    smtpUrl: `smtp://test:test@127.0.0.1:${port}`,
    mailFrom: 'Cafe <hello@cafe.test>',
  });
  holding = true;
});
afterAll(async () => {
  holding = false;
  releaseHeld();
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The answer, which must come while the mail server holds every message (none accepted meanwhile). */
async function answered(request: () => Promise<Response>): Promise<{ status: number; body: string }> {
  const deliveredBefore = delivered.length;
  const response = await Promise.race([
    request(),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no answer while the mail server held the message')), 15_000),
    ),
  ]);
  const body = await response.text();
  expect(delivered.length).toBe(deliveredBefore);
  return { status: response.status, body };
}

/** Lets the held messages through and waits until `address` has been accepted. */
async function waitForDelivery(address: string) {
  const deadline = Date.now() + 10_000;
  while (!delivered.includes(address) && Date.now() < deadline) {
    releaseHeld();
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(delivered).toContain(address);
}

describe('forgot password', () => {
  it('answers an existing and an unknown address alike, without waiting for the mail server', async () => {
    const user = await t.buildUser();
    const ask = async (email: string) =>
      answered(async () =>
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
    // The e-mail still goes out.
    await waitForDelivery(user.email);
  });
});

describe('sign-up', () => {
  it('answers a taken and a new address alike, without waiting for the mail server', async () => {
    const owner = await t.buildUser();
    await waitForDelivery(owner.email); // its own confirmation link, sent in the background
    const signUp = (email: string) =>
      answered(() => t.signUp({ name: 'Timing', email, password: 'secret1' }));
    const fresh = await signUp('fresh-timing@test.brigade');
    const taken = await signUp(owner.email);
    expect(fresh.status).toBe(200);
    expect(taken.status).toBe(200);
    await waitForDelivery('fresh-timing@test.brigade');
  });
});
