/**
 * The orders module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): reading,
 * listing and moving orders, and what the place-order use case writes through.
 */
export {
  appendLines,
  type CheckLine,
  type CheckUpdate,
  countedLines,
  findLine,
  insertSplitCheck,
  type LockedCheck,
  lockCheck,
  lockChecks,
  markLine,
  moveLines,
  nextRound,
  positionAfter,
  presentCheck,
  recordHistory,
  requireOpenCheck,
  splitOffLine,
  updateCheck,
} from './order-checks';
export { backdateDemoOrder, countOrdersIn, deleteOrders } from './order-demo';
export {
  findIdempotencyKey,
  IDEMPOTENCY_KEY_HOURS,
  type OrderKey,
  pruneIdempotencyKeys,
  type UsedKey,
} from './order-idempotency';
export { listOrders, type OrderListQuery, orderSummary, pendingRequestCount } from './order-list';
export { type BeforeMove, moveOrder, moveOrderInTx } from './order-moves';
export { type OrderOutline, orderOutlines, orderOutlineWithAccessKey } from './order-outlines';
export { lockOrderForPayment, type OrderForPayment, setPaymentStatus } from './order-payments';
export {
  completedOrderPattern,
  completedSalesBetween,
  completedSalesByDay,
  couponUses,
  dishesSold,
  type OrderKind,
  type OrderPatternCell,
  type OrderPeriodTotals,
  openOrderCount,
  orderKinds,
  orderPeriodTotals,
  type PartnerOrder,
  partnerOrdersCompleted,
  type SalesOfKind,
  type SalesTotals,
} from './order-periods';
export { getOrder, getOrderWithAccessKey, orderWithAccessKey } from './order-present';
export { allowedMovesFor, OPEN_STATUSES, ORDER_TOPIC_RULES as topicRules } from './order-rules';
export { auditManualDiscount, insertOrder, type NewOrder, type NewOrderLine } from './order-write';
