import type { z } from '@hono/zod-openapi';
import { resourceRoutes } from './resource-routes';
import { resourceService } from './resource-service';
import type { ResourceDefinition, Values } from './resource-types';

/**
 * One back-office resource (a supplier, a unit, a menu item…) as REST: list with search, status filter
 * and cursor pagination; read one; create; change (including archive and restore through `active`);
 * delete when nothing refers to it. Every write runs in a transaction with its audit entry. Modules
 * declare what differs (table, schemas, how a row is shown, what makes a record "in use") and get the
 * routes and the service functions, so every list and form behaves the same way.
 */

export {
  checkAccess,
  countReferences,
  describeValue,
  inIds,
  inTransaction,
  pickDefined,
  referencedBy,
} from './resource-service';
export type {
  FieldLock,
  ResourceAccess,
  ResourceColumns,
  ResourceDefinition,
  ResourceTable,
} from './resource-types';

/**
 * Builds the service functions (resource-service.ts) and the routes (resource-routes.ts) of one
 * resource: `list/get/create/update/remove`, `loadRow` and `presentOne` for the module's own
 * services, and `routes()` or `mount(router)` for its routes file.
 */
export function defineResource<
  Item extends Record<string, unknown>,
  Input extends Values,
  Update extends Values,
  Extra extends z.ZodRawShape = Record<never, never>,
>(definition: ResourceDefinition<Item, Input, Update, Extra>) {
  const service = resourceService(definition);
  return { ...service, ...resourceRoutes(service) };
}
