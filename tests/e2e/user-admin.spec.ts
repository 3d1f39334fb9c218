import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, PHONE, saveScreenshot, signInByApi, signInByForm } from './helpers';
import { outboxLink } from './outbox';
import { E2E_USERS } from './users';

const STAFF_LABELS = ['Orders', 'Add Order', 'Order Monitor', 'Order Requests'];

function uniqueEmail(name: string): string {
  return `${name}-${randomBytes(3).toString('hex')}@e2e.brigade`;
}

async function addStaffMember(page: Page, member: { name: string; email: string; role: string }) {
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill(member.name);
  await dialog.getByLabel('Email').fill(member.email);
  await dialog.getByLabel('Role').selectOption({ label: member.role });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${member.email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.beforeEach(async () => {});

test.describe('User Management', () => {
  test('an admin invites a staff member, who chooses a password, signs in and sees the staff navigation', async ({
    page,
    browser,
    baseURL,
  }) => {
    const member = { name: 'Nora Newhire', email: uniqueEmail('nora'), role: 'Staff' };
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await addStaffMember(page, member);
    const row = page.getByRole('row').filter({ hasText: member.email });
    await expect(row).toBeVisible();
    await expect(row.getByLabel(`Role of ${member.name}`)).toHaveValue('staff');
    await expect(row.getByText('Never')).toBeVisible();

    const link = await outboxLink({ recipient: member.email, purpose: 'invitation' });
    expect(link.searchParams.get('invited')).toBe('1');

    // The new member, on their own device.
    const context = await browser.newContext({ baseURL });
    const newcomer = await context.newPage();
    await newcomer.goto(`${link.pathname}${link.search}`);
    await expect(newcomer.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await newcomer.getByLabel('New password', { exact: true }).fill('nora-password-1');
    await newcomer.getByLabel('Confirm new password').fill('nora-password-1');
    await newcomer.getByRole('button', { name: 'Save password' }).click();
    await expect(newcomer.getByText('Password updated successfully!')).toBeVisible();
    await expect(newcomer).toHaveURL('/login');

    await signInByForm(newcomer, { email: member.email, password: 'nora-password-1' });
    await expect(newcomer).toHaveURL('/orders');
    const nav = newcomer.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(STAFF_LABELS);
    await expect(newcomer.getByText('Staff Member', { exact: true })).toBeVisible();

    // The link worked once.
    await newcomer.goto(`${link.pathname}${link.search}`);
    await newcomer.getByLabel('New password', { exact: true }).fill('other-password-2');
    await newcomer.getByLabel('Confirm new password').fill('other-password-2');
    await newcomer.getByRole('button', { name: 'Save password' }).click();
    await expect(newcomer.getByText('This link is no longer valid. Please ask for a new one.')).toBeVisible();
    await expect(newcomer.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await context.close();

    // The admin sees the member was here.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: member.email }).getByText('Never')).toBeHidden();
  });

  test('an admin changes a role, disables and enables an account, sends a reset, and it is all in the audit log', async ({
    page,
    baseURL,
  }) => {
    const member = { name: 'Omar Overnight', email: uniqueEmail('omar'), role: 'Staff' };
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/admin/users');
    await addStaffMember(page, member);
    const row = page.getByRole('row').filter({ hasText: member.email });

    await row.getByLabel(`Role of ${member.name}`).selectOption('manager');
    await expect(page.getByText(`${member.name} is now Manager.`)).toBeVisible();
    await expect(row.getByLabel(`Role of ${member.name}`)).toHaveValue('manager');

    await row.getByRole('button', { name: `Disable ${member.name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Disable ${member.name}?` });
    await expect(confirm).toContainText('signed out on every device at once');
    await confirm.getByRole('button', { name: 'Disable account' }).click();
    await expect(page.getByText(`${member.name} is disabled and signed out.`)).toBeVisible();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Send password reset to ${member.name}` })).toBeDisabled();

    await row.getByRole('button', { name: `Enable ${member.name}` }).click();
    await page
      .getByRole('dialog', { name: `Enable ${member.name}?` })
      .getByRole('button', { name: 'Enable account' })
      .click();
    await expect(page.getByText(`${member.name} can sign in again.`)).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Send password reset to ${member.name}` }).click();
    await expect(page.getByText('Password reset email sent!')).toBeVisible();
    await outboxLink({ recipient: member.email, purpose: 'reset-password' });

    // One's own row has neither a role select nor Disable.
    const own = page.getByRole('row').filter({ hasText: E2E_USERS.admin.email });
    await expect(own.getByText('You', { exact: true })).toBeVisible();
    await expect(own.getByRole('combobox')).toHaveCount(0);
    await expect(own.getByRole('button', { name: /^Disable/ })).toHaveCount(0);

    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
    const entries = page.getByRole('list', { name: 'Audit entries' });
    await expect(entries).toContainText(`Changed the role of ${member.name}`);
    await expect(entries).toContainText(`Disabled ${member.name}`);
    await expect(entries).toContainText(`Enabled ${member.name}`);
    await expect(entries).toContainText(`Sent a password reset e-mail to ${member.name}`);

    const roleEntry = entries.getByRole('listitem').filter({ hasText: `Changed the role of ${member.name}` });
    await roleEntry.getByRole('button', { name: 'Show changes' }).click();
    await expect(roleEntry.getByText('"role": "staff"')).toBeVisible();
    await expect(roleEntry.getByText('"role": "manager"')).toBeVisible();

    await page.getByLabel('Area', { exact: true }).selectOption('settings');
    await expect(page.getByText(`Changed the role of ${member.name}`)).toHaveCount(0);
    await page.getByLabel('Area', { exact: true }).selectOption('users');
    await expect(entries).toContainText(`Changed the role of ${member.name}`);
    await page
      .getByLabel('User', { exact: true })
      .selectOption({ label: `${E2E_USERS.admin.email} (Owner)` });
    await expect(entries).toContainText(`Disabled ${member.name}`);
    await page.getByLabel('From', { exact: true }).fill('2000-01-01');
    await page.getByLabel('To', { exact: true }).fill('2000-01-02');
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(entries).toContainText(`Added ${member.name}`);
  });

  test('searches and switches between staff and customers', async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/admin/users');
    await expect(page.getByRole('tab', { name: 'Staff' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('row').filter({ hasText: E2E_USERS.staff.email })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: E2E_USERS.customer.email })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Customers' }).click();
    await expect(page).toHaveURL('/admin/users?tab=customers');
    await expect(page.getByRole('row').filter({ hasText: E2E_USERS.customer.email })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search by name, email or phone' }).fill('zz-nobody');
    await expect(page.getByText('No customers match “zz-nobody”.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name, email or phone' }).fill('cleo');
    await expect(page.getByRole('row').filter({ hasText: E2E_USERS.customer.email })).toBeVisible();
  });

  test('refuses a second account with the same e-mail with the server’s message', async ({
    page,
    baseURL,
  }) => {
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add staff member' });
    await dialog.getByLabel('Name').fill('Copy Cat');
    await dialog.getByLabel('Email').fill(E2E_USERS.staff.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(/already exists/)).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`screenshots of User Management and the Audit Log at ${viewport.width}x${viewport.height}`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await signInByApi(page, baseURL!, E2E_USERS.admin);
      await page.goto('/admin/users');
      await expect(page.getByText(E2E_USERS.staff.email).filter({ visible: true }).first()).toBeVisible();
      await saveScreenshot(page, testInfo, 'admin-users');
      await page.getByRole('button', { name: 'Add staff member' }).click();
      await expect(page.getByRole('dialog', { name: 'Add staff member' })).toBeVisible();
      await saveScreenshot(page, testInfo, 'admin-users-add-dialog');
      await page.keyboard.press('Escape');
      await page.goto('/admin/audit');
      await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
      await expect(page.getByText(/Loading the audit log/)).toBeHidden();
      await saveScreenshot(page, testInfo, 'admin-audit');
    });
  }
});
