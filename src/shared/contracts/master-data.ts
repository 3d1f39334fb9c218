import { z } from 'zod';
import {
  balanceField,
  dateField,
  factorField,
  idField,
  nameField,
  optionalEmailField,
  percentField,
  phoneTextField,
  recordFields,
  sortOrderField,
  textField,
  versionField,
} from './fields';

/**
 * Master data (docs/PRODUCT-RULES.md, Master data and settings): the records other modules refer to. Each
 * entity has an input schema (create; the same, all optional plus `active`, for a change) and the shape it is
 * read as. The server validates requests with these schemas and the forms validate as the user types with
 * them.
 */

/**
 * The update schema of an entity: every field optional, plus `active` (archive and restore), and the
 * `version` the change was based on, required (a stale one is refused with 409; see `versionField`).
 */
export function updateSchemaOf<Shape extends z.ZodRawShape>(input: z.ZodObject<Shape>) {
  return input
    .partial()
    .extend({ active: z.boolean({ error: 'must be true or false' }) })
    .partial()
    .extend({ version: versionField })
    .strict();
}

const contactFields = {
  contactName: textField(100).optional(),
  phone: phoneTextField.optional(),
  email: optionalEmailField.optional(),
  address: textField(300).optional(),
  notes: textField(2000).optional(),
};

export const SupplierInputSchema = z.strictObject({ name: nameField(), ...contactFields });
export const SupplierUpdateSchema = updateSchemaOf(SupplierInputSchema);
export const SupplierSchema = z.object({
  ...recordFields,
  name: z.string(),
  contactName: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  notes: z.string(),
});
export type SupplierInput = z.infer<typeof SupplierInputSchema>;
export type Supplier = z.infer<typeof SupplierSchema>;

export const PARTNER_KINDS = ['delivery', 'marketplace'] as const;
export const PartnerInputSchema = z.strictObject({
  name: nameField(),
  kind: z.enum(PARTNER_KINDS, { error: 'must be delivery or marketplace' }),
  commissionPercent: percentField,
  ...contactFields,
});
export const PartnerUpdateSchema = updateSchemaOf(PartnerInputSchema);
export const PartnerSchema = z.object({
  ...recordFields,
  name: z.string(),
  kind: z.enum(PARTNER_KINDS),
  commissionPercent: z.number(),
  contactName: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  notes: z.string(),
});
export type PartnerInput = z.infer<typeof PartnerInputSchema>;
export type Partner = z.infer<typeof PartnerSchema>;

export const ExpenseCategoryInputSchema = z.strictObject({
  name: nameField(),
  description: textField(500).optional(),
});
export const ExpenseCategoryUpdateSchema = updateSchemaOf(ExpenseCategoryInputSchema);
export const ExpenseCategorySchema = z.object({
  ...recordFields,
  name: z.string(),
  description: z.string(),
});
export type ExpenseCategoryInput = z.infer<typeof ExpenseCategoryInputSchema>;
export type ExpenseCategory = z.infer<typeof ExpenseCategorySchema>;

/** A unit of measure: a base unit (no base, factor 1) or one converting to a base unit (g = 0.001 kg). */
export const UnitInputSchema = z.strictObject({
  name: nameField(50),
  symbol: nameField(12),
  baseUnitId: idField.nullable().optional(),
  factor: factorField.optional(),
});
export const UnitUpdateSchema = updateSchemaOf(UnitInputSchema);
export const UnitSchema = z.object({
  ...recordFields,
  name: z.string(),
  symbol: z.string(),
  baseUnitId: z.string().nullable(),
  baseUnitSymbol: z.string().nullable(),
  factor: z.number(),
});
export type UnitInput = z.infer<typeof UnitInputSchema>;
export type Unit = z.infer<typeof UnitSchema>;

export const FoodCategoryInputSchema = z.strictObject({
  name: nameField(),
  description: textField(500).optional(),
  sortOrder: sortOrderField.optional(),
});
export const FoodCategoryUpdateSchema = updateSchemaOf(FoodCategoryInputSchema);
export const FoodCategorySchema = z.object({
  ...recordFields,
  name: z.string(),
  description: z.string(),
  sortOrder: z.number(),
});
export type FoodCategoryInput = z.infer<typeof FoodCategoryInputSchema>;
export type FoodCategory = z.infer<typeof FoodCategorySchema>;

export const BANK_ACCOUNT_TYPES = ['cash', 'bank', 'e-wallet'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
export const BankAccountInputSchema = z.strictObject({
  name: nameField(),
  type: z.enum(BANK_ACCOUNT_TYPES, { error: 'must be cash, bank or e-wallet' }),
  bankName: textField(100).optional(),
  accountNumber: textField(40)
    .regex(/^[A-Za-z0-9 -]*$/, 'may contain only letters, digits, spaces and dashes')
    .optional(),
  openingBalance: balanceField.optional(),
  openingDate: dateField.optional(),
});
export const BankAccountUpdateSchema = updateSchemaOf(BankAccountInputSchema);
export const BankAccountSchema = z.object({
  ...recordFields,
  name: z.string(),
  type: z.enum(BANK_ACCOUNT_TYPES),
  bankName: z.string(),
  /** In lists only the last four characters show (`•••• 6789`); one record read alone shows it all. */
  accountNumber: z.string(),
  openingBalance: z.number(),
  /** The currency of the opening balance (ISO 4217), fixed when it was set; read only. */
  currency: z.string(),
  openingDate: z.string(),
});
export type BankAccountInput = z.infer<typeof BankAccountInputSchema>;
export type BankAccount = z.infer<typeof BankAccountSchema>;

/** `1234567890` → `•••• 7890`; short numbers are hidden entirely. */
export function maskAccountNumber(accountNumber: string): string {
  const compact = accountNumber.replace(/[\s-]/g, '');
  if (compact.length === 0) return '';
  if (compact.length <= 4) return '••••';
  return `•••• ${compact.slice(-4)}`;
}

export const DiningTableInputSchema = z.strictObject({
  name: nameField(40).regex(/^[\p{L}\p{N} ._-]+$/u, 'may contain only letters, digits, spaces and . _ -'),
  seats: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100'),
  area: textField(60).optional(),
});
export const DiningTableUpdateSchema = updateSchemaOf(DiningTableInputSchema);
export const DiningTableSchema = z.object({
  ...recordFields,
  name: z.string(),
  seats: z.number(),
  area: z.string(),
  /** The page a guest opens by scanning the table's QR code. */
  orderingPath: z.string(),
});
export type DiningTableInput = z.infer<typeof DiningTableInputSchema>;
export type DiningTable = z.infer<typeof DiningTableSchema>;

/** Where each master-data resource lives in the API. */
export const MASTER_DATA_API = {
  suppliers: '/api/suppliers',
  partners: '/api/partners',
  expenseCategories: '/api/expense-categories',
  units: '/api/units',
  foodCategories: '/api/food-categories',
  bankAccounts: '/api/bank-accounts',
  diningTables: '/api/dining-tables',
} as const;

/** `/?table=<name>`: the public page opened by a table's QR code. */
export function tableOrderingPath(tableName: string): string {
  return `/?table=${encodeURIComponent(tableName)}`;
}
