import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/modules/auth/auth.schema';
import { startFakeStripe } from '../support/fake-stripe';
import { humanCheckFor } from '../support/human-check';
import { cleanUpApps, makeTempDir, spawnApp } from '../support/spawn-app';
import {
  createDatabaseFromTemplate,
  createTemplateDatabase,
  databaseUrl,
  dropDatabase,
  startTestPostgres,
} from '../support/test-server';
import { E2E_USERS } from './users';

async function signUp(baseURL: string, user: { name: string; email: string; password: string }) {
  const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseURL,
      'x-human-check': await humanCheckFor(baseURL),
    },
    body: JSON.stringify(user),
  });
  if (!response.ok)
    throw new Error(`sign-up of ${user.email} failed: ${response.status} ${await response.text()}`);
}

/** The origin the app accepts as a push service in the browser tests (its port: the app's + 1000). */
export function e2ePushServiceOrigin(baseURL: string): string {
  return `http://127.0.0.1:${Number(new URL(baseURL).port) + 1000}`;
}

/**
 * Starts the built app as a real process on its own fresh database, with an admin, a staff member
 * and a customer, for the browser tests; the returned function stops it all and keeps its output in
 * test-results/e2e-server.log.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const server = await startTestPostgres();
  const template = `brigade_e2e_template_${process.pid}`;
  await createTemplateDatabase(server.adminUrl, template);
  const name = await createDatabaseFromTemplate(server.adminUrl, template);
  await dropDatabase(server.adminUrl, template);
  const url = databaseUrl(server.adminUrl, name);
  process.env.E2E_DATABASE_URL = url;
  // Stripe for the online payment tests: a local fake in this process (it lives as long as the run),
  // which the app's Stripe client is pointed at and whose webhooks go to the app. Specs reach its test
  // API (delivering events, its state) at E2E_FAKE_STRIPE_URL.
  const fakeStripe = await startFakeStripe({ webhook: `${baseURL}/api/payments/stripe/webhook` });
  process.env.E2E_FAKE_STRIPE_URL = fakeStripe.url;

  const app = await spawnApp({
    dataDir: await makeTempDir('e2e'),
    port: Number(new URL(baseURL).port),
    env: {
      DATABASE_URL: url,
      // The address the browser uses, as in production: QR codes and e-mailed links point at it.
      BASE_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Each test's browser sends its own X-Forwarded-For (tests/e2e/fixtures.ts): real limits per test.
      TRUST_PROXY: 'true',
      ADMIN_EMAIL: E2E_USERS.admin.email,
      ADMIN_PASSWORD: E2E_USERS.admin.password,
      ...fakeStripe.env,
      // Push: tests/e2e/push.spec.ts listens as a local push service at this origin.
      PUSH_SERVICE_ORIGINS: e2ePushServiceOrigin(baseURL),
      // The browser tests share a few customer accounts over many orders.
      CUSTOMER_ORDER_REQUESTS: '100000',
      CUSTOMER_PENDING_ORDERS: '100000',
      // Each request is told on its own: tests expect their own request's toast and push, while other
      // tests' requests reach the same staff accounts (the fold is tested in the API tests).
      ORDER_REQUEST_FOLD_SECONDS: '0',
    },
  });

  const stop = async () => {
    await app.stop().catch(() => {});
    await mkdir('test-results', { recursive: true });
    await writeFile(path.join('test-results', 'e2e-server.log'), app.output());
    await cleanUpApps();
    await dropDatabase(server.adminUrl, name).catch(() => {});
    await server.stop();
    await fakeStripe.close();
  };

  try {
    await app.waitForHealthy();
    await signUp(baseURL, E2E_USERS.staff);
    await signUp(baseURL, E2E_USERS.customer);
    await signUp(baseURL, E2E_USERS.manager);
    const handle = openDatabase(url, { max: 1 });
    await handle.db.update(users).set({ role: 'staff' }).where(eq(users.email, E2E_USERS.staff.email));
    await handle.db.update(users).set({ role: 'manager' }).where(eq(users.email, E2E_USERS.manager.email));
    await handle.close();
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
