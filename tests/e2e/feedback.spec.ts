import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { renderSVG } from 'uqr';
import type { Order } from '../../src/shared/contracts/orders';
import type { OrderWithPayments } from '../../src/shared/contracts/payments';
import { feedbackLinkPath } from '../../src/shared/feedback-paths';
import type { OrderStatus } from '../../src/shared/order-status';
import { buildMenuItem, uniqueName } from '../support/factories';
import { humanCheckFor } from '../support/human-check';
import { expect, test } from './fixtures';
import { newCustomer, ownerClient, signIn } from './guests';
import { axeViolations, countPrints, PHONE, saveScreenshot, signInByApi, signInByForm } from './helpers';
import { latestOutboxBody } from './outbox';
import { E2E_USERS } from './users';

/**
 * Customer feedback: a customer rates their completed order from their order page (its link alone
 * does not: staff are refused, and a signed-out guest is asked to sign in), and the owner sees it on
 * Customer Feedback with who wrote it, marks it reviewed and replies (the e-mail reaches the outbox);
 * a guest with only the order's link (the receipt's QR code, the payment page) rates a counter order;
 * the contact page's messages are the second tab. Only the overall rating is required: food and service
 * may be left out (the guest's rating is overall only). Screenshots of every state at 390x844 and
 * 1280x800.
 */

const DESKTOP = { width: 1280, height: 800 };

/** A browser context of its own (its own client address and cookies), nobody signed in. */
async function anotherBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: {
      'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    },
  });
  return { context, page: await context.newPage() };
}

/** A browser context of its own for another person, signed in. */
async function otherPerson(browser: Browser, baseURL: string, user: { email: string; password: string }) {
  const person = await anotherBrowser(browser, baseURL);
  await signIn(person.page.request, baseURL, user);
  return person;
}

async function placeOrder(request: APIRequestContext, baseURL: string, data: unknown): Promise<Order> {
  const response = await request.post('/api/orders', {
    data,
    headers: { origin: baseURL, 'Idempotency-Key': randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

async function readOrder(staff: APIRequestContext, orderId: string): Promise<OrderWithPayments> {
  const response = await staff.get(`/api/orders/${orderId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as OrderWithPayments;
}

/** Staff move the order on, step by step, reading its version each time. */
async function moveTo(staff: APIRequestContext, baseURL: string, orderId: string, statuses: OrderStatus[]) {
  for (const status of statuses) {
    const { version } = await readOrder(staff, orderId);
    const response = await staff.post(`/api/orders/${orderId}/status`, {
      data: { status, version },
      headers: { origin: baseURL },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** Both sizes of the current screen. */
async function screenshots(page: Page, testInfo: Parameters<typeof saveScreenshot>[1], name: string) {
  const size = page.viewportSize();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await saveScreenshot(page, testInfo, name);
  }
  if (size) await page.setViewportSize(size);
}

function group(page: Page, name: string) {
  return page.getByRole('group', { name });
}

/** Taps a star, as a finger would (the radio itself is hidden under its star). */
async function tapStars(page: Page, groupName: string, stars: string) {
  const rating = group(page, groupName);
  await rating.locator('label').filter({ hasText: stars }).click();
  await expect(rating.getByRole('radio', { name: stars })).toBeChecked();
}

test.describe('customer feedback', () => {
  test('a customer rates a completed order from their order page; the owner sees it flagged, marks it reviewed and replies by e-mail', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const owner = await ownerClient(request, baseURL!);
    const soup = await buildMenuItem(owner, {
      name: uniqueName('Rated Soup'),
      price: 650,
      station: 'kitchen',
    });
    const customer = await newCustomer(page.request, baseURL!, 'Rita');
    await signIn(page.request, baseURL!, customer);
    const order = await placeOrder(page.request, baseURL!, {
      type: 'takeaway',
      lines: [{ menuItemId: soup.id, quantity: 2 }],
    });
    const staff = await otherPerson(browser, baseURL!, E2E_USERS.staff);
    try {
      await moveTo(staff.page.request, baseURL!, order.id, ['confirmed', 'preparing']);

      // Not completed yet: the page says so, and the order page offers nothing to rate.
      await page.setViewportSize(DESKTOP);
      await page.goto(`/feedback/${order.id}`);
      await expect(page.getByTestId('feedback-not-yet')).toContainText(
        `You can rate order #${order.number} once it is completed.`,
      );
      await screenshots(page, testInfo, 'feedback-not-completed');
      await page.goto(`/account/orders/${order.id}`);
      await expect(page.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible();
      await expect(page.getByTestId('order-feedback-link')).toHaveCount(0);

      // Completed while the page is open: Rate your order appears by itself.
      await moveTo(staff.page.request, baseURL!, order.id, ['ready', 'completed']);

      // The order's link does not rate a customer's order: staff, who read it with the order, see
      // who can, and the server refuses them.
      const { paymentLink } = await readOrder(staff.page.request, order.id);
      const key = new URL(paymentLink, baseURL).searchParams.get('key') ?? '';
      const link = feedbackLinkPath(order.id, key);
      await staff.page.setViewportSize(DESKTOP);
      await staff.page.goto(link);
      const staffView = staff.page.getByTestId('feedback-not-yours');
      await expect(
        staffView.getByRole('heading', { name: 'Only the customer can rate this order' }),
      ).toBeVisible();
      await expect(staffView).toContainText(`Order #${order.number} was placed with a customer account`);
      await expect(staff.page.getByRole('list', { name: 'Items' })).toContainText(soup.name);
      await expect(staff.page.getByRole('button', { name: 'Send feedback' })).toHaveCount(0);
      await expectNoAxeViolations(staff.page);
      await screenshots(staff.page, testInfo, 'feedback-not-yours-staff');
      const refused = await staff.page.request.post(`/api/orders/${order.id}/feedback`, {
        data: { overall: 5, food: 5, service: 5, key },
        headers: { origin: baseURL! },
      });
      expect(refused.status(), await refused.text()).toBe(403);

      // The customer's receipt scanned while signed out: sign in, and back to the form.
      const signedOut = await anotherBrowser(browser, baseURL!);
      try {
        const phone = signedOut.page;
        await phone.setViewportSize(PHONE);
        await phone.goto(link);
        const signInView = phone.getByTestId('feedback-not-yours');
        await expect(signInView.getByRole('heading', { name: 'Sign in to rate this order' })).toBeVisible();
        await expectNoAxeViolations(phone);
        await screenshots(phone, testInfo, 'feedback-sign-in-to-rate');
        await signInView.getByRole('link', { name: 'Sign in' }).click();
        await signInByForm(phone, customer);
        await expect(phone).toHaveURL(`${baseURL}${link}`);
        await expect(phone.getByRole('heading', { name: 'How was your order?', level: 1 })).toBeVisible();
      } finally {
        await signedOut.context.close();
      }

      await page.getByRole('link', { name: 'Rate your order' }).click();
      await expect(page).toHaveURL(new RegExp(`/feedback/${order.id}$`));
      await expect(page.getByRole('heading', { name: 'How was your order?', level: 1 })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Items' })).toContainText(soup.name);
      await expectNoAxeViolations(page);
      await screenshots(page, testInfo, 'feedback-form');

      // Sending without the overall rating: one error, under it, and focus goes there. Food and
      // service are optional and say so.
      const overall = group(page, 'Overall, how was it?');
      await page.getByRole('button', { name: 'Send feedback' }).click();
      await expect(overall.getByText('Choose from 1 to 5 stars for your overall rating.')).toBeVisible();
      await expect(page.getByText(/^Choose from 1 to 5 stars/)).toHaveCount(1);
      await expect(overall.getByRole('radio', { name: '1 star, Poor' })).toBeFocused();
      await expect(group(page, 'How was the food? (optional)')).toBeVisible();
      await expect(group(page, 'How was the service? (optional)')).toBeVisible();
      await screenshots(page, testInfo, 'feedback-form-missing');

      // Overall by a click (the error goes); food by the keyboard (Space picks the first star, the
      // arrows move on); a service rating chosen and taken back.
      await tapStars(page, 'Overall, how was it?', '2 stars, Fair');
      await expect(page.getByText(/^Choose from 1 to 5 stars/)).toHaveCount(0);
      const food = group(page, 'How was the food? (optional)');
      await food.getByRole('radio', { name: '1 star, Poor' }).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(food.getByRole('radio', { name: '3 stars, Good' })).toBeChecked();
      await tapStars(page, 'How was the service? (optional)', '4 stars, Very good');
      const service = group(page, 'How was the service? (optional)');
      await service.getByRole('button', { name: 'Clear rating' }).click();
      await expect(service.getByRole('radio', { checked: true })).toHaveCount(0);
      await expect(service.getByRole('button', { name: 'Clear rating' })).toHaveCount(0);
      await page
        .getByLabel('Anything you would like to tell us? (optional)')
        .fill('The soup was cold by the time we got home.');
      await screenshots(page, testInfo, 'feedback-form-filled');
      await page.getByRole('button', { name: 'Send feedback' }).click();

      // Sent without a service rating.
      const thanks = page.getByTestId('feedback-thanks');
      await expect(thanks.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
      const given = thanks.getByTestId('given-feedback');
      await expect(given.getByRole('img', { name: '2 out of 5 stars' })).toBeVisible();
      await expect(given.getByRole('img', { name: '3 out of 5 stars' })).toBeVisible();
      await expect(given.getByRole('img')).toHaveCount(2);
      await expect(given).toContainText('ServiceNot rated');
      await expect(given).toContainText('The soup was cold by the time we got home.');
      await expectNoAxeViolations(page);
      await screenshots(page, testInfo, 'feedback-thanks');

      // Once given, the order page thanks them, and the page shows what they gave instead of the form.
      await page.goto(`/account/orders/${order.id}`);
      await expect(page.getByRole('link', { name: 'Thanks for your feedback' })).toBeVisible();
      await page.goto(`/feedback/${order.id}`);
      await expect(page.getByTestId('feedback-thanks')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send feedback' })).toHaveCount(0);

      // The owner: flagged, with its order; reviewed; a reply by e-mail.
      const admin = await otherPerson(browser, baseURL!, E2E_USERS.admin);
      try {
        const adminPage = admin.page;
        await adminPage.setViewportSize(DESKTOP);
        await adminPage.goto('/admin/feedback');
        await expect(adminPage.getByRole('heading', { name: 'Customer Feedback', level: 1 })).toBeVisible();
        const entry = adminPage.getByTestId('feedback-entry').filter({ hasText: customer.name });
        await expect(entry).toBeVisible();
        await expect(entry.getByTestId('flagged-badge')).toHaveText('Low rating');
        await expect(entry).toContainText('The soup was cold by the time we got home.');
        await expect(entry.getByRole('link', { name: `#${order.number}` })).toHaveAttribute(
          'href',
          `/orders/${order.id}`,
        );
        await expect(entry).toContainText(`2× ${soup.name}`);
        await expect(entry.getByTestId('preparation-time')).not.toHaveText('Not recorded');
        await expect(entry.getByTestId('review-state')).toHaveText('Not reviewed');
        await expect(entry.getByTestId('feedback-author')).toHaveText(
          `${customer.name}, the order’s customer`,
        );
        await expect(entry.getByTestId('food-rating')).toContainText('3/5');
        await expect(entry.getByTestId('service-rating')).toContainText('not rated');
        await expect(adminPage.getByTestId('summary-flagged')).toContainText('waiting for review');
        await expect(adminPage.getByTestId('trend-chart')).toBeVisible();
        await expectNoAxeViolations(adminPage);
        await screenshots(adminPage, testInfo, 'admin-feedback');

        // The chart's numbers as a table.
        await adminPage.getByRole('switch', { name: 'Show as table' }).click();
        await expect(adminPage.getByTestId('trend-table').getByRole('row')).not.toHaveCount(0);
        await expect(adminPage.getByTestId('trend-chart')).toHaveCount(0);
        await screenshots(adminPage, testInfo, 'admin-feedback-table');

        // Filters: 2 stars and unreviewed keep it; 5 stars alone does not.
        const filters = adminPage.getByRole('region', { name: 'Filters' });
        await filters.getByRole('button', { name: '2 stars' }).click();
        await filters.getByText('Unreviewed', { exact: true }).click();
        await expect(entry).toBeVisible();
        await filters.getByRole('button', { name: '2 stars' }).click();
        await filters.getByRole('button', { name: '5 stars' }).click();
        await expect(entry).toHaveCount(0);
        await filters.getByRole('button', { name: 'Clear filters' }).click();
        await expect(entry).toBeVisible();

        await entry.getByRole('button', { name: 'Mark as reviewed' }).click();
        await expect(entry.getByTestId('review-state')).toHaveText('Reviewed');
        await expect(entry.getByRole('button', { name: 'Mark as not reviewed' })).toBeVisible();

        const since = new Date(Date.now() - 1000);
        await entry.getByRole('button', { name: 'Reply' }).click();
        const dialog = adminPage.getByRole('dialog', { name: 'Reply to feedback' });
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: 'Send reply' }).click();
        await expect(dialog.getByText('Write the reply.')).toBeVisible();
        const reply = 'We are sorry about the soup, Rita. Your next one is on us.';
        await dialog.getByLabel('Reply').fill(reply);
        await screenshots(adminPage, testInfo, 'admin-feedback-reply');
        await dialog.getByRole('button', { name: 'Send reply' }).click();
        await expect(dialog).toBeHidden();
        await expect(
          adminPage.getByText(`Reply sent to ${customer.name} about order #${order.number}.`),
        ).toBeVisible();
        await expect(entry.getByTestId('feedback-reply')).toContainText(reply);
        const mail = await latestOutboxBody({ recipient: customer.email, purpose: 'feedback-reply', since });
        expect(mail).toContain(reply);
      } finally {
        await admin.context.close();
      }
    } finally {
      await staff.context.close();
    }
  });

  test('a guest with only the order’s link rates a counter order: without the key it does not exist; the payment page and the receipt lead to it', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const owner = await ownerClient(request, baseURL!);
    const pie = await buildMenuItem(owner, { name: uniqueName('Link Pie'), price: 480 });
    const staff = await otherPerson(browser, baseURL!, E2E_USERS.staff);
    try {
      const order = await placeOrder(staff.page.request, baseURL!, {
        type: 'takeaway',
        customerName: 'Walk-in Wendy',
        lines: [{ menuItemId: pie.id, quantity: 1 }],
      });
      const paid = await staff.page.request.post(`/api/orders/${order.id}/payments`, {
        data: { method: 'card', amount: order.total, reference: 'Slip 12' },
        headers: { origin: baseURL! },
      });
      expect(paid.status(), await paid.text()).toBe(201);
      await moveTo(staff.page.request, baseURL!, order.id, ['preparing', 'ready', 'completed']);
      const { paymentLink } = await readOrder(staff.page.request, order.id);
      const key = new URL(paymentLink, baseURL).searchParams.get('key') ?? '';
      const link = feedbackLinkPath(order.id, key);

      // The receipt of the completed, paid order carries the QR code of its feedback page.
      const staffPage = staff.page;
      await staffPage.setViewportSize(DESKTOP);
      await staffPage.goto(`/orders/${order.id}`);
      const prints = await countPrints(staffPage);
      await staffPage.getByRole('button', { name: 'Print receipt' }).click();
      await expect.poll(prints).toBe(1);
      const qr = staffPage
        .getByTestId('receipt-print')
        .getByTestId('receipt-qr')
        .getByRole('img', { name: "QR code of the order's feedback page", includeHidden: true });
      const source = (await qr.getAttribute('src')) ?? '';
      expect(decodeURIComponent(source.replace(/^data:image\/svg\+xml,/, ''))).toBe(
        renderSVG(`${baseURL}${link}`, { ecc: 'M', border: 1 }),
      );

      // Not signed in, without the key: nobody's order.
      await page.setViewportSize(PHONE);
      await page.goto(`/feedback/${order.id}`);
      await expect(page.getByRole('heading', { name: 'This order does not exist' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshots(page, testInfo, 'feedback-not-found');

      // The payment page (its own QR link) offers the rating once the order is completed.
      await page.goto(paymentLink);
      await expect(page.getByTestId('paid-in-full')).toBeVisible();
      await page.getByRole('link', { name: 'Rate your order' }).click();
      await expect(page).toHaveURL(`${baseURL}${link}`);
      // The overall rating alone is enough.
      await tapStars(page, 'Overall, how was it?', '5 stars, Excellent');
      await page.getByRole('button', { name: 'Send feedback' }).click();
      await expect(page.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
      const given = page.getByTestId('given-feedback');
      await expect(given.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
      await expect(given.getByRole('img')).toHaveCount(1);
      await expect(given).toContainText('FoodNot rated');
      await expect(given).toContainText('ServiceNot rated');
      await expect(given).not.toContainText('cold');

      // A second try (another tab that still had the form) is refused; the page shows what was given.
      const again = await page.request.post(`/api/orders/${order.id}/feedback`, {
        data: { overall: 1, food: 1, service: 1, key },
        headers: { origin: baseURL! },
      });
      expect(again.status()).toBe(409);

      // Staff holding the link of another counter order may rate it, and are named as who wrote it.
      const second = await placeOrder(staff.page.request, baseURL!, {
        type: 'takeaway',
        customerName: 'Walk-in Walter',
        lines: [{ menuItemId: pie.id, quantity: 2 }],
      });
      await moveTo(staff.page.request, baseURL!, second.id, ['preparing', 'ready', 'completed']);
      const secondLink = (await readOrder(staff.page.request, second.id)).paymentLink;
      const byStaff = await staff.page.request.post(`/api/orders/${second.id}/feedback`, {
        data: {
          overall: 5,
          food: 5,
          service: 5,
          comment: 'Great pie.',
          key: new URL(secondLink, baseURL).searchParams.get('key') ?? '',
        },
        headers: { origin: baseURL! },
      });
      expect(byStaff.status(), await byStaff.text()).toBe(201);

      // The owner sees both, with who wrote each, and no e-mail to reply to (no account).
      const admin = await otherPerson(browser, baseURL!, E2E_USERS.admin);
      try {
        await admin.page.goto('/admin/feedback');
        const entry = admin.page.getByTestId('feedback-entry').filter({ hasText: `order #${order.number}` });
        await expect(entry).toContainText('Walk-in Wendy');
        await expect(entry.getByTestId('feedback-author')).toHaveText(
          'Guest with the receipt link (not signed in)',
        );
        await expect(entry.getByTestId('flagged-badge')).toHaveCount(0);
        // Rated overall only: food and service say so; the averages say how many rated them.
        await expect(entry).toContainText('5/5 overall');
        for (const aspect of ['food', 'service'] as const) {
          await expect(entry.getByTestId(`${aspect}-rating`)).toContainText('not rated');
          await expect(entry.getByTestId(`${aspect}-rating`).getByRole('img')).toHaveCount(0);
          await expect(admin.page.getByTestId(`summary-${aspect}`)).toContainText(`rated the ${aspect}`);
        }
        await expect(entry.getByRole('button', { name: 'Reply' })).toBeDisabled();
        await expect(entry).toContainText('No e-mail address to reply to');
        const staffEntry = admin.page
          .getByTestId('feedback-entry')
          .filter({ hasText: `order #${second.number}` });
        const author = staffEntry.getByTestId('feedback-author');
        await expect(author).toContainText(`${E2E_USERS.staff.name} (staff), with the order’s link`);
        await expect(author).toContainText('Written by a member of staff.');
        await expect(staffEntry.getByRole('button', { name: 'Reply' })).toBeDisabled();
        await expectNoAxeViolations(admin.page);
        await screenshots(admin.page, testInfo, 'admin-feedback-authors');
      } finally {
        await admin.context.close();
      }
    } finally {
      await staff.context.close();
    }
  });

  test('the messages sent from the contact page are the second tab, each marked handled by the owner', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const subject = uniqueName('Birthday table');
    const sent = await request.post('/api/contact', {
      data: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: '+1 555 123 4567',
        subject,
        message: 'Could we book the long table for eight on Saturday?\nThank you!',
        humanCheck: await humanCheckFor(baseURL!),
      },
      headers: { origin: baseURL! },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    await page.setViewportSize(DESKTOP);
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/admin/feedback');
    await page.getByRole('tab', { name: 'Messages' }).click();
    await expect(page).toHaveURL(/\?tab=messages$/);
    const message = page.getByTestId('contact-message').filter({ hasText: subject });
    await expect(message).toContainText('From Ada Lovelace');
    await expect(message).toContainText('Could we book the long table for eight on Saturday?');
    await expect(message.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      /^mailto:ada@example\.com/,
    );
    await expect(message.getByRole('link', { name: '+1 555 123 4567' })).toBeVisible();
    await expect(message.getByTestId('handled-state')).toHaveText('New');
    await expectNoAxeViolations(page);
    await screenshots(page, testInfo, 'admin-feedback-messages');

    await message.getByRole('button', { name: 'Mark as handled' }).click();
    await expect(message.getByTestId('handled-state')).toHaveText('Handled');
    await page.reload();
    await expect(
      page.getByTestId('contact-message').filter({ hasText: subject }).getByTestId('handled-state'),
    ).toHaveText('Handled');
  });
});
