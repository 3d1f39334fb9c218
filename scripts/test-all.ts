import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm test`: every check the project has, in order: types, lint, import boundaries, the API document
 * (Redocly's rules), unit, API, process and browser tests, then what `/` loads (no back-office code).
 * Each step runs even if an earlier one failed, so one run shows every failure; the exit code is
 * non-zero if any failed.
 *
 * Each step's time and result go to test-results/tier-times.json (rewritten after every step, so an
 * interrupted run still leaves what it measured) and one line per run to
 * test-results/tier-times-history.jsonl, so the growth of the suite's time is visible run by run.
 * `npm test -- lint test:unit` runs only the named scripts.
 */
const steps: [string, string][] = [
  ['type check', 'typecheck'],
  ['lint', 'lint'],
  ['import boundaries', 'check:imports'],
  ['API document (Redocly)', 'lint:openapi'],
  ['unit tests', 'test:unit'],
  ['API tests', 'test:api'],
  ['process tests', 'test:process'],
  ['browser tests', 'test:e2e'],
  ['home page weight', 'weight'],
];

const TIMES_DIR = 'test-results';
const TIMES_FILE = path.join(TIMES_DIR, 'tier-times.json');
const HISTORY_FILE = path.join(TIMES_DIR, 'tier-times-history.jsonl');

/** The commit the run tested, marked when the working tree had changes; undefined outside git. */
function currentCommit(): { commit?: string; dirty?: boolean } {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' });
  if (head.status !== 0) return {};
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' });
  return { commit: head.stdout.trim(), dirty: status.stdout.trim().length > 0 };
}

const results: { name: string; script: string; ok: boolean; seconds: number }[] = [];
const run = { date: new Date().toISOString(), ...currentCommit(), node: process.version };
const report = () => ({
  ...run,
  totalSeconds: Math.round(results.reduce((sum, result) => sum + result.seconds, 0) * 10) / 10,
  steps: results,
});
mkdirSync(TIMES_DIR, { recursive: true });

const only = process.argv.slice(2);
for (const [name, script] of steps) {
  if (only.length > 0 && !only.includes(script)) continue;
  console.log(`\n=== ${name} (npm run ${script}) ===`);
  const started = Date.now();
  const step = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  results.push({ name, script, ok: step.status === 0, seconds });
  writeFileSync(TIMES_FILE, `${JSON.stringify(report(), null, 2)}\n`);
}
appendFileSync(HISTORY_FILE, `${JSON.stringify(report())}\n`);

console.log(`\n=== times (${TIMES_FILE}) ===\n${JSON.stringify(report(), null, 2)}`);
console.log('\n=== summary ===');
for (const result of results)
  console.log(`${result.ok ? 'ok  ' : 'FAIL'}  ${result.name} (${result.seconds} s)`);
const failed = results.filter((result) => !result.ok);
if (failed.length > 0) {
  console.log(
    `\n${failed.length} of ${results.length} steps failed: ${failed.map((result) => result.name).join(', ')}`,
  );
  process.exit(1);
}
console.log(`\nAll ${results.length} steps passed.`);
