import { z } from '@hono/zod-openapi';
import { and, asc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { RECORD_STATUSES, type RecordStatus } from '../../shared/contracts/fields';
import { hasManagerAccess, hasStaffAccess, isAdmin } from '../../shared/roles';
import { type Queryable, type Tx, withTransaction } from '../db/transaction';
import { authorize, type PolicyAction } from '../policies';
import { type Access, FORBIDDEN_MESSAGE } from './auth-guards';
import type { Actor } from './context';
import { badRequest, conflict, findPgError, forbidden, notFound } from './errors';
import { encodeCursor, listFilter, newestFirst, PaginationQuerySchema } from './pagination';
import type { ResourceDefinition, Row, Values } from './resource-types';
import { staleWrite } from './versions';

/**
 * The service functions of one back-office resource (`defineResource`, lib/resource.ts): list with
 * search, status filter and cursor pagination; read one; create; change (including archive and
 * restore through `active`); delete when nothing refers to it. Every write runs in a transaction with
 * its audit entry. Seeds, jobs and tests call these too; the routes (resource-routes.ts) call them.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A position cursor: the row's position and id. */
function encodePositionCursor(position: number, id: string): string {
  return Buffer.from(`p|${position}|${id}`).toString('base64url');
}

function decodePositionCursor(cursor: string): { position: number; id: string } {
  const [tag, position, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const parsedId = z.uuid().safeParse(id);
  if (tag !== 'p' || !/^\d+$/.test(position ?? '') || !parsedId.success) {
    throw badRequest('Invalid query: cursor: is not a cursor this list gave out', {
      issues: [{ path: 'cursor', message: 'is not a cursor this list gave out' }],
    });
  }
  return { position: Number(position), id: parsedId.data };
}

/** A 409 for a unique index the definition names, or the original error. */
function uniqueConflict(
  error: unknown,
  messages: ResourceDefinition<never, never, never>['uniqueMessages'],
  values: Values,
) {
  const pg = findPgError(error);
  if (pg?.code !== '23505' || !pg.constraint) return error;
  const known = messages[pg.constraint];
  if (!known) return error;
  const message = known.message(values);
  return conflict(message, { issues: [{ path: known.field, message }] });
}

const hasAccess: Record<Access, (actor: Actor) => boolean> = {
  public: () => true,
  'signed-in': () => true,
  staff: (actor) => hasStaffAccess(actor.role),
  manager: (actor) => hasManagerAccess(actor.role),
  admin: (actor) => isAdmin(actor.role),
};

/** The route guard's rule, for service calls: a null actor is the system and may do anything. */
export function checkAccess(actor: Actor | null, access: Access): void {
  if (actor === null || hasAccess[access](actor)) return;
  throw forbidden(access === 'public' || access === 'signed-in' ? undefined : FORBIDDEN_MESSAGE[access]);
}

/**
 * Runs `fn` in a transaction: a new one (retried on serialization failures and deadlocks) when given
 * the pool, or a savepoint inside the caller's when given a transaction (the demo seed creates
 * records inside its own).
 */
export function inTransaction<T>(db: Queryable, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if ('rollback' in db) return db.transaction(fn);
  return withTransaction(db, fn);
}

/** How messages and audit entries name one record: `supplier “Dairy Co”`. */
export function describeValue(noun: string, name: string) {
  return `${noun} “${name}”`;
}

/** The service functions of one resource, and the list query its list route takes. */
export function resourceService<
  Item extends Record<string, unknown>,
  Input extends Values,
  Update extends Values,
  Extra extends z.ZodRawShape = Record<never, never>,
>(definition: ResourceDefinition<Item, Input, Update, Extra>) {
  const { table, noun } = definition;
  /** A write's transaction, which also announces the definition's live topics. */
  const inWriteTransaction = <T>(db: Queryable, fn: (tx: Tx) => Promise<T>) =>
    inTransaction(db, async (tx) => {
      const result = await fn(tx);
      for (const topic of definition.topics ?? []) await definition.effects.publish(tx, topic);
      return result;
    });
  const { read: readAccess, write: writeAccess, readPolicy } = definition.access;
  /** Reads take the actor: the read level, then the read policy (a null actor is the system). */
  const checkRead = (actor: Actor | null) => {
    checkAccess(actor, readAccess);
    if (actor && readPolicy) (authorize as (actor: Actor, action: PolicyAction) => void)(actor, readPolicy);
  };
  const missing = () => notFound(`There is no ${noun} with this id.`);
  const capitalNoun = noun.charAt(0).toUpperCase() + noun.slice(1);

  const sortValues = definition.position ? (['newest', 'position'] as const) : (['newest'] as const);
  const ListQuerySchema = PaginationQuerySchema.extend({
    search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
    status: listFilter(RECORD_STATUSES).optional().openapi({
      description: 'active, archived or both (comma-separated); default active',
      example: 'active',
    }),
    sort: z
      .enum(sortValues as unknown as [string, ...string[]], { error: `must be ${sortValues.join(' or ')}` })
      .optional()
      .openapi({ description: 'newest first (default) or by position' }),
    ...(definition.extraFilters?.shape ?? {}),
  }).strict();
  type ListQuery = z.infer<typeof ListQuerySchema>;

  async function loadRow(db: Queryable, id: string, lock = false): Promise<Row | null> {
    const query = db
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id));
    const rows = (lock ? await query.for('update') : await query) as Row[];
    return rows[0] ?? null;
  }

  async function presentOne(db: Queryable, row: Row): Promise<Item> {
    const [item] = await definition.present(db, [row]);
    if (!item) throw new Error(`${noun} could not be presented`);
    return item;
  }

  /** One page of records: newest first or by position, archived ones only when asked for. */
  async function list(
    db: Queryable,
    actor: Actor | null,
    query: ListQuery,
  ): Promise<{ items: Item[]; nextCursor: string | null }> {
    checkRead(actor);
    const statuses = (query.status ?? ['active']) as RecordStatus[];
    const conditions: (SQL | undefined)[] = [];
    if (statuses.length === 1) conditions.push(eq(table.active, statuses[0] === 'active'));
    if (query.search) {
      const pattern = `%${escapeLike(query.search)}%`;
      conditions.push(or(...definition.searchColumns.map((column) => ilike(column, pattern))));
    }
    if (definition.extraFilters) {
      conditions.push(...definition.extraFilters.where(query as unknown as z.infer<z.ZodObject<Extra>>));
    }
    const position = definition.position?.column;
    let orderBy: SQL[];
    if (query.sort === 'position' && position) {
      if (query.cursor) {
        const after = decodePositionCursor(query.cursor);
        conditions.push(
          or(gt(position, after.position), and(eq(position, after.position), gt(table.id, after.id))),
        );
      }
      orderBy = [asc(position), asc(table.id)];
    } else {
      const order = newestFirst(table, query.cursor);
      conditions.push(order.where);
      orderBy = order.orderBy as SQL[];
    }
    const rows = (await db
      .select()
      .from(table as PgTable)
      .where(and(...conditions))
      .orderBy(...orderBy)
      .limit(query.limit + 1)) as Row[];
    const pageRows = rows.slice(0, query.limit);
    const items = await definition.present(db, pageRows);
    const last = pageRows[pageRows.length - 1];
    let nextCursor: string | null = null;
    if (rows.length > query.limit && last) {
      nextCursor =
        query.sort === 'position' && position
          ? encodePositionCursor(Number(last[definition.position?.key ?? '']), last.id)
          : encodeCursor(last);
    }
    return { items: definition.presentInList ? items.map(definition.presentInList) : items, nextCursor };
  }

  /** One record, or a 404. */
  async function get(db: Queryable, actor: Actor | null, id: string): Promise<Item> {
    checkRead(actor);
    const row = await loadRow(db, id);
    if (!row) throw missing();
    return presentOne(db, row);
  }

  /** Creates a record and writes its audit entry. */
  async function create(db: Queryable, actor: Actor | null, input: Input): Promise<Item> {
    checkAccess(actor, writeAccess);
    definition.authorize?.(actor, { kind: 'create', input, before: null });
    const values = definition.toValues(input);
    try {
      return await inWriteTransaction(db, async (tx) => {
        await definition.check?.(tx, values, null);
        const [row] = (await tx
          .insert(table as PgTable)
          .values(values)
          .returning()) as Row[];
        if (!row) throw new Error(`${noun} insert returned nothing`);
        await definition.afterWrite?.(tx, row, input, null);
        const item = await presentOne(tx, row);
        await definition.effects.audit(tx, actor, {
          area: definition.auditArea,
          action: `${noun.replaceAll(' ', '-')}.created`,
          summary: `Created ${describeValue(noun, row.name)}`,
          targetType: noun,
          targetId: row.id,
          after: item,
        });
        return item;
      });
    } catch (error) {
      throw uniqueConflict(error, definition.uniqueMessages, values);
    }
  }

  /**
   * Changes the fields given (archive and restore are `active: false` and `true`). `version` is the
   * version the change was based on: the row is locked and compared, and a change based on an older
   * one is refused with 409 (someone else changed the record in between).
   */
  async function update(
    db: Queryable,
    actor: Actor | null,
    id: string,
    input: Update & { version: number },
  ): Promise<Item> {
    checkAccess(actor, writeAccess);
    const { version: basedOn, ...changes } = input;
    const values = definition.toValues(changes as unknown as Update);
    try {
      return await inWriteTransaction(db, async (tx) => {
        const existing = await loadRow(tx, id, true);
        if (!existing) throw missing();
        if (existing.version !== basedOn) {
          throw staleWrite(`${describeValue(noun, existing.name)}`, existing.version);
        }
        const before = await presentOne(tx, existing);
        definition.authorize?.(actor, { kind: 'update', input, before });
        if (Object.keys(changes).length === 0) return before;
        await checkLockedFields(tx, existing, before, changes);
        await definition.check?.(tx, values, existing);
        const [row] = (await tx
          .update(table as PgTable)
          .set({ ...values, version: sql`${table.version} + 1`, updatedAt: new Date() })
          .where(and(eq(table.id, id), eq(table.version, basedOn)))
          .returning()) as Row[];
        // The row is locked, so only a bug (or a write outside Drizzle) gets here.
        if (!row) throw staleWrite(describeValue(noun, existing.name), existing.version);
        await definition.afterWrite?.(tx, row, changes as unknown as Update, existing);
        const after = await presentOne(tx, row);
        const changed = Object.keys(after).filter(
          (key) =>
            key !== 'updatedAt' &&
            key !== 'version' &&
            JSON.stringify(before[key]) !== JSON.stringify(after[key]),
        );
        if (changed.length > 0) {
          const verb =
            existing.active && !row.active
              ? 'archived'
              : !existing.active && row.active
                ? 'restored'
                : 'updated';
          await definition.effects.audit(tx, actor, {
            area: definition.auditArea,
            action: `${noun.replaceAll(' ', '-')}.${verb}`,
            summary: `${verb === 'updated' ? 'Changed' : verb === 'archived' ? 'Archived' : 'Restored'} ${describeValue(noun, row.name)}${verb === 'updated' ? `: ${changed.join(', ')}` : ''}`,
            targetType: noun,
            targetId: row.id,
            before: Object.fromEntries(changed.map((key) => [key, before[key]])),
            after: Object.fromEntries(changed.map((key) => [key, after[key]])),
          });
        }
        return after;
      });
    } catch (error) {
      throw uniqueConflict(error, definition.uniqueMessages, values);
    }
  }

  /** A 400 on the first locked field the change would give another value. */
  async function checkLockedFields(tx: Tx, existing: Row, before: Item, changes: Values) {
    for (const lock of definition.lockedFields ?? []) {
      const touched = lock.fields.filter(
        (field) =>
          changes[field] !== undefined && JSON.stringify(changes[field]) !== JSON.stringify(before[field]),
      );
      const [field] = touched;
      if (field === undefined) continue;
      const reason = await lock.lockedWhen(tx, existing);
      if (reason === null) continue;
      const message = `cannot be changed: ${reason}`;
      throw badRequest(`Invalid request body: ${field}: ${message}`, {
        issues: touched.map((path) => ({ path, message })),
      });
    }
  }

  /** Deletes a record nothing refers to; otherwise a 409 that says to archive it. */
  async function remove(db: Queryable, actor: Actor | null, id: string): Promise<void> {
    checkAccess(actor, writeAccess);
    definition.authorize?.(actor, { kind: 'delete', input: null, before: null });
    const inUseMessage = `This ${noun} is in use. Archive it instead.`;
    try {
      await inWriteTransaction(db, async (tx) => {
        const existing = await loadRow(tx, id, true);
        if (!existing) throw missing();
        const reason = await definition.inUse?.(tx, existing);
        if (typeof reason === 'object' && reason !== null) throw conflict(reason.message);
        if (reason) throw conflict(`${capitalNoun} “${existing.name}” ${reason}. Archive it instead.`);
        const before = await presentOne(tx, existing);
        await tx.delete(table as PgTable).where(eq(table.id, id));
        await definition.afterDelete?.(tx, existing);
        await definition.effects.audit(tx, actor, {
          area: definition.auditArea,
          action: `${noun.replaceAll(' ', '-')}.deleted`,
          summary: `Deleted ${describeValue(noun, existing.name)}`,
          targetType: noun,
          targetId: existing.id,
          before,
        });
      });
    } catch (error) {
      // A reference the definition did not foresee: the foreign key refuses, and so do we.
      if (findPgError(error)?.code === '23503') throw conflict(inUseMessage);
      throw error;
    }
  }

  return {
    definition,
    listQuerySchema: ListQuerySchema,
    list,
    get,
    create,
    update,
    remove,
    loadRow,
    presentOne,
  };
}

/** What `resourceService` gives for one definition. */
export type ResourceService<
  Item extends Record<string, unknown>,
  Input extends Values,
  Update extends Values,
  Extra extends z.ZodRawShape = Record<never, never>,
> = ReturnType<typeof resourceService<Item, Input, Update, Extra>>;

/** Values of the keys given, leaving out those not present (a change touches only what it names). */
export function pickDefined<T extends Values>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The number of rows of `table` where `column = id`, for "in use" messages. */
export async function countReferences(
  db: Queryable,
  table: PgTable,
  column: PgColumn,
  id: string,
): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table).where(eq(column, id));
  return row?.count ?? 0;
}

/**
 * An `inUse` check that refuses while rows of `table` refer to the record through `column`, saying
 * why with `reason(count)` ("has 3 menu items").
 */
export function referencedBy(
  table: PgTable,
  column: PgColumn,
  reason: (count: number) => string,
): (tx: Tx, row: { id: string }) => Promise<string | null> {
  return async (tx, row) => {
    const count = await countReferences(tx, table, column, row.id);
    return count > 0 ? reason(count) : null;
  };
}

/** `inArray` that tolerates an empty list (nothing matches). */
export function inIds(column: PgColumn, ids: string[]): SQL {
  return ids.length === 0 ? sql`false` : inArray(column, ids);
}
