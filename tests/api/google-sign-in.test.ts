import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/modules/auth/auth.schema';
import { cookieFrom, createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

/**
 * Google sign-in through the same code path as production (OpenID Connect discovery, PKCE, signed ID
 * token), against a local OpenID provider that stands in for accounts.google.com.
 */
let provider: OAuth2Server;
let t: TestApp;
let withoutGoogle: TestApp;
let signedInAs = { sub: 'google-user-1', email: 'gina@gmail.test', name: 'Gina Google' };

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, { ...signedInAs, email_verified: true });
  });
  provider.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = { ...signedInAs, email_verified: true };
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

  it('refuses a callback with a forged state', async () => {
    const response = await t.get('/api/auth/callback/google?code=forged&state=forged');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toContain('error');
    expect(cookieFrom(response)).not.toContain('brigade.session_token=');
  });
});
