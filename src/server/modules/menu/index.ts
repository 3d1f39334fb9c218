/**
 * The menu module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): menu items and
 * the food categories they belong to, as resources other modules create and remove records through,
 * the public menu, and what the demo seed needs. Routes are mounted by app.ts from the *.routes.ts files.
 */
export { foodCategoryResource, reorderFoodCategories } from './food-categories.service';
export {
  duplicateMenuItem,
  getPublicMenu,
  MENU_PHOTO,
  menuItemResource,
  removeMenuItemPhoto,
  reorderMenuItems,
  setMenuItemPhoto,
} from './menu.service';
export { menuItemCategories } from './menu-categories';
export { menuItemListCache } from './menu-list-cache';
export { attachMenuItemPhoto, menuHasRecords } from './menu-records';
export {
  allMenuItemsForSale,
  menuItemsForSale,
  pointOfSaleMenu,
  type SalesCategory,
  type SellableItem,
} from './menu-sales';
