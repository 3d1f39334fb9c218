/** The my-orders feature's public entry: what other features, the pages and the app may use of it. */
export { useFollowOrder, useMyOrder, useMyOrders } from './api/my-orders-api';
export { CancelMyOrder } from './components/cancel-my-order';
export { MyOrderRow } from './components/my-order-row';
export { OrderProgress } from './components/order-progress';
export { ReorderButton } from './components/reorder-button';
export { orderTypeLine, useRestaurantFormats } from './order-format';
export { promisedReadyAt, statusSentence } from './order-progress';
