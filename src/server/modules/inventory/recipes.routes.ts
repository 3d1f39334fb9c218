import { z } from '@hono/zod-openapi';
import { RecipeInputSchema, RecipeSchema } from '../../../shared/contracts/recipes';
import { requireActor } from '../../lib/auth-guards';
import { createRouter, defineRoute, ErrorResponseSchema, jsonResponse } from '../../lib/router';
import { getMenuItemRecipe, putMenuItemRecipe } from '../../use-cases/menu-recipe';

const TAGS = ['Inventory'];
const path = '/api/menu/items/{id}/recipe';
const IdParams = z.object({
  id: z.uuid('must be a menu item id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});

const getRoute = defineRoute('admin', {
  method: 'get',
  path,
  tags: TAGS,
  summary: 'A menu item’s recipe and its food cost',
  description:
    'The dish’s own lines and each option’s, with their quantities in the unit given and in the ' +
    'inventory item’s stock unit, costed at the items’ average cost now (minor units), and the food ' +
    'cost percent against the price. An item without a recipe answers no lines and `version: null`.',
  request: { params: IdParams },
  responses: {
    200: jsonResponse('The recipe', RecipeSchema.openapi('Recipe')),
    404: jsonResponse('No menu item with this id', ErrorResponseSchema),
  },
});

const putRoute = defineRoute('admin', {
  method: 'put',
  path,
  tags: TAGS,
  summary: 'Set a menu item’s recipe',
  description:
    'Replaces the recipe. `lines`: the dish’s ingredients, each an inventory item once, a positive ' +
    '`quantity` (at most 3 decimals) in `unitId`, a unit of the same base as the item’s stock unit ' +
    '(the stock unit when left out: 18 g of a coffee kept in kg). `options`: per modifier option of the ' +
    'item, its own lines, each adding an ingredient or, with `replaces` (the inventory item of one of ' +
    'the dish’s lines), taking that line’s place. Options are known by their group’s and their own ' +
    'name, so their lines survive edits of the menu item that keep the option. No lines and no options ' +
    'remove the recipe. When the item’s stock is taken: when an order is completed, for the lines sent ' +
    'to the kitchen after the item got its recipe. `version` (optional): the recipe’s version the ' +
    'change is based on; an older one is a 409 with `details.reason: "stale"`.',
  request: {
    params: IdParams,
    body: { required: true, content: { 'application/json': { schema: RecipeInputSchema } } },
  },
  responses: {
    200: jsonResponse('The recipe after the change', RecipeSchema),
    404: jsonResponse('No menu item with this id', ErrorResponseSchema),
    409: jsonResponse('The recipe changed since', ErrorResponseSchema),
  },
});

export const recipeRoutes = createRouter()
  .openapi(getRoute, async (c) => {
    const recipe = await getMenuItemRecipe(c.var.deps.db, requireActor(c), c.req.valid('param').id);
    return c.json(recipe, 200);
  })
  .openapi(putRoute, async (c) => {
    const recipe = await putMenuItemRecipe(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(recipe, 200);
  });
