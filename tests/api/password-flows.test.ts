import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSIONS_TOPIC } from '../../src/server/lib/session-fast-path';
import { users } from '../../src/server/modules/auth/auth.schema';
import { publishChange } from '../../src/server/modules/events';
import { latestMessage, linkIn, waitForMessage } from '../support/outbox';
import { cookieFrom, createTestApp, expectErrorBody, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function requestReset(email: string, options: { ip?: string } = {}) {
  return t.post(
    '/api/auth/request-password-reset',
    { email, redirectTo: '/auth/reset-password' },
    { ip: options.ip, headers: { 'x-human-check': await t.humanCheck() } },
  );
}

describe('forgot password', () => {
  it('e-mails a link to /auth/reset-password that sets a new password once', async () => {
    const user = await t.buildUser();
    expect((await requestReset(user.email)).status).toBe(200);
    const message = await waitForMessage(t.db, user.email, 'reset-password');
    expect(message?.subject).toBe('Reset your Brigade Cafe password');
    const link = linkIn(message!.body);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/auth/reset-password');
    const token = link.searchParams.get('token')!;

    expect((await t.post('/api/auth/reset-password', { token, newPassword: 'brand-new-1' })).status).toBe(
      200,
    );
    expect(await t.signIn(user.email, 'brand-new-1')).toContain('brigade.session_token=');
    const old = await t.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    await expectErrorBody(old, 401, 'unauthenticated');
    // The existing sessions ended with the reset.
    await expectErrorBody(await t.get('/api/me', { as: user }), 401, 'unauthenticated');

    const again = await t.post('/api/auth/reset-password', { token, newPassword: 'another-one-2' });
    const error = await expectErrorBody(again, 400, 'invalid-argument');
    expect(error.message).toBe('This link is no longer valid. Please ask for a new one.');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await requestReset('nobody-here@test.brigade');
    expect(response.status).toBe(200);
    expect(await latestMessage(t.db, 'nobody-here@test.brigade', 'reset-password')).toBeUndefined();
  });

  it('needs a human check', async () => {
    const user = await t.buildUser();
    const response = await t.post('/api/auth/request-password-reset', { email: user.email });
    await expectErrorBody(response, 400, 'invalid-argument');
    expect(await latestMessage(t.db, user.email, 'reset-password')).toBeUndefined();
  });

  it('limits requests per address: the fourth in an hour is refused with 429', async () => {
    const user = await t.buildUser();
    for (let request = 0; request < 3; request++) expect((await requestReset(user.email)).status).toBe(200);
    await expectErrorBody(await requestReset(user.email), 429, 'resource-exhausted');
  });

  it('enforces the password policy on the new password', async () => {
    const user = await t.buildUser();
    await requestReset(user.email);
    const token = linkIn((await waitForMessage(t.db, user.email, 'reset-password'))!.body).searchParams.get(
      'token',
    )!;
    await expectErrorBody(
      await t.post('/api/auth/reset-password', { token, newPassword: '123' }),
      400,
      'invalid-argument',
    );
  });
});

describe('password change', () => {
  it('re-checks the current password first and changes nothing when it is wrong', async () => {
    const user = await t.buildUser();
    const wrong = await t.post(
      '/api/auth/change-password',
      { currentPassword: 'not-my-password', newPassword: 'changed-pw-1' },
      { as: user },
    );
    const error = await expectErrorBody(wrong, 400, 'invalid-argument');
    expect(error.message).toBe('The current password is not correct.');
    expect(await t.signIn(user.email, user.password)).toContain('brigade.session_token=');

    const right = await t.post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'changed-pw-1', revokeOtherSessions: true },
      { as: user },
    );
    expect(right.status).toBe(200);
    expect(await t.signIn(user.email, 'changed-pw-1')).toContain('brigade.session_token=');
  });

  it('limits guesses of the current password per user: the eleventh within 15 minutes is refused', async () => {
    const user = await t.buildUser();
    for (let attempt = 0; attempt < 10; attempt++) {
      // Each from another client address (the test app's default): the limit is the user's.
      const wrong = await t.post(
        '/api/auth/change-password',
        { currentPassword: `guess-${attempt}`, newPassword: 'changed-pw-1' },
        { as: user },
      );
      expect(wrong.status).toBe(400);
    }
    const blocked = await t.post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'changed-pw-1' },
      { as: user },
    );
    await expectErrorBody(blocked, 429, 'resource-exhausted');
    // Nothing changed: the old password still signs in.
    expect(await t.signIn(user.email, user.password)).toContain('brigade.session_token=');
  });

  it('needs a session', async () => {
    const response = await t.post('/api/auth/change-password', {
      currentPassword: 'a',
      newPassword: 'bbbbbb',
    });
    await expectErrorBody(response, 401, 'unauthenticated');
  });
});

describe('sign-in limits', () => {
  it('asks for the human check after ten failures on one account, instead of locking the owner out', async () => {
    // Signed up directly: buildUser would spend one sign-in of the budget.
    const user = { email: 'limited@test.brigade', password: 'limited-1' };
    expect((await t.signUp({ name: 'Limited', ...user })).status).toBe(200);
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await t.post('/api/auth/sign-in/email', {
        email: user.email,
        password: 'wrong-password',
      });
      expect(response.status).toBe(401);
    }
    // Without the check, even the right password is refused, and the answer says what is needed.
    const blocked = await t.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    const error = await expectErrorBody(blocked, 429, 'resource-exhausted');
    expect(error.details).toMatchObject({ reason: 'HUMAN_CHECK_REQUIRED' });
    expect(error.message).toMatch(/check that you are human/);
    // A guesser with a solved check still fails on a wrong password, and a check is good once.
    const check = await t.humanCheck();
    const guess = await t.post(
      '/api/auth/sign-in/email',
      { email: user.email, password: 'wrong-again' },
      { headers: { 'x-human-check': check } },
    );
    await expectErrorBody(guess, 401, 'unauthenticated');
    const reused = await t.post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { headers: { 'x-human-check': check } },
    );
    await expectErrorBody(reused, 400, 'invalid-argument');
    // The owner, with a fresh check and the right password, gets in.
    const owner = await t.post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { headers: { 'x-human-check': await t.humanCheck() } },
    );
    expect(owner.status).toBe(200);
    expect(cookieFrom(owner)).toContain('brigade.session_token=');
  });

  it('asks for the human check on a phone number after ten wrong codes', async () => {
    const phoneNumber = '+15550001010';
    for (let attempt = 0; attempt < 10; attempt++) {
      await t.post('/api/auth/phone-number/verify', { phoneNumber, code: '000000' });
    }
    const blocked = await t.post('/api/auth/phone-number/verify', { phoneNumber, code: '123456' });
    const error = await expectErrorBody(blocked, 429, 'resource-exhausted');
    expect(error.details).toMatchObject({ reason: 'HUMAN_CHECK_REQUIRED' });
  });

  it('never limits successful sign-ins (staff at a shared tablet)', async () => {
    const user = await t.buildUser({ role: 'staff' });
    const ip = '198.51.100.210';
    for (let attempt = 0; attempt < 25; attempt++) {
      const response = await t.post(
        '/api/auth/sign-in/email',
        { email: user.email, password: user.password },
        { ip },
      );
      expect(response.status).toBe(200);
    }
  });

  it('limits one client across accounts', async () => {
    const ip = '198.51.100.200';
    for (let attempt = 0; attempt < 20; attempt++) {
      await t.post(
        '/api/auth/sign-in/email',
        { email: `guess-${attempt}@test.brigade`, password: 'x-x-x-x' },
        { ip },
      );
    }
    const blocked = await t.post(
      '/api/auth/sign-in/email',
      { email: 'guess-x@test.brigade', password: 'x-x-x-x' },
      { ip },
    );
    await expectErrorBody(blocked, 429, 'resource-exhausted');
  });
});

describe('sign-up checks', () => {
  it('needs a human check and creates nothing without one', async () => {
    const response = await t.post('/api/auth/sign-up/email', {
      name: 'Bot',
      email: 'bot@test.brigade',
      password: 'secret1',
    });
    await expectErrorBody(response, 400, 'invalid-argument');
    const rows = await t.db.select().from(users).where(eq(users.email, 'bot@test.brigade'));
    expect(rows).toHaveLength(0);
  });

  it('limits sign-ups per client', async () => {
    const ip = '198.51.100.201';
    for (let index = 0; index < 10; index++) {
      const response = await t.signUp(
        { name: 'Many', email: `many-${index}@test.brigade`, password: 'secret1' },
        { ip },
      );
      expect(response.status).toBe(200);
    }
    const blocked = await t.signUp(
      { name: 'Many', email: 'many-x@test.brigade', password: 'secret1' },
      { ip },
    );
    await expectErrorBody(blocked, 429, 'resource-exhausted');
  });

  it('e-mails a verification link that confirms the address', async () => {
    const response = await t.signUp({
      name: 'Vera',
      email: 'vera@test.brigade',
      password: 'secret1',
      callbackURL: '/account',
    });
    expect(response.status).toBe(200);
    const message = await waitForMessage(t.db, 'vera@test.brigade', 'verify-email');
    const link = linkIn(message!.body);
    const followed = await t.get(`${link.pathname}${link.search}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/account');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'vera@test.brigade'));
    expect(row?.emailVerified).toBe(true);
    // The link confirms the address only: whoever clicks it is not signed in (account pre-hijacking).
    expect(followed.headers.getSetCookie().some((line) => /session_token=[^;]/.test(line))).toBe(false);
  });
});

describe('profile updates through better-auth', () => {
  it('refuses a photo given as an address and names that are empty or too long', async () => {
    const user = await t.buildUser();
    const byUrl = await t.post(
      '/api/auth/update-user',
      { image: 'https://evil.example/x.png' },
      { as: user },
    );
    expect((await expectErrorBody(byUrl, 400, 'invalid-argument')).message).toBe(
      'Upload a photo instead of giving its address.',
    );
    await expectErrorBody(
      await t.post('/api/auth/update-user', { name: '   ' }, { as: user }),
      400,
      'invalid-argument',
    );
    await expectErrorBody(
      await t.post('/api/auth/update-user', { name: 'x'.repeat(101) }, { as: user }),
      400,
      'invalid-argument',
    );
    expect((await t.post('/api/auth/update-user', { name: 'New Name' }, { as: user })).status).toBe(200);
    const me = (await (await t.get('/api/me', { as: user })).json()) as {
      displayName: string;
      photoURL: string | null;
    };
    expect(me).toMatchObject({ displayName: 'New Name', photoURL: null });
  });
});

describe('a reset link proves the address', () => {
  it('marks the e-mail verified once a password is set through it', async () => {
    const user = await t.buildUser();
    await requestReset(user.email);
    const token = linkIn((await waitForMessage(t.db, user.email, 'reset-password'))!.body).searchParams.get(
      'token',
    )!;
    expect((await t.post('/api/auth/reset-password', { token, newPassword: 'proved-it-1' })).status).toBe(
      200,
    );
    const [row] = await t.db.select().from(users).where(eq(users.email, user.email));
    expect(row?.emailVerified).toBe(true);
  });
});

describe('a session left by a sign-in that raced with "disable"', () => {
  it('is refused once the account is disabled', async () => {
    const user = await t.buildUser();
    expect((await t.get('/api/me', { as: user })).status).toBe(200);
    // Only the flag, as if the session were created after the disable deleted the others; the
    // disable announces it as every disable does (sessions are kept in memory for a few seconds).
    await t.db.transaction(async (tx) => {
      await tx.update(users).set({ disabled: true }).where(eq(users.email, user.email));
      await publishChange(tx, SESSIONS_TOPIC);
    });
    await t.liveSettled();
    await expectErrorBody(await t.get('/api/me', { as: user }), 401, 'unauthenticated');
  });
});
