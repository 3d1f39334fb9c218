/** The orders feature's public entry: what other features, the pages and the app may use of it. */
export {
  useOpenChecks,
  useOrder,
  useOrderSummary,
  useOrders,
  usePlaceOrder,
  usePointOfSale,
} from './api/orders-api';
export { OrderBoard } from './board/order-board';
export { CheckActions, MergedIntoNotice, useMayChangeCheck } from './detail/check-actions';
export { OrderActions } from './detail/order-actions';
export { OrderDetails } from './detail/order-details';
export { OrderLines, OrderTotals } from './detail/order-lines';
export { OrderTimeline } from './detail/order-timeline';
export { ReceiptPrintCopy } from './detail/receipt';
export { StockNotice } from './detail/stock-notice';
export { VoidLineDialog } from './detail/void-line-dialog';
export {
  dateRangeError,
  filtersFromSearch,
  hasOrderFilters,
  listParamsFromFilters,
  NO_ORDER_FILTERS,
  type OrderFilters,
  searchFromFilters,
} from './list/order-filters';
export { OrderFiltersBar } from './list/order-filters-bar';
export { useOrderMoney, useOrderTime } from './list/order-format';
export { OrdersList } from './list/orders-list';
export { OrdersSummary } from './list/orders-summary';
export { CartLines, CustomerFields, DiscountFields, OrderTypeFields, TotalsList } from './pos/cart-panel';
export { CheckRounds, CheckSummary, OpenCheckOffer, RoundTotals } from './pos/check-panel';
export { MenuGrid } from './pos/menu-grid';
export { ModifierDialog } from './pos/modifier-dialog';
export { OrderPlaced } from './pos/order-placed';
export { priceCart } from './pos/pos-cart-state';
export { checksAtTable, closedCheckMessage, lastRound } from './pos/pos-checks';
export { usePosCart } from './pos/use-pos-cart';
export { KitchenTicketPrintCopy } from './print/kitchen-ticket';
export { usePrintCopy } from './print/use-print-copy';
export { OrderRequestWatcher, PendingRequestsBadge } from './requests/order-request-watcher';
export { OrderRequests } from './requests/order-requests';
export { RequestSoundNavButton } from './requests/request-sound-toggle';
