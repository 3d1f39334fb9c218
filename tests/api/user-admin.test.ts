import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/modules/audit/audit.schema';
import { sessions, users } from '../../src/server/modules/auth/auth.schema';
import { phoneOnlyEmail } from '../../src/server/modules/auth/auth-links';
import { devOutbox } from '../../src/server/modules/messaging/messaging.schema';
import type { AdminUser } from '../../src/shared/contracts/admin-users';
import type { Role } from '../../src/shared/roles';
import { latestMessage, linkIn } from '../support/outbox';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  expectErrorBody,
  type TestApp,
  type TestUser,
} from '../support/test-app';

let t: TestApp;
let admin: TestUser;
const as: Partial<Record<Role, TestUser>> = {};

type AdminUserBody = AdminUser;
type Page = { items: AdminUserBody[]; nextCursor: string | null };

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['customer', 'staff', 'manager', 'admin'] as const)
    as[role] = await t.buildUser({ role });
  admin = as.admin!;
});
afterAll(() => t.close());

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function auditRows(targetId: string, action?: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), action ? eq(auditLog.action, action) : undefined));
}

async function createStaff(body: { name: string; email: string; role: string }, by: TestUser = admin) {
  return t.post('/api/admin/users', body, { as: by });
}

/** Follows the newest invitation to `email`: chooses `password` with its token. */
async function acceptInvitation(email: string, password: string) {
  const message = await latestMessage(t.db, email, 'invitation');
  expect(message, `an invitation to ${email}`).toBeDefined();
  const link = linkIn(message!.body);
  const token = link.searchParams.get('token')!;
  return {
    link,
    token,
    response: await t.post('/api/auth/reset-password', { token, newPassword: password }),
  };
}

describe('who may use User Management', () => {
  let target: TestUser;
  beforeAll(async () => {
    target = await t.buildUser({ role: 'staff' });
  });

  const actions: { name: string; call: (user: TestUser | null) => Promise<Response> }[] = [
    { name: 'GET list', call: (u) => t.get('/api/admin/users?group=staff', { as: u }) },
    { name: 'GET one', call: (u) => t.get(`/api/admin/users/${target.id}`, { as: u }) },
    {
      name: 'POST create',
      call: (u) => createStaff({ name: 'Sneaky', email: 'sneaky@test.brigade', role: 'admin' }, u!),
    },
    {
      name: 'PATCH role',
      call: (u) => t.patch(`/api/admin/users/${target.id}/role`, { role: 'admin' }, { as: u }),
    },
    {
      name: 'POST disable',
      call: (u) => t.post(`/api/admin/users/${target.id}/disable`, undefined, { as: u }),
    },
    {
      name: 'POST enable',
      call: (u) => t.post(`/api/admin/users/${target.id}/enable`, undefined, { as: u }),
    },
    {
      name: 'POST password-reset',
      call: (u) => t.post(`/api/admin/users/${target.id}/password-reset`, undefined, { as: u }),
    },
    {
      name: 'POST invitation',
      call: (u) => t.post(`/api/admin/users/${target.id}/invitation`, undefined, { as: u }),
    },
  ];

  it.each(actions)('$name: 401 for an anonymous caller', async ({ call }) => {
    await expectErrorBody(await call(null), 401, 'unauthenticated');
  });

  it.each(actions)('$name: 403 for customer, staff and manager, and nothing changes', async ({ call }) => {
    const before = await userRow(target.id);
    for (const role of ['customer', 'staff', 'manager'] as const) {
      const error = await expectErrorBody(await call(as[role]!), 403, 'permission-denied');
      expect(error.message).toBe('Only an administrator can do this.');
    }
    expect(await userRow(target.id)).toEqual(before);
    expect(await auditRows(target.id)).toEqual([]);
    expect((await t.db.select().from(users).where(eq(users.email, 'sneaky@test.brigade'))).length).toBe(0);
    expect(await latestMessage(t.db, target.email, 'reset-password')).toBeUndefined();
    // The target's session still works.
    expect((await t.get('/api/me', { as: target })).status).toBe(200);
  });
});

describe('GET /api/admin/users', () => {
  let phoneOnlyId: string;
  beforeAll(async () => {
    await t.buildUser({ name: 'Percy 50% Off' });
    const [row] = await t.db
      .insert(users)
      .values({ name: '+15550001234', email: phoneOnlyEmail('+15550001234'), phoneNumber: '+15550001234' })
      .returning();
    phoneOnlyId = row!.id;
  });

  it('lists the team (staff, manager, admin) and the customers in separate groups, newest first', async () => {
    const staff = (await (
      await t.get('/api/admin/users?group=staff&limit=500', { as: admin })
    ).json()) as Page;
    expect(new Set(staff.items.map((item) => item.role))).toEqual(new Set(['staff', 'manager', 'admin']));
    expect(staff.items.map((item) => item.email)).toEqual(
      expect.arrayContaining([ADMIN_EMAIL, as.staff!.email, as.manager!.email, admin.email]),
    );
    const created = staff.items.map((item) => item.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const customers = (await (
      await t.get('/api/admin/users?group=customers&limit=500', { as: admin })
    ).json()) as Page;
    expect(customers.items.every((item) => item.role === 'customer')).toBe(true);
    expect(customers.items.map((item) => item.email)).toContain(as.customer!.email);
  });

  it('defaults to the team', async () => {
    const page = (await (await t.get('/api/admin/users', { as: admin })).json()) as Page;
    expect(page.items.every((item) => item.role !== 'customer')).toBe(true);
  });

  it('shows a phone-only account without its placeholder e-mail, and who was seen when', async () => {
    const page = (await (
      await t.get('/api/admin/users?group=customers&search=5550001234', { as: admin })
    ).json()) as Page;
    expect(page.items).toEqual([
      expect.objectContaining({
        id: phoneOnlyId,
        email: null,
        phoneNumber: '+15550001234',
        lastSeenAt: null,
        // A phone account signs in with a code: never "Invited", even without a password.
        invitationPending: false,
      }),
    ]);
    const customer = (await (
      await t.get(`/api/admin/users/${as.customer!.id}`, { as: admin })
    ).json()) as AdminUserBody;
    expect(customer).toEqual({
      id: as.customer!.id,
      name: expect.any(String),
      email: as.customer!.email,
      phoneNumber: null,
      role: 'customer',
      disabled: false,
      emailVerified: false,
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      invitationPending: false,
    });
  });

  it('searches name, e-mail and phone, treating % and _ literally', async () => {
    const byName = (await (
      await t.get('/api/admin/users?group=customers&search=percy', { as: admin })
    ).json()) as Page;
    expect(byName.items.map((item) => item.name)).toEqual(['Percy 50% Off']);
    const byPercent = (await (
      await t.get('/api/admin/users?group=customers&search=50%25', { as: admin })
    ).json()) as Page;
    expect(byPercent.items.map((item) => item.name)).toEqual(['Percy 50% Off']);
    const underscore = (await (
      await t.get('/api/admin/users?group=customers&search=_', { as: admin })
    ).json()) as Page;
    expect(underscore.items).toEqual([]);
    const byEmail = (await (
      await t.get(
        `/api/admin/users?group=staff&search=${encodeURIComponent(as.manager!.email.toUpperCase())}`,
        {
          as: admin,
        },
      )
    ).json()) as Page;
    expect(byEmail.items.map((item) => item.id)).toEqual([as.manager!.id]);
  });

  it('pages with a cursor without gaps or repeats', async () => {
    const all = (await (await t.get('/api/admin/users?group=staff&limit=500', { as: admin })).json()) as Page;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = (await (
        await t.get(`/api/admin/users?group=staff&limit=2${query}`, { as: admin })
      ).json()) as Page;
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((item) => item.id));
  });

  it.each([
    ['group=admins', 'group'],
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['cursor=nope', 'cursor'],
    ['search=', 'search'],
    [`search=${'x'.repeat(101)}`, 'search'],
    ['role=admin', 'role'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const error = await expectErrorBody(
      await t.get(`/api/admin/users?${query}`, { as: admin }),
      400,
      'invalid-argument',
    );
    expect(error.message).toContain(field);
  });
});

describe('unknown and malformed ids', () => {
  const unknown = '00000000-0000-4000-8000-000000000000';
  it.each([unknown, 'not-a-uuid', "1' or '1'='1", '%00', 'x'.repeat(90)])(
    'answers 404 for %s on every route',
    async (id) => {
      const path = `/api/admin/users/${encodeURIComponent(id)}`;
      for (const response of [
        await t.get(path, { as: admin }),
        await t.patch(`${path}/role`, { role: 'staff' }, { as: admin }),
        await t.post(`${path}/disable`, undefined, { as: admin }),
        await t.post(`${path}/enable`, undefined, { as: admin }),
        await t.post(`${path}/password-reset`, undefined, { as: admin }),
      ]) {
        await expectErrorBody(response, 404, 'not-found');
      }
    },
  );
});

describe('adding a staff member', () => {
  it('creates the account, e-mails an invitation that works once, and the new member passes the staff guard', async () => {
    const response = await createStaff({
      name: '  Nina New  ',
      email: 'Nina.New@Test.Brigade',
      role: 'staff',
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as AdminUserBody;
    expect(created).toEqual(
      expect.objectContaining({
        name: 'Nina New',
        email: 'nina.new@test.brigade',
        role: 'staff',
        disabled: false,
      }),
    );

    // No password yet: signing in is impossible until the invitation is followed.
    const early = await t.post('/api/auth/sign-in/email', {
      email: 'nina.new@test.brigade',
      password: 'anything-1',
    });
    await expectErrorBody(early, 401, 'unauthenticated');

    const message = await latestMessage(t.db, 'nina.new@test.brigade', 'invitation');
    expect(message?.subject).toBe('You are invited to Brigade Cafe on Brigade');
    const { link, response: accepted } = await acceptInvitation('nina.new@test.brigade', 'nina-password-1');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/auth/reset-password');
    expect(link.searchParams.get('invited')).toBe('1');
    expect(accepted.status).toBe(200);

    const cookie = await t.signIn('nina.new@test.brigade', 'nina-password-1');
    expect((await t.get('/api/customers', { as: { cookie } })).status).toBe(200);
    await expectErrorBody(await t.get('/api/settings', { as: { cookie } }), 403, 'permission-denied');

    const again = await t.post('/api/auth/reset-password', {
      token: link.searchParams.get('token'),
      newPassword: 'another-password-2',
    });
    const error = await expectErrorBody(again, 400, 'invalid-argument');
    expect(error.message).toBe('This link is no longer valid. Please ask for a new one.');
    expect(await t.signIn('nina.new@test.brigade', 'nina-password-1')).toContain('brigade.session_token=');

    const [entry] = await auditRows(created.id, 'user.created');
    expect(entry).toEqual(
      expect.objectContaining({
        actorId: admin.id,
        actorEmail: admin.email,
        area: 'users',
        before: null,
        after: { name: 'Nina New', email: 'nina.new@test.brigade', role: 'staff', disabled: false },
      }),
    );
  });

  it('refuses an e-mail that has an account already, whatever its case, with 409', async () => {
    for (const email of [as.customer!.email.toUpperCase(), ADMIN_EMAIL]) {
      const error = await expectErrorBody(
        await createStaff({ name: 'Twin', email, role: 'staff' }),
        409,
        'aborted',
      );
      expect(error.message).toContain('already exists');
    }
    expect((await userRow(as.customer!.id)).role).toBe('customer');
  });

  it('refuses two simultaneous creations of one address: one 201, one 409', async () => {
    const body = { name: 'Double', email: 'double@test.brigade', role: 'staff' };
    const statuses = (await Promise.all([createStaff(body), createStaff(body)])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
  });

  it.each([
    [{ email: 'a@test.brigade', role: 'staff' }, 'name'],
    [{ name: ' ', email: 'a@test.brigade', role: 'staff' }, 'name'],
    [{ name: 'A', email: 'not-an-email', role: 'staff' }, 'email'],
    [{ name: 'A', role: 'staff' }, 'email'],
    [{ name: 'A', email: 'a@test.brigade', role: 'customer' }, 'role'],
    [{ name: 'A', email: 'a@test.brigade', role: 'owner' }, 'role'],
    [{ name: 'A', email: 'a@test.brigade', role: 'staff', password: 'x' }, 'password'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const error = await expectErrorBody(
      await t.post('/api/admin/users', body, { as: admin }),
      400,
      'invalid-argument',
    );
    expect(error.message).toContain(field);
    expect((await t.db.select().from(users).where(eq(users.email, 'a@test.brigade'))).length).toBe(0);
  });

  it('refuses a body that is not JSON with a 400', async () => {
    await expectErrorBody(await t.post('/api/admin/users', '{nope', { as: admin }), 400, 'invalid-argument');
  });
});

describe('a pending invitation', () => {
  async function invite(email: string) {
    const response = await createStaff({ name: 'Ivy Invited', email, role: 'staff' });
    expect(response.status).toBe(201);
    return (await response.json()) as AdminUserBody;
  }
  const resend = (id: string, by: TestUser = admin) =>
    t.post(`/api/admin/users/${id}/invitation`, undefined, { as: by });

  it('shows as pending until the invitation is accepted, in the list and the record', async () => {
    const created = await invite('ivy.pending@test.brigade');
    expect(created.invitationPending).toBe(true);
    const listed = async () => {
      const page = (await (
        await t.get('/api/admin/users?group=staff&search=ivy.pending', { as: admin })
      ).json()) as Page;
      return page.items[0]!;
    };
    expect((await listed()).invitationPending).toBe(true);
    // People who can sign in are not pending: a password, or a phone account.
    expect(
      ((await (await t.get(`/api/admin/users/${admin.id}`, { as: admin })).json()) as AdminUserBody)
        .invitationPending,
    ).toBe(false);

    await acceptInvitation('ivy.pending@test.brigade', 'ivy-password-1');
    expect((await listed()).invitationPending).toBe(false);
    const record = (await (
      await t.get(`/api/admin/users/${created.id}`, { as: admin })
    ).json()) as AdminUserBody;
    expect(record.invitationPending).toBe(false);
  });

  it('puts the address in the invitation link, so the page can sign the new member in', async () => {
    await invite('ivy.link@test.brigade');
    const message = await latestMessage(t.db, 'ivy.link@test.brigade', 'invitation');
    expect(linkIn(message!.body).searchParams.get('email')).toBe('ivy.link@test.brigade');
  });

  it('resends: a new link that works, the old one no longer does, and an audit entry that reads well', async () => {
    const created = await invite('ivy.resend@test.brigade');
    const first = linkIn((await latestMessage(t.db, 'ivy.resend@test.brigade', 'invitation'))!.body);
    const response = await resend(created.id);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ sent: true });
    const second = linkIn((await latestMessage(t.db, 'ivy.resend@test.brigade', 'invitation'))!.body);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));

    const old = await t.post('/api/auth/reset-password', {
      token: first.searchParams.get('token'),
      newPassword: 'ivy-password-1',
    });
    await expectErrorBody(old, 400, 'invalid-argument');
    const accepted = await t.post('/api/auth/reset-password', {
      token: second.searchParams.get('token'),
      newPassword: 'ivy-password-1',
    });
    expect(accepted.status).toBe(200);

    const [entry] = await auditRows(created.id, 'user.invitation-resent');
    expect(entry).toEqual(expect.objectContaining({ actorId: admin.id, area: 'users' }));
    const audit = (await (await t.get('/api/admin/audit?area=users', { as: admin })).json()) as {
      items: { action: string; targetId: string; description: string; actionLabel: string }[];
    };
    const listed = audit.items.find(
      (item) => item.action === 'user.invitation-resent' && item.targetId === created.id,
    );
    expect(listed).toEqual(
      expect.objectContaining({
        actionLabel: 'Invitation sent again',
        description: 'Sent Ivy Invited a new invitation',
      }),
    );
  });

  it('refuses with 409 once the invitation was accepted, and sends nothing', async () => {
    const created = await invite('ivy.accepted@test.brigade');
    await acceptInvitation('ivy.accepted@test.brigade', 'ivy-password-1');
    const before = await t.db.select().from(devOutbox);
    const error = await expectErrorBody(await resend(created.id), 409, 'aborted');
    expect(error.message).toBe(
      'Ivy Invited has already accepted the invitation and can sign in. Send a password reset instead.',
    );
    expect(await t.db.select().from(devOutbox)).toHaveLength(before.length);
    // Someone who signed up with a password was never invited.
    await expectErrorBody(await resend(as.staff!.id), 409, 'aborted');
  });

  it('refuses a disabled invitee with 409, and an unknown id with 404', async () => {
    const created = await invite('ivy.disabled@test.brigade');
    expect((await t.post(`/api/admin/users/${created.id}/disable`, undefined, { as: admin })).status).toBe(
      200,
    );
    await expectErrorBody(await resend(created.id), 409, 'aborted');
    await expectErrorBody(await resend('00000000-0000-4000-8000-000000000000'), 404, 'not-found');
  });

  it('limits resends per person: the sixth within an hour is 429', async () => {
    const created = await invite('ivy.limit@test.brigade');
    for (let attempt = 0; attempt < 5; attempt++) expect((await resend(created.id)).status).toBe(202);
    await expectErrorBody(await resend(created.id), 429, 'resource-exhausted');
  });
});

describe('changing a role', () => {
  it('takes effect on the user’s next request and is audited with before and after', async () => {
    const user = await t.buildUser({ role: 'staff' });
    await expectErrorBody(await t.get('/api/settings', { as: user }), 403, 'permission-denied');
    const response = await t.patch(`/api/admin/users/${user.id}/role`, { role: 'admin' }, { as: admin });
    expect(response.status).toBe(200);
    expect(((await response.json()) as AdminUserBody).role).toBe('admin');
    expect((await t.get('/api/settings', { as: user })).status).toBe(200);

    expect(
      (await t.patch(`/api/admin/users/${user.id}/role`, { role: 'customer' }, { as: admin })).status,
    ).toBe(200);
    await expectErrorBody(await t.get('/api/customers', { as: user }), 403, 'permission-denied');

    const entries = await auditRows(user.id, 'user.role-changed');
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual(
      expect.arrayContaining([
        [{ role: 'staff' }, { role: 'admin' }],
        [{ role: 'admin' }, { role: 'customer' }],
      ]),
    );
    expect(entries.every((entry) => entry.actorId === admin.id && entry.area === 'users')).toBe(true);
  });

  it('writes no audit entry when the role stays the same', async () => {
    const user = await t.buildUser({ role: 'manager' });
    expect(
      (await t.patch(`/api/admin/users/${user.id}/role`, { role: 'manager' }, { as: admin })).status,
    ).toBe(200);
    expect(await auditRows(user.id)).toEqual([]);
  });

  it('refuses an admin’s own role with 403', async () => {
    const error = await expectErrorBody(
      await t.patch(`/api/admin/users/${admin.id}/role`, { role: 'staff' }, { as: admin }),
      403,
      'permission-denied',
    );
    expect(error.message).toBe('You cannot change your own role.');
    expect((await userRow(admin.id)).role).toBe('admin');
  });

  it.each([
    [{ role: 'owner' }, 'role'],
    [{}, 'role'],
    [{ role: 'staff', disabled: true }, 'disabled'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const error = await expectErrorBody(
      await t.patch(`/api/admin/users/${as.staff!.id}/role`, body, { as: admin }),
      400,
      'invalid-argument',
    );
    expect(error.message).toContain(field);
    expect((await userRow(as.staff!.id)).role).toBe('staff');
  });
});

describe('disabling and enabling', () => {
  it('signs the user out at once, refuses their sign-in, and lets them back in once enabled', async () => {
    const user = await t.buildUser({ role: 'staff' });
    const second = { cookie: await t.signIn(user.email, user.password) };
    expect((await t.get('/api/me', { as: user })).status).toBe(200);

    const response = await t.post(`/api/admin/users/${user.id}/disable`, undefined, { as: admin });
    expect(response.status).toBe(200);
    expect(((await response.json()) as AdminUserBody).disabled).toBe(true);

    await expectErrorBody(await t.get('/api/me', { as: user }), 401, 'unauthenticated');
    await expectErrorBody(await t.get('/api/me', { as: second }), 401, 'unauthenticated');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    const refused = await t.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    const error = await expectErrorBody(refused, 403, 'permission-denied');
    expect(error.message).toBe('This account is disabled. Please contact the restaurant.');

    // Calling it again changes nothing and writes no second entry.
    expect((await t.post(`/api/admin/users/${user.id}/disable`, undefined, { as: admin })).status).toBe(200);
    const disabledEntries = await auditRows(user.id, 'user.disabled');
    expect(disabledEntries).toHaveLength(1);
    expect(disabledEntries[0]).toEqual(
      expect.objectContaining({
        actorId: admin.id,
        before: { disabled: false },
        // buildUser's sign-in and the second sign-in above (sign-up itself does not sign in).
        after: { disabled: true, endedSessions: 2 },
      }),
    );

    const enabled = await t.post(`/api/admin/users/${user.id}/enable`, undefined, { as: admin });
    expect(enabled.status).toBe(200);
    expect(((await enabled.json()) as AdminUserBody).disabled).toBe(false);
    const cookie = await t.signIn(user.email, user.password);
    expect((await t.get('/api/customers', { as: { cookie } })).status).toBe(200);
    expect((await t.post(`/api/admin/users/${user.id}/enable`, undefined, { as: admin })).status).toBe(200);
    const enabledEntries = await auditRows(user.id, 'user.enabled');
    expect(enabledEntries.map((entry) => [entry.before, entry.after])).toEqual([
      [{ disabled: true }, { disabled: false }],
    ]);
  });

  it('refuses disabling oneself with 403', async () => {
    const error = await expectErrorBody(
      await t.post(`/api/admin/users/${admin.id}/disable`, undefined, { as: admin }),
      403,
      'permission-denied',
    );
    expect(error.message).toBe('You cannot disable your own account.');
    expect((await t.get('/api/me', { as: admin })).status).toBe(200);
  });
});

describe('sending a password reset', () => {
  it('e-mails the reset link with 202 and audits it', async () => {
    const user = await t.buildUser({ role: 'staff' });
    const response = await t.post(`/api/admin/users/${user.id}/password-reset`, undefined, { as: admin });
    expect(response.status).toBe(202);
    const message = await latestMessage(t.db, user.email, 'reset-password');
    const token = linkIn(message!.body).searchParams.get('token')!;
    expect(
      (await t.post('/api/auth/reset-password', { token, newPassword: 'reset-by-admin-1' })).status,
    ).toBe(200);
    expect(await t.signIn(user.email, 'reset-by-admin-1')).toContain('brigade.session_token=');
    const [entry] = await auditRows(user.id, 'user.password-reset-sent');
    expect(entry).toEqual(expect.objectContaining({ actorId: admin.id, after: { email: user.email } }));
  });

  it('refuses a disabled account with 409 and sends nothing', async () => {
    const user = await t.buildUser({ role: 'staff' });
    await t.post(`/api/admin/users/${user.id}/disable`, undefined, { as: admin });
    const error = await expectErrorBody(
      await t.post(`/api/admin/users/${user.id}/password-reset`, undefined, { as: admin }),
      409,
      'aborted',
    );
    expect(error.message).toContain('disabled');
    expect(await latestMessage(t.db, user.email, 'reset-password')).toBeUndefined();
  });

  it('refuses a phone-only account with 409 and sends nothing', async () => {
    const email = phoneOnlyEmail('+15550009999');
    const [row] = await t.db
      .insert(users)
      .values({ name: '+15550009999', email, phoneNumber: '+15550009999' })
      .returning();
    const error = await expectErrorBody(
      await t.post(`/api/admin/users/${row!.id}/password-reset`, undefined, { as: admin }),
      409,
      'aborted',
    );
    expect(error.message).toContain('phone');
    expect((await t.db.select().from(devOutbox).where(eq(devOutbox.recipient, email))).length).toBe(0);
    expect(await auditRows(row!.id)).toEqual([]);
  });
});

describe('the last active administrator', () => {
  let app: TestApp;
  let owner: { id: string; cookie: string };
  let second: TestUser;

  beforeAll(async () => {
    // Its own database: exactly two active admins, the first-start owner and one more.
    app = await createTestApp();
    const [row] = await app.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    owner = { id: row!.id, cookie: await app.signIn(ADMIN_EMAIL, ADMIN_PASSWORD) };
    second = await app.buildUser({ role: 'admin' });
  });
  afterAll(() => app.close());

  async function activeAdmins() {
    const rows = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.disabled, false)));
    return rows.map((row) => row.id);
  }

  async function reset() {
    // Every round signs both in again; the per-account sign-in limit is not what is tested here.
    await app.db.execute(sql`delete from rate_limits`);
    for (const id of [owner.id, second.id])
      await app.db.update(users).set({ role: 'admin', disabled: false }).where(eq(users.id, id));
    owner.cookie = await app.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    second.cookie = await app.signIn(second.email, second.password);
  }

  const demote = (by: { cookie: string }, id: string) =>
    app.patch(`/api/admin/users/${id}/role`, { role: 'staff' }, { as: by });
  const disable = (by: { cookie: string }, id: string) =>
    app.post(`/api/admin/users/${id}/disable`, undefined, { as: by });

  const pairs = [
    ['demote each other', demote, demote],
    ['disable each other', disable, disable],
    ['one demotes while the other disables', demote, disable],
  ] as const;

  /** How many backends of this database wait for a row lock. */
  async function waitingForLocks(): Promise<number> {
    const result = await app.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return result.rows[0]!.waiting;
  }

  it.each(pairs)(
    'two admins who %s while both are past the guard: one succeeds, the other hears why not',
    async (_name, first, other) => {
      await reset();
      // Hold the admin rows so that both requests pass their guard (both still admins) and then
      // queue inside their transactions: the worst interleaving, made certain.
      let responses: Response[] = [];
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where role = 'admin' and not disabled for update`);
        const pending = Promise.all([first(owner, second.id), other(second, owner.id)]);
        await expect.poll(waitingForLocks, { timeout: 10_000 }).toBe(2);
        pending.then((done) => {
          responses = done;
        });
      });
      await expect.poll(() => responses.length, { timeout: 10_000 }).toBe(2);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      const loser = responses.find((response) => response.status === 409)!;
      const error = await expectErrorBody(loser, 409, 'aborted');
      expect(error.message).toContain('the last active administrator');
      expect(await activeAdmins()).toHaveLength(1);
    },
  );

  it.each(pairs)(
    'two admins who %s at the same time, freely racing: exactly one succeeds',
    async (_n, first, other) => {
      for (let round = 0; round < 5; round++) {
        await reset();
        const responses = await Promise.all([first(owner, second.id), other(second, owner.id)]);
        const statuses = responses.map((response) => response.status).sort();
        // The loser is refused by the last-admin rule (409), or, when the winner was done before the
        // loser's request was even read, by the guard: no longer an admin (403) or signed out (401).
        expect(statuses.filter((status) => status === 200)).toHaveLength(1);
        expect([401, 403, 409]).toContain(statuses.find((status) => status !== 200));
        expect(await activeAdmins()).toHaveLength(1);
      }
    },
  );

  it('keeps one admin when both demote and disable at once from both sides', async () => {
    await reset();
    await Promise.all([
      demote(owner, second.id),
      disable(owner, second.id),
      demote(second, owner.id),
      disable(second, owner.id),
    ]);
    expect(await activeAdmins()).toHaveLength(1);
  });
});

describe('the OpenAPI document', () => {
  it('describes every User Management and Audit Log endpoint', async () => {
    const doc = (await (await t.get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, tags: operation.tags })),
    );
    const tagged = (tag: string) =>
      operations.filter((operation) => operation.tags?.includes(tag)).map((o) => `${o.method} ${o.path}`);
    expect(tagged('User Management').sort()).toEqual([
      'get /api/admin/users',
      'get /api/admin/users/{id}',
      'patch /api/admin/users/{id}/role',
      'post /api/admin/users',
      'post /api/admin/users/{id}/disable',
      'post /api/admin/users/{id}/enable',
      'post /api/admin/users/{id}/invitation',
      'post /api/admin/users/{id}/password-reset',
    ]);
    expect(tagged('Audit Log').sort()).toEqual(['get /api/admin/audit', 'get /api/admin/audit/actors']);
  });
});
