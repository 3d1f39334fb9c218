import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  REPORTS_API,
  type StatementReceipts,
  type StatementRefunds,
  type StatementSettlements,
} from '../../../../shared/contracts/reports';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { ReportPeriod } from '../statement-period';

/**
 * The records behind the statement's lines that no other list gives by period: the refunds made, the
 * deliveries received and the settlements counted. Each answers the newest `MAX_LINE_RECORDS` and says
 * `truncated` when there were more. They live under `queryKeys.reports`, so the page's live topics
 * refresh them with the statement.
 */

function getRecords<T>(url: string, period: ReportPeriod, signal?: AbortSignal): Promise<T> {
  const params = new URLSearchParams({ from: period.from, to: period.to });
  return apiRequest<T>(`${url}?${params}`, { signal, cache: 'no-cache' });
}

/** `GET /api/reports/statement/refunds?from&to`: the refunds made in the period, newest first. */
export function getStatementRefunds(period: ReportPeriod, signal?: AbortSignal) {
  return getRecords<StatementRefunds>(REPORTS_API.refunds, period, signal);
}

export function statementRefundsQueryOptions(period: ReportPeriod) {
  return queryOptions({
    queryKey: queryKeys.reports.records('refunds', period),
    queryFn: ({ signal }) => getStatementRefunds(period, signal),
  });
}

export function useStatementRefunds(period: ReportPeriod) {
  return useQuery(statementRefundsQueryOptions(period));
}

/** `GET /api/reports/statement/stock-receipts?from&to`: the deliveries received, newest first. */
export function getStatementReceipts(period: ReportPeriod, signal?: AbortSignal) {
  return getRecords<StatementReceipts>(REPORTS_API.receipts, period, signal);
}

export function statementReceiptsQueryOptions(period: ReportPeriod) {
  return queryOptions({
    queryKey: queryKeys.reports.records('receipts', period),
    queryFn: ({ signal }) => getStatementReceipts(period, signal),
  });
}

export function useStatementReceipts(period: ReportPeriod) {
  return useQuery(statementReceiptsQueryOptions(period));
}

/** `GET /api/reports/statement/settlements?from&to`: the settlements whose period ends in it. */
export function getStatementSettlements(period: ReportPeriod, signal?: AbortSignal) {
  return getRecords<StatementSettlements>(REPORTS_API.settlements, period, signal);
}

export function statementSettlementsQueryOptions(period: ReportPeriod) {
  return queryOptions({
    queryKey: queryKeys.reports.records('settlements', period),
    queryFn: ({ signal }) => getStatementSettlements(period, signal),
  });
}

export function useStatementSettlements(period: ReportPeriod) {
  return useQuery(statementSettlementsQueryOptions(period));
}
