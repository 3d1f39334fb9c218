import { ProfileSchema } from '../../../shared/contracts/user';
import { requireActor } from '../../lib/auth-guards';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import { imageUploadBody, imageUploadBodyLimit, readImageUpload, withUploadField } from '../images';
import { removeProfilePhoto, setProfilePhoto } from './account.service';

export const PHOTO_PATH = '/api/account/photo';
const PHOTO_FIELD = 'photo';

const profileResponse = {
  description: 'The updated profile',
  content: { 'application/json': { schema: ProfileSchema } },
};

const uploadPhoto = defineRoute('signed-in', {
  method: 'post',
  path: PHOTO_PATH,
  tags: ['Account'],
  summary: 'Upload a new profile photo',
  description:
    'Multipart form with one field `photo`: a JPEG, PNG or WebP picture of at most 5 MB. It is turned ' +
    'upright, stripped of metadata, fitted in 512 × 512 and stored as WebP; the user’s `photoURL` ' +
    'becomes `/api/images/<id>` and the previous photo is deleted.',
  request: { body: imageUploadBody(PHOTO_FIELD) },
  responses: {
    200: profileResponse,
    413: {
      description: 'The picture is larger than 5 MB',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
  },
});

const deletePhoto = defineRoute('signed-in', {
  method: 'delete',
  path: PHOTO_PATH,
  tags: ['Account'],
  summary: 'Remove the profile photo',
  responses: { 200: profileResponse },
});

const router = createRouter();
router.use(PHOTO_PATH, imageUploadBodyLimit());

export const accountRoutes = router
  .openapi(uploadPhoto, async (c) => {
    const bytes = await readImageUpload(c.req, PHOTO_FIELD);
    const profile = await withUploadField(PHOTO_FIELD, () =>
      setProfilePhoto(c.var.deps.db, requireActor(c), bytes),
    );
    return c.json(profile, 200);
  })
  .openapi(deletePhoto, async (c) => c.json(await removeProfilePhoto(c.var.deps.db, requireActor(c)), 200));
