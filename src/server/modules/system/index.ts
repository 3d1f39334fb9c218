/**
 * The system module (docs/ARCHITECTURE.md, "Modules, use cases and events"): health and the public
 * configuration, mounted by app.ts from system.routes.ts. Nothing here is for other modules.
 */
export {};
