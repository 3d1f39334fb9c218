import { spawnSync } from 'node:child_process';

/**
 * `npm test`: every check the project has, in order: types, lint, unit, API, process and browser
 * tests, then what `/` loads (no back-office code). Each step runs even if an earlier one failed, so
 * one run shows every failure; the exit code is non-zero if any failed.
 */
const steps: [string, string][] = [
  ['type check', 'typecheck'],
  ['lint', 'lint'],
  ['unit tests', 'test:unit'],
  ['API tests', 'test:api'],
  ['process tests', 'test:process'],
  ['browser tests', 'test:e2e'],
  ['home page weight', 'weight'],
];

const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const [name, script] of steps) {
  console.log(`\n=== ${name} (npm run ${script}) ===`);
  const started = Date.now();
  const run = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  results.push({ name, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

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
