import { expect, test } from './fixtures';
import { saveScreenshot } from './helpers';

test('the API reference renders under the CSP with nothing loaded from elsewhere', async ({
  page,
  baseURL,
}, testInfo) => {
  const foreign: string[] = [];
  const cspViolations: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:'))
      foreign.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto('/api/docs');
  // Swagger UI renders the whole document (about a hundred operations) before its heading shows; on a
  // busy two-core machine that has taken longer than the default 7 s.
  await expect(page.getByRole('heading', { name: /Brigade API/ })).toBeVisible({ timeout: 20_000 });
  // From 150 tags and operations on, Swagger UI renders only what is near the window (a virtual list):
  // the System section's /api/health is below the Auth section, so the page is scrolled to it.
  await expect(async () => {
    await page.mouse.wheel(0, 600);
    await expect(page.getByText('/api/health').first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  expect(foreign).toEqual([]);
  expect(cspViolations).toEqual([]);
  await saveScreenshot(page, testInfo, 'api-docs');
});
