import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createTemplateDatabase, dropDatabase, startTestPostgres } from './test-server';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string };
  }
}

/** One PostgreSQL server per run, and one migrated template database that every test file copies. */
export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  const template = `brigade_template_${randomBytes(4).toString('hex')}`;
  await createTemplateDatabase(server.adminUrl, template);
  project.provide('testDatabase', { adminUrl: server.adminUrl, template });
  return async () => {
    await dropDatabase(server.adminUrl, template);
    await server.stop();
  };
}
