import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createServices } from '../src/server/services';

/**
 * `npm run lint:openapi` (a step of `npm test`): the API document as a partner's tools read it. The
 * app is built in this process, without a database (building the document reads none; the pool never
 * connects), its /api/openapi.json is written to .tmp/openapi/openapi.json, and Redocly's
 * `recommended` rules run on it with redocly.yaml, offline. Any error or warning fails the step; an
 * exception is a rule turned off in redocly.yaml with its reason.
 *
 * The document names its server by BASE_URL, so it is built with a deployment's kind of address:
 * Redocly rightly warns about a localhost server, which only a developer's own instance has.
 */

const OUTPUT = path.join('.tmp', 'openapi', 'openapi.json');
const BASE_URL = 'https://cafe.brigade.test';

async function buildDocument(): Promise<string> {
  const config = loadConfig({
    BASE_URL,
    DATA_DIR: path.join('.tmp', 'openapi', 'data'),
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
  });
  const handle = openDatabase('postgres://brigade@127.0.0.1:1/unused');
  const services = createServices({
    config,
    db: handle.db,
    logger: pino({ level: 'silent' }),
    secret: 'a'.repeat(64),
  });
  const app = createApp({ ...services, webRoot: path.join('.tmp', 'no-web-build') });
  const response = await app.request(`${BASE_URL}/api/openapi.json`);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET /api/openapi.json answered ${response.status}: ${text}`);
  return `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
}

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
}

const started = Date.now();
mkdirSync(path.dirname(OUTPUT), { recursive: true });
// Written whole, then renamed: another run in the same checkout never reads half a document.
writeFileSync(`${OUTPUT}.${process.pid}`, await buildDocument());
renameSync(`${OUTPUT}.${process.pid}`, OUTPUT);
const built = Date.now();

const redocly = spawnSync(
  process.execPath,
  ['node_modules/@redocly/cli/bin/cli.js', 'lint', '--config', 'redocly.yaml', '--format', 'json', OUTPUT],
  {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
  },
);
let report: LintReport;
try {
  report = JSON.parse(redocly.stdout) as LintReport;
} catch {
  console.error(`Redocly did not report (exit ${redocly.status}):\n${redocly.stdout}\n${redocly.stderr}`);
  process.exit(1);
}
for (const problem of report.problems) {
  console.log(`${problem.severity.padEnd(5)} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`);
  console.log(`      ${problem.message}`);
}
const { errors, warnings } = report.totals;
console.log(
  `${OUTPUT}: ${errors} errors, ${warnings} warnings (Redocly recommended, redocly.yaml); ` +
    `document built in ${((built - started) / 1000).toFixed(1)} s, linted in ${((Date.now() - built) / 1000).toFixed(1)} s`,
);
if (errors + warnings > 0) {
  console.log('Redocly explains each rule: npx redocly lint .tmp/openapi/openapi.json');
}
// The app's services keep timers running; the check is done.
process.exit(errors + warnings > 0 ? 1 : 0);
