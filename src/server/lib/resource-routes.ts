import { z } from '@hono/zod-openapi';
import { requireActor } from './auth-guards';
import type { ResourceService } from './resource-service';
import type { Values } from './resource-types';
import { createRouter, defineRoute, ErrorResponseSchema } from './router';

/**
 * The five documented routes of one back-office resource (`defineResource`, lib/resource.ts): list,
 * read, create, change (archive and restore too) and delete, each guarded by the definition's access
 * levels and calling the resource's service functions (resource-service.ts).
 */

const IdParamsSchema = z.object({
  id: z.uuid('must be an id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});

/** The routes of one resource, over its service functions. */
export function resourceRoutes<
  Item extends Record<string, unknown>,
  Input extends Values,
  Update extends Values,
  Extra extends z.ZodRawShape = Record<never, never>,
>(service: ResourceService<Item, Input, Update, Extra>) {
  const { definition, listQuerySchema: ListQuerySchema, list, get, create, update, remove } = service;
  const { noun } = definition;
  const { read: readAccess, write: writeAccess } = definition.access;
  type ListQuery = Parameters<typeof list>[2];
  const PageSchema = z.object({ items: z.array(definition.itemSchema), nextCursor: z.string().nullable() });

  const tags = [definition.tag];
  const itemResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: definition.itemSchema } },
  });
  const notFoundResponse = {
    description: `No ${noun} with this id`,
    content: { 'application/json': { schema: ErrorResponseSchema } },
  };
  const conflictResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: ErrorResponseSchema } },
  });
  const jsonBody = (schema: z.ZodType) => ({
    body: { required: true, content: { 'application/json': { schema } } },
  });
  const recordPath = `${definition.path}/{id}`;

  const listRoute = defineRoute(readAccess, {
    method: 'get',
    path: definition.path,
    tags,
    summary: `List ${definition.nounPlural}`,
    description: `Newest first${definition.position ? ' (or `sort=position`)' : ''}; archived ${definition.nounPlural} only with \`status=archived\` or \`status=active,archived\`.`,
    request: { query: ListQuerySchema },
    responses: { 200: { description: 'One page', content: { 'application/json': { schema: PageSchema } } } },
  });
  const getRoute = defineRoute(readAccess, {
    method: 'get',
    path: recordPath,
    tags,
    summary: `One ${noun}`,
    request: { params: IdParamsSchema },
    responses: { 200: itemResponse(`The ${noun}`), 404: notFoundResponse },
  });
  const createRoute = defineRoute(writeAccess, {
    method: 'post',
    path: definition.path,
    tags,
    summary: `Create a ${noun}`,
    request: jsonBody(definition.inputSchema),
    responses: { 201: itemResponse(`The new ${noun}`), 409: conflictResponse('The name is taken') },
  });
  const updateRoute = defineRoute(writeAccess, {
    method: 'patch',
    path: recordPath,
    tags,
    summary: `Change, archive or restore a ${noun}`,
    description:
      'Only the fields given change; `active: false` archives, `active: true` restores. `version` is ' +
      `required: the version of the ${noun} the change is based on. When the ${noun} has changed since, ` +
      'the answer is 409 `aborted` with `details: { reason: "stale", version: <current> }`: reload it ' +
      'and make the change again.',
    request: { params: IdParamsSchema, ...jsonBody(definition.updateSchema) },
    responses: {
      200: itemResponse(`The ${noun} after the change (its version one more)`),
      404: notFoundResponse,
      409: conflictResponse(`The name is taken, or the ${noun} changed since the version sent`),
    },
  });
  const deleteRoute = defineRoute(writeAccess, {
    method: 'delete',
    path: recordPath,
    tags,
    summary: `Delete a ${noun} nothing refers to`,
    request: { params: IdParamsSchema },
    responses: {
      204: { description: 'Deleted' },
      404: notFoundResponse,
      409: conflictResponse(`The ${noun} is in use; archive it instead`),
    },
  });

  /** The reader of a read route: nobody for a public resource, else the guard's signed-in actor. */
  const readActor = (c: Parameters<typeof requireActor>[0]) =>
    readAccess === 'public' ? null : requireActor(c);

  /** The routes, for modules that add their own (reorder, photo) before or after them. */
  function mount(router: ReturnType<typeof createRouter>) {
    return router
      .openapi(listRoute, async (c) =>
        c.json(await list(c.var.deps.db, readActor(c), c.req.valid('query') as ListQuery), 200),
      )
      .openapi(getRoute, async (c) =>
        c.json((await get(c.var.deps.db, readActor(c), c.req.valid('param').id)) as never, 200),
      )
      .openapi(createRoute, async (c) =>
        c.json((await create(c.var.deps.db, requireActor(c), c.req.valid('json') as Input)) as never, 201),
      )
      .openapi(updateRoute, async (c) =>
        c.json(
          (await update(
            c.var.deps.db,
            requireActor(c),
            c.req.valid('param').id,
            c.req.valid('json') as Update & { version: number },
          )) as never,
          200,
        ),
      )
      .openapi(deleteRoute, async (c) => {
        await remove(c.var.deps.db, requireActor(c), c.req.valid('param').id);
        return c.body(null, 204);
      });
  }

  return {
    /** A fresh router with this resource's five routes. */
    routes: () => mount(createRouter()),
    mount,
  };
}
