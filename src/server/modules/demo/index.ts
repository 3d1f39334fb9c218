/**
 * The demo module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): the demo cafe
 * seeded on first start (bootstrap.ts), through the other modules' public functions.
 */

export { demoRecordsForOrders, recordDemoOrders } from './demo-removal';
export { DEMO_SEED_NAME, type DemoSeedCounts, type DemoSeedResult, seedDemoRestaurant } from './demo-seed';
