import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AdminUser, STAFF_ROLES, type StaffRole } from '../../../shared/contracts/admin-users';
import { isRole, type Role } from '../../../shared/roles';
import type { Database } from '../../db/client';
import type { Actor, AppDeps } from '../../lib/context';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { newestFirst, toPage } from '../../lib/pagination';
import { SESSIONS_TOPIC } from '../../lib/session-fast-path';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import {
  accounts,
  isPhoneOnlyEmail,
  sendInvitation,
  sendPasswordReset,
  sessions,
  users,
  verifications,
} from '../auth';
import { publishChange } from '../events';
import { enforceRateLimit, type RateLimitRule } from '../security';

type UserRow = typeof users.$inferSelect;
/** A Drizzle transaction of the app's database. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Roles an admin may give a new account: customers sign up themselves. */
export { STAFF_ROLES, type StaffRole } from '../../../shared/contracts/admin-users';

/** The two tabs of User Management: the team (staff, manager, admin) and the guests (customer). */
export const USER_GROUPS = ['staff', 'customers'] as const;
export type UserGroup = (typeof USER_GROUPS)[number];

const GROUP_ROLES: Record<UserGroup, readonly Role[]> = {
  staff: STAFF_ROLES,
  customers: ['customer'],
};

export type { AdminUser } from '../../../shared/contracts/admin-users';

/** Who asked, for the audit log. */
export interface RequestMeta {
  ipAddress?: string;
}

const LAST_ADMIN_HINT = 'Make another user an administrator first.';

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The newest `updated_at` of the user's sessions, as a correlated sub-select. Written with explicit
 * qualifiers: Drizzle leaves columns unqualified in a one-table select, and an unqualified `id` inside
 * the sub-select would mean the session's own id.
 */
const lastSeenColumn = sql<Date | string | null>`(
  select max(last_seen.${sql.identifier(sessions.updatedAt.name)}) from ${sessions} as last_seen
  where last_seen.${sql.identifier(sessions.userId.name)} = ${users}.${sql.identifier(users.id.name)}
)`;

/**
 * Whether the user has any way to sign in yet: a password (better-auth's credential account) or a
 * linked Google account. A team member added by an admin has neither until they accept the invitation.
 */
const hasSignInColumn = sql<boolean>`exists (
  select 1 from ${accounts} as sign_in
  where sign_in.${sql.identifier(accounts.userId.name)} = ${users}.${sql.identifier(users.id.name)}
)`;

/** Invitations sent again per invited person: enough for a lost e-mail, not a mail bomb. */
const INVITATION_RESEND_LIMIT: RateLimitRule = {
  name: 'invitation-resend:account',
  limit: 5,
  windowSeconds: 60 * 60,
};

function toIso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function present(row: UserRow, lastSeenAt: Date | string | null, hasSignIn: boolean): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: isPhoneOnlyEmail(row.email) ? null : row.email,
    phoneNumber: row.phoneNumber,
    role: isRole(row.role) ? row.role : 'customer',
    disabled: row.disabled,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: toIso(lastSeenAt),
    // Phone accounts sign in with a code and were never invited.
    invitationPending: !hasSignIn && !isPhoneOnlyEmail(row.email),
  };
}

/** How a user is named in audit summaries: "Sam Server (sam@example.com)". */
function describeUser(row: UserRow): string {
  const contact = isPhoneOnlyEmail(row.email) ? row.phoneNumber : row.email;
  return contact ? `${row.name} (${contact})` : row.name;
}

/** A path id that is not a UUID names no user: 404, never a database error. */
function userIdOrNotFound(id: string): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw notFound('There is no user with this id.');
  return parsed.data;
}

async function findUser(db: Database | Transaction, id: string): Promise<AdminUser> {
  const [found] = await db
    .select({ user: users, lastSeenAt: lastSeenColumn, hasSignIn: hasSignInColumn })
    .from(users)
    .where(eq(users.id, userIdOrNotFound(id)));
  if (!found) throw notFound('There is no user with this id.');
  return present(found.user, found.lastSeenAt, found.hasSignIn);
}

/**
 * Locks the rows of every active administrator (in id order, so concurrent callers queue instead of
 * deadlocking) and returns their ids. Two admins demoting or disabling each other at the same time
 * then run one after the other, and the second sees the first one's result.
 */
async function lockActiveAdmins(tx: Transaction): Promise<Set<string>> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false)))
    .orderBy(asc(users.id))
    .for('update');
  return new Set(rows.map((row) => row.id));
}

/** The target row, locked (after the admin rows, always in that order). */
async function lockTarget(tx: Transaction, id: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound('There is no user with this id.');
  return row;
}

/**
 * The actor's role was read before the transaction; a concurrent change may have demoted or disabled
 * them since, and what they asked for must then not happen.
 */
function assertStillAdmin(actor: Actor, activeAdmins: Set<string>): void {
  if (!activeAdmins.has(actor.id)) throw forbidden('Only an administrator can do this.');
}

export interface ListUsersQuery {
  group: UserGroup;
  search?: string;
  limit: number;
  cursor?: string;
}

/** Accounts of one group (team or customers), newest first, optionally matching name, e-mail or phone. */
export async function listUsers(
  db: Database,
  actor: Actor,
  query: ListUsersQuery,
): Promise<{ items: AdminUser[]; nextCursor: string | null }> {
  authorize(actor, 'users.read');
  const order = newestFirst(users, query.cursor);
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const filters: (SQL | undefined)[] = [
    inArray(users.role, [...GROUP_ROLES[query.group]]),
    pattern
      ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phoneNumber, pattern))
      : undefined,
    order.where,
  ];
  const rows = await db
    .select({ user: users, lastSeenAt: lastSeenColumn, hasSignIn: hasSignInColumn })
    .from(users)
    .where(and(...filters))
    .orderBy(...order.orderBy)
    .limit(query.limit + 1);
  const positioned = rows.map((row) => ({ ...row, createdAt: row.user.createdAt, id: row.user.id }));
  return toPage(positioned, query.limit, (row) => present(row.user, row.lastSeenAt, row.hasSignIn));
}

/** One account with its role and state. */
export async function getUser(db: Database, actor: Actor, id: string): Promise<AdminUser> {
  authorize(actor, 'users.read');
  return findUser(db, id);
}

export interface CreateStaffInput extends RequestMeta {
  name: string;
  email: string;
  role: StaffRole;
}

/**
 * Creates a team member's account with no password and e-mails them an invitation link to choose
 * one. The account and its audit entry commit together before the e-mail goes out, so a link never
 * points at an account that was rolled back.
 */
export async function createStaffMember(
  deps: Pick<AppDeps, 'db' | 'auth' | 'config' | 'messenger' | 'logger'>,
  actor: Actor,
  input: CreateStaffInput,
): Promise<AdminUser> {
  authorize(actor, 'users.invite');
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  const duplicate = () =>
    conflict(`An account with the e-mail address ${email} already exists. Change its role instead.`);

  const created = await deps.db
    .transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      if (existing) throw duplicate();
      const [row] = await tx.insert(users).values({ name, email, role: input.role }).returning();
      if (!row) throw new Error('insert into users returned no row');
      await recordAudit(tx, actor, {
        area: 'users',
        action: 'user.created',
        summary: `Added ${describeUser(row)} as ${row.role} and sent an invitation`,
        targetType: 'user',
        targetId: row.id,
        before: null,
        after: { name: row.name, email: row.email, role: row.role, disabled: row.disabled },
        ipAddress: input.ipAddress,
      });
      return row;
    })
    .catch((error: unknown) => {
      // Two admins adding the same address at once: the unique index settles it; say so plainly.
      const code = (error as { cause?: { code?: string }; code?: string }).cause?.code;
      if (code === '23505' || (error as { code?: string }).code === '23505') throw duplicate();
      throw error;
    });

  try {
    await sendInvitation(deps, { id: created.id, email: created.email, name: created.name }, actor.name);
  } catch (error) {
    deps.logger.error({ err: error, userId: created.id }, 'invitation e-mail failed');
    throw new AppError(
      503,
      `The account for ${created.email} was created, but the invitation e-mail could not be sent. ` +
        'Use "Resend invitation" to send it again.',
    );
  }
  return present(created, null, false);
}

export interface ChangeRoleInput extends RequestMeta {
  id: string;
  role: Role;
}

/** Gives a user another role; refuses the actor's own role and taking away the last active admin. */
export async function changeUserRole(db: Database, actor: Actor, input: ChangeRoleInput): Promise<AdminUser> {
  const id = userIdOrNotFound(input.id);
  authorize(actor, 'users.role.change', { id });
  await db.transaction(async (tx) => {
    const activeAdmins = await lockActiveAdmins(tx);
    const target = await lockTarget(tx, id);
    // The last-admin rule first: when two admins demote each other at once, the second one learns why.
    if (activeAdmins.has(target.id) && input.role !== 'admin' && activeAdmins.size <= 1) {
      throw conflict(`You cannot demote the last active administrator. ${LAST_ADMIN_HINT}`);
    }
    assertStillAdmin(actor, activeAdmins);
    if (target.role === input.role) return;
    await tx.update(users).set({ role: input.role, updatedAt: new Date() }).where(eq(users.id, id));
    // Sessions kept in memory for a few seconds (lib/session-fast-path.ts) are read again.
    await publishChange(tx, SESSIONS_TOPIC);
    await recordAudit(tx, actor, {
      area: 'users',
      action: 'user.role-changed',
      summary: `Changed the role of ${describeUser(target)} from ${target.role} to ${input.role}`,
      targetType: 'user',
      targetId: id,
      before: { role: target.role },
      after: { role: input.role },
      ipAddress: input.ipAddress,
    });
  });
  return findUser(db, id);
}

export interface SetDisabledInput extends RequestMeta {
  id: string;
  disabled: boolean;
}

/**
 * Disables a user, ending all their sessions in the same transaction (signed out at once), or
 * enables them again. Refuses disabling oneself and the last active admin; a call that changes
 * nothing writes no audit entry.
 */
export async function setUserDisabled(
  db: Database,
  actor: Actor,
  input: SetDisabledInput,
): Promise<AdminUser> {
  const id = userIdOrNotFound(input.id);
  if (input.disabled) authorize(actor, 'users.disable', { id });
  else authorize(actor, 'users.enable', { id });
  await db.transaction(async (tx) => {
    const activeAdmins = await lockActiveAdmins(tx);
    const target = await lockTarget(tx, id);
    if (input.disabled && activeAdmins.has(target.id) && activeAdmins.size <= 1) {
      throw conflict(`You cannot disable the last active administrator. ${LAST_ADMIN_HINT}`);
    }
    assertStillAdmin(actor, activeAdmins);
    if (target.disabled === input.disabled) return;
    await tx.update(users).set({ disabled: input.disabled, updatedAt: new Date() }).where(eq(users.id, id));
    await publishChange(tx, SESSIONS_TOPIC);
    let endedSessions = 0;
    if (input.disabled) {
      const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
      endedSessions = ended.length;
    }
    await recordAudit(tx, actor, {
      area: 'users',
      action: input.disabled ? 'user.disabled' : 'user.enabled',
      summary: input.disabled
        ? `Disabled ${describeUser(target)}${endedSessions > 0 ? ` and signed them out of ${endedSessions} session${endedSessions === 1 ? '' : 's'}` : ''}`
        : `Enabled ${describeUser(target)}`,
      targetType: 'user',
      targetId: id,
      before: { disabled: target.disabled },
      after: input.disabled ? { disabled: true, endedSessions } : { disabled: false },
      ipAddress: input.ipAddress,
    });
  });
  return findUser(db, id);
}

/**
 * E-mails the user the same password-reset link that "forgot password" sends. Refused for disabled
 * accounts (the link would lead nowhere) and for phone-only accounts (no address to write to).
 */
export async function sendUserPasswordReset(
  deps: Pick<AppDeps, 'db' | 'auth'>,
  actor: Actor,
  input: { id: string } & RequestMeta,
): Promise<void> {
  const id = userIdOrNotFound(input.id);
  authorize(actor, 'users.password-reset.send', { id });
  const [target] = await deps.db.select().from(users).where(eq(users.id, id));
  if (!target) throw notFound('There is no user with this id.');
  if (target.disabled) {
    throw conflict('This account is disabled. Enable it before sending a password reset.');
  }
  if (isPhoneOnlyEmail(target.email)) {
    throw conflict('This account signs in by phone and has no e-mail address to send a reset link to.');
  }
  await sendPasswordReset(deps, target.email);
  await recordAudit(deps.db, actor, {
    area: 'users',
    action: 'user.password-reset-sent',
    summary: `Sent a password reset e-mail to ${describeUser(target)}`,
    targetType: 'user',
    targetId: id,
    before: null,
    after: { email: target.email },
    ipAddress: input.ipAddress,
  });
}

/**
 * E-mails an invited team member a new invitation link, for one that was lost or expired. The links
 * sent before stop working, so only the newest is valid. Refused (409) once they have accepted (they
 * can sign in; a password reset is what they need then), for disabled and phone-only accounts.
 */
export async function resendInvitation(
  deps: Pick<AppDeps, 'db' | 'auth' | 'config' | 'messenger' | 'logger'>,
  actor: Actor,
  input: { id: string } & RequestMeta,
): Promise<void> {
  const id = userIdOrNotFound(input.id);
  authorize(actor, 'users.invite');
  const [found] = await deps.db
    .select({ user: users, hasSignIn: hasSignInColumn })
    .from(users)
    .where(eq(users.id, id));
  if (!found) throw notFound('There is no user with this id.');
  const target = found.user;
  if (isPhoneOnlyEmail(target.email)) {
    throw conflict('This account signs in by phone and has no e-mail address to send an invitation to.');
  }
  if (found.hasSignIn) {
    throw conflict(
      `${target.name} has already accepted the invitation and can sign in. Send a password reset instead.`,
    );
  }
  if (target.disabled) {
    throw conflict('This account is disabled. Enable it before sending an invitation.');
  }
  await enforceRateLimit(deps.db, INVITATION_RESEND_LIMIT, id);
  // Earlier invitation (and reset) links of this person stop working: the new e-mail is the one.
  await deps.db
    .delete(verifications)
    .where(and(eq(verifications.value, id), sql`${verifications.identifier} like 'reset-password:%'`));
  try {
    await sendInvitation(deps, { id: target.id, email: target.email, name: target.name }, actor.name);
  } catch (error) {
    deps.logger.error({ err: error, userId: target.id }, 'invitation e-mail failed');
    throw new AppError(503, `The invitation e-mail to ${target.email} could not be sent. Try again later.`);
  }
  await recordAudit(deps.db, actor, {
    area: 'users',
    action: 'user.invitation-resent',
    summary: `Sent ${describeUser(target)} a new invitation`,
    targetType: 'user',
    targetId: id,
    before: null,
    after: { email: target.email },
    ipAddress: input.ipAddress,
  });
}
