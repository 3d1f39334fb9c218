import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../src/server/modules/auth/auth.schema';
import { contactMessages } from '../../src/server/modules/contact/contact.schema';
import { devOutbox } from '../../src/server/modules/messaging/messaging.schema';
import {
  ADMIN_EMAIL,
  createTestApp,
  expectErrorBody,
  type TestApp,
  type TestUser,
} from '../support/test-app';

let t: TestApp;
let admin: TestUser;
let disabledAdmin: TestUser;
let staff: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
  disabledAdmin = await t.buildUser({ role: 'admin' });
  staff = await t.buildUser({ role: 'staff' });
  customer = await t.buildUser();
  await t.db.update(users).set({ disabled: true }).where(eq(users.id, disabledAdmin.id));
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(contactMessages);
  await t.db.delete(devOutbox);
});

const VALID = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 555 123 4567',
  subject: 'Birthday dinner',
  message: 'Hello!\nCan we book the terrace for 12 people on Friday?',
};

async function send(body: unknown, options: Parameters<TestApp['post']>[2] = {}) {
  return t.post('/api/contact', body, options);
}

async function storedCount(): Promise<number> {
  return (await t.db.select().from(contactMessages)).length;
}

describe('POST /api/contact', () => {
  it('stores the message, answers 201 with its id and e-mails each active admin a copy', async () => {
    const response = await send({ ...VALID, humanCheck: await t.humanCheck() });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      name: VALID.name,
      email: VALID.email,
      phone: VALID.phone,
      subject: VALID.subject,
      message: VALID.message,
      userId: null,
      handledAt: null,
    });

    const mails = await t.db.select().from(devOutbox).where(eq(devOutbox.purpose, 'contact-message'));
    expect(mails.map((mail) => mail.recipient).sort()).toEqual([ADMIN_EMAIL, admin.email].sort());
    expect(mails.map((mail) => mail.recipient)).not.toContain(disabledAdmin.email);
    expect(mails.map((mail) => mail.recipient)).not.toContain(staff.email);
    for (const mail of mails) {
      expect(mail.channel).toBe('email');
      expect(mail.subject).toBe('Contact form: Birthday dinner');
      expect(mail.body).toContain('From: Ada Lovelace <ada@example.com>');
      expect(mail.body).toContain('Phone: +1 555 123 4567');
      expect(mail.body).toContain(VALID.message);
      // "All messages" opens Customer Feedback on its messages tab.
      expect(mail.body).toMatch(/All messages: http\S+\/admin\/feedback\?tab=messages$/m);
    }
  });

  it('announces the message on the topic feedback, which Customer Feedback’s messages tab follows', async () => {
    const events = async () =>
      (await t.db.execute(sql`select count(*)::int as n from events where topic = 'feedback'`)).rows[0]?.n;
    const before = await events();
    expect((await send({ ...VALID, humanCheck: await t.humanCheck() })).status).toBe(201);
    expect(await events()).toBe(Number(before) + 1);
  });

  it('trims the fields, treats an empty phone as none and links a signed-in sender’s account', async () => {
    const response = await send(
      {
        name: '  Cleo  ',
        email: ' cleo@example.com ',
        phone: '',
        subject: ' Hi ',
        message: ' Thanks! ',
        humanCheck: await t.humanCheck(),
      },
      { as: customer },
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      name: 'Cleo',
      email: 'cleo@example.com',
      phone: null,
      subject: 'Hi',
      message: 'Thanks!',
      userId: customer.id,
    });
  });

  it('refuses a message without a human check, storing nothing and sending nothing', async () => {
    const error = await expectErrorBody(await send(VALID), 400, 'invalid-argument');
    expect(error.message).toBe('Please complete the check that you are human first.');
    expect(await storedCount()).toBe(0);
    expect(await t.db.select().from(devOutbox)).toHaveLength(0);
  });

  it('refuses a human check that does not verify', async () => {
    const error = await expectErrorBody(
      await send({ ...VALID, humanCheck: Buffer.from('{"challenge":{}}').toString('base64') }),
      400,
      'invalid-argument',
    );
    expect(error.message).toBe('The check that you are human did not pass. Please try again.');
    await expectErrorBody(await send({ ...VALID, humanCheck: '%%%not base64%%%' }), 400, 'invalid-argument');
    expect(await storedCount()).toBe(0);
  });

  it('refuses a human check used a second time', async () => {
    const humanCheck = await t.humanCheck();
    expect((await send({ ...VALID, humanCheck })).status).toBe(201);
    const error = await expectErrorBody(await send({ ...VALID, humanCheck }), 400, 'invalid-argument');
    expect(error.message).toBe('This check was already used. Please complete it again.');
    expect(await storedCount()).toBe(1);
  });

  it('answers 429 with the envelope past the limit per client address', async () => {
    const ip = '203.0.113.77';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await send({ ...VALID, humanCheck: await t.humanCheck() }, { ip })).status).toBe(201);
    }
    const error = await expectErrorBody(
      await send({ ...VALID, humanCheck: await t.humanCheck() }, { ip }),
      429,
      'resource-exhausted',
    );
    expect(error.message).toMatch(/^Too many attempts\. Please try again in/);
    expect(await storedCount()).toBe(5);
    // Another address is not held back.
    expect((await send({ ...VALID, humanCheck: await t.humanCheck() }, { ip: '203.0.113.78' })).status).toBe(
      201,
    );
  });

  it('checks the input before counting an attempt against the limit', async () => {
    const ip = '203.0.113.90';
    for (let attempt = 0; attempt < 6; attempt++) {
      await expectErrorBody(await send({ ...VALID, email: 'nope' }, { ip }), 400, 'invalid-argument');
    }
    expect((await send({ ...VALID, humanCheck: await t.humanCheck() }, { ip })).status).toBe(201);
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(101) }],
    ['name', { name: 'Ada\nBcc: x@example.com' }],
    ['name', { name: 42 }],
    ['email', { email: 'not-an-address' }],
    ['email', { email: `${'a'.repeat(195)}@x.com` }],
    ['phone', { phone: 'call me maybe' }],
    ['phone', { phone: `+${'1'.repeat(40)}` }],
    ['subject', { subject: '' }],
    ['subject', { subject: 's'.repeat(151) }],
    ['message', { message: '' }],
    ['message', { message: 'm'.repeat(5001) }],
    ['message', { message: 'bell\u0007' }],
    ['humanCheck', { humanCheck: 7 }],
    ['website', { website: 'http://spam.example' }],
  ])('refuses a bad %s with a 400 naming it', async (field, change) => {
    const error = await expectErrorBody(await send({ ...VALID, ...change }), 400, 'invalid-argument');
    expect(error.message).toContain(field);
    expect(error.details).toEqual({
      issues: expect.arrayContaining([expect.objectContaining({ path: field })]),
    });
    expect(await storedCount()).toBe(0);
  });

  it('tells what to enter, in the voice of every form', async () => {
    const error = await expectErrorBody(
      await send({ ...VALID, name: ' ', email: 'nope', subject: '', message: '' }),
      400,
      'invalid-argument',
    );
    expect(error.details).toEqual({
      issues: expect.arrayContaining([
        { path: 'name', message: 'enter your name' },
        { path: 'email', message: 'enter an email address such as name@example.com' },
        { path: 'subject', message: 'enter a subject' },
        { path: 'message', message: 'write your message' },
      ]),
    });
  });

  it.each(['name', 'email', 'subject', 'message'])('requires %s', async (field) => {
    const body: Record<string, unknown> = { ...VALID };
    delete body[field];
    const error = await expectErrorBody(await send(body), 400, 'invalid-argument');
    expect(error.message).toContain(field);
  });

  it('refuses a body that is not JSON or not an object (400, or 415 for another media type)', async () => {
    await expectErrorBody(await send('{"name": '), 400, 'invalid-argument');
    await expectErrorBody(await send('[]'), 400, 'invalid-argument');
    await expectErrorBody(await send('null'), 400, 'invalid-argument');
    const plain = await t.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(plain.status).toBe(415);
    expect(await storedCount()).toBe(0);
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('answers 401 to an anonymous caller and 403 to customers and staff', async () => {
    await expectErrorBody(await t.get('/api/admin/contact-messages'), 401, 'unauthenticated');
    await expectErrorBody(
      await t.get('/api/admin/contact-messages', { as: customer }),
      403,
      'permission-denied',
    );
    await expectErrorBody(
      await t.get('/api/admin/contact-messages', { as: staff }),
      403,
      'permission-denied',
    );
  });

  it('lists the messages to an admin, newest first, in pages', async () => {
    for (const subject of ['First', 'Second', 'Third']) {
      expect((await send({ ...VALID, subject, humanCheck: await t.humanCheck() })).status).toBe(201);
    }
    const response = await t.get('/api/admin/contact-messages?limit=2', { as: admin });
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      items: { subject: string; email: string; createdAt: string; handledAt: string | null }[];
      nextCursor: string | null;
    };
    expect(page.items.map((item) => item.subject)).toEqual(['Third', 'Second']);
    expect(page.items[0]).toMatchObject({ email: VALID.email, handledAt: null });
    expect(page.nextCursor).not.toBeNull();
    const next = await t.get(
      `/api/admin/contact-messages?limit=2&cursor=${encodeURIComponent(page.nextCursor!)}`,
      { as: admin },
    );
    const rest = (await next.json()) as { items: { subject: string }[]; nextCursor: string | null };
    expect(rest.items.map((item) => item.subject)).toEqual(['First']);
    expect(rest.nextCursor).toBeNull();
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['cursor=nonsense', 'cursor'],
    ['sort=subject', 'sort'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const error = await expectErrorBody(
      await t.get(`/api/admin/contact-messages?${query}`, { as: admin }),
      400,
      'invalid-argument',
    );
    expect(error.message).toContain(field);
  });
});
