import { randomBytes, randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { Expense } from '../../src/shared/contracts/expenses';
import type { ExpenseCategory } from '../../src/shared/contracts/master-data';
import { formatMoney } from '../../src/shared/money';
import { buildBankAccount, type FactoryClient } from '../support/factories';
import { expect, test } from './fixtures';
import { signIn } from './guests';
import { apiClient, axeViolations, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * Budget Allocations as an owner works it: set a month's budget in edit mode (a refused save shows the
 * server's words), watch expenses recorded elsewhere take one category to a warning and the other over
 * without reloading, read the totals and the six months' table, copy the month into the next one, and
 * be told when the month before has nothing to copy; on a wide screen and on a phone.
 */

const DESKTOP = { width: 1280, height: 800 };
const run = randomBytes(3).toString('hex');

/** The month `offset` months from `month`. */
function shift(month: string, offset: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + number - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

// A month of this run's own, far ahead: no other test records expenses or budgets in it (nor in the
// months around it), so its totals and what a copy takes are this test's alone.
const month = `${2600 + randomInt(300)}-${String(1 + randomInt(12)).padStart(2, '0')}`;
const next = shift(month, 1);

async function created<T>(client: FactoryClient, path: string, body: unknown): Promise<T> {
  const answer = await client.send('POST', path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as T;
}

/** Opens the month and waits for the live stream that follows the topic `expenses`. */
async function openMonth(page: Page, of: string) {
  const streamOpened = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/events' && (url.searchParams.get('topics') ?? '').split(',').includes('expenses')
    );
  });
  await page.goto(`/budget-allocations?month=${of}`);
  await expect(page.getByRole('heading', { name: 'Budget Allocations', level: 1 })).toBeVisible();
  expect((await streamOpened).status()).toBe(200);
}

/**
 * Clicks a button of the page's top right, where toasts show (this test's own, and the admins' budget
 * notices): a pointer resting on a toast holds it up, so when one covers the button the pointer is taken
 * away until the toasts are gone, then the click is tried again.
 */
async function clickPastToasts(page: Page, control: Locator) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await control.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
    await toastsGone(page);
  }
}

/**
 * The pointer off the toasts (resting on one holds it up), and the toasts given a while to go by
 * themselves: other tests running at the same time can keep sending the admins notifications, so
 * it goes on after 20 s whatever is shown.
 */
async function toastsGone(page: Page) {
  await page.mouse.move(1, (page.viewportSize()?.height ?? 800) - 1);
  await page
    .locator('.app-toaster > div')
    .first()
    .waitFor({ state: 'detached', timeout: 20_000 })
    .catch(() => undefined);
}

test('an owner budgets a month, sees it pass 80 % and 100 % live, and copies it to the next month', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  await signIn(request, baseURL!, E2E_USERS.admin);
  const owner = apiClient(request, baseURL!);
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  const money = (minor: number) => formatMoney(minor, config.currency, config.locale);
  const percent = (value: number) =>
    new Intl.NumberFormat(config.locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
  const monthName = (of: string) =>
    new Intl.DateTimeFormat(config.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${of}-01T00:00:00Z`),
    );

  const produce = await created<ExpenseCategory>(owner, '/api/expense-categories', {
    name: `Budget produce ${run}`,
  });
  const repairs = await created<ExpenseCategory>(owner, '/api/expense-categories', {
    name: `Budget repairs ${run}`,
  });
  const flowers = await created<ExpenseCategory>(owner, '/api/expense-categories', {
    name: `Budget flowers ${run}`,
  });
  const till = await buildBankAccount(owner, {
    name: `Budget till ${run}`,
    type: 'cash',
    openingBalance: 1_000_000,
  });

  await page.setViewportSize(DESKTOP);
  await signInByApi(page, baseURL!, E2E_USERS.admin);
  await openMonth(page, month);
  await expect(page).toHaveTitle('Budget Allocations | Brigade');
  await expect(page.getByTestId('budget-month')).toHaveText(monthName(month));
  await expect(page.getByTestId('budget-empty')).toHaveText(
    `No budget is set for ${monthName(month)} yet. Edit the budget, or copy last month’s.`,
  );
  const line = (category: ExpenseCategory) =>
    page.getByTestId('budget-line').filter({ hasText: category.name });
  await expect(line(produce).getByTestId('budget-state')).toHaveText('No budget');

  // Edit mode: every line's allocation is an input. A category deleted meanwhile is refused by the
  // server, whose words show.
  await clickPastToasts(page, page.getByRole('button', { name: 'Edit budget' }));
  await page.getByLabel(`Allocated for ${produce.name}`).fill('1000');
  await page.getByLabel(`Allocated for ${repairs.name}`).fill('500');
  await page.getByLabel(`Allocated for ${flowers.name}`).fill('abc');
  await page.getByRole('button', { name: 'Save budget' }).click();
  await expect(page.getByText('Check the amounts marked below.')).toBeVisible();
  await expect(page.getByText('Enter an amount such as 1500.00.')).toBeVisible();
  await expect(page.getByLabel(`Allocated for ${flowers.name}`)).toBeFocused();
  await saveScreenshot(page, testInfo, 'budgets-edit-desktop');
  await page.getByLabel(`Allocated for ${flowers.name}`).fill('50');
  const deleted = await request.delete(`/api/expense-categories/${flowers.id}`, {
    headers: { origin: baseURL! },
  });
  expect(deleted.status(), await deleted.text()).toBe(204);
  const refused = page.waitForResponse(
    (response) => response.url().endsWith('/api/budget-allocations') && response.request().method() === 'PUT',
    { timeout: 20_000 },
  );
  await page.getByRole('button', { name: 'Save budget' }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole('alert').filter({ hasText: 'is not an expense category' })).toBeVisible();
  // The refusal re-read the month: the deleted category is gone, the typed amounts are kept.
  await expect(line(flowers)).toHaveCount(0);
  await expect(page.getByLabel(`Allocated for ${produce.name}`)).toHaveValue('1000');

  // One PUT with the changed lines only.
  const saved = page.waitForRequest(
    (sent) => sent.url().endsWith('/api/budget-allocations') && sent.method() === 'PUT',
    { timeout: 20_000 },
  );
  await page.getByRole('button', { name: 'Save budget' }).click();
  const body = (await saved).postDataJSON() as {
    month: string;
    lines: { categoryId: string; amount: number }[];
  };
  expect(body.month).toBe(month);
  expect(body.lines).toHaveLength(2);
  expect(body.lines).toEqual(
    expect.arrayContaining([
      { categoryId: produce.id, amount: 100_000 },
      { categoryId: repairs.id, amount: 50_000 },
    ]),
  );
  await expect(page.getByRole('button', { name: 'Save budget' })).toHaveCount(0);
  await expect(line(produce).getByTestId('budget-allocated')).toHaveText(money(100_000));
  await expect(line(repairs).getByTestId('budget-allocated')).toHaveText(money(50_000));
  await expect(line(produce).getByTestId('budget-state')).toHaveText('On track');
  const totals = page.getByTestId('budget-totals');
  await expect(totals.getByTestId('budget-allocated')).toHaveText(money(150_000));

  // Expenses recorded elsewhere: produce at 85 % (a warning), repairs at 104 % (over). The page follows
  // the live topic and shows them without a reload.
  const spend = (category: ExpenseCategory, amount: number, day: string) =>
    created<Expense>(owner, '/api/expenses', {
      date: `${month}-${day}`,
      categoryId: category.id,
      amount,
      description: `${category.name} at ${day}`,
      accountId: till.id,
    });
  await spend(produce, 60_000, '03');
  await spend(produce, 25_000, '17');
  await spend(repairs, 52_000, '09');
  await expect(line(produce).getByTestId('budget-spent')).toHaveText(money(85_000));
  await expect(line(produce).getByTestId('budget-state')).toHaveText('Warning');
  await expect(line(produce).getByTestId('budget-percent')).toHaveText(percent(85));
  await expect(line(produce).getByTestId('budget-remaining')).toHaveText(money(15_000));
  await expect(line(repairs).getByTestId('budget-spent')).toHaveText(money(52_000));
  await expect(line(repairs).getByTestId('budget-state')).toHaveText('Over');
  await expect(line(repairs).getByTestId('budget-percent')).toHaveText(percent(104));
  await expect(line(repairs).getByTestId('budget-remaining')).toHaveText(money(-2_000));
  await expect(line(repairs).getByTestId('budget-remaining')).toHaveClass(/text-red-700/);
  // The totals: 1,370 of 1,500 spent, 91.3 %.
  await expect(totals.getByTestId('budget-spent')).toHaveText(money(137_000));
  await expect(totals.getByTestId('budget-remaining')).toHaveText(money(13_000));
  await expect(totals.getByTestId('budget-percent')).toHaveText(percent(91.3));
  await expect(totals.getByTestId('budget-state')).toHaveText('Warning');

  // The six months up to this one: spent / allocated, this month last.
  const history = page.getByRole('region', { name: 'Last six months' });
  const months = history.getByRole('columnheader');
  await expect(months).toHaveCount(7);
  const producePast = history
    .getByTestId('history-line')
    .filter({ hasText: produce.name })
    .getByTestId('history-cell');
  await expect(producePast).toHaveCount(6);
  await expect(producePast.nth(5)).toContainText('Warning');
  await expect(producePast.nth(5)).toContainText(percent(85));
  await expect(producePast.nth(4)).toContainText('–');
  const repairsNow = history
    .getByTestId('history-line')
    .filter({ hasText: repairs.name })
    .getByTestId('history-cell')
    .nth(5);
  await expect(repairsNow).toContainText('Over');
  await toastsGone(page);
  await saveScreenshot(page, testInfo, 'budgets-month-desktop');
  expect(await axeViolations(page)).toEqual([]);

  // The next month has no budget yet: copy this one into it.
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page).toHaveURL(`/budget-allocations?month=${next}`);
  await expect(page.getByTestId('budget-month')).toHaveText(monthName(next));
  await expect(page.getByTestId('budget-empty')).toBeVisible();
  await clickPastToasts(page, page.getByRole('button', { name: 'Copy last month' }));
  await expect(page.getByText(`Copied 2 budget lines from ${monthName(month)}`)).toBeVisible();
  await expect(line(produce).getByTestId('budget-allocated')).toHaveText(money(100_000));
  await expect(line(produce).getByTestId('budget-spent')).toHaveText(money(0));
  await expect(line(produce).getByTestId('budget-state')).toHaveText('On track');
  await expect(line(repairs).getByTestId('budget-allocated')).toHaveText(money(50_000));
  await expect(totals.getByTestId('budget-allocated')).toHaveText(money(150_000));
  await expect(page.getByTestId('budget-empty')).toHaveCount(0);
  // Its six months end with both: last month's warning, this month's untouched budget.
  const produceCells = history
    .getByTestId('history-line')
    .filter({ hasText: produce.name })
    .getByTestId('history-cell');
  await expect(produceCells.nth(4)).toContainText('Warning');
  await expect(produceCells.nth(5)).toContainText(percent(0));
  // Again: every category already has its budget, nothing is copied.
  await clickPastToasts(page, page.getByRole('button', { name: 'Copy last month' }));
  await expect(page.getByRole('alert')).toContainText('nothing was copied');

  // The month before the budgeted one has nothing to copy from its own month before.
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(`/budget-allocations?month=${shift(month, -1)}`);
  await expect(page.getByRole('alert')).toHaveCount(0);
  const nothing = page.waitForResponse(
    (response) => response.url().endsWith('/api/budget-allocations/copy'),
    {
      timeout: 20_000,
    },
  );
  await clickPastToasts(page, page.getByRole('button', { name: 'Copy last month' }));
  expect((await nothing).status()).toBe(409);
  await expect(page.getByRole('alert')).toHaveText(`${monthName(shift(month, -2))} has no budget to copy.`);

  // On a phone: cards, the same states and totals; the six months scroll sideways.
  await page.setViewportSize(PHONE);
  await openMonth(page, month);
  await expect(line(produce).getByTestId('budget-state')).toHaveText('Warning');
  await expect(line(repairs).getByTestId('budget-state')).toHaveText('Over');
  await expect(line(repairs).getByTestId('budget-remaining')).toHaveText(money(-2_000));
  await expect(totals.getByTestId('budget-percent')).toHaveText(percent(91.3));
  await expect(page.getByRole('table', { name: /^Budget for/ })).toHaveCount(0);
  // Nothing but the six months' table scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  await saveScreenshot(page, testInfo, 'budgets-month-phone');
  expect(await axeViolations(page)).toEqual([]);
  await clickPastToasts(page, page.getByRole('button', { name: 'Edit budget' }));
  await expect(page.getByLabel(`Allocated for ${produce.name}`)).toHaveValue('1000.00');
  await line(produce).scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, 'budgets-edit-phone', { viewportOnly: true });
  await page.getByLabel(`Allocated for ${produce.name}`).fill('1100');
  await page.getByRole('button', { name: 'Save budget' }).click();
  await expect(line(produce).getByTestId('budget-allocated')).toHaveText(money(110_000));
  await expect(line(produce).getByTestId('budget-percent')).toHaveText(percent(77.3));
  await expect(line(produce).getByTestId('budget-state')).toHaveText('On track');
});
