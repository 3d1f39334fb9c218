import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium';
import type { PublicMenu } from '../src/shared/contracts/menu';

/**
 * `npm run lighthouse [url]`: Lighthouse (mobile, simulated throttling: slow 4G and a 4× slower CPU) on
 * the guests' page of a running app (default http://localhost:3000/, e.g. `npm start`), for two
 * visitors: a first visit (a fresh browser profile: no cookie choice, an empty cart, nothing cached)
 * and a returning guest (the cookie choice made, a cart in the browser, the assets cached). For each it
 * prints the score, the paints, the largest paint's element and the JavaScript Chromium transferred
 * (bytes on the wire, headers included, of every script the visit loaded). Not a test: its numbers
 * depend on the machine and its load (run it on a quiet machine; LIGHTHOUSE_RUNS, default 3, runs of
 * each visit, reports the median). Goals for both: performance ≥ 95, largest paint ≤ 2.0 s.
 *
 * Lighthouse is not a dependency of the project (it is large and only this script uses it); install it
 * for the run with `npm i --no-save --no-audit lighthouse@13`.
 */
const url = process.argv[2] ?? 'http://localhost:3000/';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const port = 9333;

interface Details {
  type?: string;
  items?: Record<string, unknown>[];
}
interface Audit {
  numericValue?: number;
  details?: Details & { items?: (Record<string, unknown> & Details)[] };
}
type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{
  lhr: {
    categories: { performance: { score: number | null } };
    audits: Record<string, Audit>;
    runtimeError?: { code: string; message: string };
    environment?: { benchmarkIndex?: number };
  };
}>;

let lighthouse: Lighthouse;
try {
  const moduleName = 'lighthouse';
  lighthouse = ((await import(moduleName)) as { default: Lighthouse }).default;
} catch {
  console.error('Lighthouse is not installed: npm i --no-save --no-audit lighthouse@13');
  process.exit(1);
}

type Visit = 'first' | 'return';
interface Result {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  benchmark: number;
  lcpElement: string;
  jsBytes: number;
  jsFiles: number;
}

/** A browser on a profile of its own, which Lighthouse drives through the debugging port. */
async function withBrowser<T>(use: (browser: BrowserContext) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(path.join(tmpdir(), 'brigade-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium() ?? undefined,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    return await use(browser);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** A returning guest: the cookie choice made, two of the first dish in the cart, the assets cached. */
async function prepareReturningGuest(browser: BrowserContext): Promise<void> {
  const menu = (await (await fetch(new URL('/api/menu/public', url))).json()) as PublicMenu;
  const item = menu.categories.flatMap((category) => category.items).find((each) => each.availableToday);
  const page = await browser.newPage();
  await page.goto(url);
  await page.evaluate(
    ({ line }) => {
      localStorage.setItem('cookieConsent', 'accepted');
      localStorage.setItem('cookieConsentDate', new Date().toISOString());
      if (line) localStorage.setItem('brigade.cart', JSON.stringify({ v: 1, lines: [line] }));
    },
    {
      line: item
        ? {
            key: 'lighthouse',
            menuItemId: item.id,
            name: item.name,
            unitPrice: item.price,
            optionIds: [],
            options: [],
            quantity: 2,
            note: '',
          }
        : null,
    },
  );
  // The page again with the choice made, so what a returning guest loads is in the cache.
  await page.reload({ waitUntil: 'networkidle' });
  await page.close();
}

/** The largest paint's element as Lighthouse names it (its text or label, and its selector). */
function lcpElementOf(audit: Audit | undefined): string {
  // Lighthouse 13 lists it in the LCP breakdown insight: one of the list's items is the node.
  for (const item of audit?.details?.items ?? []) {
    if (item.type === 'node')
      return `${String(item.nodeLabel ?? '').slice(0, 60)} (${String(item.selector ?? '')})`;
  }
  return 'unknown';
}

async function measure(visit: Visit): Promise<Result | null> {
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    // A first visit starts from nothing stored and nothing cached (Lighthouse clears the origin); a
    // returning guest keeps the cart, the cookie choice and the cache.
    disableStorageReset: visit === 'return',
  });
  // A run Lighthouse could not finish (it says why) is left out of the median, not counted as 0.
  if (lhr.runtimeError || lhr.categories.performance.score === null) {
    console.log(`${visit} visit: no result (${lhr.runtimeError?.code ?? 'no score'}): left out`);
    return null;
  }
  const value = (audit: string) => Math.round(lhr.audits[audit]?.numericValue ?? Number.NaN);
  // What Chromium transferred for scripts (compressed bodies and headers; 0 for one from the cache).
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (request) => request.resourceType === 'Script',
  );
  return {
    // How fast this machine is by Lighthouse's own yardstick: the simulated 4× slower CPU is 4× slower
    // than this machine, so the same page scores lower on a slower or busier one.
    benchmark: Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN),
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    si: value('speed-index'),
    lcpElement: lcpElementOf(lhr.audits['lcp-breakdown-insight']),
    jsBytes: scripts.reduce((total, request) => total + Number(request.transferSize ?? 0), 0),
    jsFiles: scripts.filter((request) => Number(request.transferSize ?? 0) > 0).length,
  };
}

const results: Record<Visit, Result[]> = { first: [], return: [] };
for (let run = 0; run < runs; run += 1) {
  // A new profile for each first visit: nothing from an earlier run is left in the browser.
  const first = await withBrowser(() => measure('first'));
  if (first) results.first.push(first);
}
await withBrowser(async (browser) => {
  await prepareReturningGuest(browser);
  for (let run = 0; run < runs; run += 1) {
    const result = await measure('return');
    if (result) results.return.push(result);
  }
});

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
let met = true;
for (const visit of ['first', 'return'] as const) {
  console.log(
    `\n${visit === 'first' ? 'First visit (no cookie choice, empty cart, nothing cached)' : 'Returning guest (choice made, a cart, assets cached)'}:`,
  );
  for (const [index, result] of results[visit].entries()) {
    console.log(
      `  result ${index + 1}: performance ${result.score}, FCP ${result.fcp} ms, LCP ${result.lcp} ms, TBT ${result.tbt} ms, CLS ${result.cls}, speed index ${result.si} ms, JavaScript transferred ${kib(result.jsBytes)} (${result.jsFiles} files), machine benchmark index ${result.benchmark}`,
    );
    console.log(`    largest paint: ${result.lcpElement}`);
  }
  const median = [...results[visit]].sort((a, b) => a.score - b.score)[Math.floor(results[visit].length / 2)];
  if (!median) {
    met = false;
    console.log('  no result');
    continue;
  }
  const ok = median.score >= 95 && median.lcp <= 2000;
  met &&= ok;
  console.log(
    `  median: performance ${median.score} (goal ≥ 95), LCP ${median.lcp} ms (goal ≤ 2000 ms), JavaScript transferred ${kib(median.jsBytes)}${ok ? '' : ' — not met'}`,
  );
}
console.log(met ? '\nBoth visits meet the goals.' : '\nA goal is not met (see above).');
