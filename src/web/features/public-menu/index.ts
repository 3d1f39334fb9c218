/** The public-menu feature's public entry: what other features, the pages and the app may use of it. */
export { publicMenuQueryOptions, usePublicMenu } from './api/get-public-menu';
export { MenuLoadError, MenuSkeleton } from './components/menu-states';
export { PublicMenuBrowser } from './components/public-menu-browser';
export { RestaurantHeader } from './components/restaurant-header';
export { useTableFromLink } from './table-from-link';
