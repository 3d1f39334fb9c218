/** Every Drizzle table of the app, one import for the client, the migrator and drizzle-kit. */
export * from '../modules/audit/audit.schema';
export * from '../modules/auth/auth.schema';
export * from '../modules/contact/contact.schema';
export * from '../modules/coupons/coupons.schema';
export * from '../modules/demo/demo.schema';
export * from '../modules/events/events.schema';
export * from '../modules/feedback/feedback.schema';
export * from '../modules/images/images.schema';
export * from '../modules/ledger/ledger.schema';
export * from '../modules/master-data/master-data.schema';
export * from '../modules/menu/food-categories.schema';
export * from '../modules/menu/menu.schema';
export * from '../modules/messaging/messaging.schema';
export * from '../modules/orders/orders.schema';
export * from '../modules/payments/payments.schema';
export * from '../modules/security/security.schema';
export * from '../modules/settings/settings.schema';
