import { DEMO_DATA_API, DemoDataStatusSchema, DemoRemovalSchema } from '../../../shared/contracts/demo';
import { requireActor } from '../../lib/auth-guards';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import { getDemoDataStatus, removeDemoData } from './demo-removal';

const statusRoute = defineRoute('admin', {
  method: 'get',
  path: DEMO_DATA_API,
  tags: ['Demo data'],
  summary: 'Whether the demo cafe’s records are still there',
  responses: {
    200: { description: 'Counts by kind', content: { 'application/json': { schema: DemoDataStatusSchema } } },
  },
});

const removeRoute = defineRoute('admin', {
  method: 'delete',
  path: DEMO_DATA_API,
  tags: ['Demo data'],
  summary: 'Remove the demo cafe’s records in one step',
  description:
    'Deletes the menu items (with photos), categories, tables, suppliers, partners, expense categories, ' +
    'units and accounts the first start made. Records the owner’s own data refers to stay and are named.',
  responses: {
    200: { description: 'What was removed', content: { 'application/json': { schema: DemoRemovalSchema } } },
    404: {
      description: 'There is no demo data (never seeded, or already removed)',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
  },
});

export const demoRoutes = createRouter()
  .openapi(statusRoute, async (c) => c.json(await getDemoDataStatus(c.var.deps.db), 200))
  .openapi(removeRoute, async (c) => c.json(await removeDemoData(c.var.deps.db, requireActor(c)), 200));
