import { createHash } from 'node:crypto';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, where every test's browser comes from its own client address: the e2e app
 * trusts X-Forwarded-For (TRUST_PROXY), so the real rate limits apply per test instead of one budget
 * for the whole suite from 127.0.0.1.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const digest = createHash('sha256')
      .update(`${testInfo.testId}:${testInfo.retry}:${testInfo.repeatEachIndex}`)
      .digest();
    const address = `198.18.${digest[0]}.${(digest[1]! % 254) + 1}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
});
