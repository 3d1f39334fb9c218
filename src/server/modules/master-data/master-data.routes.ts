import { z } from '@hono/zod-openapi';
import { renderSVG } from 'uqr';
import { MASTER_DATA_API } from '../../../shared/contracts/master-data';
import { requireActor } from '../../lib/auth-guards';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import {
  bankAccountResource,
  diningTableResource,
  expenseCategoryResource,
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

const router = createRouter().openapi(qrCodeRoute, async (c) => {
  const table = await diningTableResource.get(c.var.deps.db, requireActor(c), c.req.valid('param').id);
  const svg = renderSVG(`${c.var.deps.config.baseUrl}${table.orderingPath}`, { border: 2, ecc: 'M' });
  return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-cache' });
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
