/** Every TanStack Query key of the web app, so that reads and invalidations cannot drift apart. */
export const queryKeys = {
  config: ['config'] as const,
  auth: {
    all: ['auth'] as const,
    session: ['auth', 'session'] as const,
  },
};
