/**
 * The contact module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): messages
 * from the public contact form. Routes are mounted by app.ts from contact.routes.ts.
 */
export {
  type ContactMessage,
  listContactMessages,
  setContactMessageHandled,
  submitContactMessage,
} from './contact.service';
