import { z } from '@hono/zod-openapi';
import {
  CASH_CLOSES_API,
  CashCloseInputSchema,
  CashClosePageSchema,
  CashCloseReportSchema,
  CashCloseSchema,
} from '../../../shared/contracts/cash-closes';
import { requireActor } from '../../lib/auth-guards';
import { notFound } from '../../lib/errors';
import { PaginationQuerySchema } from '../../lib/pagination';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../../lib/router';
import { authorize } from '../../policies';
import { closeTheDay, previewCashClose } from '../../use-cases/close-the-day';
import { cashAccounts, getCashClose, listCashCloses } from './cash-closes.service';

const TAGS = ['Closing the day'];
const accountQuery = z.uuid('must be a cash account id');

const previewRoute = defineRoute('manager', {
  method: 'get',
  path: CASH_CLOSES_API.preview,
  tags: TAGS,
  summary: 'What the drawer should hold now, with the day’s end report so far',
  description:
    'From the drawer’s last close (or the start of the restaurant’s day, before its first) to now. ' +
    '`accountId` is a cash account (400 otherwise). Nothing is written.',
  request: { query: z.object({ accountId: accountQuery }).strict() },
  responses: { 200: jsonResponse('The report', CashCloseReportSchema) },
});

const accountsRoute = defineRoute('manager', {
  method: 'get',
  path: `${CASH_CLOSES_API.closes}/drawers`,
  tags: TAGS,
  summary: 'The cash accounts a drawer can be closed in',
  responses: {
    200: jsonResponse(
      'Active cash accounts, by name',
      z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) }),
    ),
  },
});

const listRoute = defineRoute('manager', {
  method: 'get',
  path: CASH_CLOSES_API.closes,
  tags: TAGS,
  summary: 'The drawer’s closes, newest first',
  request: {
    query: PaginationQuerySchema.extend({ accountId: accountQuery.optional() }).strict(),
  },
  responses: { 200: jsonResponse('A page of closes', CashClosePageSchema) },
});

const getRoute = defineRoute('manager', {
  method: 'get',
  path: `${CASH_CLOSES_API.closes}/{id}`,
  tags: TAGS,
  summary: 'One close with its report (to print again)',
  request: {
    params: z.object({
      id: z.uuid('must be a close id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
    }),
  },
  responses: { 200: jsonResponse('The close', CashCloseSchema), 404: errorResponse('No close with this id') },
});

const closeRoute = defineRoute('manager', {
  method: 'post',
  path: CASH_CLOSES_API.closes,
  tags: TAGS,
  summary: 'Count the drawer and close the day',
  description:
    'Managers and admins. `counted` is the cash in the drawer (minor units). What should be there is ' +
    'the cash account’s ledger balance; a count that differs needs a `reason` (400 naming `reason`, with ' +
    '`details.expected`), and the difference is booked in the account as over (a deposit) or short (a ' +
    'withdrawal). The report covers the time since the drawer’s last close. Two closes of one drawer ' +
    'at once are made one after the other.',
  request: jsonBody(CashCloseInputSchema),
  responses: { 201: jsonResponse('The close with its report', CashCloseSchema) },
});

export const cashClosesRoutes = createRouter()
  .openapi(previewRoute, async (c) =>
    c.json(await previewCashClose(c.var.deps.db, requireActor(c), c.req.valid('query').accountId), 200),
  )
  .openapi(accountsRoute, async (c) => {
    authorize(requireActor(c), 'cash-close.read');
    return c.json({ items: await cashAccounts(c.var.deps.db) }, 200);
  })
  .openapi(listRoute, async (c) =>
    c.json(await listCashCloses(c.var.deps.db, requireActor(c), c.req.valid('query')), 200),
  )
  .openapi(getRoute, async (c) => {
    authorize(requireActor(c), 'cash-close.read');
    const close = await getCashClose(c.var.deps.db, c.req.valid('param').id);
    if (!close) throw notFound('There is no close with this id.');
    return c.json(close, 200);
  })
  .openapi(closeRoute, async (c) =>
    c.json(await closeTheDay(c.var.deps.db, requireActor(c), c.req.valid('json')), 201),
  );
