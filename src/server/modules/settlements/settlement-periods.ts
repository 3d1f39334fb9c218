import { and, desc, gte, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/transaction';
import { settlements } from './settlements.schema';

/**
 * What partners kept of their orders, for the settlements whose period ends on `fromDay` .. `toDay`
 * (both included): their commissions less the adjustments in the restaurant's favour (net = gross −
 * commission + adjustments, so the partner keeps commission − adjustments). Orders not settled yet
 * have no commission worked out and count once they are.
 */
export async function partnerCostsBetween(
  db: Queryable,
  fromDay: string,
  toDay: string,
): Promise<{ settlements: number; commission: number; adjustments: number; cost: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      commission: sql<string>`coalesce(sum(${settlements.commissionTotal}), 0)`,
      adjustments: sql<string>`coalesce(sum(${settlements.adjustmentsTotal}), 0)`,
    })
    .from(settlements)
    .where(and(gte(settlements.periodTo, fromDay), lte(settlements.periodTo, toDay)));
  const commission = Number(row?.commission ?? 0);
  const adjustments = Number(row?.adjustments ?? 0);
  return { settlements: row?.count ?? 0, commission, adjustments, cost: commission - adjustments };
}

export interface SettlementInPeriod {
  id: string;
  partnerName: string;
  periodFrom: string;
  periodTo: string;
  status: string;
  commission: number;
  adjustments: number;
}

/** The settlements whose period ends on `fromDay` .. `toDay`, latest first, at most `limit`. */
export async function settlementsEndingBetween(
  db: Queryable,
  fromDay: string,
  toDay: string,
  limit: number,
): Promise<SettlementInPeriod[]> {
  return db
    .select({
      id: settlements.id,
      partnerName: settlements.partnerName,
      periodFrom: settlements.periodFrom,
      periodTo: settlements.periodTo,
      status: settlements.status,
      commission: settlements.commissionTotal,
      adjustments: settlements.adjustmentsTotal,
    })
    .from(settlements)
    .where(and(gte(settlements.periodTo, fromDay), lte(settlements.periodTo, toDay)))
    .orderBy(desc(settlements.periodTo), desc(settlements.createdAt))
    .limit(limit);
}
