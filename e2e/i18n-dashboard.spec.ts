import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { blockingViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { englishLeftOnPage } from './language-scan.js';
import { snap } from './screenshots.js';
import { CREATOR_PASSWORD, photoFile, uniqueEmail } from './studio-helpers.js';
import { buyThroughSimulator, scrollsSideways } from './wallet-helpers.js';

/**
 * The creator dashboard in a Hindi browser (ADR 030, issue 26 §5): every tab, the upload form
 * with a photo chosen and its validation error, the QR dialog and the withdraw form, each scanned
 * for English left, checked with axe, and photographed at 360 and 1280 px.
 */

const NAME = 'Meera Rathore';
/** Her name, and words Hindi writes in Latin letters too on these screens. */
const ALLOWED = [
  'Meera',
  'Rathore',
  // Her initial, in the header's account button.
  'M',
  // File formats and units.
  'JPG',
  'JPEG',
  'PNG',
  'WebP',
  'GIF',
  'HEIC',
  // MP4 (the scan reads letters only).
  'MP',
  'MOV',
  'WebM',
  'Ogg',
  'KB',
  'CSV',
  // UPI apps, and the sample PAN in its hint and placeholder.
  'GPay',
  'PhonePe',
  'Paytm',
  'ABCDE',
  'F',
];

const ITEM_TITLE = 'हवा महल की सुबह';

test.describe.configure({ timeout: 120_000 });
test.use({ locale: 'hi-IN' });

/** The English left on the dashboard, the shell's <head> included (it comes in her language). */
async function englishLeft(page: Page) {
  return englishLeftOnPage(page, ALLOWED);
}

async function expectAllHindi(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  expect(await englishLeft(page), `${name}: English left`).toEqual([]);
  expect(await blockingViolations(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);
  await snap(page, testInfo, name, fullPage);
}

function tab(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'डैशबोर्ड' }).getByRole('button', { name, exact: true });
}

function panel(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test('a Hindi creator goes through every tab of her dashboard and finds no English', async ({
  page,
  baseURL,
}, testInfo) => {
  // She signs up in this (Hindi) browser, adds an item, and a fan buys it: the wallet has money
  // to withdraw and Analytics has a sale to chart.
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { role: 'creator', name: NAME, email: uniqueEmail('hindi-creator'), password: CREATOR_PASSWORD },
  });
  expect(signUp.ok()).toBe(true);
  const photo = await photoFile('hawa-mahal.jpg', 30);
  const upload = await page.request.post('/api/studio/contents', {
    multipart: {
      title: ITEM_TITLE,
      description: 'सुबह की पहली धूप में हवा महल',
      pricePaise: '99900',
      isAdultContent: 'false',
      attested: 'true',
      file: { name: path.basename(photo), mimeType: 'image/jpeg', buffer: fs.readFileSync(photo) },
    },
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  await buyThroughSimulator(baseURL!, id);

  // The overview and the Upload tab.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'नमस्ते, Meera' })).toBeVisible();
  // The shell starts in English and the app sets the language it renders in.
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page).toHaveTitle('क्रिएटर डैशबोर्ड · Kholo');
  await expect(page.getByRole('heading', { name: 'अपना पेज तैयार करें' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'सारांश' })).toContainText('कुल कमाई');
  await expect(page.getByRole('region', { name: 'सारांश' })).toContainText('₹');
  await expectAllHindi(page, testInfo, 'dashboard-hindi');

  // A photo chosen, then Upload without a title or price: the errors are Hindi too.
  const uploadPanel = panel(page, 'अपलोड');
  await uploadPanel.getByLabel('फ़ोटो या वीडियो').setInputFiles(photo);
  await expect(uploadPanel.getByRole('img', { name: 'hawa-mahal.jpg की झलक' })).toBeVisible();
  await uploadPanel.getByRole('button', { name: 'अपलोड करें' }).click();
  await expect(uploadPanel.getByRole('alert')).toContainText('कृपया सभी फ़ील्ड भरें');
  await expectAllHindi(page, testInfo, 'dashboard-upload-error-hindi');

  // The QR code of her link.
  await page.getByRole('button', { name: 'QR कोड' }).first().click();
  const qr = page.getByRole('dialog');
  await expect(qr).toBeVisible();
  await expect(qr.getByRole('img').first()).toBeVisible();
  await expectAllHindi(page, testInfo, 'dashboard-qr-hindi', false);
  await page.keyboard.press('Escape');
  await expect(qr).toBeHidden();

  // Content: her item with its numbers and share buttons.
  await tab(page, 'कंटेंट').click();
  await expect(panel(page, 'कंटेंट').getByRole('heading', { name: ITEM_TITLE })).toBeVisible();
  await expect(panel(page, 'कंटेंट')).toContainText('1 अनलॉक');
  await expectAllHindi(page, testInfo, 'dashboard-content-hindi');

  // Analytics: the sale in the totals and the chart.
  await tab(page, 'आँकड़े').click();
  const analytics = panel(page, 'आँकड़े');
  await expect(analytics.getByRole('group', { name: 'समय' })).toBeVisible();
  await expect(analytics.getByRole('figure', { name: /^हर दिन की कमाई/ })).toBeVisible();
  await expect(analytics.getByRole('link', { name: 'बिक्री डाउनलोड करें (CSV)' })).toBeVisible();
  await expectAllHindi(page, testInfo, 'dashboard-analytics-hindi');

  // Wallet: the balance, where to be paid, the history; then the withdraw form.
  await tab(page, 'वॉलेट').click();
  const wallet = panel(page, 'वॉलेट');
  await expect(wallet.getByRole('heading', { name: 'हम आपको पैसा कहाँ भेजें?' })).toBeVisible();
  await expect(wallet.getByRole('list', { name: 'वॉलेट का हिसाब' })).toContainText(ITEM_TITLE);
  await expectAllHindi(page, testInfo, 'dashboard-wallet-hindi');
  await wallet.getByRole('button', { name: 'UPI पर निकालें' }).click();
  const withdraw = page.getByRole('dialog', { name: 'UPI पर निकालें' });
  await expect(withdraw.getByRole('textbox', { name: 'आपकी UPI ID' })).toBeVisible();
  await expect(withdraw).toContainText('आप अपना पूरा बैलेंस निकालेंगे');
  await expectAllHindi(page, testInfo, 'dashboard-withdraw-hindi', false);
  await withdraw.getByRole('button', { name: 'रद्द करें' }).click();
  await expect(withdraw).toBeHidden();

  // Profile.
  await tab(page, 'प्रोफ़ाइल').click();
  await expect(panel(page, 'प्रोफ़ाइल').getByRole('textbox', { name: 'नाम' })).toHaveValue(NAME);
  await expectAllHindi(page, testInfo, 'dashboard-profile-hindi');
});
