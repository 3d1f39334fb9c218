import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/modules/auth/auth.schema';
import {
  createDatabaseFromTemplate,
  createTemplateDatabase,
  databaseUrl,
  dropDatabase,
  startTestPostgres,
} from '../support/test-server';
import { E2E_USERS } from './users';

async function waitForHealth(baseURL: string, child: ReturnType<typeof spawn>, log: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode}; see ${log}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not become healthy in 60 s; see ${log}`);
}

async function signUp(baseURL: string, user: { name: string; email: string; password: string }) {
  const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify(user),
  });
  if (!response.ok)
    throw new Error(`sign-up of ${user.email} failed: ${response.status} ${await response.text()}`);
}

/**
 * Starts the built app as a real process on its own fresh database, with an admin, a staff member
 * and a customer, for the browser tests; the returned function stops it all.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const port = new URL(baseURL).port;
  const server = await startTestPostgres();
  const template = `brigade_e2e_template_${process.pid}`;
  await createTemplateDatabase(server.adminUrl, template);
  const name = await createDatabaseFromTemplate(server.adminUrl, template);
  await dropDatabase(server.adminUrl, template);
  const url = databaseUrl(server.adminUrl, name);

  const dataDir = path.resolve('.tmp', `e2e-data-${process.pid}`);
  await mkdir('test-results', { recursive: true });
  const log = path.resolve('test-results', 'e2e-server.log');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: port,
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: E2E_USERS.admin.email,
      ADMIN_PASSWORD: E2E_USERS.admin.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(log);
  child.stdout.pipe(out);
  child.stderr.pipe(out);

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await dropDatabase(server.adminUrl, name).catch(() => {});
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, child, log);
    await signUp(baseURL, E2E_USERS.staff);
    await signUp(baseURL, E2E_USERS.customer);
    const handle = openDatabase(url, { max: 1 });
    await handle.db.update(users).set({ role: 'staff' }).where(eq(users.email, E2E_USERS.staff.email));
    await handle.close();
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
