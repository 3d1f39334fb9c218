import { z } from '@hono/zod-openapi';
import {
  SETTLEMENT_STATUSES,
  SETTLEMENTS_API,
  SettlementAdjustmentInputSchema,
  SettlementInputSchema,
  SettlementListSchema,
  SettlementReceiveInputSchema,
  SettlementReopenInputSchema,
  SettlementSchema,
} from '../../../shared/contracts/settlements';
import { requireActor } from '../../lib/auth-guards';
import { badRequest } from '../../lib/errors';
import { API_BODY_LIMIT } from '../../lib/input-guards';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../../lib/router';
import { imageUploadBody, readImageUpload } from '../images';
import {
  addAdjustment,
  createSettlement,
  deleteSettlement,
  getSettlement,
  importPayoutReport,
  listSettlements,
  receiveSettlement,
  removeAdjustment,
  reopenSettlement,
} from './settlements.service';

const TAGS = ['Settlements'];
const FILE_FIELD = 'file';
const idParam = z
  .uuid('must be a settlement id')
  .openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' });
const IdParams = z.object({ id: idParam });
const path = `${SETTLEMENTS_API.settlements}/{id}`;
const notFoundResponse = errorResponse('No settlement with this id');
const settlementResponse = (description: string) => jsonResponse(description, SettlementSchema);

const listRoute = defineRoute('admin', {
  method: 'get',
  path: SETTLEMENTS_API.settlements,
  tags: TAGS,
  summary: 'Partner settlements, newest period first',
  request: {
    query: z
      .object({
        partnerId: z.uuid('must be a partner id').optional(),
        status: z.enum(SETTLEMENT_STATUSES, { error: 'must be pending or received' }).optional(),
      })
      .strict(),
  },
  responses: { 200: jsonResponse('At most 500 settlements', SettlementListSchema) },
});

const getRoute = defineRoute('admin', {
  method: 'get',
  path,
  tags: TAGS,
  summary: 'One settlement: its orders, adjustments and payout report matched',
  request: { params: IdParams },
  responses: { 200: settlementResponse('The settlement'), 404: notFoundResponse },
});

const createRoute = defineRoute('admin', {
  method: 'post',
  path: SETTLEMENTS_API.settlements,
  tags: TAGS,
  summary: 'Settle a partner’s orders of a period',
  description:
    'Takes the partner’s orders completed on the days `from`..`to` (the restaurant’s calendar) that no ' +
    'settlement holds yet, each with the partner’s commission (its percent of the order’s total, to the ' +
    'minor unit). An order is in one settlement at most: of two settlements of one period made at once, ' +
    'the second finds nothing left, a 409 `nothing-to-settle`, as does a period with no such order.',
  request: jsonBody(SettlementInputSchema),
  responses: {
    201: settlementResponse('The pending settlement'),
    409: errorResponse('Nothing to settle in that period'),
  },
});

const deleteRoute = defineRoute('admin', {
  method: 'delete',
  path,
  tags: TAGS,
  summary: 'Delete a pending settlement (its orders can be settled again)',
  description:
    'A received settlement is a 409 `already-received`; one that received a payout once and was ' +
    'reopened stays with its history (409 `has-ledger-rows`).',
  request: { params: IdParams },
  responses: { 204: { description: 'Deleted' }, 404: notFoundResponse, 409: errorResponse('Received') },
});

const adjustRoute = defineRoute('admin', {
  method: 'post',
  path: `${path}/adjustments`,
  tags: TAGS,
  summary: 'Add an adjustment with its reason',
  description:
    '`amount` is signed: positive adds to what the partner owes, negative takes off it (a refund the ' +
    'partner paid the guest). Pending settlements only (409 `already-received`); `version` as read ' +
    '(409 `stale`).',
  request: { params: IdParams, ...jsonBody(SettlementAdjustmentInputSchema) },
  responses: {
    200: settlementResponse('The settlement'),
    404: notFoundResponse,
    409: errorResponse('Received, or changed since'),
  },
});

const removeAdjustmentRoute = defineRoute('admin', {
  method: 'delete',
  path: `${path}/adjustments/{adjustmentId}`,
  tags: TAGS,
  summary: 'Take an adjustment off',
  request: {
    params: z.object({
      id: idParam,
      adjustmentId: z
        .uuid('must be an adjustment id')
        .openapi({ param: { name: 'adjustmentId', in: 'path' }, format: 'uuid' }),
    }),
  },
  responses: {
    200: settlementResponse('The settlement'),
    404: errorResponse('No settlement or adjustment with this id'),
    409: errorResponse('Received'),
  },
});

const payoutRoute = defineRoute('admin', {
  method: 'post',
  path: `${path}/payout-report`,
  tags: TAGS,
  summary: 'Import the partner’s payout report',
  description:
    'Multipart form data with one field `file`: a CSV file (at most 1 MiB, 5,000 rows) whose first line ' +
    'names its columns: a Reference (the partner’s order id) and a Payout, and, when the partner gives ' +
    'them, Gross and Commission. Amounts in major units (12.50). The rows are matched to the ' +
    'settlement’s orders by the partner’s reference, whatever its case: `matched` (with the difference ' +
    'between what was paid and what was expected), `missing` (orders the report does not pay), ' +
    '`unknown` (rows for orders the settlement does not hold), and `problems` (rows that cannot be read). ' +
    'Importing again replaces the report.',
  request: { params: IdParams, body: imageUploadBody(FILE_FIELD) },
  responses: {
    200: settlementResponse('The settlement with the report matched'),
    400: errorResponse('Not a CSV file, or without the columns needed'),
    404: notFoundResponse,
  },
});

const receiveRoute = defineRoute('admin', {
  method: 'post',
  path: `${path}/receive`,
  tags: TAGS,
  summary: 'Record the partner’s payout',
  description:
    'Deposits `amount` in the account on `date` and marks the settlement received; what the partner ' +
    'paid may differ from the net expected (the difference is shown). What the partner collected for ' +
    'these orders and was booked as `partner` payments is taken out of the account it was booked in, ' +
    'in the same transaction, so the money is not counted twice. A day on or before the lock date is a ' +
    '409 `books-locked`.',
  request: { params: IdParams, ...jsonBody(SettlementReceiveInputSchema) },
  responses: {
    200: settlementResponse('The received settlement'),
    404: notFoundResponse,
    409: errorResponse('Received already, changed since, or the books are closed'),
  },
});

const reopenRoute = defineRoute('admin', {
  method: 'post',
  path: `${path}/reopen`,
  tags: TAGS,
  summary: 'Take a recorded payout back',
  description:
    'Reverses the payout’s ledger rows (with the reason) and makes the settlement pending again. A row ' +
    'ticked off against a bank statement is a 409 `reconciled`; one in a closed period `books-locked`.',
  request: { params: IdParams, ...jsonBody(SettlementReopenInputSchema) },
  responses: {
    200: settlementResponse('The pending settlement'),
    404: notFoundResponse,
    409: errorResponse('Not received, reconciled, or locked'),
  },
});

export const settlementsRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await listSettlements(c.var.deps.db, requireActor(c), c.req.valid('query')), 200),
  )
  .openapi(createRoute, async (c) =>
    c.json(await createSettlement(c.var.deps.db, requireActor(c), c.req.valid('json')), 201),
  )
  .openapi(getRoute, async (c) =>
    c.json(await getSettlement(c.var.deps.db, requireActor(c), c.req.valid('param').id), 200),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteSettlement(c.var.deps.db, requireActor(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(adjustRoute, async (c) =>
    c.json(
      await addAdjustment(c.var.deps.db, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(removeAdjustmentRoute, async (c) => {
    const { id, adjustmentId } = c.req.valid('param');
    return c.json(await removeAdjustment(c.var.deps.db, requireActor(c), id, adjustmentId), 200);
  })
  .openapi(payoutRoute, async (c) => {
    const actor = requireActor(c);
    let fileName = 'payout.csv';
    const bytes = await readImageUpload(
      {
        header: (name) => c.req.header(name),
        formData: async () => {
          const data = await c.req.formData();
          const file = data.get(FILE_FIELD);
          if (file instanceof File && file.name) fileName = file.name;
          if (file instanceof File && file.size === 0) {
            throw badRequest('The file is empty.', {
              issues: [{ path: FILE_FIELD, message: 'The file is empty.' }],
            });
          }
          return data;
        },
      },
      FILE_FIELD,
      { maxBytes: API_BODY_LIMIT, tooLarge: 'The payout report is larger than 1 MiB.' },
    );
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    return c.json(
      await importPayoutReport(c.var.deps.db, actor, c.req.valid('param').id, { fileName, text }),
      200,
    );
  })
  .openapi(receiveRoute, async (c) =>
    c.json(
      await receiveSettlement(c.var.deps.db, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(reopenRoute, async (c) =>
    c.json(
      await reopenSettlement(c.var.deps.db, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  );
