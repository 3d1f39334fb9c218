import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../lib/context';
import { getSettings } from '../settings';
import { passwordPageLink } from './auth-links';

/** How long an invitation to a new staff member stays valid. */
const INVITATION_SECONDS = 7 * 24 * 60 * 60;

/**
 * E-mails a new staff member a link to choose their password. The link is a password-reset token in
 * better-auth's own store, so /auth/reset-password and better-auth's reset endpoint accept it once.
 */
export async function sendInvitation(
  deps: Pick<AppDeps, 'auth' | 'db' | 'config' | 'messenger'>,
  user: { id: string; email: string; name: string },
  invitedBy: string,
): Promise<void> {
  const token = randomBytes(24).toString('base64url');
  const context = await deps.auth.$context;
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + INVITATION_SECONDS * 1000),
  });
  const name = (await getSettings(deps.db)).name;
  // The address rides along so the page can sign the new team member in once the password is set.
  const link = new URL(passwordPageLink(deps.config, token, 'invitation'));
  link.searchParams.set('email', user.email);
  await deps.messenger.sendEmail({
    to: user.email,
    subject: `You are invited to ${name} on Brigade`,
    text:
      `Hello ${user.name},\n\n${invitedBy} added you to the ${name} team. Choose your password within 7 days ` +
      `with this link, then sign in with ${user.email}:\n\n${link.toString()}\n`,
    purpose: 'invitation',
  });
}

/** Sends the user the same password-reset e-mail that "forgot password" sends. */
export async function sendPasswordReset(deps: Pick<AppDeps, 'auth'>, email: string): Promise<void> {
  await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: '/auth/reset-password' } });
}
