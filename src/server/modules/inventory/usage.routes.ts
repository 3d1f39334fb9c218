import { z } from '@hono/zod-openapi';
import { INVENTORY_GROUPS } from '../../../shared/contracts/inventory';
import { INVENTORY_USAGE_PATH, UsageReportSchema } from '../../../shared/contracts/inventory-usage';
import { requireActor } from '../../lib/auth-guards';
import { DATE_RANGE_MESSAGE, isQueryDateInRange } from '../../lib/date-range';
import { listFilter } from '../../lib/pagination';
import { createRouter, defineRoute } from '../../lib/router';
import { usageCsv, usageReport } from './usage.service';

const day = (description: string) =>
  z.iso
    .date('must be a date such as 2026-11-25')
    .refine(isQueryDateInRange, DATE_RANGE_MESSAGE)
    .openapi({ description, example: '2026-11-25' });

const usageRoute = defineRoute('admin', {
  method: 'get',
  path: INVENTORY_USAGE_PATH,
  tags: ['Inventory'],
  summary: 'Where stock went over a period',
  description:
    'Per item, for the days `from`..`to` (inclusive, in the restaurant’s time zone): opening, received, ' +
    'sold by recipes, wasted, adjusted, counted and closing, the theoretical (recipes) and actual use, ' +
    'and their variance, in quantity and money, by money lost. One period’s closing is the next one’s ' +
    'opening. `format=csv` answers the same as a spreadsheet file.',
  request: {
    query: z
      .object({
        from: day('The first day'),
        to: day('The last day'),
        group: listFilter(INVENTORY_GROUPS).optional().openapi({ type: 'string', example: 'ingredient' }),
        format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).optional(),
      })
      .strict(),
  },
  responses: {
    200: {
      description: 'The report',
      content: {
        'application/json': { schema: UsageReportSchema },
        'text/csv': { schema: { type: 'string' as const } },
      },
    },
  },
});

export const usageRoutes = createRouter().openapi(usageRoute, async (c) => {
  const { format, ...query } = c.req.valid('query');
  const report = await usageReport(c.var.deps.db, requireActor(c), query);
  if (format !== 'csv') return c.json(report, 200);
  return c.body(usageCsv(report), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="stock-usage-${report.from}-to-${report.to}.csv"`,
  }) as never;
});
