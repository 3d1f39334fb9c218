import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { Auth } from './auth';
import { users } from './auth.schema';

export interface BootstrapResult {
  created: boolean;
  email: string;
  /** Set only when the password was generated, so it can be shown once. */
  generatedPassword?: string;
}

/**
 * On first start (no users at all), creates the owner's admin account from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or with a random password that the caller prints once. Call it under the start-up
 * lock so two processes starting together create one admin.
 */
export async function ensureAdmin(
  db: Database,
  auth: Auth,
  options: { email: string; password: string | undefined; logger: Logger },
): Promise<BootstrapResult> {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) return { created: false, email: options.email };

  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const password = options.password ?? generatedPassword!;
  const { user } = await auth.api.signUpEmail({
    body: { name: 'Owner', email: options.email, password },
  });
  await db.update(users).set({ role: 'admin', emailVerified: true }).where(eq(users.id, user.id));
  options.logger.info({ email: options.email }, 'created the admin account');
  return { created: true, email: options.email, generatedPassword };
}
