import type { z } from '@hono/zod-openapi';
import type { Column, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditArea } from '../../shared/contracts/audit';
import type { Queryable, Tx } from '../db/transaction';
import type { PolicyAction } from '../policies';
import type { Access } from './auth-guards';
import type { Actor } from './context';
import type { WriteEffects } from './write-effects';

/** What a back-office resource declares (`defineResource`, lib/resource.ts). */

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
export type Row = Record<string, unknown> & {
  id: string;
  name: string;
  active: boolean;
  version: number;
  createdAt: Date;
};
export type Values = Record<string, unknown>;

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
