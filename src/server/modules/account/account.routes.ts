import { bodyLimit } from 'hono/body-limit';
import { ProfileSchema } from '../../../shared/contracts/user';
import { requireActor } from '../../lib/auth-guards';
import { AppError, badRequest } from '../../lib/errors';
import { createRouter, defineRoute, ErrorResponseSchema } from '../../lib/router';
import { NOT_A_PICTURE } from '../images/images.service';
import { MAX_PHOTO_BYTES, removeProfilePhoto, setProfilePhoto } from './account.service';

export const PHOTO_PATH = '/api/account/photo';
const PHOTO_FIELD = 'photo';
/** The multipart envelope around the file (boundaries, part headers) gets a little room of its own. */
const PHOTO_BODY_LIMIT = MAX_PHOTO_BYTES + 64 * 1024;
const PHOTO_TOO_LARGE = 'The picture is larger than 5 MB. Please choose a smaller one.';

const photoTooLarge = () => new AppError(413, PHOTO_TOO_LARGE);
const photoIssue = (message: string) => ({ issues: [{ path: PHOTO_FIELD, message }] });

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
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          // A plain schema (not zod): the handler reads the form itself, so that every refusal is a 400
          // naming the field (or a 413 for size) rather than a generic media-type answer.
          schema: {
            type: 'object',
            required: [PHOTO_FIELD],
            properties: { [PHOTO_FIELD]: { type: 'string', format: 'binary' } },
          },
        },
      },
    },
  },
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

/** The `photo` file of a multipart upload, with every way it can be wrong answered as 400 or 413. */
async function readPhotoUpload(request: {
  header(name: string): string | undefined;
  formData(): Promise<FormData>;
}) {
  const contentType = request.header('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw badRequest(
      `Send the picture as multipart/form-data in the field ${PHOTO_FIELD}.`,
      photoIssue('Required'),
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('The upload could not be read. Please try again.', photoIssue('Could not be read'));
  }
  const unknown = [...new Set(form.keys())].filter((key) => key !== PHOTO_FIELD);
  if (unknown.length > 0) {
    throw badRequest(`Invalid form: ${unknown.join(', ')}: is not a known field`, {
      issues: unknown.map((path) => ({ path, message: 'is not a known field' })),
    });
  }
  const files = form.getAll(PHOTO_FIELD);
  const photo = files[0];
  if (files.length !== 1 || !(photo instanceof File)) {
    throw badRequest(`Invalid form: ${PHOTO_FIELD}: attach exactly one picture file`, photoIssue('Required'));
  }
  if (photo.size > MAX_PHOTO_BYTES) throw photoTooLarge();
  if (photo.size === 0) throw badRequest(NOT_A_PICTURE, photoIssue(NOT_A_PICTURE));
  return new Uint8Array(await photo.arrayBuffer());
}

const router = createRouter();
router.use(
  PHOTO_PATH,
  bodyLimit({
    maxSize: PHOTO_BODY_LIMIT,
    onError: () => {
      throw photoTooLarge();
    },
  }),
);

export const accountRoutes = router
  .openapi(uploadPhoto, async (c) => {
    const bytes = await readPhotoUpload(c.req);
    try {
      return c.json(await setProfilePhoto(c.var.deps.db, requireActor(c), bytes), 200);
    } catch (error) {
      // The picture itself was refused: say so on the field.
      if (error instanceof AppError && error.status === 400 && error.details === undefined) {
        throw badRequest(error.message, photoIssue(error.message));
      }
      throw error;
    }
  })
  .openapi(deletePhoto, async (c) => c.json(await removeProfilePhoto(c.var.deps.db, requireActor(c)), 200));
