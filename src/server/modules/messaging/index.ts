/** The messaging module's public face: sending e-mail and text messages (docs/ARCHITECTURE.md). */
export { createMessenger, type Messenger, type OutgoingEmail, type OutgoingSms } from './messaging.service';
