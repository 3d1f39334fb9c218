import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSIONS_TOPIC } from '../../src/server/lib/session-fast-path';
import { users } from '../../src/server/modules/auth/auth.schema';
import { cookieFrom, createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * Sessions kept in memory for a few seconds (lib/session-fast-path.ts), invalidated through the
 * `sessions` live topic: every way a session ends or an actor changes holds at the very next request
 * on the process that made the change, and on another process once its hub has seen the event.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
});
afterAll(() => t.close());

const me = (app: Pick<TestApp, 'get'>, user: { cookie: string }) => app.get('/api/me', { as: user });

describe('one process', () => {
  it('answers reads from the kept session, but a write reads the rows (and refreshes the copy)', async () => {
    const user = await t.buildUser({ role: 'staff' });
    expect((await t.get('/api/customers', { as: user })).status).toBe(200);
    // A change behind the app's back (no event): reads within the window still see the kept role…
    await t.db.update(users).set({ role: 'customer' }).where(eq(users.id, user.id));
    expect((await t.get('/api/customers', { as: user })).status).toBe(200);
    // …a write never does: it reads the rows, and its copy replaces the kept one.
    expect((await t.post('/api/auth/sync-claims', undefined, { as: user })).status).toBe(204);
    expect((await t.get('/api/customers', { as: user })).status).toBe(403);
  });

  it('holds a sign-out at the next request', async () => {
    const user = await t.buildUser();
    expect((await me(t, user)).status).toBe(200);
    expect((await t.post('/api/auth/sign-out', {}, { as: user })).status).toBe(200);
    expect((await me(t, user)).status).toBe(401);
  });

  it('holds "sign out everywhere" at the next request, for every session of the user', async () => {
    const user = await t.buildUser();
    const other = { cookie: await t.signIn(user.email, user.password) };
    expect((await me(t, user)).status).toBe(200);
    expect((await me(t, other)).status).toBe(200);
    expect((await t.post('/api/auth/revoke-sessions', {}, { as: user })).status).toBe(200);
    expect((await me(t, user)).status).toBe(401);
    expect((await me(t, other)).status).toBe(401);
  });

  it('holds a password change that ends the other sessions at the next request', async () => {
    const user = await t.buildUser();
    const other = { cookie: await t.signIn(user.email, user.password) };
    expect((await me(t, other)).status).toBe(200);
    const changed = await t.post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'changed-password-9', revokeOtherSessions: true },
      { as: user },
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await me(t, other)).status).toBe(401);
    // The session that changed the password goes on (better-auth gives it a new cookie).
    const renewed = cookieFrom(changed);
    expect((await me(t, { cookie: renewed || user.cookie })).status).toBe(200);
  });

  it('holds a disable and a role change made through User Management at the next request', async () => {
    const user = await t.buildUser({ role: 'staff' });
    expect((await t.get('/api/customers', { as: user })).status).toBe(200);
    const demoted = await t.patch(`/api/admin/users/${user.id}/role`, { role: 'customer' }, { as: admin });
    expect(demoted.status, await demoted.clone().text()).toBe(200);
    expect((await t.get('/api/customers', { as: user })).status).toBe(403);
    expect((await me(t, user)).status).toBe(200);
    const disabled = await t.post(`/api/admin/users/${user.id}/disable`, undefined, { as: admin });
    expect(disabled.status, await disabled.clone().text()).toBe(200);
    expect((await me(t, user)).status).toBe(401);
  });
});

describe('two processes on one database', () => {
  let b: Awaited<ReturnType<TestApp['secondApp']>>;
  beforeAll(async () => {
    b = await t.secondApp();
  });
  afterAll(() => b.close());

  /** Process B has seen every `sessions` event process A has. */
  const bSeesA = () =>
    b.services.liveTopics.waitFor(SESSIONS_TOPIC, t.services.liveTopics.version(SESSIONS_TOPIC));

  it('holds a sign-out, a role change and a disable made on A at the next request on B', async () => {
    const leaving = await t.buildUser();
    const demoted = await t.buildUser({ role: 'staff' });
    const disabled = await t.buildUser();
    // B keeps all three sessions.
    expect((await me(b, leaving)).status).toBe(200);
    expect((await b.get('/api/customers', { as: demoted })).status).toBe(200);
    expect((await me(b, disabled)).status).toBe(200);

    expect((await t.post('/api/auth/sign-out', {}, { as: leaving })).status).toBe(200);
    await bSeesA();
    expect((await me(b, leaving)).status).toBe(401);

    const role = await t.patch(`/api/admin/users/${demoted.id}/role`, { role: 'customer' }, { as: admin });
    expect(role.status).toBe(200);
    await bSeesA();
    expect((await b.get('/api/customers', { as: demoted })).status).toBe(403);

    const disable = await t.post(`/api/admin/users/${disabled.id}/disable`, undefined, { as: admin });
    expect(disable.status).toBe(200);
    await bSeesA();
    expect((await me(b, disabled)).status).toBe(401);
  });

  it('holds a password change made on A at the next request on B', async () => {
    const user = await t.buildUser();
    const other = { cookie: await t.signIn(user.email, user.password) };
    expect((await me(b, other)).status).toBe(200);
    const changed = await t.post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'changed-password-8', revokeOtherSessions: true },
      { as: user },
    );
    expect(changed.status).toBe(200);
    await bSeesA();
    expect((await me(b, other)).status).toBe(401);
  });
});
