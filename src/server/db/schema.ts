/** Every Drizzle table of the app, one import for the client, the migrator and drizzle-kit. */
export * from '../modules/auth/auth.schema';
export * from '../modules/settings/settings.schema';
