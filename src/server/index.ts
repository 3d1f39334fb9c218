import { createServer, type RequestListener, type ServerOptions } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { createApp } from './app';
import { prepareDatabase } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { createFastRoutes } from './fast-routes';
import { withFastLane } from './lib/fast-lane';
import { createLogger, type Logger } from './lib/logger';
import { StartupError } from './lib/startup-error';
import { resolveAuthSecret } from './modules/auth';
import { removePartialFiles } from './modules/backup';
import { closeEventStreams } from './modules/events';
import { createServices } from './services';

// Long enough for PostgreSQL's fast shutdown on a slow disk; past it the next start cleans up.
const SHUTDOWN_GRACE_MS = 30_000;

type Cleanup = () => Promise<void>;

function listen(
  server: Pick<Server, 'once' | 'off' | 'listen' | 'address'>,
  port: number,
  host: string,
): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new StartupError(
            `Port ${port} on ${host} is already in use. Stop what uses it, or set PORT to another port.`,
          ),
        );
      } else if (error.code === 'EACCES') {
        reject(
          new StartupError(`Not allowed to listen on port ${port}. Choose a port above 1023 with PORT.`),
        );
      } else {
        reject(error);
      }
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Fails at once, before a database starts, when the port is taken; listen() still catches a late taker. */
async function ensurePortFree(port: number, host: string): Promise<void> {
  const probe = createNetServer();
  await listen(probe, port, host);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

async function runCleanups(cleanups: Cleanup[], logger: Logger): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      logger.error({ err: error }, 'shutdown step failed');
    }
  }
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(
        `Brigade cannot start: the configuration is not valid.\n${error.problems.join('\n')}\n`,
      );
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const cleanups: Cleanup[] = [];

  try {
    await ensurePortFree(config.port, config.host);
    let databaseUrl: string;
    if (config.databaseUrl) {
      databaseUrl = config.databaseUrl;
    } else {
      // Loaded only here: a server deployment never touches the embedded binaries.
      const { acquireDataDirLock } = await import('./db/data-dir-lock');
      const { startEmbeddedPostgres } = await import('./db/embedded');
      // The embedded server belongs to one app process: the lock refuses a second one on this folder.
      const lock = await acquireDataDirLock(config.dataDir);
      cleanups.push(() => lock.release());
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    const database: DatabaseHandle = openDatabase(databaseUrl, {
      statementTimeoutMs: config.databaseTimeouts.statementMs,
      idleInTransactionTimeoutMs: config.databaseTimeouts.idleInTransactionMs,
    });
    cleanups.push(() => database.close());

    const secret = await resolveAuthSecret(config.authSecret, config.dataDir);
    const services = createServices({ config, db: database.db, logger, secret, databaseUrl });
    const admin = await prepareDatabase(database.db, services.auth, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      logger,
      demoData: config.demoData,
    });
    if (admin.generatedPassword) {
      // Shown once, on the console, never logged to a file: the owner needs it to sign in.
      process.stdout.write(
        `\n  Brigade created the admin account.\n    e-mail:   ${admin.email}\n    password: ${admin.generatedPassword}\n  Sign in and keep this password safe; it is not shown again.\n\n`,
      );
    }

    await services.liveTopics.start();
    cleanups.push(() => services.liveTopics.stop());
    // Woken by the live topic `push`; stopped before the hub (cleanups run in reverse).
    services.pushSender.start();
    cleanups.push(() => services.pushSender.stop());
    await removePartialFiles(config);
    services.backupScheduler.start();
    cleanups.push(() => services.backupScheduler.stop());
    services.recurringExpenses.start();
    cleanups.push(() => services.recurringExpenses.stop());

    const app = createApp(services);
    // Hot GETs answered from memory before the app (fast-routes.ts): the SPA page, the public
    // menu's idle 304, /api/config.
    const fastRoutes = await createFastRoutes(app, services);
    const server = createAdaptorServer({
      fetch: app.fetch,
      createServer: ((options: ServerOptions, listener: RequestListener) =>
        createServer(options, withFastLane(listener, fastRoutes))) as typeof createServer,
    });
    const address = await listen(server, config.port, config.host);
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          // Open event streams would hold close() open to the grace limit; browsers reconnect elsewhere.
          closeEventStreams(services.liveTopics);
          server.close(() => resolve());
          // Keep-alive connections would hold close() open; end idle ones now, the rest at the grace limit.
          (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
        }),
    );
    logger.info({ port: address.port, host: config.host, baseUrl: config.baseUrl }, 'Brigade is listening');

    let stopping = false;
    const shutdown = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      const force = setTimeout(() => {
        logger.error('shutdown took too long; exiting');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS);
      force.unref();
      runCleanups(cleanups, logger).then(() => {
        logger.info('stopped');
        process.exit(0);
      });
    };
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', shutdown);
  } catch (error) {
    if (error instanceof StartupError) {
      process.stderr.write(`Brigade cannot start: ${error.message}\n`);
    } else {
      logger.fatal({ err: error }, 'start failed');
      process.stderr.write(`Brigade cannot start: ${(error as Error).message}\n`);
    }
    await runCleanups(cleanups, logger);
    process.exit(1);
  }
}

void main();
