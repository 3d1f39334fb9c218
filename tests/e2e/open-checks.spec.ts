import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { splitAmounts } from '../../src/shared/check-math';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { DiningTable } from '../../src/shared/contracts/master-data';
import type { MenuItem } from '../../src/shared/contracts/menu';
import { type Order, orderNumberLabel, type PointOfSale } from '../../src/shared/contracts/orders';
import type { OrderWithPayments } from '../../src/shared/contracts/payments';
import { formatMoney } from '../../src/shared/money';
import { priceOrder } from '../../src/shared/pricing';
import { buildCategory, buildMenuItem, buildOrder, buildTable } from '../support/factories';
import { expect, test } from './fixtures';
import { apiClient, axeViolations, countPrints, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * Open checks on the order page: rounds grouped, a line comped by staff with a manager's approval
 * typed into the dialog, a line voided by a manager (and how the receipt and the kitchen ticket show
 * it), a bill split on the page and paid by two guests, a check moved to another table, and two
 * checks of a table merged.
 */

const unique = () => randomBytes(3).toString('hex');

/** The sizes the order page and its dialogs are looked at. */
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];

interface Setup {
  latte: MenuItem;
  cake: MenuItem;
  tableA: DiningTable;
  tableB: DiningTable;
  money: (minor: number) => string;
}

/** A latte, a cake and two tables, made by the owner; the page is then used as someone else. */
async function setUp(page: Page, baseURL: string): Promise<Setup> {
  await signInByApi(page, baseURL, E2E_USERS.admin);
  const client = apiClient(page.request, baseURL);
  const run = unique();
  const category = await buildCategory(client, { name: `Checks ${run}` });
  const latte = await buildMenuItem(client, { categoryId: category.id, name: `Latte ${run}`, price: 450 });
  const cake = await buildMenuItem(client, { categoryId: category.id, name: `Cake ${run}`, price: 525 });
  const tableA = await buildTable(client, { name: `A ${run}` });
  const tableB = await buildTable(client, { name: `B ${run}` });
  const config = (await (await page.request.get('/api/config')).json()) as PublicConfig;
  return {
    latte,
    cake,
    tableA,
    tableB,
    money: (minor) => formatMoney(minor, config.currency, config.locale),
  };
}

/** A dine-in check at `table`, placed at the till by the signed-in user of `request`. */
function openCheck(
  request: APIRequestContext,
  baseURL: string,
  table: DiningTable,
  lines: { menuItemId: string; quantity: number }[],
): Promise<Order> {
  return buildOrder(apiClient(request, baseURL), { type: 'dine-in', tableId: table.id, lines });
}

async function post<T>(request: APIRequestContext, baseURL: string, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { data, headers: { origin: baseURL } });
  expect(response.status(), `POST ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A second round added to the check through the API. */
function addRound(
  request: APIRequestContext,
  baseURL: string,
  order: Order,
  lines: { menuItemId: string; quantity: number }[],
): Promise<Order> {
  return post<Order>(request, baseURL, `/api/orders/${order.id}/lines`, { version: order.version, lines });
}

async function readOrder(request: APIRequestContext, id: string): Promise<OrderWithPayments> {
  const response = await request.get(`/api/orders/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as OrderWithPayments;
}

function lineOf(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Order lines' }).getByTestId('order-line').filter({ hasText: name });
}

async function lookAt(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: { viewportOnly?: boolean } = {},
  sizes = SIZES,
) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    // The layout settles (a dialog recentres, a grid reflows) before the picture.
    await page.waitForTimeout(200);
    await saveScreenshot(page, testInfo, name, options);
  }
  await page.setViewportSize(SIZES[0]!);
}

/** Takes the whole amount due by card with the order page's Pay dialog. */
async function payByCard(page: Page, label: string, due: string) {
  await page.getByRole('button', { name: 'Take payment' }).first().click();
  const dialog = page.getByRole('dialog', { name: `Take payment · Order ${label}` });
  await expect(dialog.getByTestId('amount-due')).toHaveText(due);
  await dialog.getByRole('button', { name: 'Card', exact: true }).click();
  await dialog.getByRole('button', { name: `Take ${due} by card` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Payments' }).getByTestId('payment-status')).toHaveText(
    'Paid',
  );
}

test.describe('open checks on the order page', () => {
  test('a check sent in two rounds shows its lines by round, and one round’s kitchen ticket prints alone', async ({
    page,
    baseURL,
  }) => {
    const { latte, cake, tableA } = await setUp(page, baseURL!);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    const first = await openCheck(page.request, baseURL!, tableA, [{ menuItemId: latte.id, quantity: 2 }]);
    const order = await addRound(page.request, baseURL!, first, [{ menuItemId: cake.id, quantity: 1 }]);
    expect(order.lines.map((line) => line.round)).toEqual([1, 2]);

    await page.goto(`/orders/${order.id}`);
    const rounds = page.getByTestId('order-round');
    await expect(rounds).toHaveCount(2);
    await expect(rounds.nth(0).getByRole('heading')).toHaveText(/^Round 1 · sent \S/);
    await expect(rounds.nth(1).getByRole('heading')).toHaveText(/^Round 2 · sent \S/);
    await expect(rounds.nth(0).getByTestId('order-line')).toHaveText(new RegExp(latte.name));
    await expect(rounds.nth(1).getByTestId('order-line')).toHaveText(new RegExp(cake.name));
    // The history says the round in words.
    await expect(page.getByTestId('timeline-entry').filter({ hasText: 'Round 2 · 1 item' })).toContainText(
      E2E_USERS.staff.name,
    );

    // Round 2's ticket is the cake alone, under "Round 2".
    const prints = await countPrints(page);
    await page.getByRole('button', { name: 'Print the kitchen ticket of round 2' }).click();
    await expect.poll(prints).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const ticket = page.getByTestId('kitchen-ticket-print');
    await expect(ticket).toBeVisible();
    await expect(ticket).toContainText('Round 2');
    await expect(ticket).toContainText(cake.name);
    await expect(ticket).not.toContainText(latte.name);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(page.getByTestId('receipt-print')).toBeVisible();

    // The whole ticket lists both rounds under their names.
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Print kitchen ticket' }).click();
    await expect.poll(prints).toBe(2);
    await page.emulateMedia({ media: 'print' });
    await expect(ticket.getByRole('heading', { name: /^Round 1 · / })).toBeVisible();
    await expect(ticket.getByRole('heading', { name: /^Round 2 · / })).toBeVisible();
    await expect(ticket).toContainText(latte.name);
    await expect(ticket).toContainText(cake.name);
    await page.emulateMedia({ media: 'screen' });
  });

  test('staff comp a line with a manager’s e-mail and password typed into the dialog; it shows struck through', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.slow();
    const { latte, cake, tableA, money } = await setUp(page, baseURL!);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    const order = await openCheck(page.request, baseURL!, tableA, [
      { menuItemId: latte.id, quantity: 1 },
      { menuItemId: cake.id, quantity: 1 },
    ]);
    const label = orderNumberLabel(order.number);
    await page.goto(`/orders/${order.id}`);

    await lineOf(page, cake.name)
      .getByRole('button', { name: `Void / comp 1 × ${cake.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Void or comp 1 × ${cake.name}` });
    await expect(dialog).toBeVisible();
    // Staff are told why a manager is asked, and where the manager enters their credentials.
    const approval = dialog.getByRole('group', { name: 'Manager approval' });
    await expect(approval).toContainText('Only a manager can void or comp a line.');

    await dialog.getByRole('button', { name: 'Comp', exact: true }).click();
    await expect(dialog.getByTestId('void-kind-help')).toHaveText('Comp: made, and given free.');
    // Nothing chosen: each missing answer is said, and the focus goes to the first.
    await dialog.getByRole('button', { name: `Comp 1 × ${cake.name}` }).click();
    await expect(dialog.getByText('Choose the reason for the comp.')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Quality issue' })).toBeFocused();
    await expect(approval.getByText('Enter the manager’s e-mail.')).toBeVisible();

    await dialog.getByRole('radio', { name: 'Long wait' }).check();
    await approval.getByLabel('Manager’s e-mail').fill(E2E_USERS.manager.email);
    await approval.getByLabel('Manager’s password').fill('not-the-password');
    await expect(page.getByRole('radio', { name: 'Long wait' })).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
    await lookAt(page, testInfo, 'open-checks-void-dialog', { viewportOnly: true });
    // On a phone the dialog's buttons stay at its bottom edge, and a field taking the focus is
    // scrolled above them, never behind them.
    await page.setViewportSize({ width: 390, height: 844 });
    const actions = dialog.locator('[data-dialog-actions]');
    await expect(actions.getByRole('button', { name: `Comp 1 × ${cake.name}` })).toBeInViewport();
    await dialog.getByRole('radio', { name: 'Long wait' }).focus();
    await approval.getByLabel('Manager’s password').focus();
    const field = (await approval.getByLabel('Manager’s password').boundingBox())!;
    const bar = (await actions.boundingBox())!;
    expect(field.y + field.height).toBeLessThanOrEqual(bar.y);
    await page.setViewportSize(SIZES[0]!);

    // A wrong password is refused at the password, which is typed again.
    await dialog.getByRole('button', { name: `Comp 1 × ${cake.name}` }).click();
    await expect(
      approval.getByText('That e-mail and password do not match a manager’s account.'),
    ).toBeVisible();
    await expect(approval.getByLabel('Manager’s password')).toHaveValue('');
    await expect(approval.getByLabel('Manager’s password')).toBeFocused();

    await approval.getByLabel('Manager’s password').fill(E2E_USERS.manager.password);
    await dialog.getByRole('button', { name: `Comp 1 × ${cake.name}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Comped 1 × ${cake.name} on order ${label}.`)).toBeVisible();

    // Struck through, marked, with the reason and the manager who approved; no longer charged.
    const comped = lineOf(page, cake.name);
    await expect(comped).toHaveAttribute('data-struck', 'comp');
    await expect(comped.getByText(cake.name, { exact: true })).toHaveCSS(
      'text-decoration-line',
      'line-through',
    );
    await expect(comped.getByTestId('line-void')).toHaveText(`CompLong wait · ${E2E_USERS.manager.name}`);
    await expect(comped.getByRole('button', { name: /^Void \/ comp/ })).toHaveCount(0);
    const after = await readOrder(page.request, order.id);
    expect(after.lines.find((line) => line.menuItemId === cake.id)).toMatchObject({
      comped: true,
      voidReason: 'Long wait',
      voidedBy: { name: E2E_USERS.manager.name },
    });
    expect(after.subtotal).toBe(450);
    await expect(page.getByTestId('order-totals')).toContainText(money(after.total));
    await expect(
      page.getByTestId('timeline-entry').filter({ hasText: `Comped 1 × ${cake.name} — Long wait` }),
    ).toContainText(E2E_USERS.manager.name);
  });

  test('staff without a manager at hand ask the managers, who are told with a link to the order', async ({
    page,
    baseURL,
    browser,
  }) => {
    const { latte, cake, tableA } = await setUp(page, baseURL!);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    const order = await openCheck(page.request, baseURL!, tableA, [
      { menuItemId: latte.id, quantity: 2 },
      { menuItemId: cake.id, quantity: 1 },
    ]);
    await page.goto(`/orders/${order.id}`);
    await lineOf(page, cake.name)
      .getByRole('button', { name: `Void / comp 1 × ${cake.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Void or comp 1 × ${cake.name}` });
    const approval = dialog.getByRole('group', { name: 'Manager approval' });
    // Asking needs the reason too.
    await approval.getByRole('button', { name: 'Ask a manager' }).click();
    await expect(dialog.getByText('Choose the reason for the void.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Out of stock' }).check();
    await approval.getByRole('button', { name: 'Ask a manager' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`The managers were asked to void 1 × ${cake.name}`)).toBeVisible();

    const managerContext = await browser.newContext({ baseURL: baseURL! });
    const manager = await managerContext.newPage();
    await signInByApi(manager, baseURL!, E2E_USERS.manager);
    const bell = await manager.request.get('/api/notifications?limit=50');
    const { items } = (await bell.json()) as { items: { kind: string; body: string; link: string }[] };
    expect(
      items.find((item) => item.kind === 'void-request' && item.link === `/orders/${order.id}`)?.body,
    ).toBe(
      `${E2E_USERS.staff.name} asks to void 1 × ${cake.name} on ${orderNumberLabel(order.number)}: Out of stock`,
    );
    await managerContext.close();
    // Nothing on the order changed.
    const unchanged = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as Order;
    expect(unchanged.version).toBe(order.version);
  });

  test('a manager voids one of two lattes at once; the receipt and the kitchen ticket mark it', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.slow();
    const { latte, cake, tableA, money } = await setUp(page, baseURL!);
    await signInByApi(page, baseURL!, E2E_USERS.manager);
    const first = await openCheck(page.request, baseURL!, tableA, [{ menuItemId: latte.id, quantity: 2 }]);
    const order = await addRound(page.request, baseURL!, first, [{ menuItemId: cake.id, quantity: 1 }]);
    await page.goto(`/orders/${order.id}`);

    await lineOf(page, latte.name)
      .getByRole('button', { name: `Void / comp 2 × ${latte.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Void or comp 2 × ${latte.name}` });
    // A manager acts at once: no approval asked.
    await expect(dialog.getByRole('group', { name: 'Manager approval' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Void', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await dialog.getByRole('button', { name: `Fewer ${latte.name}` }).click();
    await expect(dialog.getByLabel(`How many ${latte.name} to void`)).toHaveValue('1');
    await dialog.getByRole('radio', { name: 'Entered by mistake' }).check();
    await dialog.getByRole('button', { name: `Void 1 × ${latte.name}` }).click();
    await expect(dialog).toBeHidden();

    // One latte still counts, the other is struck through as void.
    const lattes = lineOf(page, latte.name);
    await expect(lattes).toHaveCount(2);
    const voided = page.locator('[data-struck="void"]');
    await expect(voided).toHaveCount(1);
    await expect(voided).toHaveAttribute('aria-label', latte.name);
    await expect(voided).toContainText(/^1\s*×/);
    await expect(voided.getByTestId('line-void')).toHaveText(
      `VoidEntered by mistake · ${E2E_USERS.manager.name}`,
    );
    await expect(
      page.getByTestId('timeline-entry').filter({ hasText: `Voided 1 × ${latte.name} — Entered by mistake` }),
    ).toBeVisible();
    const after = await readOrder(page.request, order.id);
    expect(after.subtotal).toBe(450 + 525);
    await expect(page.getByTestId('order-totals')).toContainText(money(after.total));

    // The page with its rounds and the struck line, at every size.
    await page.evaluate(() => window.scrollTo(0, 0));
    await lookAt(page, testInfo, 'open-checks-order-page');

    // The receipt strikes it and charges nothing for it; the kitchen ticket says VOID.
    await page.emulateMedia({ media: 'print' });
    const receipt = page.getByTestId('receipt-print');
    await expect(receipt.locator('[data-struck]')).toHaveCount(1);
    await expect(receipt.locator('[data-struck]')).toContainText('Void · not charged · Entered by mistake');
    await expect(receipt.getByTestId('receipt-totals')).toContainText(money(after.total));
    await saveScreenshot(page, testInfo, 'open-checks-receipt', { viewportOnly: true });
    await page.emulateMedia({ media: 'screen' });
    const prints = await countPrints(page);
    await page.getByRole('button', { name: 'Print kitchen ticket' }).click();
    await expect.poll(prints).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const ticket = page.getByTestId('kitchen-ticket-print');
    await expect(ticket.locator('[data-void]')).toHaveCount(1);
    await expect(ticket.locator('[data-void]')).toContainText('VOID · DO NOT MAKE');
    await expect(ticket.locator('[data-void]')).toContainText(latte.name);
    await saveScreenshot(page, testInfo, 'open-checks-kitchen-ticket', { viewportOnly: true });
    await page.emulateMedia({ media: 'screen' });
  });

  test('a void that would leave less than was paid asks for the refund first and leads to it', async ({
    page,
    baseURL,
  }) => {
    const { latte, cake, tableA, money } = await setUp(page, baseURL!);
    await signInByApi(page, baseURL!, E2E_USERS.manager);
    const order = await openCheck(page.request, baseURL!, tableA, [
      { menuItemId: latte.id, quantity: 1 },
      { menuItemId: cake.id, quantity: 1 },
    ]);
    await post(page.request, baseURL!, `/api/orders/${order.id}/payments`, {
      method: 'card',
      amount: order.total,
    });
    const paid = await readOrder(page.request, order.id);
    await page.goto(`/orders/${order.id}`);

    await lineOf(page, cake.name)
      .getByRole('button', { name: `Void / comp 1 × ${cake.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Void or comp 1 × ${cake.name}` });
    await dialog.getByRole('radio', { name: 'Out of stock' }).check();
    await dialog.getByRole('button', { name: `Void 1 × ${cake.name}` }).click();
    const note = dialog.getByTestId('refund-first');
    // The server's answer: refund what the check would no longer cost, from the order's payments.
    const { pricing } = (await (await page.request.get('/api/orders/point-of-sale')).json()) as PointOfSale;
    const without = priceOrder({
      type: 'dine-in',
      lines: [{ unitPrice: 450, quantity: 1 }],
      ...pricing,
      deliveryFee: 0,
    });
    await expect(note.locator('strong')).toHaveText(money(paid.total - without.total));
    await expect(note).toContainText('Refund it from the order’s Payments');
    await note.getByRole('button', { name: 'Go to payments' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('region', { name: 'Payments' }).getByRole('button', { name: 'Refund' }),
    ).toBeFocused();
    expect((await readOrder(page.request, order.id)).lines.some((line) => line.voided)).toBe(false);
  });

  test('a void based on an old version is refused, the page shows the saved order, and the retry lands', async ({
    page,
    baseURL,
  }) => {
    const { latte, cake, tableA } = await setUp(page, baseURL!);
    await signInByApi(page, baseURL!, E2E_USERS.manager);
    const order = await openCheck(page.request, baseURL!, tableA, [{ menuItemId: latte.id, quantity: 1 }]);
    await page.goto(`/orders/${order.id}`);
    await lineOf(page, latte.name)
      .getByRole('button', { name: `Void / comp 1 × ${latte.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Void or comp 1 × ${latte.name}` });
    await dialog.getByRole('radio', { name: 'Took too long' }).check();

    // Another device adds a round just before this void reaches the server.
    let raced = false;
    await page.route(`**/api/orders/${order.id}/lines/*/void`, async (route) => {
      if (!raced) {
        raced = true;
        await addRound(page.request, baseURL!, order, [{ menuItemId: cake.id, quantity: 1 }]);
      }
      await route.continue();
    });
    await dialog.getByRole('button', { name: `Void 1 × ${latte.name}` }).click();
    await expect(dialog.getByRole('alert')).toContainText('Someone else changed this order just before you.');
    // The page was read again: the other device's round is on it.
    await expect(page.getByTestId('order-round')).toHaveCount(2);
    await expect(lineOf(page, cake.name)).toBeVisible();
    // The same choice, sent again on the saved version, lands.
    await dialog.getByRole('button', { name: `Void 1 × ${latte.name}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-struck="void"]')).toHaveAttribute('aria-label', latte.name);
  });

  test('a bill split on the page is paid by two guests, each their own check', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.slow();
    const { latte, cake, tableA, money } = await setUp(page, baseURL!);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    const order = await openCheck(page.request, baseURL!, tableA, [
      { menuItemId: latte.id, quantity: 2 },
      { menuItemId: cake.id, quantity: 1 },
    ]);
    const label = orderNumberLabel(order.number);
    await page.goto(`/orders/${order.id}`);

    await page.getByRole('button', { name: 'Split check' }).click();
    const dialog = page.getByRole('dialog', { name: `Split order ${label}` });
    const splitButton = dialog.getByRole('button', { name: /^Split off/ });
    // Nothing ticked: asked to tick something.
    await splitButton.click();
    await expect(dialog.getByText('Tick at least one item for the new check.')).toBeVisible();

    // The second guest had one latte and the cake.
    const latteRow = dialog.getByTestId('split-line').filter({ hasText: latte.name });
    await latteRow.getByRole('checkbox').check();
    await latteRow.getByRole('button', { name: `Fewer ${latte.name}` }).click();
    await expect(latteRow.getByLabel(`How many ${latte.name} go to the new check`)).toHaveValue('1');
    await dialog.getByTestId('split-line').filter({ hasText: cake.name }).getByRole('checkbox').check();
    const parts = splitAmounts(order, 450 + 525, order.taxInclusive);
    await expect(dialog.getByTestId('split-new-total')).toHaveText(money(parts.moved.total));
    await expect(dialog.getByTestId('split-kept-total')).toHaveText(money(parts.kept.total));
    await expect(splitButton).toHaveText('Split off 2 items');
    await lookAt(page, testInfo, 'open-checks-split-dialog', { viewportOnly: true });

    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/orders/${order.id}/split`) && response.request().method() === 'POST',
    );
    await splitButton.click();
    const created = (await (await answer).json()) as Order;
    expect(created.total).toBe(parts.moved.total);
    const newLabel = orderNumberLabel(created.number);
    await expect(dialog).toBeHidden();
    const notice = page.getByTestId('split-notice');
    await expect(notice).toContainText(`2 items went to the new check, order ${newLabel}.`);
    await expect(
      page.getByTestId('timeline-entry').filter({ hasText: `2 items split off to ${newLabel}` }),
    ).toBeVisible();

    // The first guest pays what stayed here.
    await expect(page.getByTestId('order-totals')).toContainText(money(parts.kept.total));
    await payByCard(page, label, money(parts.kept.total));

    // The second guest pays the new check, opened from the notice.
    await notice.getByRole('link', { name: `Open order ${newLabel}` }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${created.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${newLabel}`);
    await expect(lineOf(page, latte.name)).toContainText('1 ×');
    await expect(lineOf(page, cake.name)).toBeVisible();
    await payByCard(page, newLabel, money(parts.moved.total));

    const [kept, moved] = await Promise.all([
      readOrder(page.request, order.id),
      readOrder(page.request, created.id),
    ]);
    expect([kept.paymentStatus, moved.paymentStatus]).toEqual(['paid', 'paid']);
    expect(kept.total + moved.total).toBe(order.total);
    expect(moved.table?.id).toBe(tableA.id);
  });

  test('a check moves to another table', async ({ page, baseURL }, testInfo) => {
    const { latte, tableA, tableB } = await setUp(page, baseURL!);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    const order = await openCheck(page.request, baseURL!, tableA, [{ menuItemId: latte.id, quantity: 1 }]);
    const label = orderNumberLabel(order.number);
    await page.goto(`/orders/${order.id}`);

    await page.getByRole('button', { name: 'Move to table' }).click();
    const dialog = page.getByRole('dialog', { name: `Move order ${label} to another table` });
    await expect(dialog).toContainText(`It is at table ${tableA.name} now.`);
    // The table it is at is not offered.
    await expect(dialog.getByRole('radio', { name: tableA.name, exact: true })).toHaveCount(0);
    await dialog.getByRole('radio', { name: tableB.name, exact: true }).check();
    await lookAt(page, testInfo, 'open-checks-move-dialog', { viewportOnly: true }, [SIZES[0]!, SIZES[3]!]);
    await dialog.getByRole('button', { name: `Move to ${tableB.name}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Order ${label} moved to table ${tableB.name}.`)).toBeVisible();
    await expect(page.getByRole('main')).toContainText(`Table ${tableB.name}`);
    await expect(
      page.getByTestId('timeline-entry').filter({ hasText: `Moved from ${tableA.name} to ${tableB.name}` }),
    ).toContainText(E2E_USERS.staff.name);
    expect((await readOrder(page.request, order.id)).table?.id).toBe(tableB.id);
  });

  test('two checks of a table merge into one; the merged one links to it', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.slow();
    const { latte, cake, tableA, money } = await setUp(page, baseURL!);
    await signInByApi(page, baseURL!, E2E_USERS.staff);
    const order = await openCheck(page.request, baseURL!, tableA, [{ menuItemId: latte.id, quantity: 1 }]);
    const other = await openCheck(page.request, baseURL!, tableA, [{ menuItemId: cake.id, quantity: 1 }]);
    const label = orderNumberLabel(order.number);
    const otherLabel = orderNumberLabel(other.number);
    await page.goto(`/orders/${order.id}`);

    await page.getByRole('button', { name: 'Merge checks' }).click();
    const dialog = page.getByRole('dialog', { name: `Merge checks into ${label}` });
    const box = dialog.getByRole('checkbox', { name: `Order ${otherLabel}`, exact: true });
    await expect(box).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: `Order ${label}`, exact: true })).toHaveCount(0);
    await box.check();
    await lookAt(page, testInfo, 'open-checks-merge-dialog', { viewportOnly: true }, [SIZES[0]!, SIZES[3]!]);
    await dialog.getByRole('button', { name: `Merge 1 check into ${label}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Merged ${otherLabel} into ${label}.`)).toBeVisible();

    // The cake came over as a later round; the totals add up.
    await expect(page.getByTestId('order-round')).toHaveCount(2);
    await expect(lineOf(page, cake.name)).toBeVisible();
    await expect(page.getByTestId('order-totals')).toContainText(money(order.total + other.total));
    await expect(
      page.getByTestId('timeline-entry').filter({ hasText: `${otherLabel} merged in` }),
    ).toBeVisible();

    // The merged check says where it went, and links there.
    await page.goto(`/orders/${other.id}`);
    await expect(page.getByTestId('order-status').first()).toHaveText('Merged');
    const notice = page.getByTestId('merged-into');
    await expect(notice).toContainText(`This check was merged into order ${label}`);
    await expect(
      page.getByTestId('timeline-entry').filter({ hasText: `Merged into ${label}` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Merge checks' })).toHaveCount(0);
    await lookAt(page, testInfo, 'open-checks-merged', { viewportOnly: true }, [SIZES[0]!, SIZES[3]!]);
    await notice.getByRole('link', { name: `Open order ${label}` }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${label}`);
  });
});
