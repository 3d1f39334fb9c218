import { z } from '@hono/zod-openapi';
import { and, asc, type Column, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditArea } from '../../shared/contracts/audit';
import { RECORD_STATUSES, type RecordStatus } from '../../shared/contracts/fields';
import { hasManagerAccess, hasStaffAccess, isAdmin } from '../../shared/roles';
import { type Queryable, type Tx, withTransaction } from '../db/transaction';
import { authorize, type PolicyAction } from '../policies';
import { type Access, FORBIDDEN_MESSAGE, requireActor } from './auth-guards';
import type { Actor } from './context';
import { badRequest, conflict, findPgError, forbidden, notFound } from './errors';
import { encodeCursor, listFilter, newestFirst, PaginationQuerySchema } from './pagination';
import { createRouter, defineRoute, ErrorResponseSchema } from './router';
import { staleWrite } from './versions';
import type { WriteEffects } from './write-effects';

/**
 * One back-office resource (a supplier, a unit, a menu item…) as REST: list with search, status filter
 * and cursor pagination; read one; create; change (including archive and restore through `active`);
 * delete when nothing refers to it. Every write runs in a transaction with its audit entry. Modules
 * declare what differs (table, schemas, how a row is shown, what makes a record "in use") and get the
 * routes and the service functions, so every list and form behaves the same way.
 */

/** The columns every resource table has. */
export interface ResourceColumns {
  id: PgColumn;
  name: PgColumn;
  active: PgColumn;
  /** `versionColumn()`: 1 when made, one more on every change (stale writes are refused). */
  version: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
}
export type ResourceTable = PgTable & ResourceColumns;
// Rows and values are typed by each module's own table; here they only pass through.
type Row = Record<string, unknown> & {
  id: string;
  name: string;
  active: boolean;
  version: number;
  createdAt: Date;
};
type Values = Record<string, unknown>;

/**
 * Who may read a resource (list, one record) and who may write it (create, change, delete): the
 * routes' guards, checked again by the service functions against the actor they are given. A
 * `readPolicy` names the policies rule (src/server/policies) reads must also pass; rules about writes
 * go through the definition's `authorize`.
 */
export interface ResourceAccess {
  read: Access;
  write: Access;
  readPolicy?: PolicyAction;
}

/**
 * Fields that may no longer be changed once something holds (an account's opening balance once
 * transactions exist): `lockedWhen` answers the reason ("has transactions") or null, inside the
 * change's transaction. A change that gives one of `fields` a different value then gets a 400 on
 * that field: "<field> cannot be changed: <reason>". Sending the same value is not a change.
 */
export interface FieldLock {
  fields: readonly string[];
  lockedWhen: (tx: Tx, row: Row) => Promise<string | null>;
}

export interface ResourceDefinition<
  Item extends Record<string, unknown>,
  Input extends Values,
  Update extends Values,
  Extra extends z.ZodRawShape = Record<never, never>,
> {
  table: ResourceTable;
  /** `/api/suppliers`; one record is `/api/suppliers/{id}`. */
  path: string;
  /** OpenAPI tag. */
  tag: string;
  /** `supplier`: used in messages ("There is no supplier with this id.") and audit actions. */
  noun: string;
  nounPlural: string;
  auditArea: AuditArea;
  /**
   * The audit entry and live topics of a write, given by the module that defines the resource
   * (`{ audit: recordAudit, publish: publishChange }`), so this library imports no module.
   */
  effects: WriteEffects;
  /**
   * Who may read and who may write: the routes' guards, and the service functions check the same
   * levels against the actor they are given (a null actor is the system: seeds, jobs).
   */
  access: ResourceAccess;
  /** Fields refused on change once a condition holds (money that must not be edited freely). */
  lockedFields?: readonly FieldLock[];
  inputSchema: z.ZodType<Input>;
  updateSchema: z.ZodType<Update>;
  itemSchema: z.ZodType<Item>;
  /** Column values of a new record or of a change (only the fields given). */
  toValues: (input: Input | Update) => Values;
  /** Rows as the API shows them; batched, so related records can be loaded in one query. */
  present: (db: Queryable, rows: Row[]) => Promise<Item[]>;
  /** How a record shows in lists, if different from one record read alone (masked numbers). */
  presentInList?: (item: Item) => Item;
  /** Columns `search` looks in (case-insensitive, anywhere in the text). */
  searchColumns: Column[];
  /** Unique index name → the field it guards and the message of a 409. */
  uniqueMessages: Record<string, { field: string; message: (values: Values) => string }>;
  /** A position column and its row key: lists can then be asked for `sort=position` (the order guests see). */
  position?: { column: PgColumn; key: string };
  /** Extra list filters (e.g. `categoryId`): their query schema and the condition they make. */
  extraFilters?: { shape: Extra; where: (query: z.infer<z.ZodObject<Extra>>) => (SQL | undefined)[] };
  /** Cross-record rules (a unit's base unit must be a base unit), inside the write's transaction. */
  check?: (tx: Tx, values: Values, existing: Row | null) => Promise<void>;
  /** Live topics every write announces in its transaction (modules/events), e.g. `menu`. */
  topics?: readonly string[];
  /** Writes what the row owns (a menu item's modifier groups), inside the same transaction. */
  afterWrite?: (tx: Tx, row: Row, input: Input | Update, existing: Row | null) => Promise<void>;
  /**
   * Why the record cannot be deleted, or null when nothing refers to it: "has 3 menu items" (the 409
   * then says to archive it instead), or a whole message when archiving is no way out either.
   */
  inUse?: (tx: Tx, row: Row) => Promise<string | { message: string } | null>;
  /** Runs after a delete, in its transaction (e.g. the record's photo). */
  afterDelete?: (tx: Tx, row: Row) => Promise<void>;
  /**
   * The module's policy for a write (policies `authorize`), called before anything changes; throws a
   * 403 to refuse. `before` is the record as it was (updates only), so a rule can look at what
   * changes (a price). A null actor is the system (the demo seed), not an anonymous caller.
   */
  authorize?: (
    actor: Actor | null,
    write: { kind: 'create' | 'update' | 'delete'; input: Input | Update | null; before: Item | null },
  ) => void;
}

const IdParamsSchema = z.object({
  id: z.uuid('must be an id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});

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

/** Builds the routes and the service functions of one resource. */
export function defineResource<
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
  const PageSchema = z.object({ items: z.array(definition.itemSchema), nextCursor: z.string().nullable() });

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

  const tags = [definition.tag];
  const itemResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: definition.itemSchema } },
  });
  const notFoundResponse = {
    description: `No ${noun} with this id`,
    content: { 'application/json': { schema: ErrorResponseSchema } },
  };
  const conflictResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: ErrorResponseSchema } },
  });
  const jsonBody = (schema: z.ZodType) => ({
    body: { required: true, content: { 'application/json': { schema } } },
  });
  const recordPath = `${definition.path}/{id}`;

  const listRoute = defineRoute(readAccess, {
    method: 'get',
    path: definition.path,
    tags,
    summary: `List ${definition.nounPlural}`,
    description: `Newest first${definition.position ? ' (or `sort=position`)' : ''}; archived ${definition.nounPlural} only with \`status=archived\` or \`status=active,archived\`.`,
    request: { query: ListQuerySchema },
    responses: { 200: { description: 'One page', content: { 'application/json': { schema: PageSchema } } } },
  });
  const getRoute = defineRoute(readAccess, {
    method: 'get',
    path: recordPath,
    tags,
    summary: `One ${noun}`,
    request: { params: IdParamsSchema },
    responses: { 200: itemResponse(`The ${noun}`), 404: notFoundResponse },
  });
  const createRoute = defineRoute(writeAccess, {
    method: 'post',
    path: definition.path,
    tags,
    summary: `Create a ${noun}`,
    request: jsonBody(definition.inputSchema),
    responses: { 201: itemResponse(`The new ${noun}`), 409: conflictResponse('The name is taken') },
  });
  const updateRoute = defineRoute(writeAccess, {
    method: 'patch',
    path: recordPath,
    tags,
    summary: `Change, archive or restore a ${noun}`,
    description:
      'Only the fields given change; `active: false` archives, `active: true` restores. `version` is ' +
      `required: the version of the ${noun} the change is based on. When the ${noun} has changed since, ` +
      'the answer is 409 `aborted` with `details: { reason: "stale", version: <current> }`: reload it ' +
      'and make the change again.',
    request: { params: IdParamsSchema, ...jsonBody(definition.updateSchema) },
    responses: {
      200: itemResponse(`The ${noun} after the change (its version one more)`),
      404: notFoundResponse,
      409: conflictResponse(`The name is taken, or the ${noun} changed since the version sent`),
    },
  });
  const deleteRoute = defineRoute(writeAccess, {
    method: 'delete',
    path: recordPath,
    tags,
    summary: `Delete a ${noun} nothing refers to`,
    request: { params: IdParamsSchema },
    responses: {
      204: { description: 'Deleted' },
      404: notFoundResponse,
      409: conflictResponse(`The ${noun} is in use; archive it instead`),
    },
  });

  /** The reader of a read route: nobody for a public resource, else the guard's signed-in actor. */
  const readActor = (c: Parameters<typeof requireActor>[0]) =>
    readAccess === 'public' ? null : requireActor(c);

  /** The routes, for modules that add their own (reorder, photo) before or after them. */
  function mount(router: ReturnType<typeof createRouter>) {
    return router
      .openapi(listRoute, async (c) =>
        c.json(await list(c.var.deps.db, readActor(c), c.req.valid('query') as ListQuery), 200),
      )
      .openapi(getRoute, async (c) =>
        c.json((await get(c.var.deps.db, readActor(c), c.req.valid('param').id)) as never, 200),
      )
      .openapi(createRoute, async (c) =>
        c.json((await create(c.var.deps.db, requireActor(c), c.req.valid('json') as Input)) as never, 201),
      )
      .openapi(updateRoute, async (c) =>
        c.json(
          (await update(
            c.var.deps.db,
            requireActor(c),
            c.req.valid('param').id,
            c.req.valid('json') as Update & { version: number },
          )) as never,
          200,
        ),
      )
      .openapi(deleteRoute, async (c) => {
        await remove(c.var.deps.db, requireActor(c), c.req.valid('param').id);
        return c.body(null, 204);
      });
  }

  return {
    definition,
    list,
    get,
    create,
    update,
    remove,
    /** A fresh router with this resource's five routes. */
    routes: () => mount(createRouter()),
    mount,
    loadRow,
    presentOne,
  };
}

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
