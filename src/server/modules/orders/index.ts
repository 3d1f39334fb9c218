/**
 * The orders module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): reading,
 * listing and moving orders, and what the place-order use case writes through.
 */
export {
  allowedMovesFor,
  auditManualDiscount,
  backdateDemoOrder,
  countOrdersIn,
  deleteOrders,
  findIdempotencyKey,
  getOrder,
  IDEMPOTENCY_KEY_HOURS,
  insertOrder,
  listOrders,
  moveOrder,
  type NewOrder,
  type NewOrderLine,
  OPEN_STATUSES,
  type OrderKey,
  type OrderListQuery,
  orderSummary,
  pruneIdempotencyKeys,
  type UsedKey,
} from './orders.service';
