/**
 * The docs module (docs/ARCHITECTURE.md, "Modules, use cases and events"): the OpenAPI document and
 * Swagger UI, mounted by app.ts from docs.routes.ts. Nothing here is for other modules.
 */
export {};
