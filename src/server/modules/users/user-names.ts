import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../auth';

/** The current names of the given accounts (those that still exist), by id. */
export async function userNames(db: Database, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  for (const row of rows) names.set(row.id, row.name);
  return names;
}
