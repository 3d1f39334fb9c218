/**
 * The settlements module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): what
 * delivery and marketplace partners owe for the orders they took, matched to their payout reports and
 * received into an account, and who may follow the `settlements` topic. Routes are mounted by app.ts
 * from settlements.routes.ts.
 */

export { partnerCostsBetween, type SettlementInPeriod, settlementsEndingBetween } from './settlement-periods';
export {
  addAdjustment,
  countSettlementsIn,
  createSettlement,
  deleteDemoSettlements,
  deleteSettlement,
  getSettlement,
  importPayoutReport,
  insertPayoutReport,
  insertReceipt,
  insertSettlement,
  listSettlements,
  receiveSettlement,
  removeAdjustment,
  reopenSettlement,
  SETTLEMENT_TOPIC_RULES as topicRules,
} from './settlements.service';
