import type { Page, TestInfo } from '@playwright/test';
import { blockingViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { englishLeftOnPage } from './language-scan.js';
import { codeSentTo, completeTestCheckout } from './payment-helpers.js';
import { snap } from './screenshots.js';
import { seedCreator, uniqueEmail } from './studio-helpers.js';
import { scrollsSideways } from './wallet-helpers.js';

/**
 * The fan's screens in a Hindi browser (ADR 030): a creator's page, a locked item, the unlock
 * dialog with a visitor's email step and the payment step, the test checkout (the simulator's
 * stand-in for Cashfree's page, in English as Cashfree's is), /payment-success with the code,
 * the item unlocked, her library and My purchases. Each is scanned for English left, checked
 * with axe and for sideways scroll, and photographed at 360 and 1280 px.
 */

/**
 * What the journey seeds: the creator's name, its initial (her avatar) and handle (a text node of
 * its own after the "@"), and her items' titles (seedCreator describes each "About …").
 */
const SEEDED = ['Meera', 'Rathore', 'M', 'meera', 'rathore', 'Hawa', 'Mahal', 'Jal', 'About'];
/** Latin words a Hindi page may show here beyond the scan's own list: the payment provider (a brand). */
const ALLOW = [...SEEDED, 'Cashfree'];
/** The UPI apps' names on a phone's payment step (brands). */
const UPI_APPS = ['Google', 'Pay', 'PhonePe', 'Paytm', 'BHIM'];

/** Checks a screen: no English left (the shell's <head> included), axe, no sideways scroll, a photo. */
async function checkHindi(page: Page, testInfo: TestInfo, name: string, allow: readonly string[] = []) {
  expect(await page.locator('html').getAttribute('lang')).toBe('hi-IN');
  expect(await englishLeftOnPage(page, [...ALLOW, ...allow]), `${name}: English left`).toEqual([]);
  expect(await blockingViolations(page), name).toEqual([]);
  expect(await scrollsSideways(page), `${name} scrolls sideways`).toBe(false);
  await snap(page, testInfo, `hindi-fan-${name}`, false);
}

test.describe('the fan’s screens in a Hindi browser', () => {
  test.use({ locale: 'hi-IN' });
  test.describe.configure({ timeout: 150_000 });

  test('a creator’s page, a locked item, the unlock dialog, the test checkout, payment success and My purchases', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { handle, ids } = await seedCreator(baseURL!, 'Meera Rathore', [
      { title: 'Jal Mahal', pricePaise: 5900 },
      { title: 'Hawa Mahal', pricePaise: 4900 },
    ]);
    const hawaMahal = ids[0]!;

    // The creator's page, rendered by the server in Hindi.
    await page.goto(`/u/${handle}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Meera Rathore' })).toBeVisible();
    await expect(page.getByText('Kholo पर क्रिएटर')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'कंटेंट' })).toBeVisible();
    await expect(page.getByRole('button', { name: '₹49 में अनलॉक करें' })).toBeVisible();
    await checkHindi(page, testInfo, 'creator-page');
    await snap(page, testInfo, 'hindi-fan-creator-page-full');

    // The locked item, server-rendered too; the first tap starts the app, which hydrates in Hindi
    // (a mismatch is a console error, which fails the test).
    await page.goto(`/content/${hawaMahal}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hawa Mahal' })).toBeVisible();
    await expect(page.getByText('14 दिन के ऐक्सेस के लिए')).toBeVisible();
    await checkHindi(page, testInfo, 'content-locked');

    await page.getByRole('button', { name: '₹49 में अनलॉक करें' }).click();
    const dialog = page.getByRole('dialog', { name: 'प्रीमियम कंटेंट अनलॉक करें' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('सभी फ़ीस शामिल')).toBeVisible();
    await expect(dialog.getByText(/पेमेंट Cashfree से सुरक्षित/)).toBeVisible();
    // Pay with no email: the rule's words, in Hindi.
    await dialog.getByRole('button', { name: '₹49 का पेमेंट करें' }).click();
    await expect(dialog.getByText('कृपया अपना ईमेल पता लिखें।')).toBeVisible();
    await checkHindi(page, testInfo, 'unlock-dialog');

    const email = uniqueEmail('hindi-fan');
    await dialog.getByLabel('ईमेल').fill(email);
    // Her name as she writes it (otherwise the account menu names her from her address).
    await dialog.getByLabel('आपका नाम (ज़रूरी नहीं)').fill('कविता');
    await dialog.getByRole('button', { name: '₹49 का पेमेंट करें' }).click();
    // UPI first: apps on a phone, a QR on a laptop; cards and net banking one tap away.
    const onPhone = testInfo.project.name === 'mobile';
    if (onPhone) {
      await expect(dialog.getByRole('list', { name: 'UPI ऐप' })).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'कोई भी UPI ऐप' })).toBeVisible();
    } else {
      await expect(dialog.getByRole('img', { name: '₹49 के लिए UPI QR कोड' })).toBeVisible();
      await expect(dialog.getByRole('timer')).toHaveText(/में एक्सपायर होगा$/);
    }
    await expect(dialog.getByText(email)).toBeVisible();
    await checkHindi(page, testInfo, 'pay-step', onPhone ? UPI_APPS : []);

    // The test checkout stands in for Cashfree's hosted page (English, as Cashfree's is).
    await dialog.getByRole('button', { name: 'कार्ड और नेट बैंकिंग' }).click();
    await completeTestCheckout(page, 'UPI', 'Pay');

    // Back on /payment-success: paid, and the code from her email opens the item.
    await expect(page.getByRole('heading', { level: 1, name: 'पेमेंट सफल रहा' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('14 दिन के लिए अनलॉक')).toBeVisible();
    await checkHindi(page, testInfo, 'payment-success');
    await page.getByLabel('6 अंकों का कोड').fill(await codeSentTo(email));
    await expect(page).toHaveURL(`/content/${hawaMahal}`);
    await expect(page.getByText('अनलॉक (14 दिन बाक़ी)').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'डाउनलोड करें' })).toBeVisible();
    await checkHindi(page, testInfo, 'content-unlocked');

    // Signed in now: her library at /, and My purchases with the order.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'आपकी लाइब्रेरी' })).toBeVisible();
    await expect(page.getByText('14 दिन बाक़ी')).toBeVisible();
    await checkHindi(page, testInfo, 'library');

    await page.goto('/purchases');
    await expect(page.getByRole('heading', { level: 1, name: 'मेरी ख़रीदारी' })).toBeVisible();
    const orders = page.getByRole('list', { name: 'आपके ऑर्डर' });
    await expect(orders.getByRole('link', { name: 'Hawa Mahal की रसीद' })).toBeVisible();
    await expect(orders.getByText('स्थिति: अनलॉक', { exact: true })).toBeVisible();
    await checkHindi(page, testInfo, 'purchases');

    await orders.getByRole('button', { name: 'Hawa Mahal के बारे में शिकायत करें' }).click();
    await expect(page.getByRole('dialog', { name: 'शिकायत करें' })).toBeVisible();
    await checkHindi(page, testInfo, 'report-problem');
    await page.getByRole('dialog').getByRole('button', { name: 'रद्द करें' }).click();

    await orders.getByRole('link', { name: 'Hawa Mahal की रसीद' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'रसीद' })).toBeVisible();
    // The order's and the payment's ids are codes, not words (the order's is in the title too).
    const codes = (await page.locator('dd .font-mono').allTextContents()).join(' ');
    const codeWords = codes.split(/[^A-Za-z]+/).filter(Boolean);
    await checkHindi(page, testInfo, 'receipt', codeWords);
  });

  test('the scan finds English on the same page in an English browser (it can fail)', async ({ browser, baseURL }) => {
    const { handle } = await seedCreator(baseURL!, 'Meera Rathore', [{ title: 'Hawa Mahal' }]);
    const context = await browser.newContext({ locale: 'en-IN' });
    const page = await context.newPage();
    await page.goto(`${baseURL!}/u/${handle}`);
    await expect(page.getByRole('button', { name: 'Unlock for ₹49' })).toBeVisible();
    const left = (await englishLeftOnPage(page, ALLOW)).map((entry) => entry.word);
    expect(left).toEqual(expect.arrayContaining(['Content', 'Unlock', 'Copy', 'link']));
    await context.close();
  });
});
