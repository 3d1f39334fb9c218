import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm test`: every check the project has: types, lint, import boundaries, the API document (Redocly's
 * rules), unit, API, process and browser tests, then what `/` loads (no back-office code).
 *
 * The browser tests spend much of their time waiting on a browser, so they run in a lane of their own
 * (the process tests after them) beside a second lane that runs everything else in order. Each lane goes on
 * after a failed step, so one run shows every failure; the exit code is non-zero if any step failed.
 * Every line a step prints is prefixed with its lane's name (`[browser]`, `[checks]`).
 *
 * TEST_SERVER_DATABASE_URL (CI sets it) adds to the second lane the API tests against that PostgreSQL
 * server and the two-process check on it, so they too run beside the browser tests.
 *
 * Each step's time and result go to test-results/tier-times.json (rewritten after every step, so an
 * interrupted run still leaves what it measured) and one line per run to
 * test-results/tier-times-history.jsonl, so the growth of the suite's time is visible run by run.
 * `npm test -- lint test:unit` runs only the named scripts.
 */
interface Step {
  name: string;
  script: string;
  env?: Record<string, string>;
}

const serverUrl = process.env.TEST_SERVER_DATABASE_URL;
const lanes: Record<string, Step[]> = {
  browser: [
    { name: 'browser tests', script: 'test:e2e' },
    // Reads the production build the browser tests made.
    { name: 'home page weight', script: 'weight' },
    // The process tests follow: the other lane is the longer one by minutes.
    { name: 'process tests', script: 'test:process' },
  ],
  checks: [
    { name: 'type check', script: 'typecheck' },
    { name: 'lint', script: 'lint' },
    { name: 'import boundaries', script: 'check:imports' },
    { name: 'API document (Redocly)', script: 'lint:openapi' },
    { name: 'unit tests', script: 'test:unit' },
    { name: 'API tests', script: 'test:api' },
    // The order tests again with every order placed the ordinary way (ORDERS_FROM_MEMORY=false): the
    // path from memory and the ordinary one must keep the same rules.
    { name: 'API tests of orders, placed the ordinary way', script: 'test:api:ordinary' },
    ...(serverUrl
      ? [
          {
            name: 'API tests (PostgreSQL server)',
            script: 'test:api',
            env: { TEST_DATABASE_URL: serverUrl },
          },
          { name: 'two app processes', script: 'test:two-process', env: { TEST_DATABASE_URL: serverUrl } },
        ]
      : []),
  ],
};

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

const results: {
  name: string;
  script: string;
  lane: string;
  ok: boolean;
  seconds: number;
  failures?: string[];
}[] = [];
const started = Date.now();
const run = { date: new Date().toISOString(), ...currentCommit(), node: process.version };
const report = () => ({
  ...run,
  wallSeconds: Math.round((Date.now() - started) / 100) / 10,
  totalSeconds: Math.round(results.reduce((sum, result) => sum + result.seconds, 0) * 10) / 10,
  steps: results,
});
mkdirSync(TIMES_DIR, { recursive: true });

/**
 * The lines that name a failure: vitest's `FAIL file > test` and `×`, Playwright's `✘` and numbered
 * `1) [chromium] › file › test`, and the first line of an error. The run's last lines repeat them,
 * so a log cut to its tail still says which tests failed.
 */
const FAILURE_LINE = /^\s*(FAIL\b|×|✘|\d+\) \[|Error:|AssertionError|TimeoutError|Test timeout)/;
const MAX_FAILURE_LINES = 12;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character starts a colour code.
const ANSI_CODE = /\x1b\[[0-9;]*m/g;

/** Copies a child's output to ours line by line, each line prefixed, so two lanes stay readable. */
function pipeLines(
  stream: NodeJS.ReadableStream,
  prefix: string,
  out: NodeJS.WriteStream,
  failures: string[],
): void {
  let pending = '';
  const take = (line: string) => {
    out.write(`${prefix}${line}\n`);
    // Colour codes (some tools print them whatever FORCE_COLOR says) would hide the line's start.
    const plain = line.replace(ANSI_CODE, '');
    const trimmed = plain.trim().slice(0, 200);
    if (FAILURE_LINE.test(plain) && !failures.includes(trimmed)) failures.push(trimmed);
  };
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) take(line);
  });
  stream.on('end', () => {
    if (pending) take(pending);
  });
}

function runStep(lane: string, step: Step, failures: string[]): Promise<boolean> {
  const prefix = `[${lane}] `;
  console.log(`${prefix}=== ${step.name} (npm run ${step.script}) ===`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', step.script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env, FORCE_COLOR: '0' },
    });
    pipeLines(child.stdout, prefix, process.stdout, failures);
    pipeLines(child.stderr, prefix, process.stderr, failures);
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

const only = process.argv.slice(2);
await Promise.all(
  Object.entries(lanes).map(async ([lane, steps]) => {
    for (const step of steps) {
      if (only.length > 0 && !only.includes(step.script)) continue;
      const stepStarted = Date.now();
      const failures: string[] = [];
      const ok = await runStep(lane, step, failures);
      const seconds = Math.round((Date.now() - stepStarted) / 100) / 10;
      results.push({ name: step.name, script: step.script, lane, ok, seconds, ...(ok ? {} : { failures }) });
      console.log(`[${lane}] --- ${ok ? 'passed' : 'FAILED'}: ${step.name} (${seconds} s)`);
      writeFileSync(TIMES_FILE, `${JSON.stringify(report(), null, 2)}\n`);
    }
  }),
);
appendFileSync(HISTORY_FILE, `${JSON.stringify(report())}\n`);

console.log(`\n=== summary (times in ${TIMES_FILE}) ===`);
for (const result of results)
  console.log(`${result.ok ? 'ok  ' : 'FAIL'}  ${result.name} (${result.seconds} s, ${result.lane} lane)`);
console.log(`wall time: ${report().wallSeconds} s`);
const failed = results.filter((result) => !result.ok);
for (const result of failed) {
  // The lines naming a test first, then the errors.
  const all = result.failures ?? [];
  const errors = all.filter((line) => /^(Error:|AssertionError|TimeoutError|Test timeout)/.test(line));
  const lines = [...all.filter((line) => !errors.includes(line)), ...errors];
  console.log(`\n--- what failed in ${result.name} (${lines.length} lines name a failure) ---`);
  for (const line of lines.slice(0, MAX_FAILURE_LINES)) console.log(line);
}
if (failed.length > 0) {
  console.log(
    `\n${failed.length} of ${results.length} steps failed: ${failed.map((result) => result.name).join(', ')}`,
  );
  process.exit(1);
}
console.log(`\nAll ${results.length} steps passed.`);
