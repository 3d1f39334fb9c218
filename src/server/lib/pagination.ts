import { z } from '@hono/zod-openapi';
import { and, type Column, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { badRequest } from './errors';

/** `limit` 1..500 (default 50), a bad one is a 400; cursor pagination. */
export const PaginationQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'must be a whole number from 1 to 500' })
    .int('must be a whole number from 1 to 500')
    .min(1, 'must be at least 1')
    .max(500, 'must be at most 500')
    .default(50)
    .openapi({ example: 50 }),
  cursor: z.string().max(200).optional().openapi({ description: 'nextCursor of the previous page' }),
});

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
  });

interface CursorPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(`${position.createdAt.toISOString()}|${position.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  const uuid = z.uuid().safeParse(id);
  if (Number.isNaN(createdAt.getTime()) || !uuid.success) {
    throw badRequest('Invalid query: cursor: is not a cursor this list gave out', {
      issues: [{ path: 'cursor', message: 'is not a cursor this list gave out' }],
    });
  }
  return { createdAt, id: uuid.data };
}

/** Newest first; with a cursor, only rows after it. */
export function newestFirst(columns: { createdAt: Column; id: Column }, cursor: string | undefined) {
  const position = cursor ? decodeCursor(cursor) : null;
  const after: SQL | undefined = position
    ? or(
        lt(columns.createdAt, position.createdAt),
        and(eq(columns.createdAt, position.createdAt), lt(columns.id, position.id)),
      )
    : undefined;
  return { where: after, orderBy: [desc(columns.createdAt), desc(columns.id)] };
}

/** Turns `limit + 1` fetched rows into a page and the cursor of the next one. */
export function toPage<Row extends CursorPosition, Item>(
  rows: Row[],
  limit: number,
  present: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } {
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(present),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

/**
 * A list filter given as `a,b,c`: an empty list is a 400, never read as "no filter"
 * (docs/PRODUCT-RULES.md, Data conventions).
 */
export const listFilter = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .string()
    .transform((raw) => (raw.trim() === '' ? [] : raw.split(',').map((part) => part.trim())))
    .pipe(z.array(z.enum(values)).min(1, 'must name at least one value'));
