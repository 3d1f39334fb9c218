import { buildWebIfStale } from './build-web';

/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then runs the
 * server in this process. The npm script starts this file with `exec`, so the shell npm runs scripts
 * in is replaced by this process: the SIGTERM or SIGINT that npm passes on to its child reaches the
 * server's own shutdown (HTTP server, pool, embedded PostgreSQL) instead of killing a shell and
 * leaving the app running without a parent. SKIP_WEB_BUILD=true starts the server as the web build
 * is (the process tests use it, so that they never build).
 */
if (process.env.SKIP_WEB_BUILD !== 'true' && !buildWebIfStale()) {
  console.error('Brigade cannot start: building the web app failed (see above).');
  process.exit(1);
}

await import('../src/server/index.ts');
