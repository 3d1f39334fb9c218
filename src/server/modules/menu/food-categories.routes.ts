import { MASTER_DATA_API } from '../../../shared/contracts/master-data';
import { ReorderInputSchema } from '../../../shared/contracts/menu';
import { requireActor } from '../../lib/auth-guards';
import { createRouter, defineRoute } from '../../lib/router';
import { foodCategoryResource, reorderFoodCategories } from './food-categories.service';

const reorderCategoriesRoute = defineRoute('admin', {
  method: 'post',
  path: `${MASTER_DATA_API.foodCategories}/reorder`,
  tags: ['Master data'],
  summary: 'Put food categories in a new order',
  description: 'The categories named take the positions 0, 1, 2… in the order given.',
  request: { body: { required: true, content: { 'application/json': { schema: ReorderInputSchema } } } },
  responses: { 204: { description: 'Reordered' } },
});

/** `/api/food-categories`: the menu's categories, edited on a tab of /master-data. */
const router = createRouter().openapi(reorderCategoriesRoute, async (c) => {
  await reorderFoodCategories(c.var.deps.db, requireActor(c), c.req.valid('json').ids);
  return c.body(null, 204);
});
foodCategoryResource.mount(router);

export const foodCategoriesRoutes = router;
