import {
  MAX_LINE_RECORDS,
  type ReportPeriodQuery,
  type StatementReceipts,
  type StatementRefunds,
  type StatementSettlements,
} from '../../../shared/contracts/reports';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/context';
import { queryDateBound } from '../../lib/date-range';
import { userNames } from '../../modules/auth';
import { stockReceiptsBetween } from '../../modules/inventory';
import { orderKinds } from '../../modules/orders';
import { refundsBetween } from '../../modules/payments';
import { getSettings } from '../../modules/settings';
import { settlementsEndingBetween } from '../../modules/settlements';
import { authorize } from '../../policies';

/**
 * The records behind the statement's lines that the other lists do not give by period: the refunds
 * made, the deliveries received and the settlements counted. Each answers the newest
 * `MAX_LINE_RECORDS` and says when there were more.
 */

type Period = Pick<ReportPeriodQuery, 'from' | 'to'>;

async function bounds(db: Database, period: Period): Promise<[Date, Date]> {
  const { timeZone } = await getSettings(db);
  return [queryDateBound(period.from, 'from', timeZone), queryDateBound(period.to, 'to', timeZone)];
}

export async function statementRefunds(
  db: Database,
  actor: Actor,
  period: Period,
): Promise<StatementRefunds> {
  authorize(actor, 'report.read');
  const [from, to] = await bounds(db, period);
  const rows = await refundsBetween(db, from, to, MAX_LINE_RECORDS + 1);
  const shown = rows.slice(0, MAX_LINE_RECORDS);
  const [kinds, names] = await Promise.all([
    orderKinds(
      db,
      shown.map((row) => row.orderId),
    ),
    userNames(
      db,
      shown.map((row) => row.refundedBy),
    ),
  ]);
  return {
    items: shown.map((row) => {
      const kind = kinds.get(row.orderId);
      return {
        id: row.id,
        orderId: row.orderId,
        orderNumber: kind?.number ?? 0,
        type: kind?.type ?? '',
        source: kind?.source ?? '',
        method: row.method,
        amount: row.amount,
        reason: row.reason,
        refundedBy: row.refundedBy ? (names.get(row.refundedBy) ?? null) : null,
        createdAt: row.createdAt.toISOString(),
      };
    }),
    truncated: rows.length > MAX_LINE_RECORDS,
  };
}

export async function statementReceipts(
  db: Database,
  actor: Actor,
  period: Period,
): Promise<StatementReceipts> {
  authorize(actor, 'report.read');
  const [from, to] = await bounds(db, period);
  const rows = await stockReceiptsBetween(db, from, to, MAX_LINE_RECORDS + 1);
  return {
    items: rows.slice(0, MAX_LINE_RECORDS).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    truncated: rows.length > MAX_LINE_RECORDS,
  };
}

export async function statementSettlements(
  db: Database,
  actor: Actor,
  period: Period,
): Promise<StatementSettlements> {
  authorize(actor, 'report.read');
  const rows = await settlementsEndingBetween(db, period.from, period.to, MAX_LINE_RECORDS + 1);
  return { items: rows.slice(0, MAX_LINE_RECORDS), truncated: rows.length > MAX_LINE_RECORDS };
}
