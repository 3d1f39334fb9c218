import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The file the build writes last; its age says how old the build is. */
const BUILD_MARKER = path.join('dist', 'web', 'index.html');
/** Everything the web build is made from. */
const SOURCES = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'scripts/vite-precompress.ts',
  'package-lock.json',
];

function newestChange(entry: string): number {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

/**
 * Builds the web app when the build is missing or older than its sources; a build that is current is
 * left alone (so a refused second `npm start` never touches the running app's files). Returns false
 * when the build failed.
 */
export function buildWebIfStale(): boolean {
  const built = statSync(BUILD_MARKER, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built >= Math.max(...SOURCES.map(newestChange))) return true;
  console.log('Building the web app…');
  const build = (...extra: string[]) =>
    spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...extra], { stdio: 'inherit' }).status === 0;
  // The server's render of `/` first (dist/ssr), then the browser's build, whose index.html marks it done.
  return build('--ssr', 'ssr/render-page.tsx') && build();
}
