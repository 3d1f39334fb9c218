/** The config feature's public entry: what other features, the pages and the app may use of it. */
export { useConfig } from './api/get-config';
export { useRestaurantDateTime } from './use-restaurant-date-time';
