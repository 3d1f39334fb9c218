import { z } from '@hono/zod-openapi';
import {
  EXPENSE_STATUSES,
  EXPENSES_API,
  ExpenseInputSchema,
  ExpensePageSchema,
  ExpenseSchema,
  ExpenseUpdateSchema,
  ExpenseVoidInputSchema,
  MAX_RECEIPT_BYTES,
  RECEIPT_TOO_LARGE,
  RecurringExpenseInputSchema,
  RecurringExpenseListSchema,
  RecurringExpenseSchema,
  RecurringExpenseUpdateSchema,
} from '../../../shared/contracts/expenses';
import { requireActor } from '../../lib/auth-guards';
import { PaginationQuerySchema } from '../../lib/pagination';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../../lib/router';
import {
  etagHeader,
  imageUploadBody,
  imageUploadBodyLimit,
  matchesIfNoneMatch,
  readImageUpload,
  type UploadLimit,
  withUploadField,
} from '../images';
import {
  attachReceipt,
  createExpense,
  exportExpenses,
  getExpense,
  listExpenses,
  readReceipt,
  removeReceipt,
  updateExpense,
  voidExpense,
} from './expenses.service';
import {
  createRecurringExpense,
  listRecurringExpenses,
  updateRecurringExpense,
} from './recurring-expenses.service';

const TAGS = ['Expenses'];
const RECEIPT_FIELD = 'file';
const RECEIPT_LIMIT: UploadLimit = { maxBytes: MAX_RECEIPT_BYTES, tooLarge: RECEIPT_TOO_LARGE };
const IdParams = z.object({
  id: z.uuid('must be an expense id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});
const recordPath = `${EXPENSES_API.expenses}/{id}`;
const notFoundResponse = errorResponse('No expense with this id');
const day = z.iso.date('must be a date such as 2026-01-31');

const FilterQuerySchema = z.object({
  from: day.optional().openapi({ description: 'The first day (inclusive)' }),
  to: day.optional().openapi({ description: 'The last day (inclusive)' }),
  categoryId: z.uuid('must be an expense category id').optional(),
  supplierId: z.uuid('must be a supplier id').optional(),
  accountId: z.uuid('must be a bank account id').optional(),
  status: z.enum(EXPENSE_STATUSES, { error: 'must be recorded or voided' }).optional(),
  search: z.string().max(100, 'must be at most 100 characters').optional(),
});

const listRoute = defineRoute('admin', {
  method: 'get',
  path: EXPENSES_API.expenses,
  tags: TAGS,
  summary: 'Expenses, newest date first, with totals',
  description:
    'Filters: the days `from`..`to` (inclusive), a category, a supplier, the account paid from, the ' +
    'status, and `search` in the description and reference. `totals` counts every expense the filters ' +
    'keep (not only this page), voided ones left out, with the amount by category, largest first.',
  request: { query: PaginationQuerySchema.extend(FilterQuerySchema.shape).strict() },
  responses: { 200: jsonResponse('A page of expenses and the totals', ExpensePageSchema) },
});

const exportRoute = defineRoute('admin', {
  method: 'get',
  path: EXPENSES_API.export,
  tags: TAGS,
  summary: 'The expenses the filters keep, as a CSV file',
  description: 'The list’s filters; oldest first, amounts in major units (12.50), voided ones marked.',
  request: { query: FilterQuerySchema.strict() },
  responses: {
    200: { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' as const } } } },
  },
});

const getRoute = defineRoute('admin', {
  method: 'get',
  path: recordPath,
  tags: TAGS,
  summary: 'One expense',
  request: { params: IdParams },
  responses: { 200: jsonResponse('The expense', ExpenseSchema), 404: notFoundResponse },
});

const createRoute = defineRoute('admin', {
  method: 'post',
  path: EXPENSES_API.expenses,
  tags: TAGS,
  summary: 'Record an expense',
  description:
    'Writes the expense and its withdrawal from `accountId` (booked on `date`) in one transaction. ' +
    'A date on or before the books’ lock date is a 409 with `details: { reason: "books-locked", ' +
    'lockedUntil }`; an archived category, supplier or account a 400 on its field.',
  request: jsonBody(ExpenseInputSchema),
  responses: {
    201: jsonResponse('The expense', ExpenseSchema),
    409: errorResponse('The books are closed on that day'),
  },
});

const updateRoute = defineRoute('admin', {
  method: 'patch',
  path: recordPath,
  tags: TAGS,
  summary: 'Change an expense',
  description:
    'Only the fields given change. A new amount, date or account reverses the withdrawal (a row of the ' +
    'opposite amount on the day it was booked) and records a new one. `version` is the version the ' +
    'change is based on: an older one is a 409 `stale`. A voided expense is a 409 `already-voided`; one ' +
    'dated on or before the lock date (or moved there) a 409 `books-locked`; one whose withdrawal is ' +
    'reconciled, changing its money, a 409 `reconciled`.',
  request: { params: IdParams, ...jsonBody(ExpenseUpdateSchema) },
  responses: {
    200: jsonResponse('The expense after the change', ExpenseSchema),
    404: notFoundResponse,
    409: errorResponse('Changed since, voided, locked or reconciled'),
  },
});

const voidRoute = defineRoute('admin', {
  method: 'post',
  path: `${recordPath}/void`,
  tags: TAGS,
  summary: 'Void an expense',
  description:
    'Deleting an expense is voiding it, with a reason: its withdrawal is reversed and it stays in the ' +
    'list, struck through. The same 409s as a change.',
  request: { params: IdParams, ...jsonBody(ExpenseVoidInputSchema) },
  responses: {
    200: jsonResponse('The voided expense', ExpenseSchema),
    404: notFoundResponse,
    409: errorResponse('Changed since, voided, locked or reconciled'),
  },
});

const uploadReceiptRoute = defineRoute('admin', {
  method: 'post',
  path: `${recordPath}/receipt`,
  tags: TAGS,
  summary: 'Attach the receipt',
  description:
    'Multipart form data with one field `file`: a JPEG, PNG or WebP photo (turned upright, reduced to ' +
    '2000 pixels on its longest side, metadata removed) or a PDF, at most 10 MB (413 beyond). Replaces ' +
    'the receipt the expense had. A voided expense is a 409 `already-voided`.',
  request: { params: IdParams, body: imageUploadBody(RECEIPT_FIELD) },
  responses: {
    200: jsonResponse('The expense with its receipt', ExpenseSchema),
    404: notFoundResponse,
    409: errorResponse('The expense is voided'),
    413: errorResponse('Larger than 10 MB'),
  },
});

const readReceiptRoute = defineRoute('admin', {
  method: 'get',
  path: `${recordPath}/receipt`,
  tags: TAGS,
  summary: 'The receipt’s file',
  request: { params: IdParams },
  responses: {
    200: {
      description: 'The photo (WebP) or PDF',
      content: {
        'image/webp': { schema: { type: 'string' as const, format: 'binary' } },
        'application/pdf': { schema: { type: 'string' as const, format: 'binary' } },
      },
    },
    304: { description: 'Not modified (If-None-Match)' },
    404: errorResponse('No expense with this id, or it has no receipt'),
  },
});

const removeReceiptRoute = defineRoute('admin', {
  method: 'delete',
  path: `${recordPath}/receipt`,
  tags: TAGS,
  summary: 'Remove the receipt',
  request: { params: IdParams },
  responses: {
    200: jsonResponse('The expense without a receipt', ExpenseSchema),
    404: errorResponse('No expense with this id, or it has no receipt'),
    409: errorResponse('The expense is voided'),
  },
});

const RecurringIdParams = z.object({
  id: z.uuid('must be a recurring expense id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});

const listRecurringRoute = defineRoute('admin', {
  method: 'get',
  path: EXPENSES_API.recurring,
  tags: TAGS,
  summary: 'Recurring expenses',
  description: 'Active ones first, by the next day they record on.',
  responses: { 200: jsonResponse('Every recurring expense', RecurringExpenseListSchema) },
});

const createRecurringRoute = defineRoute('admin', {
  method: 'post',
  path: EXPENSES_API.recurring,
  tags: TAGS,
  summary: 'Set up a recurring expense',
  description:
    'Monthly on `dayOfMonth` (the month’s last day when it is shorter) or weekly on `weekday` ' +
    '(1 = Monday), from `startsOn` (not before today: days already past are not recorded) until ' +
    '`endsOn`. On each of its days the app records the expense and its withdrawal by itself; days ' +
    'missed while it was stopped are recorded at its next start, each on its own date. A day the books ' +
    'are closed on, or whose category or account was archived, is skipped and audited.',
  request: jsonBody(RecurringExpenseInputSchema),
  responses: { 201: jsonResponse('The recurring expense', RecurringExpenseSchema) },
});

const updateRecurringRoute = defineRoute('admin', {
  method: 'patch',
  path: `${EXPENSES_API.recurring}/{id}`,
  tags: TAGS,
  summary: 'Change or stop a recurring expense',
  description:
    'Only the fields given change; what it recorded before stays. `active: false` stops it; turned ' +
    'on again it records from that day on. An old `version` is a 409 `stale`.',
  request: { params: RecurringIdParams, ...jsonBody(RecurringExpenseUpdateSchema) },
  responses: {
    200: jsonResponse('The recurring expense after the change', RecurringExpenseSchema),
    404: errorResponse('No recurring expense with this id'),
    409: errorResponse('Changed since'),
  },
});

const router = createRouter();
router.use(EXPENSES_API.receipt(':id'), imageUploadBodyLimit(RECEIPT_LIMIT));

export const expensesRoutes = router
  .openapi(listRecurringRoute, async (c) =>
    c.json(await listRecurringExpenses(c.var.deps.db, requireActor(c)), 200),
  )
  .openapi(createRecurringRoute, async (c) =>
    c.json(await createRecurringExpense(c.var.deps.db, requireActor(c), c.req.valid('json')), 201),
  )
  .openapi(updateRecurringRoute, async (c) =>
    c.json(
      await updateRecurringExpense(
        c.var.deps.db,
        requireActor(c),
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
      200,
    ),
  )
  .openapi(listRoute, async (c) =>
    c.json(await listExpenses(c.var.deps.db, requireActor(c), c.req.valid('query')), 200),
  )
  .openapi(exportRoute, async (c) => {
    const filters = c.req.valid('query');
    const csv = await exportExpenses(c.var.deps.db, requireActor(c), filters);
    const period = [filters.from, filters.to].filter(Boolean).join('-to-');
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="expenses${period ? `-${period}` : ''}.csv"`,
    }) as never;
  })
  .openapi(getRoute, async (c) =>
    c.json(await getExpense(c.var.deps.db, requireActor(c), c.req.valid('param').id), 200),
  )
  .openapi(createRoute, async (c) =>
    c.json(await createExpense(c.var.deps.db, requireActor(c), c.req.valid('json')), 201),
  )
  .openapi(updateRoute, async (c) =>
    c.json(
      await updateExpense(c.var.deps.db, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(voidRoute, async (c) =>
    c.json(
      await voidExpense(c.var.deps.db, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(uploadReceiptRoute, async (c) => {
    const actor = requireActor(c);
    const form = c.req;
    let fileName = 'receipt';
    const bytes = await readImageUpload(
      {
        header: (name) => form.header(name),
        formData: async () => {
          const data = await form.formData();
          const file = data.get(RECEIPT_FIELD);
          if (file instanceof File && file.name) fileName = file.name;
          return data;
        },
      },
      RECEIPT_FIELD,
      RECEIPT_LIMIT,
    );
    const expense = await withUploadField(RECEIPT_FIELD, () =>
      attachReceipt(c.var.deps.db, actor, c.req.valid('param').id, { bytes, fileName }),
    );
    return c.json(expense, 200);
  })
  .openapi(readReceiptRoute, async (c) => {
    const receipt = await readReceipt(c.var.deps.db, requireActor(c), c.req.valid('param').id);
    const headers = {
      ETag: etagHeader(receipt.etag),
      'Cache-Control': 'private, no-cache',
      // Shown as what it is (the app's security headers forbid scripts from anywhere else).
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': `inline; filename="${receipt.fileName.replace(/[^\w.\- ]/g, '_')}"`,
    };
    if (matchesIfNoneMatch(c.req.header('if-none-match'), receipt.etag)) {
      return c.body(null, 304, headers) as never;
    }
    return c.body(new Uint8Array(receipt.content), 200, {
      ...headers,
      'Content-Type': receipt.contentType,
    }) as never;
  })
  .openapi(removeReceiptRoute, async (c) =>
    c.json(await removeReceipt(c.var.deps.db, requireActor(c), c.req.valid('param').id), 200),
  );
