/**
 * The reports module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): it owns no
 * table. Its routes (mounted by app.ts from reports.routes.ts) answer the use cases of
 * `use-cases/reports/`, which read every other module through its period functions.
 */
export {};
