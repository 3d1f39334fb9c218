/**
 * The inventory module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): stock
 * items and their movements, recipes and the stock completed orders take, and who may follow the
 * `inventory` topic. Routes are mounted by app.ts from the *.routes.ts files.
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
  countInventoryRecordsIn,
  deleteInventoryItemWithStock,
  deleteRecipes,
  deleteStockCounts,
  inventoryItemNames,
  recordPastStockCount,
  setStockLevels,
} from './inventory-demo';
export {
  deductOrderStock,
  orderStockNotes,
  portionCosts,
  presentRecipe,
  type RecipeMenuItem,
  recipeStockUsage,
  returnOrderStock,
  type StockOrder,
  saveRecipe,
} from './recipes.service';
export {
  cancelStockCount,
  finishStockCount,
  getStockCount,
  listStockCounts,
  openStockCount,
  saveStockCountLines,
} from './stock-counts.service';
export {
  type StockReceipt,
  type StockValuePeriod,
  stockReceiptsBetween,
  stockValueBetween,
} from './stock-periods';
export {
  type HistoricPosting,
  type PostedMovement,
  type PostedMovementType,
  postStockMovements,
  recordStockHistory,
  type StockPosting,
} from './stock-posting';
