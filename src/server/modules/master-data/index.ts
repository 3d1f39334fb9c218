/**
 * The master-data module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): each
 * record type as a resource (its service functions `list/get/create/update/remove`), and the hook
 * through which another module says that it refers to a bank account. Food categories are the menu's.
 *
 * `bankAccounts` (the table) is here for one reader only: the settings module, which checks that an
 * account mapped to a payment method is active and reads its name (the mapping itself is rows of
 * `payment_method_accounts` with a foreign key to it); no other module reads it.
 */
export { bankAccounts } from './master-data.schema';
export {
  activeDiningTables,
  activePartners,
  addBankAccountReferrer,
  allExpenseCategories,
  type BankAccountReferrer,
  bankAccountResource,
  derivedUnitIds,
  diningTableResource,
  diningTableSql,
  expenseCategoryResource,
  findBankAccountNames,
  findDiningTable,
  findDiningTableByName,
  findExpenseCategories,
  findPartner,
  findPartnerTerms,
  findSuppliers,
  findSuppliersByName,
  findUnits,
  findUnitsBySymbol,
  MASTER_DATA_TOPIC_RULES as topicRules,
  type OrderReference,
  partnerResource,
  partnerSql,
  supplierResource,
  type UnitOfMeasure,
  unitResource,
} from './master-data.service';
