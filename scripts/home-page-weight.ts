import { readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import pino from 'pino';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createServices } from '../src/server/services';
import { buildWebIfStale } from './build-web';

/**
 * `npm run weight`: what a guest's browser downloads from the production build to show `/` (the entry
 * script and its imports, the home page's module and its imports, their styles): raw, gzip, Brotli,
 * and sent, the bytes Chromium receives for each file from the app itself (its Brotli copy and the
 * response's headers, as Lighthouse and the browser's network panel count a transfer). It fails when
 * any of that code comes from the back office: another page's module, a back-office feature, the staff
 * navigation, or zod (the public page validates nothing itself), and when its JavaScript as sent is
 * over 150 kB. The cart and checkout, loaded when a guest first opens them, are held to the
 * same rules (not to the budget).
 */
const WEB_ROOT = path.join('dist', 'web');
/** The JavaScript `/` loads before it is interactive, as Chromium receives it, at most this much. */
const JS_BUDGET_SENT_BYTES = 150 * 1024;
/** What Chromium offers in `Accept-Encoding`. */
const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
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

/**
 * The app as the server runs it (its security headers, its static files), on a loopback port, with a
 * database it never connects to: serving the built files reads none.
 */
async function startAppOnLoopback(): Promise<{ origin: string; close: () => Promise<void> }> {
  // The defaults, as `npm start` on http: what Lighthouse measures on a running app (`npm run lighthouse`).
  const config = loadConfig({ DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  const database = openDatabase('postgres://brigade@127.0.0.1:9/unused');
  const services = createServices({
    config,
    db: database.db,
    logger: pino({ level: 'silent' }),
    secret: 'x'.repeat(64),
  });
  const server = createAdaptorServer({ fetch: createApp({ ...services, webRoot: WEB_ROOT }).fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await database.close();
    },
  };
}

/** The bytes of the answer to a GET of `url` as they arrive: status line, headers and (encoded) body. */
function bytesSent(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      { headers: { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET ${url} answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let bytes =
          `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
        for (let index = 0; index < response.rawHeaders.length; index += 2) {
          bytes += Buffer.byteLength(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}\r\n`);
        }
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

if (!buildWebIfStale()) process.exit(1);
const manifest = JSON.parse(readFileSync(path.join(WEB_ROOT, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const files = new Set<string>();
collect(manifest, 'index.html', files);
const homeKey = Object.keys(manifest).find((key) => key.endsWith(HOME_PAGE_SOURCE));
if (!homeKey) throw new Error(`The build manifest has no ${HOME_PAGE_SOURCE}.`);
collect(manifest, homeKey, files);

const rows: { file: string; raw: number; gz: number; br: number; sent: number }[] = [];
const problems: string[] = [];
const app = await startAppOnLoopback();
for (const file of [...files].sort()) {
  const full = path.join(WEB_ROOT, file);
  const sent = await bytesSent(`${app.origin}/${file}`);
  rows.push({ file, raw: statSync(full).size, gz: sizeOf(full, 'gz'), br: sizeOf(full, 'br'), sent });
  if (!file.endsWith('.js')) continue;
  const map = JSON.parse(readFileSync(`${full}.map`, 'utf8')) as { sources: string[] };
  for (const source of map.sources) {
    const rule = BACK_OFFICE.find(({ pattern }) => pattern.test(source));
    if (rule) problems.push(`${file} holds ${rule.why}: ${source.replace(/^(\.\.\/)+/, '')}`);
  }
}

// The guests' dish dialog, cart and checkout are loaded when first used (not counted in the budget),
// but a guest still waits for them on a phone: they follow the same rules, zod included. The dish
// dialog's option picker is the point of sale's too, so it is held here to the guests' rules.
// The notifications' bell and toaster load on every page of a signed-in customer (`/` included).
const LAZY_GUEST_SOURCES = [
  'features/cart/components/item-dialog.tsx',
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

await app.close();

const width = Math.max(...rows.map((row) => row.file.length));
const columns = (values: string[]) => values.map((value) => value.padStart(9)).join('  ');
console.log(`What / loads from the production build (${WEB_ROOT}):\n`);
console.log(`${'file'.padEnd(width)}  ${columns(['raw', 'gzip', 'brotli', 'sent'])}`);
for (const row of rows) {
  console.log(`${row.file.padEnd(width)}  ${columns([row.raw, row.gz, row.br, row.sent].map(kilobytes))}`);
}
for (const kind of ['.js', '.css']) {
  const some = rows.filter((row) => row.file.endsWith(kind));
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    kilobytes(some.reduce((total, row) => total + pick(row), 0));
  console.log(
    `${`all ${kind}`.padEnd(width)}  ${columns([sum((r) => r.raw), sum((r) => r.gz), sum((r) => r.br), sum((r) => r.sent)])}`,
  );
}
console.log(
  '\nsent: what Chromium receives (Accept-Encoding: gzip, deflate, br, zstd): the Brotli copy and the headers.',
);
const jsSent = rows.filter((row) => row.file.endsWith('.js')).reduce((total, row) => total + row.sent, 0);
if (jsSent > JS_BUDGET_SENT_BYTES) {
  problems.push(
    `its JavaScript is ${kilobytes(jsSent)} as sent, over the budget of ${kilobytes(JS_BUDGET_SENT_BYTES)}: load what is not needed for the first screen lazily`,
  );
}
if (problems.length > 0) {
  console.error(`\nWhat / loads breaks its rules:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `\nJavaScript within the budget: ${kilobytes(jsSent)} of ${kilobytes(JS_BUDGET_SENT_BYTES)} as sent.`,
);
console.log('\nNo back-office code: no other page, no back-office feature, no staff navigation, no zod.');
console.log('The dish dialog, the cart and checkout, loaded when first used, hold none either.');
