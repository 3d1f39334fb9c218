/**
 * The inventory module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): stock
 * items and their movements, and who may follow the `inventory` topic. Routes are mounted by app.ts
 * from inventory.routes.ts.
 */
export {
  createInventoryItem,
  findInventoryItems,
  getInventoryItem,
  INVENTORY_TOPIC_RULES as topicRules,
  type InventoryItemListQuery,
  listInventoryItems,
  listStockMovements,
  recordStockMovement,
  updateInventoryItem,
} from './inventory.service';
export {
  type PostedMovement,
  type PostedMovementType,
  postStockMovements,
  type StockPosting,
} from './stock-posting';
