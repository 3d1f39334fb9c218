import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles';
import { type Access, guard } from './auth-guards';
import type { AppEnv } from './context';
import { handleError } from './errors';
import type { Logger } from './logger';

/** A one-route app whose actor is set up front, so the guard never asks better-auth. */
function appAs(role: Role | null, access: Access) {
  const app = new Hono<AppEnv>();
  app.onError((error, c) => handleError(error, c, console as unknown as Logger));
  app.use(async (c, next) => {
    c.set('actor', role ? { id: 'u1', email: 'u@example.com', name: 'U', role, sessionId: 's1' } : null);
    await next();
  });
  app.get('/x', guard(access), (c) => c.text('ok'));
  return app;
}

const expected: Record<Exclude<Access, 'public'>, { allowed: Role[]; message: string }> = {
  'signed-in': { allowed: [...ROLES], message: '' },
  staff: { allowed: ['staff', 'manager', 'admin'], message: 'Only staff members can do this.' },
  manager: { allowed: ['manager', 'admin'], message: 'Only a manager can do this.' },
  admin: { allowed: ['admin'], message: 'Only an administrator can do this.' },
};

describe.each(Object.entries(expected))('guard(%s)', (access, { allowed, message }) => {
  it.each([...ROLES])('answers a %s as the rule says', async (role) => {
    const response = await appAs(role, access as Access).request('/x');
    if (allowed.includes(role)) {
      expect(response.status).toBe(200);
    } else {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: { code: 'permission-denied', message } });
    }
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await appAs(null, access as Access).request('/x')).status).toBe(401);
  });
});
