import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { PublicConfig } from '../../src/shared/contracts/config';
import type { Order } from '../../src/shared/contracts/orders';
import { commissionOf } from '../../src/shared/contracts/settlements';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { formatDelta, formatMoney, minorToInput } from '../../src/shared/money';
import {
  buildBankAccount,
  buildMenuItem,
  buildOrder,
  buildPartner,
  type FactoryClient,
} from '../support/factories';
import { expect, test } from './fixtures';
import { apiClient, axeViolations, PHONE, saveScreenshot, signInByApi } from './helpers';
import { E2E_USERS } from './users';

/**
 * Settling a delivery partner, as an owner does it: the partner's page from Master Data, a settlement
 * of today's three completed orders with the partner's 20 % commission; the partner's payout CSV
 * imported (two orders paid as expected, one paid less: disputed; one reference of another
 * restaurant's); a charge added; the payout recorded into a bank account for another amount than the
 * net, the difference shown; the account's page showing the deposit.
 */

const DESKTOP = { width: 1280, height: 800 };
const run = randomBytes(3).toString('hex');

/** Moves an order through the kitchen to completed, as the staff's screens do. */
async function complete(page: Page, baseURL: string, order: Order): Promise<Order> {
  let current = order;
  for (const status of ['preparing', 'ready', 'completed'] as const) {
    const response = await page.request.post(`/api/orders/${current.id}/status`, {
      data: { status, version: current.version },
      headers: { origin: baseURL },
    });
    expect(response.status(), await response.text()).toBe(200);
    current = (await response.json()) as Order;
  }
  return current;
}

/** Signs the page in as the owner (its requests share the cookies) and reads the restaurant's calendar. */
async function setUp(page: Page, baseURL: string) {
  await signInByApi(page, baseURL, E2E_USERS.admin);
  const owner: FactoryClient = apiClient(page.request, baseURL);
  const config = (await (await page.request.get('/api/config')).json()) as PublicConfig;
  return {
    owner,
    config,
    today: restaurantToday(config.timeZone),
    money: (minor: number) => formatMoney(minor, config.currency, config.locale),
    delta: (minor: number) => formatDelta(minor, config.currency, config.locale),
  };
}

test('an owner settles a partner’s orders: payout report, a charge, the payout recorded into an account', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const { owner, config, today, money, delta } = await setUp(page, baseURL!);
  const partner = await buildPartner(owner, {
    name: `Rider Express ${run}`,
    kind: 'delivery',
    commissionPercent: 20,
    contactName: 'Dana Courier',
    phone: '+1 555 0142',
    email: `payouts-${run}@rider.example`,
  });
  const dish = await buildMenuItem(owner, { name: `Partner bowl ${run}`, price: 1250 });
  const account = await buildBankAccount(owner, { name: `Payouts ${run}`, type: 'bank' });
  const references = [1, 2, 3].map((n) => `RX-${run}-${n}`);
  const orders: Order[] = [];
  for (const [index, reference] of references.entries()) {
    const placed = await buildOrder(owner, {
      type: 'takeaway',
      partnerId: partner.id,
      partnerReference: reference,
      lines: [{ menuItemId: dish.id, quantity: index + 1 }],
    });
    orders.push(await complete(page, baseURL!, placed));
  }
  const commissions = orders.map((order) => commissionOf(order.total, 20));
  const payouts = orders.map((order, index) => order.total - (commissions[index] ?? 0));
  const gross = orders.reduce((sum, order) => sum + order.total, 0);
  const commission = commissions.reduce((sum, cut) => sum + cut, 0);
  const expected = gross - commission;
  const shortfall = 100;
  const unknownPayout = 500;
  const major = (minor: number) => minorToInput(minor, config.currency);

  // Master Data → Partners: the partner's name opens its page.
  await page.setViewportSize(DESKTOP);
  await page.goto('/master-data/partners');
  await page.getByRole('searchbox', { name: 'Search partners' }).fill(partner.name);
  await page.getByRole('link', { name: partner.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/master-data/partners/${partner.id}$`));
  await expect(page.getByRole('heading', { name: partner.name, level: 1 })).toBeVisible();
  await expect(page.getByText('Delivery · 20% commission')).toBeVisible();
  await expect(page.getByText('Dana Courier')).toBeVisible();
  const settlements = page.getByRole('region', { name: 'Settlements' });
  await expect(settlements.getByText('No settlements yet.')).toBeVisible();

  // A settlement of today's orders; it opens.
  const form = page.getByRole('form', { name: 'New settlement' });
  await form.getByLabel('From').fill(today);
  await form.getByLabel('To').fill(today);
  await form.getByRole('button', { name: 'Create settlement' }).click();
  await expect(page).toHaveURL(/\/master-data\/settlements\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Settlement created: 3 orders')).toBeVisible();
  await expect(page.getByText(`${partner.name} settlement`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('settlement-status')).toHaveText('Pending');
  await expect(page.getByTestId('settlement-orders-count')).toHaveText('3');
  await expect(page.getByTestId('settlement-gross')).toHaveText(money(gross));
  await expect(page.getByTestId('settlement-commission')).toHaveText(delta(-commission));
  await expect(page.getByText('Commission at 20%')).toBeVisible();
  await expect(page.getByTestId('settlement-net')).toHaveText(money(expected));
  const ordersTable = page.getByRole('table', { name: 'Orders' });
  await expect(ordersTable.getByTestId('settlement-order')).toHaveCount(3);
  for (const [index, order] of orders.entries()) {
    const row = ordersTable.getByTestId('settlement-order').filter({ hasText: references[index]! });
    await expect(row.getByRole('link', { name: `#${order.number}` })).toHaveAttribute(
      'href',
      `/orders/${order.id}`,
    );
    await expect(row).toContainText(money(order.total));
    await expect(row).toContainText(money(payouts[index]!));
  }

  // The partner's payout report: two orders as expected, the third paid less, one row not ours.
  const csv = [
    'Reference,Gross,Commission,Payout',
    `${references[0]},${major(orders[0]!.total)},${major(commissions[0]!)},${major(payouts[0]!)}`,
    `${references[1]!.toLowerCase()},${major(orders[1]!.total)},${major(commissions[1]!)},${major(payouts[1]!)}`,
    `${references[2]},${major(orders[2]!.total)},${major(commissions[2]!)},${major(payouts[2]! - shortfall)}`,
    `RX-${run}-999,10.00,2.00,${major(unknownPayout)}`,
  ].join('\n');
  const report = page.getByRole('region', { name: 'Payout report' });
  await expect(report.getByText('No payout report imported yet.')).toBeVisible();
  await report.getByLabel('Import payout report (CSV)').setInputFiles({
    name: `rider-payout-${run}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const result = report.getByTestId('payout-report');
  await expect(result).toContainText(`rider-payout-${run}.csv`);
  const count = (label: string) => result.getByTestId(`report-${label.toLowerCase()}`);
  await expect(count('Matched')).toHaveText('3');
  await expect(count('Missing')).toHaveText('0');
  await expect(count('Unknown')).toHaveText('1');
  await expect(count('Problems')).toHaveText('0');
  await expect(result.getByRole('status')).toHaveText('3 orders matched, 1 with a difference.');
  const paidDifferently = result.getByRole('list', { name: 'Paid differently (1)' });
  await expect(paidDifferently).toContainText(`Order #${orders[2]!.number}`);
  await expect(paidDifferently).toContainText(delta(-shortfall));
  await expect(result.getByRole('list', { name: 'Unknown (1)' })).toContainText(`RX-${run}-999`);
  await expect(page.getByTestId('settlement-disputed')).toHaveText('1 disputed');
  const disputed = ordersTable.locator('[data-testid="settlement-order"][data-disputed]');
  await expect(disputed).toHaveCount(1);
  await expect(disputed).toContainText(references[2]!);
  await expect(disputed).toContainText('Disputed');
  await expect(disputed).toContainText(money(payouts[2]! - shortfall));

  // A charge: a refund the partner paid a guest.
  const adjustments = page.getByRole('region', { name: 'Adjustments' });
  await adjustments.getByRole('button', { name: 'Add an adjustment' }).click();
  await adjustments.getByRole('button', { name: 'Charge (−)' }).click();
  await adjustments.getByLabel('Amount').fill('2.00');
  await adjustments.getByLabel('Reason').fill('Refund of a missing drink');
  // Someone changed the settlement between the read and the write: the first try is sent with the
  // version of before the report was imported, and the server's 409 shows; the second goes through.
  await page.route(
    '**/api/settlements/*/adjustments',
    async (route) => {
      await route.continue({ postData: { ...route.request().postDataJSON(), version: 1 } });
    },
    { times: 1 },
  );
  await adjustments.getByRole('button', { name: 'Add adjustment' }).click();
  await expect(adjustments.getByRole('alert')).toHaveText(
    'Someone else changed this settlement after you opened it. Reload it to see their change, then make yours again.',
  );
  await adjustments.getByRole('button', { name: 'Add adjustment' }).click();
  await expect(page.getByText(`Charge of ${money(200)} added`)).toBeVisible();
  await expect(adjustments.getByRole('list', { name: 'Adjustments' })).toContainText(
    'Refund of a missing drink',
  );
  await expect(adjustments.getByRole('list', { name: 'Adjustments' })).toContainText(delta(-200));
  const net = expected - 200;
  await expect(page.getByTestId('settlement-adjustments')).toHaveText(delta(-200));
  await expect(page.getByTestId('settlement-net')).toHaveText(money(net));
  await saveScreenshot(page, testInfo, 'settlement-pending');
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, testInfo, 'settlement-pending');

  // The payout (on the phone): the report's total to start with, changed to what arrived in the bank.
  const reported = expected - shortfall + unknownPayout;
  await page.getByRole('button', { name: 'Record payout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payout' });
  await expect(dialog.getByRole('button', { name: 'Record payout' })).toBeInViewport();
  await saveScreenshot(page, testInfo, 'settlement-record-payout', { viewportOnly: true });
  await expect(dialog.getByLabel('Date')).toHaveValue(today);
  await expect(dialog.getByLabel('Amount received')).toHaveValue(major(reported));
  await dialog.getByLabel('Account').selectOption({ label: account.name });
  const received = expected - shortfall;
  await dialog.getByLabel('Amount received').fill(major(received));
  await expect(dialog.getByTestId('payout-difference')).toHaveText(delta(received - net));
  await dialog.getByRole('button', { name: 'Record payout' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Payout of ${money(received)} recorded in ${account.name}`)).toBeVisible();
  await expect(page.getByTestId('settlement-status')).toHaveText('Received');
  await expect(page.getByTestId('settlement-received')).toHaveText(money(received));
  await expect(page.getByTestId('settlement-received-difference')).toHaveText(delta(received - net));
  await expect(page.getByRole('link', { name: account.name })).toBeVisible();
  // Received: no more adjustments or deletion, but it can be reopened.
  await expect(adjustments.getByRole('button', { name: 'Add an adjustment' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'settlement-received');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
  await saveScreenshot(page, testInfo, 'settlement-received');
  expect(await axeViolations(page)).toEqual([]);

  // Back on the partner's page: the settlement listed as received, with its difference; the same
  // period again has nothing left to settle, in the server's words.
  await page.setViewportSize(DESKTOP);
  await page.getByRole('link', { name: partner.name }).click();
  await expect(page.getByRole('heading', { name: partner.name, level: 1 })).toBeVisible();
  const row = page.getByRole('table', { name: 'Settlements' }).getByTestId('settlement-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Received');
  await expect(row).toContainText('1 disputed');
  await expect(row).toContainText(money(net));
  await expect(row).toContainText(money(received));
  await expect(row).toContainText(delta(received - net));
  await form.getByLabel('From').fill(today);
  await form.getByLabel('To').fill(today);
  await form.getByRole('button', { name: 'Create settlement' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    `${partner.name} has no completed orders from ${today} to ${today} that are not settled already.`,
  );
  await saveScreenshot(page, testInfo, 'partner-page');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('list', { name: 'Settlements' }).getByTestId('settlement-row')).toContainText(
    money(received),
  );
  await saveScreenshot(page, testInfo, 'partner-page');
  expect(await axeViolations(page)).toEqual([]);

  // The account's page shows the deposit.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/master-data/bank-accounts/${account.id}`);
  await expect(page.getByRole('heading', { name: account.name, level: 1 })).toBeVisible();
  const deposit = page
    .getByRole('region', { name: 'Entries' })
    .getByRole('listitem')
    .filter({ hasText: `Payout from ${partner.name}` });
  await expect(deposit).toHaveCount(1);
  await expect(deposit).toContainText(money(received));

  // Reopened with a reason: the payout is taken back and the settlement is pending again; having held
  // money once, it cannot be deleted (the server's words).
  await page.goBack();
  await page.goBack();
  await expect(page.getByTestId('settlement-status')).toHaveText('Received');
  await page.getByRole('button', { name: 'Reopen' }).click();
  const reopen = page.getByRole('dialog', { name: 'Reopen this settlement?' });
  await reopen.getByRole('button', { name: 'Reopen settlement' }).click();
  await expect(reopen.getByText('Enter a reason.')).toBeVisible();
  await reopen.getByLabel('Reason').fill('Recorded in the wrong account');
  await reopen.getByRole('button', { name: 'Reopen settlement' }).click();
  await expect(reopen).toBeHidden();
  await expect(page.getByText('Settlement reopened: the payout was taken back.')).toBeVisible();
  await expect(page.getByTestId('settlement-status')).toHaveText('Pending');
  await expect(page.getByRole('region', { name: 'Payout received' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete this settlement?' });
  await remove.getByRole('button', { name: 'Delete settlement' }).click();
  await expect(remove.getByRole('alert')).toHaveText(
    'This settlement received a payout once: it stays, with its history.',
  );
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toBeHidden();
});
