import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/modules/auth/auth.schema';
import { codeIn, latestMessage } from '../support/outbox';
import { cookieFrom, createTestApp, expectErrorBody, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let numberCounter = 0;
/** A fresh E.164 number from the fictional 555-01xx range. */
function newNumber(): string {
  numberCounter += 1;
  return `+1202555${String(100 + numberCounter).padStart(4, '0')}`;
}

async function sendCode(phoneNumber: string, options: { ip?: string; humanCheck?: string | null } = {}) {
  const humanCheck = options.humanCheck === undefined ? await t.humanCheck() : options.humanCheck;
  return t.post(
    '/api/auth/phone-number/send-otp',
    { phoneNumber },
    { ip: options.ip, headers: humanCheck ? { 'x-human-check': humanCheck } : {} },
  );
}

async function sentCode(phoneNumber: string): Promise<string> {
  const message = await latestMessage(t.db, phoneNumber, 'phone-code');
  if (!message) throw new Error(`no code was sent to ${phoneNumber}`);
  return codeIn(message.body);
}

const verify = (phoneNumber: string, code: string, options: { cookie?: string } = {}) =>
  t.post(
    '/api/auth/phone-number/verify',
    { phoneNumber, code },
    options.cookie ? { as: { cookie: options.cookie } } : {},
  );

describe('phone sign-in with a one-time code', () => {
  it('sends a 6-digit code by text message, and the code signs a new customer in', async () => {
    const phoneNumber = newNumber();
    expect((await sendCode(phoneNumber)).status).toBe(200);
    const message = await latestMessage(t.db, phoneNumber, 'phone-code');
    expect(message?.channel).toBe('sms');
    expect(message?.body).toMatch(/^\d{6} is your Brigade Cafe code\. It is valid for 5 minutes\.$/);

    const response = await verify(phoneNumber, await sentCode(phoneNumber));
    expect(response.status).toBe(200);
    const me = (await (await t.get('/api/me', { as: { cookie: cookieFrom(response) } })).json()) as Record<
      string,
      unknown
    >;
    expect(me).toMatchObject({ phoneNumber, role: 'customer', email: null });
    const [row] = await t.db.select().from(users).where(eq(users.phoneNumber, phoneNumber));
    expect(row).toMatchObject({ role: 'customer', phoneNumberVerified: true });
  });

  it('signs an existing phone account into the same account again', async () => {
    const phoneNumber = newNumber();
    await sendCode(phoneNumber);
    await verify(phoneNumber, await sentCode(phoneNumber));
    await sendCode(phoneNumber);
    const again = await verify(phoneNumber, await sentCode(phoneNumber));
    expect(again.status).toBe(200);
    const rows = await t.db.select().from(users).where(eq(users.phoneNumber, phoneNumber));
    expect(rows).toHaveLength(1);
  });

  it('refuses a wrong code with "Invalid OTP. Please try again."', async () => {
    const phoneNumber = newNumber();
    await sendCode(phoneNumber);
    const code = await sentCode(phoneNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    const error = await expectErrorBody(await verify(phoneNumber, wrong), 400, 'invalid-argument');
    expect(error.message).toBe('Invalid OTP. Please try again.');
  });

  it('refuses a confirmation without a sent code with "No confirmation result found"', async () => {
    const error = await expectErrorBody(await verify(newNumber(), '123456'), 400, 'invalid-argument');
    expect(error.message).toBe('No confirmation result found');
  });

  it('allows 3 tries per code: the right code on the fourth try fails', async () => {
    const phoneNumber = newNumber();
    await sendCode(phoneNumber);
    const code = await sentCode(phoneNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await verify(phoneNumber, wrong)).status).toBe(400);
    }
    const fourth = await verify(phoneNumber, code);
    expect(fourth.status).toBe(403);
    expect(((await fourth.json()) as { error: { message: string } }).error.message).toBe(
      'Too many wrong codes. Please ask for a new one.',
    );
    const rows = await t.db.select().from(users).where(eq(users.phoneNumber, phoneNumber));
    expect(rows).toHaveLength(0);
  });

  it('refuses a number that is not in international format', async () => {
    const error = await expectErrorBody(await sendCode('0123 456'), 400, 'invalid-argument');
    expect(error.message).toContain('country code');
  });

  it('sends no code without a solved human check, and accepts each solved check once', async () => {
    const phoneNumber = newNumber();
    const missing = await expectErrorBody(
      await sendCode(phoneNumber, { humanCheck: null }),
      400,
      'invalid-argument',
    );
    expect(missing.message).toBe('Please complete the check that you are human first.');
    const forged = await sendCode(phoneNumber, {
      humanCheck: Buffer.from('{"challenge":{}}').toString('base64'),
    });
    await expectErrorBody(forged, 400, 'invalid-argument');
    const check = await t.humanCheck();
    expect((await sendCode(phoneNumber, { humanCheck: check })).status).toBe(200);
    const reused = await expectErrorBody(
      await sendCode(newNumber(), { humanCheck: check }),
      400,
      'invalid-argument',
    );
    expect(reused.message).toBe('This check was already used. Please complete it again.');
    const sent = await latestMessage(t.db, phoneNumber, 'phone-code');
    expect(sent).toBeDefined();
  });

  it('limits code sends per number: the fourth within ten minutes is refused with 429', async () => {
    const phoneNumber = newNumber();
    for (let send = 0; send < 3; send++) expect((await sendCode(phoneNumber)).status).toBe(200);
    const error = await expectErrorBody(await sendCode(phoneNumber), 429, 'resource-exhausted');
    expect(error.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$|in a minute\.$/);
  });

  it('limits code sends per client across numbers', async () => {
    const ip = '198.51.100.77';
    for (let send = 0; send < 10; send++) expect((await sendCode(newNumber(), { ip })).status).toBe(200);
    await expectErrorBody(await sendCode(newNumber(), { ip }), 429, 'resource-exhausted');
    // Another client is not affected.
    expect((await sendCode(newNumber(), { ip: '198.51.100.78' })).status).toBe(200);
  });

  it('adds a verified phone number to a signed-in account', async () => {
    const user = await t.buildUser();
    const phoneNumber = newNumber();
    await sendCode(phoneNumber);
    const response = await t.post(
      '/api/auth/phone-number/verify',
      { phoneNumber, code: await sentCode(phoneNumber), updatePhoneNumber: true },
      { as: user },
    );
    expect(response.status).toBe(200);
    const me = (await (await t.get('/api/me', { as: user })).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ email: user.email, phoneNumber });
  });
});
