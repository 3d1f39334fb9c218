import { eq, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/roles';
import type { AppDeps } from '../../lib/context';
import { users } from './auth.schema';

/**
 * Whether `password` is the user's current password, checked as better-auth's change-password checks
 * it: against the hash of the user's credential account, with better-auth's own hasher. `no-password`
 * when the user has no credential account (signed in by Google or phone only). Counting wrong answers
 * against a limit is the caller's part.
 */
export async function checkCurrentPassword(
  deps: Pick<AppDeps, 'auth'>,
  userId: string,
  password: string,
): Promise<'right' | 'wrong' | 'no-password'> {
  const context = await deps.auth.$context;
  const account = await context.internalAdapter.findCredentialAccount(userId);
  if (!account?.password) return 'no-password';
  return (await context.password.verify({ hash: account.password, password })) ? 'right' : 'wrong';
}

/** Whether the user has a password at all (a credential account), before anything is asked of them. */
export async function hasPassword(deps: Pick<AppDeps, 'auth'>, userId: string): Promise<boolean> {
  const context = await deps.auth.$context;
  const account = await context.internalAdapter.findCredentialAccount(userId);
  return Boolean(account?.password);
}

/** A user who proved who they are with their e-mail and password, without signing in (no session). */
export interface ProvenUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/**
 * The user whose e-mail and password these are, when the account is enabled and has that password;
 * null otherwise (an unknown e-mail and a wrong password are answered alike). For an approval given
 * on someone else's device: no session is made. Counting wrong answers is the caller's part.
 */
export async function provePassword(
  deps: Pick<AppDeps, 'auth' | 'db'>,
  email: string,
  password: string,
): Promise<ProvenUser | null> {
  const [user] = await deps.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      disabled: users.disabled,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  if (!user || user.disabled) return null;
  if ((await checkCurrentPassword(deps, user.id, password)) !== 'right') return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role as Role };
}
