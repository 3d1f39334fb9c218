/**
 * The account module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): a signed-in
 * person's own profile photo. Routes are mounted by app.ts from account.routes.ts.
 */
export { removeProfilePhoto, setProfilePhoto } from './account.service';
