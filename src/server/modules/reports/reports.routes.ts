import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import {
  DashboardSchema,
  PeriodQuerySchema,
  REPORT_TOPICS,
  REPORTS_API,
  ReportPeriodQuerySchema,
  StatementReceiptsSchema,
  StatementRefundsSchema,
  StatementSchema,
  StatementSettlementsSchema,
} from '../../../shared/contracts/reports';
import { requireActor } from '../../lib/auth-guards';
import type { AppEnv } from '../../lib/context';
import { matchesIfNoneMatch } from '../../lib/fast-lane';
import { createRouter, defineRoute, jsonResponse } from '../../lib/router';
import { authorize } from '../../policies';
import { analyticsDashboard, type ReportTimings } from '../../use-cases/reports/dashboard';
import { financialStatement } from '../../use-cases/reports/statement';
import { statementCsv } from '../../use-cases/reports/statement-csv';
import {
  statementReceipts,
  statementRefunds,
  statementSettlements,
} from '../../use-cases/reports/statement-records';

const TAGS = ['Reports'];

/**
 * An ETag made of the versions of every topic the report reads and of the query: while none moves, a
 * revalidation is a 304 from memory, with no query.
 */
function reportEtag(c: Context<AppEnv>, name: string): string {
  const versions = REPORT_TOPICS.map((topic) => c.var.deps.liveTopics.version(topic)).join('.');
  const search = new URL(c.req.url).search;
  const scope = createHash('sha1').update(`${name}|${versions}|${search}`).digest('base64url').slice(0, 20);
  return `"report-${scope}"`;
}

const statementRoute = defineRoute('admin', {
  method: 'get',
  path: REPORTS_API.statement,
  tags: TAGS,
  summary: 'The financial statement of a period, compared with the period before',
  description:
    'Days are the restaurant’s: a sale counts on the day its order was completed, a refund on the day ' +
    'it was made, an expense on its date. The previous period is as many whole months before when the ' +
    'period is whole months, otherwise as many days. Every amount is `{ current, previous }` in minor ' +
    'units. `format=csv` answers the same lines as a CSV file. An `ETag` changes with any record read.',
  request: { query: ReportPeriodQuerySchema },
  responses: {
    200: {
      ...jsonResponse('The statement', StatementSchema),
      content: {
        ...jsonResponse('The statement', StatementSchema).content,
        'text/csv': { schema: { type: 'string' as const } },
      },
    },
    304: { description: 'Not modified: the statement is as the ETag says' },
  },
});

const recordsQuery = PeriodQuerySchema;

const refundsRoute = defineRoute('admin', {
  method: 'get',
  path: REPORTS_API.refunds,
  tags: TAGS,
  summary: 'The refunds behind the statement’s refunds line, newest first',
  description: `Refunds made on the days \`from\` .. \`to\`, with their order’s number, type and source.`,
  request: { query: recordsQuery },
  responses: { 200: jsonResponse('The refunds', StatementRefundsSchema) },
});

const receiptsRoute = defineRoute('admin', {
  method: 'get',
  path: REPORTS_API.receipts,
  tags: TAGS,
  summary: 'The deliveries behind the statement’s purchases line, newest first',
  request: { query: recordsQuery },
  responses: { 200: jsonResponse('The stock received', StatementReceiptsSchema) },
});

const settlementsRoute = defineRoute('admin', {
  method: 'get',
  path: REPORTS_API.settlements,
  tags: TAGS,
  summary: 'The settlements behind the statement’s partner commissions line',
  description: 'Settlements whose period ends on the days `from` .. `to`, latest first.',
  request: { query: recordsQuery },
  responses: { 200: jsonResponse('The settlements', StatementSettlementsSchema) },
});

const dashboardRoute = defineRoute('admin', {
  method: 'get',
  path: REPORTS_API.dashboard,
  tags: TAGS,
  summary: 'The analytics dashboard: today at a glance, and a period’s sales, dishes, times and ratings',
  description:
    'Sales are the completed orders’ totals, on the day each was completed (the restaurant’s days). A ' +
    'one-day period gives its sales by hour, a longer one by day. Low stock is as it is now; the budgets ' +
    'are those of the period’s last month. An `ETag` changes with any record read.',
  request: { query: PeriodQuerySchema },
  responses: {
    200: jsonResponse('The dashboard', DashboardSchema),
    304: { description: 'Not modified: the dashboard is as the ETag says' },
  },
});

export const reportsRoutes = createRouter();

reportsRoutes.openapi(dashboardRoute, async (c) => {
  const actor = requireActor(c);
  authorize(actor, 'report.read');
  const query = c.req.valid('query');
  // Today's figures move with the day as well as with the records: every time zone's midnight falls
  // on a quarter of an hour, so the ETag moves on with each quarter.
  const etag = reportEtag(c, `dashboard|${Math.floor(Date.now() / 900_000)}`);
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  if (matchesIfNoneMatch(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers) as never;
  const timings: ReportTimings = new Map();
  const dashboard = await analyticsDashboard(c.var.deps.db, actor, query, timings);
  // Where the time went, for the browser's developer tools and the bench.
  const serverTiming = [...timings].map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', ');
  return c.json(dashboard, 200, { ...headers, 'Server-Timing': serverTiming });
});

reportsRoutes.openapi(statementRoute, async (c) => {
  const actor = requireActor(c);
  authorize(actor, 'report.read');
  const query = c.req.valid('query');
  const etag = reportEtag(c, 'statement');
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  if (matchesIfNoneMatch(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers) as never;
  const statement = await financialStatement(c.var.deps.db, actor, query);
  if (query.format === 'csv') {
    return c.body(statementCsv(statement), 200, {
      ...headers,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="statement-${query.from}-to-${query.to}.csv"`,
    }) as never;
  }
  return c.json(statement, 200, headers);
});

reportsRoutes
  .openapi(refundsRoute, async (c) =>
    c.json(await statementRefunds(c.var.deps.db, requireActor(c), c.req.valid('query')), 200),
  )
  .openapi(receiptsRoute, async (c) =>
    c.json(await statementReceipts(c.var.deps.db, requireActor(c), c.req.valid('query')), 200),
  )
  .openapi(settlementsRoute, async (c) =>
    c.json(await statementSettlements(c.var.deps.db, requireActor(c), c.req.valid('query')), 200),
  );
