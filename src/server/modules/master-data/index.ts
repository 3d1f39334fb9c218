/**
 * The master-data module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): each
 * record type as a resource (its service functions `list/get/create/update/remove`), and the hook
 * through which another module says that it refers to a bank account. Food categories are the menu's.
 *
 * `bankAccounts` (the table) is here for one reader only, the settings' payment-method check, until
 * the payment-method → account mapping becomes rows with foreign keys; no other module reads it.
 */
export { bankAccounts } from './master-data.schema';
export {
  activeDiningTables,
  activePartners,
  addBankAccountReferrer,
  type BankAccountReferrer,
  bankAccountResource,
  derivedUnitIds,
  diningTableResource,
  diningTableSql,
  expenseCategoryResource,
  findDiningTable,
  findDiningTableByName,
  findPartner,
  type OrderReference,
  partnerResource,
  partnerSql,
  supplierResource,
  unitResource,
} from './master-data.service';
