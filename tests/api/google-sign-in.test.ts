import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../src/server/modules/auth/auth.schema';
import { cookieFrom, createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

/**
 * Google sign-in through the same code path as production (OpenID Connect discovery, PKCE, signed ID
 * token), against a local OpenID provider that stands in for accounts.google.com.
 */
let provider: OAuth2Server;
let t: TestApp;
let withoutGoogle: TestApp;
let signedInAs = { sub: 'google-user-1', email: 'gina@gmail.test', name: 'Gina Google' };
/** What the provider's ID token says about the address (`email_verified`). */
let googleSaysVerified = true;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, { ...signedInAs, email_verified: googleSaysVerified });
  });
  provider.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = { ...signedInAs, email_verified: googleSaysVerified };
  });
  t = await createTestApp({
    google: {
      clientId: 'brigade-test-client',
      clientSecret: 'brigade-test-secret',
      issuer: provider.issuer.url!,
    },
  });
  withoutGoogle = await createTestApp();
});

afterAll(async () => {
  await t?.close();
  await withoutGoogle?.close();
  await provider?.stop();
});

/** Runs the browser's part: start, the provider's redirect, the callback; returns the callback answer. */
async function signInWithGoogle(app: TestApp): Promise<Response> {
  const start = await app.post('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/?signedIn=google',
    errorCallbackURL: '/login?error=google',
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const authorize = new URL(url);
  expect(authorize.origin).toBe(new URL(provider.issuer.url!).origin);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/google`);

  const atProvider = await fetch(url, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callback = new URL(atProvider.headers.get('location')!);
  return app.request(
    `${callback.pathname}${callback.search}`,
    { method: 'GET' },
    { as: { cookie: cookieFrom(start) } },
  );
}

describe('Google sign-in', () => {
  it('is offered only when configured', async () => {
    const on = (await (await t.get('/api/config')).json()) as { signInMethods: { google: boolean } };
    const off = (await (await withoutGoogle.get('/api/config')).json()) as {
      signInMethods: { google: boolean };
    };
    expect(on.signInMethods.google).toBe(true);
    expect(off.signInMethods.google).toBe(false);
    const refused = await withoutGoogle.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/',
    });
    expect(refused.status).toBe(404);
  });

  it('creates a customer from the provider’s verified identity and signs them in', async () => {
    signedInAs = { sub: 'google-user-1', email: 'gina@gmail.test', name: 'Gina Google' };
    const callback = await signInWithGoogle(t);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/?signedIn=google');
    const session = cookieFrom(callback);
    const me = (await (await t.get('/api/me', { as: { cookie: session } })).json()) as Record<
      string,
      unknown
    >;
    expect(me).toMatchObject({
      email: 'gina@gmail.test',
      displayName: 'Gina Google',
      role: 'customer',
      emailVerified: true,
    });
  });

  it('signs a returning user into the same account', async () => {
    signedInAs = { sub: 'google-user-2', email: 'gus@gmail.test', name: 'Gus' };
    await signInWithGoogle(t);
    const again = await signInWithGoogle(t);
    expect(again.status).toBe(302);
    const rows = await t.db.select().from(users).where(eq(users.email, 'gus@gmail.test'));
    expect(rows).toHaveLength(1);
  });

  it('never makes a staff member of a Google user, whatever the provider says', async () => {
    signedInAs = {
      sub: 'google-user-3',
      email: 'mallory@gmail.test',
      name: 'Mallory',
      role: 'admin',
    } as typeof signedInAs;
    const callback = await signInWithGoogle(t);
    const me = (await (await t.get('/api/me', { as: { cookie: cookieFrom(callback) } })).json()) as {
      role: string;
    };
    expect(me.role).toBe('customer');
  });

  it('keeps a provider’s overlong, multi-line name as one line of at most 100 characters, and no photo address', async () => {
    signedInAs = {
      sub: 'google-user-4',
      email: 'long-name@gmail.test',
      name: `Lengthy\nName ${'x'.repeat(300)}`,
      picture: 'https://lh3.googleusercontent.test/photo.jpg',
    } as typeof signedInAs;
    const callback = await signInWithGoogle(t);
    expect(callback.status).toBe(302);
    expect(cookieFrom(callback)).toContain('brigade.session_token=');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'long-name@gmail.test'));
    expect(row?.name).toBe(`Lengthy Name ${'x'.repeat(87)}`);
    expect(row?.name).toHaveLength(100);
    expect(row?.image).toBeNull();
  });

  it('refuses a callback with a forged state', async () => {
    const response = await t.get('/api/auth/callback/google?code=forged&state=forged');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toContain('error');
    expect(cookieFrom(response)).not.toContain('brigade.session_token=');
  });

  /** The signed-in user of a session cookie, or null when the cookie signs nobody in. */
  async function sessionUser(cookie: string): Promise<{ email: string } | null> {
    const response = await t.get('/api/auth/get-session', { as: { cookie } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { email: string } } | null;
    return body?.user ?? null;
  }

  it('takes an unconfirmed account away from whoever registered the address first (pre-hijacking)', async () => {
    // The attacker registers the victim's address with their own password and keeps a session.
    const attacker = await t.buildUser({ email: 'victim@gmail.test', name: 'Not the victim' });
    expect(await sessionUser(attacker.cookie)).toMatchObject({ email: 'victim@gmail.test' });

    // The victim, who owns the address, signs in with Google for the first time.
    googleSaysVerified = true;
    signedInAs = { sub: 'google-victim', email: 'victim@gmail.test', name: 'Victor Victim' };
    const callback = await signInWithGoogle(t);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/?signedIn=google');
    const victimSession = cookieFrom(callback);
    expect(await sessionUser(victimSession)).toMatchObject({ email: 'victim@gmail.test' });

    // The attacker's way back in is gone: the password, and the session they held.
    const passwordSignIn = await t.post('/api/auth/sign-in/email', {
      email: 'victim@gmail.test',
      password: attacker.password,
    });
    expect(passwordSignIn.status).toBe(401);
    expect(await sessionUser(attacker.cookie)).toBeNull();

    // Same account (linked, not a second one), now confirmed, with only the Google sign-in left.
    const [row] = await t.db.select().from(users).where(eq(users.email, 'victim@gmail.test'));
    expect(row?.id).toBe(attacker.id);
    expect(row?.emailVerified).toBe(true);
    const ways = await t.db.select().from(accounts).where(eq(accounts.userId, attacker.id));
    expect(ways.map((way) => way.providerId)).toEqual(['google']);
    // The victim's session keeps working after the link.
    expect(await sessionUser(victimSession)).toMatchObject({ email: 'victim@gmail.test' });
  });

  it('keeps the password and sessions of a confirmed account when Google is linked to it', async () => {
    const owner = await t.buildUser({ email: 'owner-confirmed@gmail.test' });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, owner.id));

    googleSaysVerified = true;
    signedInAs = { sub: 'google-owner-confirmed', email: 'owner-confirmed@gmail.test', name: 'Olga' };
    const callback = await signInWithGoogle(t);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/?signedIn=google');
    expect(await sessionUser(cookieFrom(callback))).toMatchObject({ email: 'owner-confirmed@gmail.test' });

    expect(await sessionUser(owner.cookie)).toMatchObject({ email: 'owner-confirmed@gmail.test' });
    expect(typeof (await t.signIn(owner.email, owner.password))).toBe('string');
    const ways = await t.db.select().from(accounts).where(eq(accounts.userId, owner.id));
    expect(ways.map((way) => way.providerId).sort()).toEqual(['credential', 'google']);
  });

  it('refuses to link when Google does not vouch for the address, and leaves the account alone', async () => {
    const unconfirmed = await t.buildUser({ email: 'unvouched@gmail.test' });
    const confirmed = await t.buildUser({ email: 'unvouched-confirmed@gmail.test' });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, confirmed.id));

    googleSaysVerified = false;
    try {
      for (const [index, existing] of [unconfirmed, confirmed].entries()) {
        signedInAs = { sub: `google-unvouched-${index}`, email: existing.email, name: 'Somebody' };
        const callback = await signInWithGoogle(t);
        expect(callback.status).toBe(302);
        expect(callback.headers.get('location')).toContain('error');
        expect(cookieFrom(callback)).not.toContain('brigade.session_token=');

        expect(await sessionUser(existing.cookie)).toMatchObject({ email: existing.email });
        const ways = await t.db.select().from(accounts).where(eq(accounts.userId, existing.id));
        expect(ways.map((way) => way.providerId)).toEqual(['credential']);
      }
      const [row] = await t.db.select().from(users).where(eq(users.id, unconfirmed.id));
      expect(row?.emailVerified).toBe(false);
    } finally {
      googleSaysVerified = true;
    }
  });
});
