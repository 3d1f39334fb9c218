/** The menu feature's public entry: what other features, the pages and the app may use of it. */
export { useReorderFoodCategories } from './api/menu-mutations';
export { useFoodCategories, useMenuItemCounts } from './api/menu-queries';
export { AddCategoryDialog } from './components/add-category-dialog';
export { CategoryNav } from './components/category-nav';
export { MenuItemList } from './components/menu-item-list';
export { MenuItemPanel } from './components/menu-item-panel';
