import type { AppDeps } from '../../lib/context';

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
