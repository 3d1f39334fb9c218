import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildWebIfStale } from './build-web';

/**
 * `npm run weight`: what a guest's browser downloads from the production build to show `/` (the entry
 * script and its imports, the home page's module and its imports, their styles), raw, gzip and Brotli,
 * as the server sends them. It fails when any of that code comes from the back office: another page's
 * module, a back-office feature, the staff navigation, or zod (the public page validates nothing itself),
 * and when its JavaScript is over 150 kB gzip (issue 12). The cart and checkout, loaded when a guest
 * first opens them, are held to the same rules (not to the budget).
 */
const WEB_ROOT = path.join('dist', 'web');
/** Issue 12: the JavaScript `/` loads before it is interactive, gzip, at most this much. */
const JS_BUDGET_GZIP_BYTES = 150 * 1024;
const HOME_PAGE_SOURCE = 'pages/home-page.tsx';

/** Source paths that must never be part of what `/` loads. */
const BACK_OFFICE: { pattern: RegExp; why: string }[] = [
  { pattern: /src\/web\/pages\/(?!home-page\.tsx$)/, why: 'another page' },
  {
    pattern: /src\/web\/features\/(?:menu|master-data|resources|users|audit|account)\//,
    why: 'a back-office feature',
  },
  { pattern: /src\/web\/app\/layouts\/side-nav\.tsx$/, why: 'the staff navigation' },
  { pattern: /node_modules\/zod\//, why: 'zod' },
];

interface ManifestEntry {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestEntry>;

/** The files that `key` loads before it runs: itself and its static imports, with their styles. */
function collect(manifest: Manifest, key: string, files: Set<string>): void {
  const entry = manifest[key];
  if (!entry) throw new Error(`The build manifest has no entry ${key}.`);
  if (files.has(entry.file)) return;
  files.add(entry.file);
  for (const css of entry.css ?? []) files.add(css);
  for (const imported of entry.imports ?? []) collect(manifest, imported, files);
}

/** The bytes the server sends for `file` with that encoding: its precompressed copy, or itself when small. */
function sizeOf(file: string, encoding: 'gz' | 'br'): number {
  return (statSync(`${file}.${encoding}`, { throwIfNoEntry: false }) ?? statSync(file)).size;
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

if (!buildWebIfStale()) process.exit(1);
const manifest = JSON.parse(readFileSync(path.join(WEB_ROOT, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const files = new Set<string>();
collect(manifest, 'index.html', files);
const homeKey = Object.keys(manifest).find((key) => key.endsWith(HOME_PAGE_SOURCE));
if (!homeKey) throw new Error(`The build manifest has no ${HOME_PAGE_SOURCE}.`);
collect(manifest, homeKey, files);

const rows: { file: string; raw: number; gz: number; br: number }[] = [];
const problems: string[] = [];
for (const file of [...files].sort()) {
  const full = path.join(WEB_ROOT, file);
  rows.push({ file, raw: statSync(full).size, gz: sizeOf(full, 'gz'), br: sizeOf(full, 'br') });
  if (!file.endsWith('.js')) continue;
  const map = JSON.parse(readFileSync(`${full}.map`, 'utf8')) as { sources: string[] };
  for (const source of map.sources) {
    const rule = BACK_OFFICE.find(({ pattern }) => pattern.test(source));
    if (rule) problems.push(`${file} holds ${rule.why}: ${source.replace(/^(\.\.\/)+/, '')}`);
  }
}

// The guests' cart and checkout are loaded when first used (not counted in the budget), but a guest
// still waits for them on a phone: they follow the same rules, zod included.
// The notifications' bell and toaster load on every page of a signed-in customer (`/` included).
const LAZY_GUEST_SOURCES = [
  'features/cart/components/cart-sheet.tsx',
  'features/cart/components/checkout-form.tsx',
  'features/notifications/components/notification-bell.tsx',
  'features/notifications/components/notifications-watcher.tsx',
];
for (const source of LAZY_GUEST_SOURCES) {
  const key = Object.keys(manifest).find((candidate) => candidate.endsWith(source));
  if (!key) throw new Error(`The build manifest has no ${source}.`);
  const lazy = new Set<string>();
  collect(manifest, key, lazy);
  for (const file of [...lazy].filter((name) => name.endsWith('.js'))) {
    const map = JSON.parse(readFileSync(`${path.join(WEB_ROOT, file)}.map`, 'utf8')) as { sources: string[] };
    // One line per chunk and rule: the first source that breaks it.
    for (const rule of BACK_OFFICE) {
      const held = map.sources.find((candidate) => rule.pattern.test(candidate));
      if (held)
        problems.push(`${source} loads ${file}, which holds ${rule.why}: ${held.replace(/^(\.\.\/)+/, '')}`);
    }
  }
}

const width = Math.max(...rows.map((row) => row.file.length));
console.log(`What / loads from the production build (${WEB_ROOT}):\n`);
console.log(`${'file'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}  ${'brotli'.padStart(9)}`);
for (const row of rows) {
  console.log(
    `${row.file.padEnd(width)}  ${kilobytes(row.raw).padStart(9)}  ${kilobytes(row.gz).padStart(9)}  ${kilobytes(row.br).padStart(9)}`,
  );
}
for (const kind of ['.js', '.css']) {
  const some = rows.filter((row) => row.file.endsWith(kind));
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    kilobytes(some.reduce((total, row) => total + pick(row), 0));
  console.log(
    `${`all ${kind}`.padEnd(width)}  ${sum((r) => r.raw).padStart(9)}  ${sum((r) => r.gz).padStart(9)}  ${sum((r) => r.br).padStart(9)}`,
  );
}
const jsGzip = rows.filter((row) => row.file.endsWith('.js')).reduce((total, row) => total + row.gz, 0);
if (jsGzip > JS_BUDGET_GZIP_BYTES) {
  problems.push(
    `its JavaScript is ${kilobytes(jsGzip)} gzip, over the budget of ${kilobytes(JS_BUDGET_GZIP_BYTES)}: load what is not needed for the first screen lazily`,
  );
}
if (problems.length > 0) {
  console.error(`\nWhat / loads breaks its rules:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `\nJavaScript within the budget: ${kilobytes(jsGzip)} of ${kilobytes(JS_BUDGET_GZIP_BYTES)} gzip.`,
);
console.log('\nNo back-office code: no other page, no back-office feature, no staff navigation, no zod.');
console.log('The cart and checkout, loaded when first used, hold none either.');
