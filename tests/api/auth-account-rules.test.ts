import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/modules/auth/auth.schema';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  expectErrorBody,
  type TestApp,
} from '../support/test-app';

/** Finding 4: one rule for names, photos and reserved addresses wherever an account is made or changed. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function countUsers(email: string) {
  return (await t.db.select().from(users).where(eq(users.email, email))).length;
}

/** The 400 names the field. */
async function expectFieldRefused(response: Response, field: string) {
  const error = await expectErrorBody(response, 400, 'invalid-argument');
  const issues = (error.details as { issues?: { path: unknown }[] } | undefined)?.issues ?? [];
  expect(issues.map((issue) => String(issue.path))).toContain(field);
  return error;
}

describe('sign-up', () => {
  const badNames: [string, unknown][] = [
    ['empty', ''],
    ['only spaces', '   '],
    ['101 characters', 'x'.repeat(101)],
    ['200,000 characters', 'y'.repeat(200_000)],
    ['a line break', 'Eve\nDear customer, click evil.example'],
    ['a carriage return', 'Eve\rX'],
    ['a tab', 'Eve\tX'],
    ['a Unicode line separator', 'Eve\u2028X'],
    ['a number instead of text', 42],
  ];
  for (const [what, name] of badNames) {
    it(`refuses a name with ${what}, creates nothing and sends nothing`, async () => {
      const email = `bad-name-${Math.random().toString(36).slice(2)}@test.brigade`;
      await expectFieldRefused(await t.signUp({ name, email, password: 'secret1' }), 'name');
      expect(await countUsers(email)).toBe(0);
    });
  }

  it('trims the name and takes 100 characters', async () => {
    const email = 'hundred@test.brigade';
    expect((await t.signUp({ name: `  ${'z'.repeat(100)}  `, email, password: 'secret1' })).status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.name).toBe('z'.repeat(100));
  });

  it('refuses a photo given as an address', async () => {
    const email = 'with-image@test.brigade';
    const error = await expectFieldRefused(
      await t.signUp({ name: 'Imogen', email, password: 'secret1', image: '/api/images/someone-elses' }),
      'image',
    );
    expect(error.message).toBe('Upload a photo instead of giving its address.');
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses the reserved addresses of phone-only accounts, so the real phone sign-up still works', async () => {
    const phoneNumber = '+15550007788';
    const reserved = '15550007788@phone.brigade.invalid';
    for (const email of [reserved, '15550007788@PHONE.BRIGADE.INVALID', 'x@sub.phone.brigade.invalid']) {
      const error = await expectFieldRefused(
        await t.signUp({ name: 'Squatter', email, password: 'secret1' }),
        'email',
      );
      expect(error.message).toBe('This e-mail address cannot be used. Please enter your own address.');
    }
    expect(await countUsers(reserved)).toBe(0);
    // The owner of the number signs up by phone without a 500.
    const send = await t.post(
      '/api/auth/phone-number/send-otp',
      { phoneNumber },
      { headers: { 'x-human-check': await t.humanCheck() } },
    );
    expect(send.status).toBe(200);
    const { latestMessage, codeIn } = await import('../support/outbox');
    const code = codeIn((await latestMessage(t.db, phoneNumber, 'phone-code'))!.body);
    const verified = await t.post('/api/auth/phone-number/verify', { phoneNumber, code });
    expect(verified.status).toBe(200);
  });
});

describe('changes of a signed-in account', () => {
  it('update-user refuses a name on several lines and a photo address', async () => {
    const user = await t.buildUser();
    await expectFieldRefused(await t.post('/api/auth/update-user', { name: 'A\nB' }, { as: user }), 'name');
    await expectFieldRefused(
      await t.post('/api/auth/update-user', { name: 'q'.repeat(101) }, { as: user }),
      'name',
    );
    await expectFieldRefused(
      await t.post('/api/auth/update-user', { image: 'https://evil.example/x.png' }, { as: user }),
      'image',
    );
    expect((await t.post('/api/auth/update-user', { name: '  Tidy Name ' }, { as: user })).status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe('Tidy Name');
  });

  it('change-email refuses a reserved address', async () => {
    const user = await t.buildUser();
    await expectFieldRefused(
      await t.post('/api/auth/change-email', { newEmail: '15550001111@phone.brigade.invalid' }, { as: user }),
      'newEmail',
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
  });
});

describe('an admin adding a team member', () => {
  it('follows the same rule for the name and the address', async () => {
    const admin = { cookie: await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD) };
    const add = (body: Record<string, unknown>) => t.post('/api/admin/users', body, { as: admin });
    await expectFieldRefused(
      await add({ name: 'Two\nLines', email: 'two-lines@test.brigade', role: 'staff' }),
      'name',
    );
    await expectFieldRefused(
      await add({ name: 'n'.repeat(101), email: 'long@test.brigade', role: 'staff' }),
      'name',
    );
    await expectFieldRefused(
      await add({ name: 'Reserved', email: '15550002222@phone.brigade.invalid', role: 'staff' }),
      'email',
    );
    expect(await countUsers('two-lines@test.brigade')).toBe(0);
    expect(await countUsers('15550002222@phone.brigade.invalid')).toBe(0);
  });
});
