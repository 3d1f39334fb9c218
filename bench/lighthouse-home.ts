import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium';
import type { PublicMenu } from '../src/shared/contracts/menu';

/**
 * `npm run lighthouse [url]`: Lighthouse (mobile, simulated throttling: slow 4G and a 4× slower CPU) on
 * the guests' page of a running app (default http://localhost:3000/, e.g. `npm start`), as a returning
 * guest: a cart in the browser and the cookie choice made. Not a test: its numbers depend on the
 * machine and its load (run it on a quiet machine; LIGHTHOUSE_RUNS, default 3, reports the median).
 *
 * Lighthouse is not a dependency of the project (it is large and only this script uses it); install it
 * for the run with `npm i --no-save --no-audit lighthouse@13`.
 */
const url = process.argv[2] ?? 'http://localhost:3000/';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const port = 9333;

type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{
  lhr: {
    categories: { performance: { score: number | null } };
    audits: Record<string, { numericValue?: number }>;
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

const profile = mkdtempSync(path.join(tmpdir(), 'brigade-lighthouse-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: findChromium() ?? undefined,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
});
try {
  // A returning guest: the cookie choice made and two of the first dish in the cart.
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
  await page.close();

  const results: {
    score: number;
    fcp: number;
    lcp: number;
    tbt: number;
    cls: number;
    si: number;
    benchmark: number;
  }[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { lhr } = await lighthouse(url, {
      port,
      output: 'json',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      // Keep the cart and the cookie choice.
      disableStorageReset: true,
    });
    // A run Lighthouse could not finish (it says why) is left out of the median, not counted as 0.
    if (lhr.runtimeError || lhr.categories.performance.score === null) {
      console.log(`run ${run + 1}: no result (${lhr.runtimeError?.code ?? 'no score'}): left out`);
      continue;
    }
    const value = (audit: string) => Math.round(lhr.audits[audit]?.numericValue ?? Number.NaN);
    results.push({
      // How fast this machine is by Lighthouse's own yardstick: the simulated 4× slower CPU is 4× slower
      // than this machine, so the same page scores lower on a slower or busier one.
      benchmark: Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN),
      score: Math.round(lhr.categories.performance.score * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      si: value('speed-index'),
    });
  }
  for (const [index, result] of results.entries()) {
    console.log(
      `result ${index + 1}: performance ${result.score}, FCP ${result.fcp} ms, LCP ${result.lcp} ms, TBT ${result.tbt} ms, CLS ${result.cls}, speed index ${result.si} ms, machine benchmark index ${result.benchmark}`,
    );
  }
  const median = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
  if (median) {
    console.log(
      `median: performance ${median.score} (goal ≥ 95), LCP ${median.lcp} ms (goal ≤ 2000 ms)${median.score >= 95 && median.lcp <= 2000 ? '' : ' — not met'}`,
    );
  }
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
