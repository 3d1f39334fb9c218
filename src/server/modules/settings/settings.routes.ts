import { requireActor } from '../../lib/auth-guards';
import { createRouter, defineRoute } from '../../lib/router';
import {
  getSettings,
  RestaurantSettingsSchema,
  UpdateSettingsSchema,
  updateSettings,
} from './settings.service';

const readSettings = defineRoute('admin', {
  method: 'get',
  path: '/api/settings',
  tags: ['Settings'],
  summary: 'The restaurant’s settings',
  responses: {
    200: { description: 'Settings', content: { 'application/json': { schema: RestaurantSettingsSchema } } },
  },
});

const patchSettings = defineRoute('admin', {
  method: 'patch',
  path: '/api/settings',
  tags: ['Settings'],
  summary: 'Change some of the restaurant’s settings',
  request: {
    body: { required: true, content: { 'application/json': { schema: UpdateSettingsSchema } } },
  },
  responses: {
    200: {
      description: 'The settings after the change',
      content: { 'application/json': { schema: RestaurantSettingsSchema } },
    },
  },
});

export const settingsRoutes = createRouter()
  .openapi(readSettings, async (c) => c.json(await getSettings(c.var.deps.db), 200))
  .openapi(patchSettings, async (c) =>
    c.json(await updateSettings(c.var.deps.db, requireActor(c), c.req.valid('json')), 200),
  );
