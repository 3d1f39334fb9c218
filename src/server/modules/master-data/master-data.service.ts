import { and, asc, eq, inArray, isNotNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import {
  type BankAccount,
  type BankAccountInput,
  BankAccountInputSchema,
  BankAccountSchema,
  BankAccountUpdateSchema,
  type DiningTable,
  type DiningTableInput,
  DiningTableInputSchema,
  DiningTableSchema,
  DiningTableUpdateSchema,
  type ExpenseCategory,
  type ExpenseCategoryInput,
  ExpenseCategoryInputSchema,
  ExpenseCategorySchema,
  ExpenseCategoryUpdateSchema,
  MASTER_DATA_API,
  maskAccountNumber,
  type Partner,
  type PartnerInput,
  PartnerInputSchema,
  PartnerSchema,
  PartnerUpdateSchema,
  type Supplier,
  type SupplierInput,
  SupplierInputSchema,
  SupplierSchema,
  SupplierUpdateSchema,
  tableOrderingPath,
  type Unit,
  type UnitInput,
  UnitInputSchema,
  UnitSchema,
  UnitUpdateSchema,
} from '../../../shared/contracts/master-data';
import { hasStaffAccess } from '../../../shared/roles';
import type { Database } from '../../db/client';
import { settingsCurrency } from '../../db/columns';
import type { Queryable, Tx } from '../../db/transaction';
import { badRequest, conflict } from '../../lib/errors';
import { countReferences, defineResource, inIds, pickDefined, referencedBy } from '../../lib/resource';
import type { WriteEffects } from '../../lib/write-effects';
import { recordAudit } from '../audit';
import { publishChange, type TopicRule } from '../events';
import {
  bankAccounts,
  diningTables,
  expenseCategories,
  partners,
  suppliers,
  units,
} from './master-data.schema';

/** A write's audit entry and live topics (lib/resource takes them from the module). */
const effects: WriteEffects = { audit: recordAudit, publish: publishChange };

/**
 * Every change of master data announces `master-data`: the reports that name accounts and categories
 * (and count the accounts' opening balances) revalidate on it. Staff screens may follow it too.
 */
export const MASTER_DATA_TOPIC = 'master-data';
export const MASTER_DATA_TOPIC_RULES: Record<string, TopicRule> = {
  [MASTER_DATA_TOPIC]: ({ actor }) => hasStaffAccess(actor?.role),
};

const record = (row: { id: string; active: boolean; version: number; createdAt: Date; updatedAt: Date }) => ({
  id: row.id,
  active: row.active,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const nameTaken = (noun: string) => ({
  field: 'name',
  message: (values: Record<string, unknown>) => `A ${noun} named “${String(values.name)}” already exists.`,
});

const contact = (row: typeof suppliers.$inferSelect) => ({
  contactName: row.contactName,
  phone: row.phone,
  email: row.email,
  address: row.address,
  notes: row.notes,
});

export const supplierResource = defineResource<Supplier, SupplierInput, Partial<SupplierInput>>({
  table: suppliers,
  path: MASTER_DATA_API.suppliers,
  tag: 'Master data',
  noun: 'supplier',
  nounPlural: 'suppliers',
  auditArea: 'master-data',
  effects,
  topics: [MASTER_DATA_TOPIC],
  access: { read: 'admin', write: 'admin' },
  inputSchema: SupplierInputSchema,
  updateSchema: SupplierUpdateSchema,
  itemSchema: SupplierSchema,
  toValues: (input) => pickDefined(input),
  present: async (_db, rows) =>
    (rows as (typeof suppliers.$inferSelect)[]).map((row) => ({
      ...record(row),
      name: row.name,
      ...contact(row),
    })),
  searchColumns: [suppliers.name, suppliers.contactName, suppliers.phone, suppliers.email],
  uniqueMessages: { suppliers_name_unique: nameTaken('supplier') },
});

export const partnerResource = defineResource<Partner, PartnerInput, Partial<PartnerInput>>({
  table: partners,
  path: MASTER_DATA_API.partners,
  tag: 'Master data',
  noun: 'partner',
  nounPlural: 'partners',
  auditArea: 'master-data',
  effects,
  topics: [MASTER_DATA_TOPIC],
  access: { read: 'admin', write: 'admin' },
  inputSchema: PartnerInputSchema,
  updateSchema: PartnerUpdateSchema,
  itemSchema: PartnerSchema,
  toValues: (input) => pickDefined(input),
  present: async (_db, rows) =>
    (rows as (typeof partners.$inferSelect)[]).map((row) => ({
      ...record(row),
      name: row.name,
      kind: row.kind as Partner['kind'],
      commissionPercent: Number(row.commissionPercent),
      ...contact(row),
    })),
  searchColumns: [partners.name, partners.contactName, partners.phone, partners.email],
  uniqueMessages: { partners_name_unique: nameTaken('partner') },
});

export const expenseCategoryResource = defineResource<
  ExpenseCategory,
  ExpenseCategoryInput,
  Partial<ExpenseCategoryInput>
>({
  table: expenseCategories,
  path: MASTER_DATA_API.expenseCategories,
  tag: 'Master data',
  noun: 'expense category',
  nounPlural: 'expense categories',
  auditArea: 'master-data',
  effects,
  topics: [MASTER_DATA_TOPIC],
  access: { read: 'admin', write: 'admin' },
  inputSchema: ExpenseCategoryInputSchema,
  updateSchema: ExpenseCategoryUpdateSchema,
  itemSchema: ExpenseCategorySchema,
  toValues: (input) => pickDefined(input),
  present: async (_db, rows) =>
    (rows as (typeof expenseCategories.$inferSelect)[]).map((row) => ({
      ...record(row),
      name: row.name,
      description: row.description,
    })),
  searchColumns: [expenseCategories.name, expenseCategories.description],
  uniqueMessages: { expense_categories_name_unique: nameTaken('expense category') },
});

/** A unit's base must itself be a base unit (no chains), active, and not the unit itself. */
async function checkUnit(
  db: Database,
  values: Record<string, unknown>,
  existing: { id: string; baseUnitId?: unknown } | null,
) {
  const given = values.baseUnitId as string | null | undefined;
  // The base the unit has after this write: a change that leaves it out keeps the current one.
  const baseUnitId =
    given === undefined ? ((existing?.baseUnitId as string | null | undefined) ?? null) : given;
  if (baseUnitId === null) {
    if (values.factor !== undefined && values.factor !== 1) {
      throw badRequest('Invalid request body: factor: a base unit has the factor 1', {
        issues: [{ path: 'factor', message: 'a base unit has the factor 1' }],
      });
    }
    return;
  }
  // The base stays as it is (only the factor changes): it was checked when it was set.
  if (given === undefined || given === existing?.baseUnitId) return;
  const refuse = (message: string) =>
    badRequest(`Invalid request body: baseUnitId: ${message}`, { issues: [{ path: 'baseUnitId', message }] });
  if (existing && baseUnitId === existing.id) throw refuse('must be another unit');
  const [base] = await db.select().from(units).where(eq(units.id, baseUnitId));
  if (!base) throw refuse('is not a unit');
  if (!base.active) throw refuse('is an archived unit');
  if (base.baseUnitId !== null) throw refuse('must be a base unit (one without a base unit of its own)');
  if (existing) {
    const dependants = await countReferences(db, units, units.baseUnitId, existing.id);
    if (dependants > 0) throw refuse('cannot be set: other units convert to this one');
  }
}

export const unitResource = defineResource<Unit, UnitInput, Partial<UnitInput>>({
  table: units,
  path: MASTER_DATA_API.units,
  tag: 'Master data',
  noun: 'unit',
  nounPlural: 'units',
  auditArea: 'master-data',
  effects,
  topics: [MASTER_DATA_TOPIC],
  access: { read: 'admin', write: 'admin' },
  inputSchema: UnitInputSchema,
  updateSchema: UnitUpdateSchema,
  itemSchema: UnitSchema,
  toValues: (input) => {
    const values: Record<string, unknown> = pickDefined(input);
    // Becoming a base unit resets the factor; a base unit never converts.
    if (input.baseUnitId === null) values.factor = 1;
    return values;
  },
  check: checkUnit,
  present: async (db, rows) => {
    const typed = rows as (typeof units.$inferSelect)[];
    const baseIds = [
      ...new Set(typed.map((row) => row.baseUnitId).filter((id): id is string => id !== null)),
    ];
    const bases = baseIds.length
      ? await db.select({ id: units.id, symbol: units.symbol }).from(units).where(inIds(units.id, baseIds))
      : [];
    const symbols = new Map(bases.map((base) => [base.id, base.symbol]));
    return typed.map((row) => ({
      ...record(row),
      name: row.name,
      symbol: row.symbol,
      baseUnitId: row.baseUnitId,
      baseUnitSymbol: row.baseUnitId ? (symbols.get(row.baseUnitId) ?? null) : null,
      factor: Number(row.factor),
    }));
  },
  searchColumns: [units.name, units.symbol],
  uniqueMessages: {
    units_name_unique: nameTaken('unit'),
    units_symbol_unique: {
      field: 'symbol',
      message: (values) => `A unit with the symbol “${String(values.symbol)}” already exists.`,
    },
  },
  inUse: referencedBy(
    units,
    units.baseUnitId,
    (count) => `is the base of ${count} other unit${count === 1 ? '' : 's'}`,
  ),
});

/**
 * Why a bank or cash account cannot be archived or deleted because another module refers to it
 * (the settings' payment methods send payments into it), or null. Another module adds its check
 * with `addBankAccountReferrer` (modules depend on master data, never the other way round).
 */
export type BankAccountReferrer = (
  tx: Tx,
  account: { id: string; name: string },
) => Promise<{ message: string } | null>;

const bankAccountReferrers: BankAccountReferrer[] = [];

export function addBankAccountReferrer(referrer: BankAccountReferrer): void {
  if (!bankAccountReferrers.includes(referrer)) bankAccountReferrers.push(referrer);
}

async function bankAccountRefusal(tx: Tx, account: { id: string; name: string }) {
  for (const referrer of bankAccountReferrers) {
    const refusal = await referrer(tx, account);
    if (refusal) return refusal;
  }
  return null;
}

export const bankAccountResource = defineResource<BankAccount, BankAccountInput, Partial<BankAccountInput>>({
  table: bankAccounts,
  path: MASTER_DATA_API.bankAccounts,
  tag: 'Master data',
  noun: 'bank account',
  nounPlural: 'bank accounts',
  auditArea: 'finance',
  effects,
  topics: [MASTER_DATA_TOPIC],
  access: { read: 'admin', write: 'admin' },
  inputSchema: BankAccountInputSchema,
  updateSchema: BankAccountUpdateSchema,
  itemSchema: BankAccountSchema,
  // A balance set now is in today's currency (db/money-records.ts); one made without a balance also
  // gets it, from the column's default.
  toValues: (input) => ({
    ...pickDefined(input),
    ...(input.openingBalance === undefined ? {} : { currency: settingsCurrency() }),
  }),
  present: async (_db, rows) =>
    (rows as (typeof bankAccounts.$inferSelect)[]).map((row) => ({
      ...record(row),
      name: row.name,
      type: row.type as BankAccount['type'],
      bankName: row.bankName,
      accountNumber: row.accountNumber,
      openingBalance: row.openingBalance,
      currency: row.currency,
      openingDate: row.openingDate,
    })),
  presentInList: (item) => ({ ...item, accountNumber: maskAccountNumber(item.accountNumber) }),
  searchColumns: [bankAccounts.name, bankAccounts.bankName],
  uniqueMessages: { bank_accounts_name_unique: nameTaken('bank account') },
  check: async (db, values, existing) => {
    // An account that receives payments cannot quietly disappear from under the settings.
    if (!existing || values.active !== false || !existing.active) return;
    const refusal = await bankAccountRefusal(db, existing);
    if (refusal) throw conflict(refusal.message);
  },
  inUse: bankAccountRefusal,
});

export const diningTableResource = defineResource<DiningTable, DiningTableInput, Partial<DiningTableInput>>({
  table: diningTables,
  path: MASTER_DATA_API.diningTables,
  tag: 'Master data',
  noun: 'dining table',
  nounPlural: 'dining tables',
  auditArea: 'master-data',
  effects,
  topics: [MASTER_DATA_TOPIC],
  access: { read: 'staff', write: 'admin' },
  inputSchema: DiningTableInputSchema,
  updateSchema: DiningTableUpdateSchema,
  itemSchema: DiningTableSchema,
  toValues: (input) => pickDefined(input),
  present: async (_db, rows) =>
    (rows as (typeof diningTables.$inferSelect)[]).map((row) => ({
      ...record(row),
      name: row.name,
      seats: row.seats,
      area: row.area,
      orderingPath: tableOrderingPath(row.name),
    })),
  searchColumns: [diningTables.name, diningTables.area],
  uniqueMessages: { dining_tables_name_unique: nameTaken('table') },
});

/** Of the given units, those that convert to another (a base unit goes after the units built on it). */
export async function derivedUnitIds(tx: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: units.id })
    .from(units)
    .where(and(inArray(units.id, ids), isNotNull(units.baseUnitId)));
  return new Set(rows.map((row) => row.id));
}

/** What an order needs of a dining table or a partner: its name, and whether it is still in use. */
export interface OrderReference {
  id: string;
  name: string;
  active: boolean;
}

/** A dining table by id (null when there is none), in the caller's transaction. */
export async function findDiningTable(db: Queryable, id: string): Promise<OrderReference | null> {
  const [row] = await db
    .select({ id: diningTables.id, name: diningTables.name, active: diningTables.active })
    .from(diningTables)
    .where(eq(diningTables.id, id));
  return row ?? null;
}

/**
 * A dining table by its name, without regard to case (a guest's QR link `/?table=T5`; null when there
 * is none): one lookup on the unique index of `lower(name)`.
 */
export async function findDiningTableByName(db: Queryable, name: string): Promise<OrderReference | null> {
  const [row] = await db
    .select({ id: diningTables.id, name: diningTables.name, active: diningTables.active })
    .from(diningTables)
    .where(sql`lower(${diningTables.name}) = lower(${name.trim()})`)
    .limit(1);
  return row ?? null;
}

/** A partner by id (null when there is none). */
export async function findPartner(db: Queryable, id: string): Promise<OrderReference | null> {
  const [row] = await db
    .select({ id: partners.id, name: partners.name, active: partners.active })
    .from(partners)
    .where(eq(partners.id, id));
  return row ?? null;
}

/** A partner with its commission percent (settlements), or null when there is none with this id. */
export async function findPartnerTerms(
  db: Queryable,
  id: string,
): Promise<(OrderReference & { commissionPercent: number }) | null> {
  const [row] = await db
    .select({
      id: partners.id,
      name: partners.name,
      active: partners.active,
      commissionPercent: partners.commissionPercent,
    })
    .from(partners)
    .where(eq(partners.id, id));
  return row ?? null;
}

/**
 * For a statement that writes an order: SQL giving the name of dining table `id` as the statement
 * sees it (its snapshot), and SQL that holds while that table is active. Placing a point-of-sale
 * order from what the process keeps in memory reads no table first: its statement checks the table
 * and copies its name (use-cases/place-order.ts).
 */
export const diningTableSql = (id: string | Placeholder) => ({
  name: sql`(select ${diningTables.name} from ${diningTables} where ${diningTables.id} = ${id}::uuid)`,
  active: sql`exists (select 1 from ${diningTables} where ${diningTables.id} = ${id}::uuid and ${diningTables.active})`,
});

/** `diningTableSql` for a partner (a partner's order entered at the point of sale). */
export const partnerSql = (id: string | Placeholder) => ({
  name: sql`(select ${partners.name} from ${partners} where ${partners.id} = ${id}::uuid)`,
  active: sql`exists (select 1 from ${partners} where ${partners.id} = ${id}::uuid and ${partners.active})`,
});

/** The active dining tables by name (natural order: T2 before T10), for the point of sale. */
export async function activeDiningTables(db: Queryable) {
  const rows = await db
    .select({
      id: diningTables.id,
      name: diningTables.name,
      seats: diningTables.seats,
      area: diningTables.area,
    })
    .from(diningTables)
    .where(eq(diningTables.active, true));
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return rows.sort((a, b) => collator.compare(a.name, b.name));
}

/** The active partners by name, for the point of sale's partner orders. */
export async function activePartners(db: Queryable) {
  return db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(eq(partners.active, true))
    .orderBy(asc(partners.name));
}

/** A unit as stock keeping sees it: its base (itself for a base unit) and its factor to it, as exact text. */
export interface UnitOfMeasure {
  id: string;
  symbol: string;
  active: boolean;
  /** The base unit: `baseUnitId`, or the unit itself for a base unit. */
  baseId: string;
  /** 1 of this unit = `factor` of its base, as decimal text (never a float). */
  factor: string;
}

/** The units of `ids` that exist, by id. */
export async function findUnits(db: Queryable, ids: readonly string[]): Promise<Map<string, UnitOfMeasure>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await selectUnits(db, inArray(units.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The units whose symbol is one of `symbols` (exactly as written: symbols are unique as written), by symbol. */
export async function findUnitsBySymbol(
  db: Queryable,
  symbols: readonly string[],
): Promise<Map<string, UnitOfMeasure>> {
  const unique = [...new Set(symbols)];
  if (unique.length === 0) return new Map();
  const rows = await selectUnits(db, inArray(units.symbol, unique));
  return new Map(rows.map((row) => [row.symbol, row]));
}

function selectUnits(db: Queryable, where: SQL): Promise<UnitOfMeasure[]> {
  return db
    .select({
      id: units.id,
      symbol: units.symbol,
      active: units.active,
      baseId: sql<string>`coalesce(${units.baseUnitId}, ${units.id})`,
      factor: sql<string>`${units.factor}::text`,
    })
    .from(units)
    .where(where);
}

/** The suppliers whose name is one of `names` (any case: names are unique whatever their case), by lower-case name. */
export async function findSuppliersByName(
  db: Queryable,
  names: readonly string[],
): Promise<Map<string, OrderReference>> {
  const unique = [...new Set(names.map((name) => name.toLowerCase()))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: suppliers.id, name: suppliers.name, active: suppliers.active })
    .from(suppliers)
    .where(inArray(sql`lower(${suppliers.name})`, unique));
  return new Map(rows.map((row) => [row.name.toLowerCase(), row]));
}

/** The named records (suppliers, expense categories, accounts) of `ids` that exist, by id. */
async function findNamed(
  db: Queryable,
  table: typeof suppliers | typeof expenseCategories | typeof bankAccounts,
  ids: readonly string[],
): Promise<Map<string, OrderReference>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, name: table.name, active: table.active })
    .from(table)
    .where(inArray(table.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The suppliers of `ids` that exist, by id. */
export const findSuppliers = (db: Queryable, ids: readonly string[]) => findNamed(db, suppliers, ids);

/** The expense categories of `ids` that exist, by id. */
export const findExpenseCategories = (db: Queryable, ids: readonly string[]) =>
  findNamed(db, expenseCategories, ids);

/** The names of the bank and cash accounts of `ids` that exist, by id. */
export async function findBankAccountNames(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const found = await findNamed(db, bankAccounts, ids);
  return new Map([...found].map(([id, account]) => [id, account.name]));
}

/** Every expense category (archived ones too), by name. */
export async function allExpenseCategories(db: Queryable): Promise<OrderReference[]> {
  return db
    .select({ id: expenseCategories.id, name: expenseCategories.name, active: expenseCategories.active })
    .from(expenseCategories)
    .orderBy(asc(sql`lower(${expenseCategories.name})`));
}
