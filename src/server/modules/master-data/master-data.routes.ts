import { z } from '@hono/zod-openapi';
import { renderSVG } from 'uqr';
import { MASTER_DATA_API } from '../../../shared/contracts/master-data';
import {
  archivedTableMessage,
  MAX_TABLE_NAME,
  ORDERS_API,
  PublicTableSchema,
  unknownTableMessage,
} from '../../../shared/contracts/orders';
import { asSentence } from '../../../shared/field-messages';
import { requireActor } from '../../lib/auth-guards';
import { conflict, notFound } from '../../lib/errors';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import {
  bankAccountResource,
  diningTableResource,
  expenseCategoryResource,
  findDiningTableByName,
  partnerResource,
  supplierResource,
  unitResource,
} from './master-data.service';

const qrCodeRoute = defineRoute('admin', {
  method: 'get',
  path: `${MASTER_DATA_API.diningTables}/{id}/qr-code`,
  tags: ['Master data'],
  summary: 'The QR code of a table, as SVG',
  description:
    'Encodes the absolute address of `/?table=<name>` on this restaurant’s BASE_URL; print it and put it on the table.',
  request: {
    params: z.object({ id: z.uuid('must be an id').openapi({ param: { name: 'id', in: 'path' } }) }),
  },
  responses: {
    200: { description: 'SVG picture', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
    404: { description: 'No such table', content: { 'application/json': { schema: ErrorResponseSchema } } },
  },
});

const tableByNameRoute = defineRoute('public', {
  method: 'get',
  path: `${ORDERS_API.tableByName}/{name}`,
  tags: ['Master data'],
  summary: 'The table a QR link names (guests)',
  description:
    'A guest’s page checks the table of its link (`/?table=T5`) before checkout: the name is matched ' +
    'without regard to case. Answers only the table’s id and name as stored, for an active table; ' +
    'nothing else about tables.',
  request: {
    params: z.object({
      name: z
        .string()
        .trim()
        .min(1, 'enter the table’s name, such as T5')
        .max(MAX_TABLE_NAME, `must be at most ${MAX_TABLE_NAME} characters`)
        .openapi({ param: { name: 'name', in: 'path' }, example: 'T5' }),
    }),
  },
  responses: {
    200: { description: 'The table', content: { 'application/json': { schema: PublicTableSchema } } },
    404: {
      description: 'No table has this name',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
    409: {
      description: 'The table is archived (not taking orders)',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
  },
});

const router = createRouter()
  .openapi(qrCodeRoute, async (c) => {
    const table = await diningTableResource.get(c.var.deps.db, requireActor(c), c.req.valid('param').id);
    const svg = renderSVG(`${c.var.deps.config.baseUrl}${table.orderingPath}`, { border: 2, ecc: 'M' });
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-cache' });
  })
  .openapi(tableByNameRoute, async (c) => {
    const { name } = c.req.valid('param');
    const table = await findDiningTableByName(c.var.deps.db, name);
    if (!table) throw notFound(asSentence(unknownTableMessage(name)));
    if (!table.active) throw conflict(archivedTableMessage(table.name), { reason: 'table-archived' });
    return c.json({ id: table.id, name: table.name }, 200, { 'Cache-Control': 'no-cache' });
  });

for (const resource of [
  supplierResource,
  partnerResource,
  expenseCategoryResource,
  unitResource,
  bankAccountResource,
  diningTableResource,
]) {
  resource.mount(router);
}

export const masterDataRoutes = router;
