import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox } from '../../src/server/modules/messaging/messaging.schema';
import { startSmsGateway, startSmtpServer, textOf } from '../support/local-mail';
import { codeIn, linkIn } from '../support/outbox';
import { createTestApp, type TestApp } from '../support/test-app';
import { until } from '../support/until';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sms: Awaited<ReturnType<typeof startSmsGateway>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  sms = await startSmsGateway();
  t = await createTestApp({
    smtpUrl: smtp.url,
    mailFrom: 'Brigade Cafe <hello@cafe.test>',
    smsGateway: { url: sms.url, token: 'gateway-token' },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await sms?.stop();
});

describe('with SMTP and an SMS gateway configured', () => {
  it('sends the password-reset e-mail over SMTP, and its link works', async () => {
    const user = await t.buildUser();
    const response = await t.post(
      '/api/auth/request-password-reset',
      { email: user.email, redirectTo: '/auth/reset-password' },
      { headers: { 'x-human-check': await t.humanCheck() } },
    );
    expect(response.status).toBe(200);
    // The e-mail goes out after the answer (the answer's timing must not tell whether the address exists).
    const mail = await until(() =>
      smtp.received.find((message) => message.to.includes(user.email) && /Reset your/.test(message.raw)),
    );
    expect(mail?.from).toBe('hello@cafe.test');
    const token = linkIn(textOf(mail!)).searchParams.get('token')!;
    expect((await t.post('/api/auth/reset-password', { token, newPassword: 'via-smtp-1' })).status).toBe(200);
    expect(await t.signIn(user.email, 'via-smtp-1')).toContain('brigade.session_token=');
  });

  it('sends the phone code through the gateway with its token', async () => {
    const response = await t.post(
      '/api/auth/phone-number/send-otp',
      { phoneNumber: '+12025550999' },
      { headers: { 'x-human-check': await t.humanCheck() } },
    );
    expect(response.status).toBe(200);
    const sent = sms.received.find((request) => request.body.to === '+12025550999');
    expect(sent?.authorization).toBe('Bearer gateway-token');
    const code = codeIn(sent!.body.message);
    const verify = await t.post('/api/auth/phone-number/verify', { phoneNumber: '+12025550999', code });
    expect(verify.status).toBe(200);
  });

  it('keeps nothing in the development outbox', async () => {
    expect(await t.db.select().from(devOutbox)).toEqual([]);
  });
});

describe('when the SMS gateway fails', () => {
  it('answers 503 with a clear message, not a 500', async () => {
    const broken = await startSmsGateway({ status: 500 });
    const app = await createTestApp({ smsGateway: { url: broken.url, token: undefined } });
    try {
      const response = await app.post(
        '/api/auth/phone-number/send-otp',
        { phoneNumber: '+12025550998' },
        { headers: { 'x-human-check': await app.humanCheck() } },
      );
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: {
          code: 'unavailable',
          message: 'We could not send the text message just now. Please try again in a few minutes.',
          details: { reason: 'DELIVERY_FAILED' },
        },
      });
    } finally {
      await app.close();
      await broken.stop();
    }
  });
});
