/**
 * The users module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): people as
 * the rest of the app shows them. Routes are mounted by app.ts from the *.routes.ts files.
 */
export { type CustomerSummary, getOwnProfile, presentProfile } from './users.service';
