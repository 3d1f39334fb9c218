import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then runs the
 * server in this process. A start that needs no build never touches dist/, so a second start on a
 * folder in use is refused at once and leaves the running app's files alone.
 */
const BUILD_MARKER = path.join('dist', 'web', 'index.html');
const SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestChange(entry: string): number {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

const built = statSync(BUILD_MARKER, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (built < Math.max(...SOURCES.map(newestChange))) {
  console.log('Building the web app…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Brigade cannot start: building the web app failed (see above).');
    process.exit(1);
  }
}

await import('../src/server/index.ts');
