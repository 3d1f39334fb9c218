import { z } from '@hono/zod-openapi';
import {
  BUDGETS_API,
  BudgetAllocationsInputSchema,
  BudgetCopyInputSchema,
  BudgetMonthSchema,
  monthField,
} from '../../../shared/contracts/expenses';
import { requireActor } from '../../lib/auth-guards';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../../lib/router';
import { budgetMonth, copyBudgetAllocations, setBudgetAllocations } from './budgets.service';

const TAGS = ['Budgets'];

const readRoute = defineRoute('admin', {
  method: 'get',
  path: BUDGETS_API.allocations,
  tags: TAGS,
  summary: 'A month’s budget against what was spent',
  description:
    'Per expense category (active ones, and archived ones with an allocation or spending that month): ' +
    'allocated, spent (the month’s recorded expenses), remaining, percent used and a state: `warning` ' +
    'from 80 %, `over` when more was spent than allocated (or anything without an allocation). With the totals and the ' +
    'six months to this one. `month` defaults to this month in the restaurant’s calendar.',
  request: { query: z.object({ month: monthField.optional() }).strict() },
  responses: { 200: jsonResponse('The month', BudgetMonthSchema) },
});

const writeRoute = defineRoute('admin', {
  method: 'put',
  path: BUDGETS_API.allocations,
  tags: TAGS,
  summary: 'Set a month’s allocations',
  description:
    'Each line sets one category’s amount for the month (0 removes it); categories not named keep ' +
    'theirs. Raising an allocation above what was spent lets the 80 % and 100 % notices be sent again.',
  request: jsonBody(BudgetAllocationsInputSchema),
  responses: { 200: jsonResponse('The month after the change', BudgetMonthSchema) },
});

const copyRoute = defineRoute('admin', {
  method: 'post',
  path: BUDGETS_API.copy,
  tags: TAGS,
  summary: 'Copy one month’s allocations to another',
  description:
    'Into `to`, for each category `to` has no allocation for. A `from` with none is a 409 with ' +
    '`details.reason: "nothing-to-copy"`.',
  request: jsonBody(BudgetCopyInputSchema),
  responses: {
    200: jsonResponse('The month copied to', BudgetMonthSchema),
    409: errorResponse('Nothing to copy'),
  },
});

export const budgetsRoutes = createRouter()
  .openapi(readRoute, async (c) =>
    c.json(await budgetMonth(c.var.deps.db, requireActor(c), c.req.valid('query').month), 200),
  )
  .openapi(writeRoute, async (c) =>
    c.json(await setBudgetAllocations(c.var.deps.db, requireActor(c), c.req.valid('json')), 200),
  )
  .openapi(copyRoute, async (c) =>
    c.json(await copyBudgetAllocations(c.var.deps.db, requireActor(c), c.req.valid('json')), 200),
  );
