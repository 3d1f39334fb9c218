import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REPORTS_API, type Statement } from '../../../../shared/contracts/reports';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { ReportPeriod } from '../statement-period';
import { useReportTopics } from './report-topics';

function periodParams(period: ReportPeriod): URLSearchParams {
  return new URLSearchParams({ from: period.from, to: period.to });
}

/** `GET /api/reports/statement?from&to&format=csv`: the statement as the server's CSV file. */
export function statementCsvUrl(period: ReportPeriod): string {
  const params = periodParams(period);
  params.set('format', 'csv');
  return `${REPORTS_API.statement}?${params}`;
}

/**
 * `GET /api/reports/statement?from&to`: the period's statement beside the previous period's. Revalidated
 * with its ETag (`no-cache`), so a refetch while nothing changed is a 304.
 */
export function getStatement(period: ReportPeriod, signal?: AbortSignal): Promise<Statement> {
  return apiRequest<Statement>(`${REPORTS_API.statement}?${periodParams(period)}`, {
    signal,
    cache: 'no-cache',
  });
}

export function statementQueryOptions(period: ReportPeriod) {
  return queryOptions({
    queryKey: queryKeys.reports.statement({ from: period.from, to: period.to }),
    queryFn: ({ signal }) => getStatement(period, signal),
    // Another period keeps the last one on screen (dimmed) until it has arrived.
    placeholderData: keepPreviousData,
  });
}

/** The period's statement, refreshed whenever a record it reads changes. */
export function useStatement(period: ReportPeriod) {
  useReportTopics();
  return useQuery(statementQueryOptions(period));
}
