import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/server/bootstrap';
import { sessions, users } from '../../src/server/modules/auth/auth.schema';
import { latestMessage, waitForMessage } from '../support/outbox';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  expectErrorBody,
  type TestApp,
} from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function roleOf(email: string) {
  const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.email, email));
  return row?.role;
}

describe('sign-up', () => {
  it('creates a customer even when the body asks for another role', async () => {
    for (const role of ['admin', 'staff', 'manager']) {
      const email = `wants-${role}@test.brigade`;
      const response = await t.signUp({
        name: 'Sneaky',
        email,
        password: 'secret1',
        role,
      });
      expect(response.status).toBe(200);
      expect(await roleOf(email)).toBe('customer');
      const me = await t.get('/api/me', { as: { cookie: await t.signIn(email, 'secret1') } });
      expect(await me.json()).toMatchObject({ email, role: 'customer' });
    }
  });

  it('does not sign in (the answer must not differ for a taken address); sign-in gives an http-only, same-site cookie and no token in the body', async () => {
    const response = await t.signUp({
      name: 'Ada',
      email: 'ada@test.brigade',
      password: 'secret1',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('token');
    expect(body.user).toMatchObject({ email: 'ada@test.brigade', role: 'customer' });
    expect(response.headers.getSetCookie().some((line) => line.includes('session_token'))).toBe(false);

    const signIn = await t.post('/api/auth/sign-in/email', {
      email: 'ada@test.brigade',
      password: 'secret1',
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).not.toHaveProperty('token');
    const setCookie = signIn.headers.getSetCookie().find((line) => line.startsWith('brigade.session_token='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
  });

  it('answers a taken address exactly like a new one, changes nothing and tells the owner by e-mail', async () => {
    const owner = await t.buildUser({ name: 'Owner Of Address' });
    const fresh = await t.signUp({ name: 'Two', email: 'fresh-two@test.brigade', password: 'secret1' });
    const again = await t.signUp({ name: 'Two', email: owner.email.toUpperCase(), password: 'secret1' });
    expect(again.status).toBe(fresh.status);
    const freshBody = (await fresh.json()) as { user: Record<string, unknown> };
    const againBody = (await again.json()) as { user: Record<string, unknown> };
    expect(Object.keys(againBody).sort()).toEqual(Object.keys(freshBody).sort());
    expect(Object.keys(againBody.user).sort()).toEqual(Object.keys(freshBody.user).sort());
    expect(againBody.user).toMatchObject({
      email: owner.email,
      name: 'Two',
      emailVerified: false,
      role: 'customer',
    });
    expect(again.headers.getSetCookie()).toEqual(fresh.headers.getSetCookie());

    const rows = await t.db.select().from(users).where(eq(users.email, owner.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('Owner Of Address');
    // The owner's password still works and the new one does not.
    expect(await t.signIn(owner.email, owner.password)).toContain('brigade.session_token=');
    expect(
      (await t.post('/api/auth/sign-in/email', { email: owner.email, password: 'secret1' })).status,
    ).toBe(401);
    const notice = await waitForMessage(t.db, owner.email, 'sign-up-existing');
    expect(notice?.subject).toBe('Someone tried to sign up for Brigade Cafe with your address');
    expect(notice?.body).toContain('No second account was made.');
    // A new address gets its confirmation link instead, and no such notice.
    expect(await waitForMessage(t.db, 'fresh-two@test.brigade', 'verify-email')).toBeDefined();
    expect(await latestMessage(t.db, 'fresh-two@test.brigade', 'sign-up-existing')).toBeUndefined();
  });

  it('enforces the password policy from the settings, with the same message the form shows', async () => {
    const admin = { cookie: await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD) };
    const policy = {
      minLength: 8,
      maxLength: 20,
      requireLowercase: true,
      requireUppercase: true,
      requireDigit: true,
      requireSymbol: true,
    };
    expect((await t.patchLatest('/api/settings', { passwordPolicy: policy }, { as: admin })).status).toBe(
      200,
    );
    try {
      const weak = await t.signUp({
        name: 'W',
        email: 'weak@test.brigade',
        password: 'password',
      });
      const error = await expectErrorBody(weak, 400, 'invalid-argument');
      expect(error.message).toBe(
        'Password does not meet the policy: an uppercase letter, a digit, a symbol (not a letter or digit).',
      );
      expect(await roleOf('weak@test.brigade')).toBeUndefined();
      const tooLong = await t.signUp({
        name: 'L',
        email: 'long@test.brigade',
        password: 'Aa1!'.repeat(6),
      });
      await expectErrorBody(tooLong, 400, 'invalid-argument');
      const strong = await t.signUp({
        name: 'S',
        email: 'strong@test.brigade',
        password: 'Str0ng!pw',
      });
      expect(strong.status).toBe(200);
    } finally {
      await t.patchLatest(
        '/api/settings',
        {
          passwordPolicy: {
            minLength: 6,
            maxLength: null,
            requireLowercase: false,
            requireUppercase: false,
            requireDigit: false,
            requireSymbol: false,
          },
        },
        { as: admin },
      );
    }
  });

  it('refuses the default minimum of 6 characters', async () => {
    const response = await t.signUp({
      name: 'S',
      email: 'short@test.brigade',
      password: '12345',
    });
    await expectErrorBody(response, 400, 'invalid-argument');
  });
});

describe('sign-in and sessions', () => {
  it('refuses a wrong password with 401 and the envelope', async () => {
    const user = await t.buildUser();
    const response = await t.post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'not-the-password',
    });
    const error = await expectErrorBody(response, 401, 'unauthenticated');
    expect(error.message).toBe('Invalid email or password');
  });

  it('keeps sessions in the database and ends them on sign-out', async () => {
    const user = await t.buildUser();
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.length).toBeGreaterThan(0);
    expect((await t.get('/api/me', { as: user })).status).toBe(200);
    expect((await t.post('/api/auth/sign-out', {}, { as: user })).status).toBe(200);
    await expectErrorBody(await t.get('/api/me', { as: user }), 401, 'unauthenticated');
    const session = await t.get('/api/auth/get-session', { as: user });
    expect(await session.json()).toBeNull();
  });

  it('applies a role change on the very next request', async () => {
    const user = await t.buildUser({ role: 'staff' });
    expect((await t.get('/api/customers', { as: user })).status).toBe(200);
    await t.db.update(users).set({ role: 'customer' }).where(eq(users.id, user.id));
    expect((await t.post('/api/auth/sync-claims', undefined, { as: user })).status).toBe(204);
    await expectErrorBody(await t.get('/api/customers', { as: user }), 403, 'permission-denied');
  });

  it('refuses a session whose row was deleted (signed out everywhere)', async () => {
    const user = await t.buildUser();
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    await expectErrorBody(
      await t.post('/api/auth/sync-claims', undefined, { as: user }),
      401,
      'unauthenticated',
    );
  });

  it('reports the session with its role through get-session', async () => {
    const user = await t.buildUser({ role: 'manager' });
    const body = (await (await t.get('/api/auth/get-session', { as: user })).json()) as {
      user: { role: string };
    };
    expect(body.user.role).toBe('manager');
  });
});

describe('the first admin', () => {
  it('exists after the first start, with the configured e-mail and password', async () => {
    expect(await roleOf(ADMIN_EMAIL)).toBe('admin');
    const cookie = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await t.get('/api/settings', { as: { cookie } })).status).toBe(200);
  });

  it('is not created again on a database that has users', async () => {
    const result = await prepareDatabase(t.db, t.auth, {
      adminEmail: 'second-owner@test.brigade',
      adminPassword: undefined,
      logger: pino({ level: 'silent' }),
    });
    expect(result.created).toBe(false);
    expect(await roleOf('second-owner@test.brigade')).toBeUndefined();
  });
});
