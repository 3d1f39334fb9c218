import { inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/transaction';
import { users } from './auth.schema';

/** The current names of the given people (those that still exist), by id; nulls and repeats are skipped. */
export async function userNames(
  db: Queryable,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (unique.length === 0) return names;
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, unique));
  for (const row of rows) names.set(row.id, row.name);
  return names;
}
