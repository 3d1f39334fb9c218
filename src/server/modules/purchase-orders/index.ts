/**
 * The purchase-orders module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"):
 * purchase orders, their deliveries, and who may follow the `purchase-orders` topic. Routes are mounted
 * by app.ts from purchase-orders.routes.ts.
 */
export {
  changePurchaseOrderStatus,
  countPurchaseOrdersIn,
  createPurchaseOrder,
  deletePurchaseOrders,
  emailPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  PURCHASE_ORDER_TOPIC_RULES as topicRules,
  type PurchaseOrderListQuery,
  receivePurchaseOrder,
  recordPastPurchaseOrder,
  suggestPurchaseOrder,
  updatePurchaseOrder,
} from './purchase-orders.service';
export { insertSupplierPayment, purchaseOrderDues } from './supplier-payments.service';
