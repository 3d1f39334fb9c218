import { buildWebIfStale } from './build-web';

/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then runs the
 * server in this process.
 */
if (!buildWebIfStale()) {
  console.error('Brigade cannot start: building the web app failed (see above).');
  process.exit(1);
}

await import('../src/server/index.ts');
