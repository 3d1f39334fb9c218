import { createRouter } from '../../lib/router';

// Routes of this module are being built; the router is mounted in app.ts already.
export const contactRoutes = createRouter();
