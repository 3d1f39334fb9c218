import { z } from '@hono/zod-openapi';
import {
  STOCK_COUNT_STATUSES,
  STOCK_COUNTS_API,
  StockCountCloseSchema,
  StockCountInputSchema,
  StockCountLinesInputSchema,
  StockCountPageSchema,
  StockCountSchema,
} from '../../../shared/contracts/stock-counts';
import { requireActor } from '../../lib/auth-guards';
import { listFilter, PaginationQuerySchema } from '../../lib/pagination';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../../lib/router';
import {
  cancelStockCount,
  finishStockCount,
  getStockCount,
  listStockCounts,
  openStockCount,
  saveStockCountLines,
} from './stock-counts.service';

const TAGS = ['Inventory'];
const IdParams = z.object({
  id: z.uuid('must be a stock count id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});
const countPath = `${STOCK_COUNTS_API.counts}/{id}`;

const listRoute = defineRoute('admin', {
  method: 'get',
  path: STOCK_COUNTS_API.counts,
  tags: TAGS,
  summary: 'Stock counts, newest first',
  description:
    '`status` is a comma-separated list of open, finished, cancelled. A finished count carries ' +
    '`valueDifference`, the money its movements moved (negative: stock was missing).',
  request: {
    query: PaginationQuerySchema.extend({
      status: listFilter(STOCK_COUNT_STATUSES)
        .optional()
        .openapi({ type: 'string', example: 'open,finished' }),
    }).strict(),
  },
  responses: { 200: jsonResponse('A page of stock counts', StockCountPageSchema) },
});

const openRoute = defineRoute('admin', {
  method: 'post',
  path: STOCK_COUNTS_API.counts,
  tags: TAGS,
  summary: 'Open a stock count',
  description:
    'Counts every active item, or the active items of `group`; each line `expected` is the item’s ' +
    'stock now. Two open counts never share an item: while a count of everything is open no other ' +
    'count opens, and a group’s count refuses another of the same group (409, `details.reason: ' +
    '"count-overlaps"`, `details.countId`). No active item to count is a 409 `count-empty`.',
  request: jsonBody(StockCountInputSchema),
  responses: {
    201: jsonResponse('The open count with its lines in storage order', StockCountSchema),
    409: errorResponse('An open count overlaps, or there is nothing to count'),
  },
});

const getRoute = defineRoute('admin', {
  method: 'get',
  path: countPath,
  tags: TAGS,
  summary: 'One stock count with its lines',
  description:
    'Lines are in storage order (the item’s `storageOrder`, then `storageArea`, then name), each with ' +
    'what was counted, by whom and when. `version` is what finishing and cancelling are based on.',
  request: { params: IdParams },
  responses: {
    200: jsonResponse('The count', StockCountSchema),
    404: errorResponse('No stock count with this id'),
  },
});

const linesRoute = defineRoute('admin', {
  method: 'patch',
  path: `${countPath}/lines`,
  tags: TAGS,
  summary: 'Save counted lines',
  description:
    'Saves what was found, as it is typed, by anyone counting: `counted` is a decimal string of 0 or ' +
    'more in the item’s stock unit; `null` clears the line. Each line keeps who counted it, when, and ' +
    'the item’s stock on the books at that moment (saving the same quantity again keeps the first ' +
    'stamp). An item not in the count is a 400 naming the line. A finished or cancelled count is a ' +
    '409 `count-closed`. Each save counts the version up.',
  request: { params: IdParams, ...jsonBody(StockCountLinesInputSchema) },
  responses: {
    200: jsonResponse('The count after the save', StockCountSchema),
    404: errorResponse('No stock count with this id'),
    409: errorResponse('The count is finished or cancelled'),
  },
});

const finishRoute = defineRoute('admin', {
  method: 'post',
  path: `${countPath}/finish`,
  tags: TAGS,
  summary: 'Finish a stock count',
  description:
    'Based on `version` (an older one: 409 `stale` with the current `version`). Writes one `count` ' +
    'movement per counted line that differs from the stock on the books when it was counted (an item ' +
    'sold during the count is adjusted by what was counted at that moment, not from `expected`), in ' +
    'one transaction, valued at the average cost. Lines never counted change nothing. Answers each ' +
    'line’s `difference` and `valueDifference`; the count is then read-only (409 `count-closed`).',
  request: { params: IdParams, ...jsonBody(StockCountCloseSchema) },
  responses: {
    200: jsonResponse('The finished count with each line’s difference', StockCountSchema),
    404: errorResponse('No stock count with this id'),
    409: errorResponse('The count changed since, or is already finished or cancelled'),
  },
});

const cancelRoute = defineRoute('admin', {
  method: 'post',
  path: `${countPath}/cancel`,
  tags: TAGS,
  summary: 'Cancel a stock count',
  description:
    'Based on `version` (an older one: 409 `stale`). Nothing is written to stock; the count is then ' +
    'read-only (409 `count-closed`).',
  request: { params: IdParams, ...jsonBody(StockCountCloseSchema) },
  responses: {
    200: jsonResponse('The cancelled count', StockCountSchema),
    404: errorResponse('No stock count with this id'),
    409: errorResponse('The count changed since, or is already finished or cancelled'),
  },
});

export const stockCountRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const page = await listStockCounts(c.var.deps.db, requireActor(c), c.req.valid('query'));
    return c.json(page, 200);
  })
  .openapi(openRoute, async (c) => {
    const count = await openStockCount(c.var.deps.db, requireActor(c), c.req.valid('json'));
    return c.json(count, 201);
  })
  .openapi(getRoute, async (c) => {
    const count = await getStockCount(c.var.deps.db, requireActor(c), c.req.valid('param').id);
    return c.json(count, 200);
  })
  .openapi(linesRoute, async (c) => {
    const count = await saveStockCountLines(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(count, 200);
  })
  .openapi(finishRoute, async (c) => {
    const count = await finishStockCount(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(count, 200);
  })
  .openapi(cancelRoute, async (c) => {
    const count = await cancelStockCount(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(count, 200);
  });
