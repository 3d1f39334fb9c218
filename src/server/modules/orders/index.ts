/**
 * The orders module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): reading,
 * listing and moving orders, and what the place-order use case writes through.
 */
export {
  allowedMovesFor,
  auditManualDiscount,
  backdateDemoOrder,
  claimIdempotencyKey,
  countOrdersIn,
  deleteOrders,
  getOrder,
  IDEMPOTENCY_KEY_HOURS,
  insertOrder,
  type KeyClaim,
  listOrders,
  moveOrder,
  type NewOrder,
  type NewOrderLine,
  OPEN_STATUSES,
  type OrderListQuery,
  orderSummary,
  pruneIdempotencyKeys,
} from './orders.service';
