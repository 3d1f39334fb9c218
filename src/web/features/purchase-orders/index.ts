/** The purchase-orders feature's public entry: what the pages may use of it. */
export { useOrderChoices, usePurchaseOrder } from './api/purchase-orders-api';
export { NewPurchaseOrderDialog, SuggestPurchaseOrderDialog } from './components/new-purchase-order-dialog';
export { PurchaseOrderDetail } from './components/purchase-order-detail';
export { PurchaseOrderList } from './components/purchase-order-list';
