import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from '../lib/startup-error';

export interface DataDirLock {
  release(): Promise<void>;
}

const LOCK_SOCKET_NAME = 'brigade.lock.sock';
const PID_FILE_NAME = 'brigade.pid';
/** sun_path holds 108 bytes on Linux and 104 on macOS, both including the final NUL. */
const MAX_SOCKET_PATH_BYTES = 103;

/**
 * Refuses (throws StartupError) when another Brigade process holds the data folder. Released
 * automatically if the process dies (even kill -9).
 *
 * The lock is a listening Unix socket: the kernel closes it when its process dies, however it dies, so
 * a live holder always answers a connect and a dead one never does. A socket file left behind by a
 * dead holder is removed under a short guard, so that two processes finding the same stale file at the
 * same instant cannot both remove it and both win.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  await ensureWritableDataDir(dir);
  const socketPath = await lockSocketPath(dir);

  for (let attempt = 1; attempt <= 20; attempt++) {
    const server = await tryListen(socketPath);
    if (server) return holdLock(dir, server);

    const holder = await probeHolder(socketPath);
    if (holder.state === 'alive') throw alreadyInUse(dir, holder.pid ?? (await readPidFile(dir)));
    if (holder.state === 'stale') await removeStaleSocket(socketPath);
    // 'missing': the holder went away between our listen and our probe; just try again.
  }
  throw new StartupError(
    `Could not lock the data folder ${dir}: its lock file ${socketPath} keeps changing hands.\n` +
      'Another program may be starting and stopping Brigade on this folder; stop it and try again.',
  );
}

/**
 * Creates the data folder if needed and proves it is writable, so a wrong DATA_DIR fails with a message
 * naming the folder instead of a low-level error from whichever file happens to be written first.
 */
export async function ensureWritableDataDir(dataDir: string): Promise<void> {
  const dir = path.resolve(dataDir);
  try {
    await makeDirectories(dir);
  } catch (error) {
    // ENOENT here means a parent exists but refuses new folders (/proc, /sys...).
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'no folder can be made there'
        : describeFsError(error);
    throw new StartupError(
      `The data folder ${dir} cannot be created (${reason}).\n` +
        'Set DATA_DIR to a folder this user can write to.',
      { cause: error },
    );
  }
  const stats = await fs.stat(dir);
  if (!stats.isDirectory()) {
    throw new StartupError(
      `The data folder ${dir} is not a folder.\nSet DATA_DIR to a folder this user can write to.`,
    );
  }
  // access(W_OK) is not enough: root passes it on a read-only file system, so really write a file.
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    await fs.writeFile(probe, '');
    await fs.unlink(probe);
  } catch (error) {
    throw new StartupError(
      `The data folder ${dir} is not writable (${describeFsError(error)}).\n` +
        `Make it writable for user ${os.userInfo().username}, or set DATA_DIR to another folder.`,
      { cause: error },
    );
  }
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdir never settles when the kernel answers ENOENT for
 * a parent that exists (as /proc does), and a start must fail, not hang.
 */
async function makeDirectories(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let current = dir; ; current = path.dirname(current)) {
    const stats = await fs.stat(current).catch(() => undefined);
    if (stats || path.dirname(current) === current) break;
    missing.unshift(current);
  }
  for (const folder of missing) {
    await fs.mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}

/** Turns a file-system error into a few words a person can act on. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOTDIR':
      return 'part of the path is a file, not a folder';
    case 'EEXIST':
      return 'a file with that name already exists';
    case 'ENOSPC':
      return 'the disk is full';
    case 'ENOENT':
      return 'the path does not exist';
    default:
      return code ?? (error instanceof Error ? error.message : String(error));
  }
}

async function lockSocketPath(dir: string): Promise<string> {
  // Decide on the real path, so that every spelling of the folder (symlinks, long or short) agrees.
  const real = await fs.realpath(dir);
  const inDataDir = path.join(real, LOCK_SOCKET_NAME);
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH_BYTES) return inDataDir;
  // Too long for a socket address: use the temp folder, under a name derived from the real path.
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 24);
  const tmp = Buffer.byteLength(os.tmpdir()) < 60 ? os.tmpdir() : '/tmp';
  return path.join(tmp, `brigade-${hash}.lock.sock`);
}

/** Resolves with the listening server, or undefined when the address is taken. */
function tryListen(socketPath: string): Promise<net.Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      // Tell whoever asks who holds the lock; errors only mean the asker already left.
      socket.on('error', () => {});
      socket.end(`${JSON.stringify({ app: 'brigade', pid: process.pid })}\n`);
    });
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(undefined);
      else
        reject(
          new StartupError(
            `Could not create the lock file ${socketPath} (${describeFsError(error)}).\n` +
              'Make the data folder writable, or set DATA_DIR to another folder.',
            { cause: error },
          ),
        );
    });
    server.listen(socketPath, () => {
      // The lock must never be the reason the process stays alive.
      server.unref();
      resolve(server);
    });
  });
}

type Probe = { state: 'alive'; pid: number | undefined } | { state: 'stale' } | { state: 'missing' };

/** Connects to the lock socket: a live holder answers with its pid. */
function probeHolder(socketPath: string): Promise<Probe> {
  return new Promise((resolve) => {
    let received = '';
    let connected = false;
    const socket = net.connect(socketPath);
    const timer = setTimeout(() => socket.destroy(), 2000);
    const finish = (result: Probe) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) return;
      if (error.code === 'ENOENT') finish({ state: 'missing' });
      // Not ours to ask: a process of another user holds it, so it may well be alive.
      else if (error.code === 'EACCES' || error.code === 'EPERM') finish({ state: 'alive', pid: undefined });
      // ECONNREFUSED: a socket file nobody listens on; its holder died without cleaning up.
      else finish({ state: 'stale' });
    });
    socket.on('close', () => {
      if (!connected) return;
      let pid: number | undefined;
      try {
        pid = Number(JSON.parse(received.trim()).pid) || undefined;
      } catch {
        pid = undefined;
      }
      finish({ state: 'alive', pid });
    });
  });
}

async function removeStaleSocket(socketPath: string): Promise<void> {
  await withGuard(socketPath, async () => {
    // Look again now that we hold the guard: another starter may have cleaned up and taken the lock
    // meanwhile. Refusals are retried briefly because a fresh socket refuses connects for the moment
    // between its bind() and listen().
    for (let check = 0; check < 3; check++) {
      const again = await probeHolder(socketPath);
      if (again.state !== 'stale') return;
      await sleep(25);
    }
    await fs.unlink(socketPath).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') {
        throw new StartupError(
          `Could not remove the stale lock file ${socketPath} (${describeFsError(error)}).\n` +
            'Delete it by hand; no Brigade process is using it.',
          { cause: error },
        );
      }
    });
  });
}

/**
 * Runs `work` while no other process of this machine runs it for the same lock. On Linux the guard is an
 * abstract socket, which leaves nothing behind when its holder dies; elsewhere it is a directory whose
 * age tells when a holder died while holding it.
 */
async function withGuard(socketPath: string, work: () => Promise<void>): Promise<void> {
  const name = `brigade-guard-${createHash('sha256').update(socketPath).digest('hex').slice(0, 24)}`;
  const deadline = Date.now() + 10_000;
  if (process.platform === 'linux') {
    for (;;) {
      const guard = await tryListen(`\0${name}`);
      if (guard) {
        try {
          return await work();
        } finally {
          guard.close();
        }
      }
      if (Date.now() > deadline) break;
      await sleep(10 + Math.random() * 20);
    }
  } else {
    const guardDir = `${socketPath}.guard`;
    for (;;) {
      try {
        await fs.mkdir(guardDir);
        try {
          return await work();
        } finally {
          await fs.rmdir(guardDir).catch(() => {});
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const stats = await fs.stat(guardDir).catch(() => undefined);
        if (stats && Date.now() - stats.mtimeMs > 5000) await fs.rmdir(guardDir).catch(() => {});
      }
      if (Date.now() > deadline) break;
      await sleep(10 + Math.random() * 20);
    }
  }
  throw new StartupError(`Timed out waiting to clean up the stale lock file ${socketPath}. Try again.`);
}

async function holdLock(dir: string, server: net.Server): Promise<DataDirLock> {
  const pidFile = path.join(dir, PID_FILE_NAME);
  // Only for people and for the refusal message when the holder cannot be asked; the socket is the lock.
  await fs.writeFile(pidFile, `${process.pid}\n`).catch(() => {});
  let released: Promise<void> | undefined;
  return {
    release() {
      released ??= (async () => {
        if ((await readPidFile(dir)) === process.pid) await fs.unlink(pidFile).catch(() => {});
        // Closing the server also removes the socket file. Unlinking it ourselves afterwards could remove
        // the socket of the next holder, who may have bound the same path in the meantime.
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return released;
    },
  };
}

async function readPidFile(dir: string): Promise<number | undefined> {
  const content = await fs.readFile(path.join(dir, PID_FILE_NAME), 'utf8').catch(() => '');
  return Number.parseInt(content, 10) || undefined;
}

function alreadyInUse(dir: string, pid: number | undefined): StartupError {
  const who = pid ? `Another Brigade process (pid ${pid})` : 'Another Brigade process';
  return new StartupError(
    `${who} is already using the data folder ${dir}.\nStop it first, or set DATA_DIR to another folder.`,
  );
}
