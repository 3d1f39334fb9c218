import { SETTINGS_API } from '../../../shared/contracts/settings';
import { requireActor } from '../../lib/auth-guards';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import { imageUploadBody, imageUploadBodyLimit, readImageUpload, withUploadField } from '../images';
import {
  getSettingsAs,
  RestaurantSettingsSchema,
  removeLogo,
  setLogo,
  UpdateSettingsSchema,
  updateSettings,
} from './settings.service';

const LOGO_FIELD = 'logo';
const settingsResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: RestaurantSettingsSchema } },
});

const uploadLogo = defineRoute('admin', {
  method: 'post',
  path: SETTINGS_API.logo,
  tags: ['Settings'],
  summary: 'Upload the restaurant’s logo',
  description: 'Multipart form with one field `logo`: a JPEG, PNG or WebP picture of at most 5 MB.',
  request: { body: imageUploadBody(LOGO_FIELD) },
  responses: {
    200: settingsResponse('The settings with the new logo'),
    413: {
      description: 'The picture is larger than 5 MB',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
  },
});

const deleteLogo = defineRoute('admin', {
  method: 'delete',
  path: SETTINGS_API.logo,
  tags: ['Settings'],
  summary: 'Remove the restaurant’s logo',
  responses: { 200: settingsResponse('The settings without a logo') },
});

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

const router = createRouter();
router.use(SETTINGS_API.logo, imageUploadBodyLimit());

export const settingsRoutes = router
  .openapi(uploadLogo, async (c) => {
    const bytes = await readImageUpload(c.req, LOGO_FIELD);
    return c.json(
      await withUploadField(LOGO_FIELD, () => setLogo(c.var.deps.db, requireActor(c), bytes)),
      200,
    );
  })
  .openapi(deleteLogo, async (c) => c.json(await removeLogo(c.var.deps.db, requireActor(c)), 200))
  .openapi(readSettings, async (c) => c.json(await getSettingsAs(c.var.deps.db, requireActor(c)), 200))
  .openapi(patchSettings, async (c) =>
    c.json(await updateSettings(c.var.deps.db, requireActor(c), c.req.valid('json')), 200),
  );
