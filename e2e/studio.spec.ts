import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { HAS_FFMPEG, photoFile, textFile, videoFile, signUpCreatorInBrowser } from './studio-helpers.js';

async function signUpCreator(page: Page, name: string): Promise<void> {
  await signUpCreatorInBrowser(page, name, 'studio');
}

function summaryValue(page: Page, label: string) {
  return page.getByRole('region', { name: 'Summary' }).getByRole('listitem').filter({ hasText: label });
}

async function openTab(page: Page, tab: 'Upload' | 'Content' | 'Profile') {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: tab }).click();
  await expect(page.getByRole('heading', { level: 2, name: tab }).first()).toBeVisible();
}

/** The form's submit button (the sidebar has an Upload tab too). */
function uploadButton(page: Page) {
  return page.locator('form').getByRole('button', { name: 'Upload', exact: true });
}

async function fillUpload(page: Page, item: { title: string; price: string; file: string; adult?: boolean }) {
  await page.getByLabel('Title').fill(item.title);
  await page.getByLabel('Description').fill(`${item.title}, shot in Jaipur`);
  await page.getByLabel('Price (₹)').fill(item.price);
  await page.getByLabel('Photo or video').setInputFiles(item.file);
  if (item.adult === true) await page.getByRole('switch', { name: /18\+/ }).click();
  // Every upload needs the attestation (issue 24 §4).
  await page.getByRole('checkbox', { name: /^I am 18 or older, everyone shown/ }).check();
}

test.describe('the creator studio', () => {
  test('a creator uploads a photo and a video, sees the progress, the Content tab and the counts', async ({
    page,
  }, testInfo) => {
    await signUpCreator(page, 'Priya Sharma');
    await expect(summaryValue(page, 'Total content')).toContainText('0');
    await expect(summaryValue(page, 'Wallet balance')).toContainText('₹0');

    // The browser's own checks, with the spec's words.
    await uploadButton(page).click();
    await expect(page.getByText('Please fill all fields and select a file.').first()).toBeVisible();
    await page.getByLabel('Photo or video').setInputFiles(textFile());
    await expect(page.getByText('Only image and video files are allowed.').first()).toBeVisible();

    await fillUpload(page, { title: 'Holi at the City Palace', price: '499', file: await photoFile() });
    await expect(page.getByRole('img', { name: /^Preview of/ })).toBeVisible();
    await uploadButton(page).click();
    await expect(page.getByText('Upload Successful!').first()).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('');
    await expect(summaryValue(page, 'Total content')).toContainText('1');

    if (HAS_FFMPEG) {
      await fillUpload(page, { title: 'Ghoomar rehearsal', price: '149.50', file: videoFile(), adult: true });
      // A slow uplink, so the bar is seen moving: it is fed by real upload progress.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 50,
        downloadThroughput: 1_000_000,
        uploadThroughput: 60_000,
      });
      await uploadButton(page).click();
      await expect(page.getByRole('button', { name: 'Uploading...' })).toBeVisible();
      const bar = page.getByRole('progressbar');
      await expect(bar).toBeVisible();
      await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.screenshot({ path: testInfo.outputPath('upload-progress.png'), fullPage: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await expect(page.getByText('Upload Successful!').first()).toBeVisible({ timeout: 20_000 });
      await expect(summaryValue(page, 'Total content')).toContainText('2');
    }

    await openTab(page, 'Content');
    const list = page.getByRole('list', { name: 'Your content' });
    const rows = list.locator(':scope > li');
    await expect(rows).toHaveCount(HAS_FFMPEG ? 2 : 1);
    if (HAS_FFMPEG) {
      await expect(rows.first()).toContainText('Ghoomar rehearsal');
      await expect(rows.first()).toContainText('₹149.50');
      await expect(rows.first().getByText('18+', { exact: true })).toBeVisible();
    }
    await expect(rows.last()).toContainText('Holi at the City Palace');
    await expect(rows.last()).toContainText('₹499');
    await page.screenshot({ path: testInfo.outputPath('content-tab.png'), fullPage: true });
  });

  test('a creator edits and deletes an item, and the public page follows', async ({ page }) => {
    await signUpCreator(page, 'Kabir Rao');
    await fillUpload(page, { title: 'Old title', price: '99', file: await photoFile('edit.jpg', 200) });
    await uploadButton(page).click();
    await expect(page.getByText('Upload Successful!').first()).toBeVisible();

    await openTab(page, 'Content');
    await page.getByRole('button', { name: 'Edit “Old title”' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Sunset over Nahargarh');
    await dialog.getByLabel('Price (₹)').fill('129');
    await dialog.getByRole('button', { name: /save/i }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('list', { name: 'Your content' }).locator(':scope > li');
    await expect(row).toContainText('Sunset over Nahargarh');
    await expect(row).toContainText('₹129');

    const handle = await page.evaluate(
      () => JSON.parse(localStorage.getItem('kholo.creator') ?? '{}').handle as string,
    );
    await page.getByRole('button', { name: 'Delete “Sunset over Nahargarh”' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^delete/i })
      .click();
    await expect(page.getByRole('list', { name: 'Your content' })).toBeHidden();
    // The totals are on the first tab's overview (issue 26).
    await openTab(page, 'Upload');
    await expect(summaryValue(page, 'Total content')).toContainText('0');

    await page.goto(`/u/${handle}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kabir Rao' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  test('the Profile tab changes the avatar, name, bio and handle, and the share link follows', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpCreator(page, 'Meera Iyer');
    await openTab(page, 'Profile');

    await page.getByLabel('Change avatar').setInputFiles(textFile('not-a-picture.txt'));
    await expect(page.getByText('Only image files allowed').first()).toBeVisible();

    await page.getByLabel('Change avatar').setInputFiles(await photoFile('avatar.jpg', 300));
    const avatar = page.getByRole('img', { name: 'Your avatar' });
    await expect(avatar).toHaveAttribute('src', /\/api\/creators\/[^/]+\/avatar\?v=/);
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);

    const handle = `meera-${Date.now().toString(36)}`;
    await page.getByLabel('Name', { exact: true }).fill('Meera I.');
    await page.getByLabel('Bio').fill('Block prints and indigo, from Bagru');
    await page.getByLabel('Handle').fill(handle);
    await expect(page.getByText(/is available/i)).toBeVisible();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile updated').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('profile-tab.png'), fullPage: true });
    // The greeting and the share card are the first tab's overview (issue 26).
    await openTab(page, 'Upload');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Meera' })).toBeVisible();
    await expect(page.getByLabel('Your public link')).toHaveValue(`${baseURL}/u/${handle}`);

    await page.getByRole('button', { name: 'Copy link', exact: true }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/u/${handle}?src=link`);

    await page.goto(`/u/${handle}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Meera I.' })).toBeVisible();
    await expect(page.getByText('Block prints and indigo, from Bagru')).toBeVisible();
  });
});
