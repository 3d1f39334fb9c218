import { eq, sql } from 'drizzle-orm';
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
  type FoodCategory,
  type FoodCategoryInput,
  FoodCategoryInputSchema,
  FoodCategorySchema,
  FoodCategoryUpdateSchema,
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
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../shared/contracts/settings';
import type { Database } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import { countReferences, defineResource, inIds, pickDefined } from '../../lib/resource';
import { menuItems } from '../menu/menu.schema';
import { restaurantSettings } from '../settings/settings.schema';
import {
  bankAccounts,
  diningTables,
  expenseCategories,
  foodCategories,
  partners,
  suppliers,
  units,
} from './master-data.schema';

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
  inUse: async (db, row) => {
    const dependants = await countReferences(db, units, units.baseUnitId, row.id);
    return dependants > 0 ? `is the base of ${dependants} other unit${dependants === 1 ? '' : 's'}` : null;
  },
});

export const foodCategoryResource = defineResource<
  FoodCategory,
  FoodCategoryInput,
  Partial<FoodCategoryInput>
>({
  table: foodCategories,
  path: MASTER_DATA_API.foodCategories,
  tag: 'Master data',
  noun: 'food category',
  topics: ['menu'],
  nounPlural: 'food categories',
  auditArea: 'menu',
  access: { read: 'staff', write: 'admin' },
  inputSchema: FoodCategoryInputSchema,
  updateSchema: FoodCategoryUpdateSchema,
  itemSchema: FoodCategorySchema,
  toValues: (input) => pickDefined(input),
  check: async (db, values, existing) => {
    // A new category without a position goes last.
    if (!existing && values.sortOrder === undefined) {
      const [row] = await db
        .select({ next: sql<number>`coalesce(max(${foodCategories.sortOrder}) + 1, 0)::int` })
        .from(foodCategories);
      values.sortOrder = row?.next ?? 0;
    }
  },
  present: async (_db, rows) =>
    (rows as (typeof foodCategories.$inferSelect)[]).map((row) => ({
      ...record(row),
      name: row.name,
      description: row.description,
      sortOrder: row.sortOrder,
    })),
  position: { column: foodCategories.sortOrder, key: 'sortOrder' },
  searchColumns: [foodCategories.name, foodCategories.description],
  uniqueMessages: { food_categories_name_unique: nameTaken('food category') },
  inUse: async (db, row) => {
    const count = await countReferences(db, menuItems, menuItems.categoryId, row.id);
    return count > 0 ? `has ${count} menu item${count === 1 ? '' : 's'}` : null;
  },
});

/**
 * While the settings send payments into an account (card, cash…), it can be neither archived nor
 * deleted: the owner first chooses another account for those methods.
 */
async function paymentMappingRefusal(db: Database, account: { id: string; name: string }) {
  const [settings] = await db
    .select({ mapping: restaurantSettings.paymentAccounts })
    .from(restaurantSettings);
  const mapping = (settings?.mapping ?? {}) as Record<string, string | null>;
  const methods = PAYMENT_METHODS.filter((method) => mapping[method] === account.id).map((method) =>
    PAYMENT_METHOD_LABELS[method].toLowerCase(),
  );
  if (methods.length === 0) return null;
  return {
    message: `Bank account “${account.name}” receives ${methods.join(', ')} payments in the restaurant settings. Choose another account there first.`,
  };
}

export const bankAccountResource = defineResource<BankAccount, BankAccountInput, Partial<BankAccountInput>>({
  table: bankAccounts,
  path: MASTER_DATA_API.bankAccounts,
  tag: 'Master data',
  noun: 'bank account',
  nounPlural: 'bank accounts',
  auditArea: 'finance',
  access: { read: 'admin', write: 'admin' },
  inputSchema: BankAccountInputSchema,
  updateSchema: BankAccountUpdateSchema,
  itemSchema: BankAccountSchema,
  toValues: (input) => pickDefined(input),
  present: async (_db, rows) =>
    (rows as (typeof bankAccounts.$inferSelect)[]).map((row) => ({
      ...record(row),
      name: row.name,
      type: row.type as BankAccount['type'],
      bankName: row.bankName,
      accountNumber: row.accountNumber,
      openingBalance: row.openingBalance,
      openingDate: row.openingDate,
    })),
  presentInList: (item) => ({ ...item, accountNumber: maskAccountNumber(item.accountNumber) }),
  searchColumns: [bankAccounts.name, bankAccounts.bankName],
  uniqueMessages: { bank_accounts_name_unique: nameTaken('bank account') },
  check: async (db, values, existing) => {
    // An account that receives payments cannot quietly disappear from under the settings.
    if (!existing || values.active !== false || !existing.active) return;
    const refusal = await paymentMappingRefusal(db, existing);
    if (refusal) throw conflict(refusal.message);
  },
  inUse: paymentMappingRefusal,
});

export const diningTableResource = defineResource<DiningTable, DiningTableInput, Partial<DiningTableInput>>({
  table: diningTables,
  path: MASTER_DATA_API.diningTables,
  tag: 'Master data',
  noun: 'dining table',
  nounPlural: 'dining tables',
  auditArea: 'master-data',
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
