import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { Profile } from '../../../shared/contracts/user';
import { isRole } from '../../../shared/roles';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { newestFirst, toPage } from '../../lib/pagination';
import { authorize } from '../../policies';
import { isPhoneOnlyEmail, users } from '../auth';

type UserRow = typeof users.$inferSelect;

/** A user row as the profile the API gives (`ProfileSchema`). */
export function presentProfile(row: UserRow): Profile {
  return {
    uid: row.id,
    email: isPhoneOnlyEmail(row.email) ? null : row.email,
    displayName: row.name || null,
    phoneNumber: row.phoneNumber,
    photoURL: row.image,
    emailVerified: row.emailVerified,
    role: isRole(row.role) ? row.role : 'customer',
  };
}

/** `GET /api/me` runs on every screen: its query is built once per database and prepared by name. */
const ownProfileQueries = new WeakMap<Database, ReturnType<typeof prepareOwnProfile>>();
function prepareOwnProfile(db: Database) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('brigade_own_profile');
}

/** The signed-in user's own profile. */
export async function getOwnProfile(db: Database, actor: Actor): Promise<Profile> {
  authorize(actor, 'account.read', { ownerId: actor.id });
  let query = ownProfileQueries.get(db);
  if (!query) {
    query = prepareOwnProfile(db);
    ownProfileQueries.set(db, query);
  }
  const [row] = await query.execute({ id: actor.id });
  if (!row) throw notFound('Your account no longer exists.');
  return presentProfile(row);
}

export interface CustomerSummary {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  createdAt: string;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Customer accounts, newest first, optionally matching `search` in name, e-mail or phone: what the
 * point of sale needs to attach an order to a guest's account.
 */
export async function listCustomers(
  db: Database,
  actor: Actor,
  query: { search?: string; limit: number; cursor?: string },
): Promise<{ items: CustomerSummary[]; nextCursor: string | null }> {
  authorize(actor, 'customers.read');
  const order = newestFirst(users, query.cursor);
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.role, 'customer'),
        pattern
          ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phoneNumber, pattern))
          : undefined,
        order.where,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    createdAt: row.createdAt.toISOString(),
  }));
}
