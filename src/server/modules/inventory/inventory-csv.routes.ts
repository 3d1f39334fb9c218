import { z } from '@hono/zod-openapi';
import {
  INVENTORY_API,
  INVENTORY_CSV_COLUMNS,
  InventoryImportInputSchema,
  InventoryImportResultSchema,
  InventorySummarySchema,
  MAX_IMPORT_ROWS,
} from '../../../shared/contracts/inventory';
import { requireActor } from '../../lib/auth-guards';
import { createRouter, defineRoute } from '../../lib/router';
import { ITEM_FILTERS } from './inventory.routes';
import { exportInventoryCsv, importInventoryCsv, inventorySummary } from './inventory-csv.service';

/**
 * The items' CSV file and the inventory page's counts. app.ts mounts these before the item routes,
 * so `/api/inventory/items/export` is not read as an item id.
 */
const TAGS = ['Inventory'];
const columns = Object.values(INVENTORY_CSV_COLUMNS).join(', ');

const exportRoute = defineRoute('admin', {
  method: 'get',
  path: INVENTORY_API.itemsExport,
  tags: TAGS,
  summary: 'Inventory items as a CSV file',
  description:
    `The items of the list’s filters (\`group\`, \`supplierId\`, \`lowStock\`, \`active\`, \`search\`), by name, with the columns ${columns}. ` +
    'Units are symbols, the supplier a name, quantities in the stock unit and money in major units. ' +
    'A text cell a spreadsheet would run as a formula is written with a leading apostrophe.',
  request: {
    query: z.object(ITEM_FILTERS).strict(),
  },
  responses: {
    200: { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' as const } } } },
  },
});

const importRoute = defineRoute('admin', {
  method: 'post',
  path: INVENTORY_API.itemsImport,
  tags: TAGS,
  summary: 'Add inventory items from a CSV file',
  description:
    `\`csv\` is the file’s text: a header row with the export’s column titles (any case; \`Name\`, \`Group\` and \`Unit\` needed; ` +
    `the stock columns are ignored), then at most ${MAX_IMPORT_ROWS} items. \`Unit\` and \`Purchase unit\` are unit ` +
    'symbols of Master Data, `Preferred supplier` a supplier’s name. Every row is checked first: one refused row ' +
    'refuses the file (400) and nothing is written; `details.rows` lists every refused row as ' +
    '`{ row, column, message }`, the header being row 1. Otherwise every item is added in one transaction.',
  request: {
    body: { required: true, content: { 'application/json': { schema: InventoryImportInputSchema } } },
  },
  responses: {
    201: {
      description: 'How many items were added',
      content: { 'application/json': { schema: InventoryImportResultSchema } },
    },
  },
});

const summaryRoute = defineRoute('admin', {
  method: 'get',
  path: INVENTORY_API.summary,
  tags: TAGS,
  summary: 'The inventory’s counts: items, low stock, below zero, stock value',
  responses: {
    200: {
      description: 'The counts',
      content: { 'application/json': { schema: InventorySummarySchema } },
    },
  },
});

export const inventoryCsvRoutes = createRouter()
  .openapi(exportRoute, async (c) => {
    const { lowStock, active, ...query } = c.req.valid('query');
    const csv = await exportInventoryCsv(c.var.deps.db, requireActor(c), {
      ...query,
      ...(lowStock === undefined ? {} : { lowStock: lowStock === 'true' }),
      ...(active === undefined ? {} : { active: active === 'true' }),
    });
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="inventory-items.csv"',
    }) as never;
  })
  .openapi(importRoute, async (c) => {
    const result = await importInventoryCsv(c.var.deps.db, requireActor(c), c.req.valid('json'));
    return c.json(result, 201);
  })
  .openapi(summaryRoute, async (c) => {
    return c.json(await inventorySummary(c.var.deps.db, requireActor(c)), 200);
  });
