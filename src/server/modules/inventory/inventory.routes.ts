import { z } from '@hono/zod-openapi';
import {
  INVENTORY_API,
  INVENTORY_GROUPS,
  InventoryItemInputSchema,
  InventoryItemPageSchema,
  InventoryItemSchema,
  InventoryItemUpdateSchema,
  StockMovementInputSchema,
  StockMovementPageSchema,
  StockMovementResultSchema,
  WASTE_REASONS,
} from '../../../shared/contracts/inventory';
import { requireActor } from '../../lib/auth-guards';
import { listFilter, PaginationQuerySchema } from '../../lib/pagination';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../../lib/router';
import {
  createInventoryItem,
  getInventoryItem,
  listInventoryItems,
  listStockMovements,
  recordStockMovement,
  updateInventoryItem,
} from './inventory.service';

const TAGS = ['Inventory'];
const IdParams = z.object({
  id: z.uuid('must be an inventory item id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});
const itemPath = `${INVENTORY_API.items}/{id}`;
const trueOrFalse = z.enum(['true', 'false'], { error: 'must be true or false' });

/** The filters of the items' list, which its CSV export takes too. */
export const ITEM_FILTERS = {
  group: listFilter(INVENTORY_GROUPS).optional().openapi({ type: 'string', example: 'ingredient,beverage' }),
  supplierId: z.uuid('must be a supplier id').optional(),
  lowStock: trueOrFalse.optional(),
  active: trueOrFalse.optional(),
  search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
};

const listRoute = defineRoute('admin', {
  method: 'get',
  path: INVENTORY_API.items,
  tags: TAGS,
  summary: 'Inventory items, by name',
  description:
    '`group` is a comma-separated list of groups; `supplierId` the preferred supplier; `lowStock=true` ' +
    'the items at or below their reorder level (`false`: the others); `active` archived or not; ' +
    '`search` finds a name or SKU (any case). Quantities are decimal strings in the item’s stock unit.',
  request: {
    query: PaginationQuerySchema.extend(ITEM_FILTERS).strict(),
  },
  responses: { 200: jsonResponse('A page of inventory items', InventoryItemPageSchema) },
});

const getRoute = defineRoute('admin', {
  method: 'get',
  path: itemPath,
  tags: TAGS,
  summary: 'One inventory item',
  request: { params: IdParams },
  responses: {
    200: jsonResponse('The item', InventoryItemSchema),
    404: errorResponse('No inventory item with this id'),
  },
});

const createItemRoute = defineRoute('admin', {
  method: 'post',
  path: INVENTORY_API.items,
  tags: TAGS,
  summary: 'Add an inventory item',
  description:
    '`unitId` is the stock unit (a unit of master data) every quantity of the item is kept in; ' +
    '`purchaseUnitId` with `purchaseFactor` the unit it is bought in and how many stock units one ' +
    'holds. Levels and the factor are decimal strings with at most 3 decimals. A SKU is unique ' +
    'whatever its case: a taken one is a 409 with `details.path: "sku"`. The item starts with no stock.',
  request: jsonBody(InventoryItemInputSchema),
  responses: {
    201: jsonResponse('The new item', InventoryItemSchema),
    409: errorResponse('There is already an item with this SKU'),
  },
});

const updateRoute = defineRoute('admin', {
  method: 'patch',
  path: itemPath,
  tags: TAGS,
  summary: 'Change or archive an inventory item',
  description:
    'Only the fields given change; `active: false` archives the item (it then takes no movements). ' +
    'The stock unit of an item that has movements cannot change (409, `details.reason: ' +
    '"has-movements"`). `version` is the version the change is based on: an older one is a 409 with ' +
    '`details: { reason: "stale", version }`. Recording stock does not change the version.',
  request: { params: IdParams, ...jsonBody(InventoryItemUpdateSchema) },
  responses: {
    200: jsonResponse('The item after the change', InventoryItemSchema),
    404: errorResponse('No inventory item with this id'),
    409: errorResponse('The SKU is taken, the unit cannot change, or the item changed since'),
  },
});

const movementsRoute = defineRoute('admin', {
  method: 'get',
  path: `${itemPath}/movements`,
  tags: TAGS,
  summary: 'An inventory item’s stock movements, newest first',
  request: { params: IdParams, query: PaginationQuerySchema.strict() },
  responses: {
    200: jsonResponse('A page of movements', StockMovementPageSchema),
    404: errorResponse('No inventory item with this id'),
  },
});

const createMovementRoute = defineRoute('admin', {
  method: 'post',
  path: INVENTORY_API.movements,
  tags: TAGS,
  summary: 'Record a stock adjustment or waste',
  description:
    '`adjustment`: a signed, non-zero `quantity` and a `reason` in words. `waste`: a positive ' +
    `\`quantity\`, recorded as a decrease, and a \`reason\` of ${WASTE_REASONS.join(', ')} (with ` +
    '`other`, `note` says what happened). `unitId` may name a unit of the same base as the item’s ' +
    'stock unit (18 g of an item kept in kg is 0.018 kg). Both are valued at the item’s average cost. ' +
    'Stock may go below zero. An archived item is a 409.',
  request: jsonBody(StockMovementInputSchema),
  responses: {
    201: jsonResponse('The movement and the item after it', StockMovementResultSchema),
    404: errorResponse('No inventory item with this id'),
    409: errorResponse('The item is archived'),
  },
});

export const inventoryRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { lowStock, active, ...query } = c.req.valid('query');
    const page = await listInventoryItems(c.var.deps.db, requireActor(c), {
      ...query,
      ...(lowStock === undefined ? {} : { lowStock: lowStock === 'true' }),
      ...(active === undefined ? {} : { active: active === 'true' }),
    });
    return c.json(page, 200);
  })
  .openapi(getRoute, async (c) => {
    const item = await getInventoryItem(c.var.deps.db, requireActor(c), c.req.valid('param').id);
    return c.json(item, 200);
  })
  .openapi(createItemRoute, async (c) => {
    const item = await createInventoryItem(c.var.deps.db, requireActor(c), c.req.valid('json'));
    return c.json(item, 201);
  })
  .openapi(updateRoute, async (c) => {
    const item = await updateInventoryItem(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(item, 200);
  })
  .openapi(movementsRoute, async (c) => {
    const page = await listStockMovements(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('query'),
    );
    return c.json(page, 200);
  })
  .openapi(createMovementRoute, async (c) => {
    const result = await recordStockMovement(c.var.deps.db, requireActor(c), c.req.valid('json'));
    return c.json(result, 201);
  });
