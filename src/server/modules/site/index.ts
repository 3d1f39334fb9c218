/**
 * The site module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): the legal
 * pages and the restaurant's contact details. Routes are mounted by app.ts from site.routes.ts.
 */
export { type ContactDetails, getContactDetails, getLegalPage, type LegalPage } from './site.service';
