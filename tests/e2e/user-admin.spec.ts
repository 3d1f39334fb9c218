import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, PHONE, saveScreenshot, signInByApi } from './helpers';
import { outboxLink } from './outbox';
import { E2E_USERS } from './users';

// "Order Requests" carries the count of pending requests when there are any (other tests place them).
const STAFF_LABELS = ['Orders', 'Add Order', 'Order Monitor', /^Order Requests(\s*\d+\+?\s*\(\d+ new\))?$/];

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
  // Each test walks several screens and two browsers.
  test.describe.configure({ timeout: 90_000 });

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
    // Not an active account yet: invited, with the invitation to send again (not a password reset).
    await expect(row.getByText('Invited', { exact: true })).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Send password reset to ${member.name}` })).toHaveCount(0);

    const first = await outboxLink({ recipient: member.email, purpose: 'invitation' });
    const since = new Date();
    await row.getByRole('button', { name: `Resend invitation to ${member.name}` }).click();
    await expect(page.getByText(`A new invitation is on its way to ${member.email}.`)).toBeVisible();
    const link = await outboxLink({ recipient: member.email, purpose: 'invitation', since });
    expect(link.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    expect(link.searchParams.get('invited')).toBe('1');
    expect(link.searchParams.get('email')).toBe(member.email);

    // The new member, on their own device.
    const context = await browser.newContext({ baseURL });
    const newcomer = await context.newPage();
    // The first invitation stopped working when the new one was sent.
    await newcomer.goto(`${first.pathname}${first.search}`);
    await newcomer.getByLabel('New password', { exact: true }).fill('other-password-2');
    await newcomer.getByLabel('Confirm new password').fill('other-password-2');
    await newcomer.getByRole('button', { name: 'Save password' }).click();
    await expect(newcomer.getByText('This link is no longer valid. Please ask for a new one.')).toBeVisible();
    await newcomer.goto(`${link.pathname}${link.search}`);
    await expect(newcomer.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await newcomer.getByLabel('New password', { exact: true }).fill('nora-password-1');
    await newcomer.getByLabel('Confirm new password').fill('nora-password-1');
    await newcomer.getByRole('button', { name: 'Save password' }).click();
    // Signed in with the new password and taken to work, not to an empty sign-in form.
    await expect(newcomer).toHaveURL('/orders');
    await expect(newcomer.getByText('Welcome! You are signed in.')).toBeVisible();
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

    // The admin sees the member was here, and the account is active.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: member.email }).getByText('Never')).toBeHidden();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Resend invitation to ${member.name}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Send password reset to ${member.name}` })).toBeVisible();
  });

  test('an admin changes a role, disables and enables an account, sends a reset, and it is all in the audit log', async ({
    page,
    baseURL,
  }, testInfo) => {
    const member = { name: 'Omar Overnight', email: uniqueEmail('omar'), role: 'Staff' };
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/admin/users');
    await addStaffMember(page, member);
    const row = page.getByRole('row').filter({ hasText: member.email });

    // A role change asks first, naming the person and both roles; Cancel changes nothing.
    await row.getByLabel(`Role of ${member.name}`).selectOption('manager');
    const ask = page.getByRole('dialog', { name: `Make ${member.name} a Manager?` });
    await expect(ask).toContainText(`${member.name}’s role changes from Staff to Manager.`);
    await expect(row.getByLabel(`Role of ${member.name}`)).toHaveValue('staff');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(row.getByLabel(`Role of ${member.name}`)).toHaveValue('staff');
    await row.getByLabel(`Role of ${member.name}`).selectOption('manager');
    await ask.getByRole('button', { name: 'Change role to Manager' }).click();
    await expect(page.getByText(`${member.name} is now Manager.`)).toBeVisible();
    await expect(row.getByLabel(`Role of ${member.name}`)).toHaveValue('manager');

    await row.getByRole('button', { name: `Disable ${member.name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Disable ${member.name}?` });
    await expect(confirm).toContainText('signed out on every device at once');
    await confirm.getByRole('button', { name: 'Disable account' }).click();
    await expect(page.getByText(`${member.name} is disabled and signed out.`)).toBeVisible();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Resend invitation to ${member.name}` })).toBeDisabled();

    await row.getByRole('button', { name: `Enable ${member.name}` }).click();
    await page
      .getByRole('dialog', { name: `Enable ${member.name}?` })
      .getByRole('button', { name: 'Enable account' })
      .click();
    await expect(page.getByText(`${member.name} can sign in again.`)).toBeVisible();
    await expect(row.getByText('Invited', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Resend invitation to ${member.name}` }).click();
    await expect(page.getByText(`A new invitation is on its way to ${member.email}.`)).toBeVisible();

    // Someone who can sign in gets a password reset instead.
    const staffRow = page.getByRole('row').filter({ hasText: E2E_USERS.staff.email });
    await staffRow.getByRole('button', { name: `Send password reset to ${E2E_USERS.staff.name}` }).click();
    await expect(page.getByText('Password reset email sent!')).toBeVisible();
    await outboxLink({ recipient: E2E_USERS.staff.email, purpose: 'reset-password' });

    // One's own row has neither a role select nor Disable.
    const own = page.getByRole('row').filter({ hasText: E2E_USERS.admin.email });
    await expect(own.getByText('You', { exact: true })).toBeVisible();
    await expect(own.getByRole('combobox')).toHaveCount(0);
    await expect(own.getByRole('button', { name: /^Disable/ })).toHaveCount(0);

    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
    const entries = page.getByRole('list', { name: 'Audit entries' });
    // Entries read as sentences, with the raw values behind Details.
    await expect(entries).toContainText(`Made ${member.name} a Manager (was Staff)`);
    await expect(entries).toContainText(`Disabled the account of ${member.name}`);
    await expect(entries).toContainText(`Enabled the account of ${member.name}`);
    await expect(entries).toContainText(`Sent ${member.name} a new invitation`);
    await expect(entries).toContainText(`Sent ${E2E_USERS.staff.name} a password reset e-mail`);
    await expect(entries).not.toContainText('user.role-changed');

    const roleEntry = entries.getByRole('listitem').filter({ hasText: `Made ${member.name} a Manager` });
    await expect(roleEntry).toContainText('Role changed');
    // Who made the change: their name, with their e-mail beside it.
    await expect(roleEntry.getByTestId('audit-actor')).toHaveText(E2E_USERS.admin.name);
    await expect(roleEntry.getByTestId('audit-actor')).toHaveAttribute('title', E2E_USERS.admin.email);
    await expect(roleEntry.getByTestId('audit-actor-email')).toHaveText(E2E_USERS.admin.email);
    await expect(roleEntry.getByText('"role": "staff"')).toBeHidden();
    await roleEntry.getByRole('button', { name: 'Details' }).click();
    await expect(roleEntry.getByText('"role": "staff"')).toBeVisible();
    await expect(roleEntry.getByText('"role": "manager"')).toBeVisible();

    await page.getByLabel('Area', { exact: true }).selectOption('settings');
    await expect(page.getByText(`Made ${member.name} a Manager`)).toHaveCount(0);
    await page.getByLabel('Area', { exact: true }).selectOption('users');
    await expect(entries).toContainText(`Made ${member.name} a Manager`);
    await page
      .getByLabel('User', { exact: true })
      .selectOption({ label: `${E2E_USERS.admin.name} (${E2E_USERS.admin.email})` });
    await expect(entries).toContainText(`Disabled the account of ${member.name}`);
    await page.getByLabel('From', { exact: true }).fill('2000-01-01');
    await page.getByLabel('To', { exact: true }).fill('2000-01-02');
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(entries).toContainText(`Invited ${member.name} (${member.email}) as a Staff member`);

    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      await expect(roleEntry.getByTestId('audit-actor')).toBeVisible();
      await saveScreenshot(page, testInfo, 'admin-audit-names', { viewportOnly: true });
    }
    await page.setViewportSize(DESKTOP);
  });

  test('the same role chosen again right after Cancel asks again, and the question stays open', async ({
    page,
    baseURL,
  }) => {
    const member = { name: 'Rita Rapid', email: uniqueEmail('rita'), role: 'Staff' };
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/admin/users');
    await addStaffMember(page, member);
    const select = page
      .getByRole('row')
      .filter({ hasText: member.email })
      .getByLabel(`Role of ${member.name}`);
    await select.selectOption('manager');
    const ask = page.getByRole('dialog', { name: `Make ${member.name} a Manager?` });
    await expect(ask).toBeVisible();

    // Cancel and choose Manager again in one go, as a quick hand does: the browser reports the first
    // question's close a moment later, and that must not close the second question.
    const cancel = await ask.getByRole('button', { name: 'Cancel' }).elementHandle();
    await select.evaluate(async (element, cancelButton) => {
      (cancelButton as HTMLButtonElement).click();
      // React closes the dialog within the microtasks after the click; the browser's close event is
      // a task, so it comes after the second choice below.
      for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
      const roleSelect = element as HTMLSelectElement;
      roleSelect.value = 'manager';
      roleSelect.dispatchEvent(new Event('change', { bubbles: true }));
      for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
    }, cancel);
    // Past the browser's late close event.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Change role to Manager' }).click();
    await expect(page.getByText(`${member.name} is now Manager.`)).toBeVisible();
    await expect(select).toHaveValue('manager');
  });

  test('searches and switches between staff and customers', async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, E2E_USERS.admin);
    await page.goto('/admin/users');
    await expect(page.getByRole('tab', { name: 'Staff' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('row').filter({ hasText: E2E_USERS.staff.email })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: E2E_USERS.customer.email })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Customers' }).click();
    await expect(page).toHaveURL('/admin/users?tab=customers');
    // The newest customers come first, and other tests sign up many: the seeded customer may be on a
    // later page, so the tab is checked by what it leaves out and then by a search.
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: E2E_USERS.staff.email })).toHaveCount(0);

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
      // An invitation not yet accepted, so the screenshot shows the "Invited" state.
      const invited = { name: 'Ines Invited', email: uniqueEmail('ines'), role: 'staff' };
      const created = await page.request.post('/api/admin/users', {
        data: invited,
        headers: { origin: baseURL! },
      });
      expect(created.status(), await created.text()).toBe(201);
      await page.goto('/admin/users');
      await expect(page.getByText(E2E_USERS.staff.email).filter({ visible: true }).first()).toBeVisible();
      await expect(
        page.getByText('Invited', { exact: true }).filter({ visible: true }).first(),
      ).toBeVisible();
      await saveScreenshot(page, testInfo, 'admin-users');
      // The table on a wide screen, the cards on a phone.
      await page
        .getByRole(viewport === DESKTOP ? 'row' : 'listitem')
        .filter({ hasText: invited.email })
        .getByLabel(`Role of ${invited.name}`)
        .selectOption('admin');
      await expect(page.getByRole('dialog', { name: `Make ${invited.name} an Admin?` })).toBeVisible();
      await saveScreenshot(page, testInfo, 'admin-users-role-dialog', { viewportOnly: true });
      await page.getByRole('button', { name: 'Cancel' }).click();
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
