/** The inventory feature's public entry: what the pages may use of it. */
export {
  filterParams,
  type InventoryFilter,
  type UsageQuery,
  usageParams,
  useInventoryItem,
  useInventorySummary,
  useItemChoices,
  useUsageReport,
} from './api/inventory-api';
export { GroupFilter, groupParam } from './components/group-filter';
export { ImportDialog } from './components/import-dialog';
export { ItemFormDialog } from './components/item-form-dialog';
export { ItemList, OnHand } from './components/item-list';
export { MovementForm } from './components/movement-form';
export { MovementList } from './components/movement-list';
export { UsageTable } from './components/usage-table';
