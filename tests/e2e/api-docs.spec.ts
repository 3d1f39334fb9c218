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
  await expect(page.getByRole('heading', { name: /Brigade API/ })).toBeVisible();
  await expect(page.getByText('/api/health').first()).toBeVisible();
  expect(foreign).toEqual([]);
  expect(cspViolations).toEqual([]);
  await saveScreenshot(page, testInfo, 'api-docs');
});
