import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';
import type { BackupOverview } from '../../src/shared/contracts/backup';
import type { MenuItem } from '../../src/shared/contracts/menu';
import { buildMenuItem } from '../support/factories';
import { cleanUpApps, makeTempDir, type SpawnedApp, spawnApp } from '../support/spawn-app';
import { expect, test } from './fixtures';
import { signIn } from './guests';
import { apiClient, axeViolations, PHONE, saveScreenshot, signInByForm } from './helpers';
import { E2E_USERS } from './users';

/**
 * Backup & Restore. On the shared app: an admin downloads a backup (a gzip file in the Brigade format,
 * named by the server) and changes the daily schedule, which is kept. A restore signs everybody out and
 * replaces all data, so it runs on an app of its own: download there, change a dish, a wrong name or
 * no password keeps the button off, a wrong password is refused beside its field and a cut-off file in
 * the server's words, with nothing changed, the real file restores with the admin's password (what was
 * restored, then Sign in again) and the dish is back.
 */

const DESKTOP = { width: 1280, height: 800 };
const FILE_NAME = /^brigade-backup-\d{4}-\d{2}-\d{2}-\d{6}\.gz$/;

async function openBackupPage(page: Page) {
  await page.goto('/admin/backup');
  await expect(page.getByRole('heading', { name: 'Backup & Restore', level: 1 })).toBeVisible();
}

/** Clicks Download and answers the saved file's name and bytes. */
async function downloadFromPage(page: Page, folder: string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download a backup' }).click();
  const download = await downloading;
  const fileName = download.suggestedFilename();
  const filePath = path.join(folder, fileName);
  await download.saveAs(filePath);
  await expect(page.getByText(`Downloaded ${fileName} (`)).toBeVisible();
  return { fileName, filePath, bytes: await readFile(filePath) };
}

function expectBrigadeBackup(bytes: Buffer) {
  expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  const text = gunzipSync(bytes).toString('utf8');
  expect(text.startsWith('BRIGADE-BACKUP 1\n')).toBe(true);
  expect(text).toContain('\nmanifest {');
}

test.describe('backup and restore', () => {
  test('an admin downloads a backup: one gzip file in the Brigade format, named by the server', async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page.request, baseURL!, E2E_USERS.admin);
    await openBackupPage(page);
    const downloaded = await downloadFromPage(page, testInfo.outputPath());
    expect(downloaded.fileName).toMatch(FILE_NAME);
    expectBrigadeBackup(downloaded.bytes);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the daily schedule: time and backups to keep are saved with the version and kept after a reload', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page.request, baseURL!, E2E_USERS.admin);
    await openBackupPage(page);
    const schedule = page.getByRole('form', { name: 'Schedule' });
    await expect(page.getByText(/^In the restaurant's time zone, .+\.$/)).toBeVisible();

    // Repeats of this test may run at the same time on the shared app: a save between ours and the
    // reload shows theirs, so the round is tried again (a stale save reloads the form and says so).
    const minute = String(10 + Math.floor(Math.random() * 50));
    const keep = String(2 + Math.floor(Math.random() * 80));
    await expect(async () => {
      await openBackupPage(page);
      const daily = schedule.getByRole('switch', { name: 'Back up every day' });
      if ((await daily.getAttribute('aria-checked')) !== 'true') await daily.click();
      await schedule.getByLabel('Time').fill(`04:${minute}`);
      await schedule.getByLabel('Backups to keep').fill(keep);
      await schedule.getByRole('button', { name: 'Save schedule' }).click();
      await expect(schedule.getByRole('button', { name: 'Save schedule' })).toBeDisabled({ timeout: 5000 });
      await page.reload();
      await expect(schedule.getByLabel('Time')).toHaveValue(`04:${minute}`, { timeout: 5000 });
      await expect(schedule.getByLabel('Backups to keep')).toHaveValue(keep, { timeout: 1000 });
    }).toPass({ timeout: 40_000 });
    await expect(schedule.getByRole('switch', { name: 'Back up every day' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(schedule.getByTestId('next-backup')).toHaveText(/^Next backup: .+/);

    // The schedule's own checks, before anything is sent.
    await schedule.getByLabel('Backups to keep').fill('0');
    await schedule.getByRole('button', { name: 'Save schedule' }).click();
    await expect(schedule.getByText('Keep at least 1.')).toBeVisible();
  });

  test.describe('on an app of its own', () => {
    let app: SpawnedApp | undefined;

    test.afterAll(async () => {
      await app?.stop().catch(() => {});
      await cleanUpApps();
    });

    test('restore: a wrong name or no password keeps it off, a wrong password and a cut-off file are refused with nothing changed, the real file brings the data back with the password and everyone signs in again', async ({
      browser,
      extraHTTPHeaders,
    }, testInfo) => {
      test.setTimeout(240_000);
      app = await spawnApp({
        dataDir: await makeTempDir('backup-e2e'),
        env: {
          LOG_LEVEL: 'warn',
          TRUST_PROXY: 'true',
          ADMIN_EMAIL: E2E_USERS.admin.email,
          ADMIN_PASSWORD: E2E_USERS.admin.password,
        },
      });
      await app.waitForHealthy(120_000);
      const baseUrl = app.baseUrl;
      const context: BrowserContext = await browser.newContext({
        baseURL: baseUrl,
        viewport: DESKTOP,
        extraHTTPHeaders,
        acceptDownloads: true,
        // The cookie banner is answered already, as on the shared app.
        storageState: {
          cookies: [],
          origins: [
            {
              origin: baseUrl,
              localStorage: [
                { name: 'cookieConsent', value: 'accepted' },
                { name: 'cookieConsentDate', value: '2026-01-01T00:00:00.000Z' },
              ],
            },
          ],
        },
      });
      try {
        const page = await context.newPage();
        await signIn(page.request, baseUrl, E2E_USERS.admin);
        const owner = apiClient(page.request, baseUrl);
        const overview = (await (await page.request.get('/api/admin/backups')).json()) as BackupOverview;
        const restaurant = overview.restaurantName;
        const dish = await buildMenuItem(owner, { name: 'Roast squash soup' });

        // 1. A backup with the soup in it.
        await openBackupPage(page);
        const backup = await downloadFromPage(page, testInfo.outputPath());
        expect(backup.fileName).toMatch(FILE_NAME);

        // 2. The soup is renamed after the backup.
        const renamed = await owner.send('PATCH', `/api/menu/items/${dish.id}`, {
          name: 'Renamed after the backup',
          version: dish.version,
        });
        expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
        const dishName = async () =>
          ((await (await page.request.get(`/api/menu/items/${dish.id}`)).json()) as MenuItem).name;

        // 3. A name that is not the restaurant's, or no password, keeps Restore off.
        const card = page.getByRole('region', { name: 'Restore from a file' });
        const restoreButton = card.getByRole('button', { name: 'Restore from this file' });
        await card.getByLabel('Backup file').setInputFiles(backup.filePath);
        await expect(card.getByText(`${backup.fileName} · `)).toBeVisible();
        const confirmField = card.getByLabel(`Type “${restaurant}” to confirm`);
        const passwordField = card.getByLabel('Your password');
        await passwordField.fill(E2E_USERS.admin.password);
        await confirmField.fill(`${restaurant} nope`);
        await expect(card.getByText("This does not match the restaurant's name yet")).toBeVisible();
        await expect(restoreButton).toBeDisabled();
        await confirmField.fill(restaurant);
        await expect(restoreButton).toBeEnabled();
        await passwordField.fill('');
        await expect(restoreButton).toBeDisabled();
        await expect(passwordField).toHaveAttribute('type', 'password');
        await expect(passwordField).toHaveAttribute('autocomplete', 'current-password');

        // 4. A wrong password is refused beside its field; nothing changes.
        const question = page.getByRole('dialog', { name: 'Replace everything with this backup?' });
        await passwordField.fill(`${E2E_USERS.admin.password}-not`);
        await restoreButton.click();
        await question.getByRole('button', { name: 'Replace everything' }).click();
        await expect(card.getByText('Your password is not correct. Nothing was restored.')).toBeVisible();
        await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
        await expect(card.getByRole('alert')).toBeHidden();
        expect(await dishName()).toBe('Renamed after the backup');
        await saveScreenshot(page, testInfo, 'backup-restore-form');
        await page.setViewportSize(PHONE);
        await saveScreenshot(page, testInfo, 'backup-restore-form');
        await page.setViewportSize(DESKTOP);
        // Typing again clears the refusal.
        await passwordField.fill(E2E_USERS.admin.password);
        await expect(passwordField).not.toHaveAttribute('aria-invalid', 'true');

        // 5. A file cut off halfway is refused in the server's words; nothing changes.
        const cutOff = testInfo.outputPath('cut-off.gz');
        await writeFile(cutOff, backup.bytes.subarray(0, Math.floor(backup.bytes.length / 2)));
        await card.getByLabel('Backup file').setInputFiles(cutOff);
        await expect(restoreButton).toBeEnabled();
        await restoreButton.click();
        await expect(question).toContainText('cut-off.gz');
        await question.getByRole('button', { name: 'Replace everything' }).click();
        const refusal = card.getByRole('alert');
        await expect(refusal).toContainText('Nothing was restored.');
        await expect(refusal).toContainText(/incomplete|damaged/);
        expect(await dishName()).toBe('Renamed after the backup');
        await saveScreenshot(page, testInfo, 'backup-refused');
        await page.setViewportSize(PHONE);
        await saveScreenshot(page, testInfo, 'backup-refused');
        await page.setViewportSize(DESKTOP);

        // 6. The real file, with the password: uploaded, checked and restored; the page says what came back.
        await card.getByLabel('Backup file').setInputFiles(backup.filePath);
        await expect(refusal).toBeHidden();
        await restoreButton.click();
        // The request is held until the page has been seen at work.
        let letThrough: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          letThrough = resolve;
        });
        await page.route('**/api/admin/backup/restore', async (route) => {
          await held;
          await route.continue();
        });
        await question.getByRole('button', { name: 'Replace everything' }).click();
        await expect(card.getByRole('status')).toContainText(/Uploading… \d+ %|Checking and restoring…/);
        await expect(card.getByRole('button', { name: 'Restoring...' })).toBeDisabled();
        await saveScreenshot(page, testInfo, 'backup-restoring', { viewportOnly: true });
        letThrough();
        const success = page.getByRole('region', { name: 'The backup was restored' });
        await expect(success).toBeVisible({ timeout: 60_000 });
        await expect(success).toContainText(restaurant);
        await expect(success).toContainText(/rows in \d+ tables/);
        await expect(success).toContainText(/brigade-backup-.*\.gz/);
        expect(await axeViolations(page)).toEqual([]);
        await saveScreenshot(page, testInfo, 'backup-restored');
        await page.setViewportSize(PHONE);
        await saveScreenshot(page, testInfo, 'backup-restored');
        await page.setViewportSize(DESKTOP);
        // Every session is gone, this one too.
        expect((await page.request.get('/api/admin/backups')).status()).toBe(401);

        // 7. Sign in again: back on the page, the safety backup listed, the soup's name is back.
        await success.getByRole('button', { name: 'Sign in' }).click();
        await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin%2Fbackup$/);
        await signInByForm(page, E2E_USERS.admin);
        await expect(page).toHaveURL(/\/admin\/backup$/);
        const kept = page.getByRole('list', { name: 'Kept backups' }).getByTestId('kept-backup');
        await expect(kept.filter({ hasText: 'Before restore' }).first()).toBeVisible();
        expect(await dishName()).toBe('Roast squash soup');

        // A kept backup asks for the name and the password too before it replaces anything.
        const safety = kept.filter({ hasText: 'Before restore' }).first();
        await safety.getByRole('button', { name: /^Restore / }).click();
        const keptQuestion = page.getByRole('dialog', { name: 'Restore this backup?' });
        const keptReplace = keptQuestion.getByRole('button', { name: 'Replace everything' });
        await keptQuestion.getByLabel(`Type “${restaurant}” to confirm`).fill('someone else');
        await keptQuestion.getByLabel('Your password').fill(E2E_USERS.admin.password);
        await expect(keptReplace).toBeDisabled();
        await keptQuestion.getByLabel(`Type “${restaurant}” to confirm`).fill(restaurant);
        await keptQuestion.getByLabel('Your password').fill('a wrong password');
        await keptReplace.click();
        await expect(
          keptQuestion.getByText('Your password is not correct. Nothing was restored.'),
        ).toBeVisible();
        expect(await dishName()).toBe('Roast squash soup');
        // The dialog is fixed over the page: what the screen shows, not the whole page.
        await saveScreenshot(page, testInfo, 'backup-restore-kept', { viewportOnly: true });
        await page.setViewportSize(PHONE);
        await saveScreenshot(page, testInfo, 'backup-restore-kept', { viewportOnly: true });
        await page.setViewportSize(DESKTOP);
        await keptQuestion.getByRole('button', { name: 'Cancel' }).click();
        await expect(keptQuestion).toBeHidden();
        await saveScreenshot(page, testInfo, 'backup-page');
        await page.setViewportSize(PHONE);
        await saveScreenshot(page, testInfo, 'backup-page');
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
