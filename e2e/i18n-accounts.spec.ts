import type { Page, TestInfo } from '@playwright/test';
import { blockingViolations } from './axe.js';
import { E2E_LEGAL } from './e2e-env.js';
import { expect, test } from './fixtures.js';
import { englishLeftOnPage } from './language-scan.js';
import { snap } from './screenshots.js';
import { CREATOR_PASSWORD, seedCreator, uniqueEmail } from './studio-helpers.js';
import { scrollsSideways } from './wallet-helpers.js';

/**
 * The account, help and trust screens in a Hindi browser (ADR 030): Join and Login (and the
 * forms behind them), a creator signing up, the reset-password page, Contact Us with its errors,
 * the Grievance Officer page, the Report dialog, Your data and the unsubscribe page. Each is
 * scanned for English left, checked with axe and for sideways scroll, and photographed at 360
 * and 1280 px.
 */

/** The landing page behind the dialogs: its sample creator and handle (as in i18n.spec.ts). */
const LANDING_NAMES = ['Ananya', 'Rao', 'A', 'aapkanaam'];

/** What the operator configured (e2e-env.ts): a person's and a company's names and addresses. */
const LEGAL_NAMES = [E2E_LEGAL.GRIEVANCE_OFFICER_NAME, E2E_LEGAL.COMPANY_LEGAL_NAME, E2E_LEGAL.COMPANY_ADDRESS]
  .join(' ')
  .replaceAll('\\n', ' ')
  .split(/[^A-Za-z]+/)
  .filter(Boolean);

/** The English left on the page, the shell's <head> included (it comes in her language). */
async function englishLeft(page: Page, allow: readonly string[]) {
  return englishLeftOnPage(page, allow);
}

async function checkHindi(page: Page, testInfo: TestInfo, name: string, allow: readonly string[] = []) {
  expect(await englishLeft(page, allow), `${name}: English left`).toEqual([]);
  expect(await blockingViolations(page), name).toEqual([]);
  expect(await scrollsSideways(page), `${name} scrolls sideways`).toBe(false);
  await snap(page, testInfo, `hindi-${name}`, false);
}

test.describe('accounts, help and trust screens in a Hindi browser', () => {
  test.use({ locale: 'hi-IN' });
  test.describe.configure({ timeout: 120_000 });

  test('Login and its forms, Join, a creator signing up, and Your data', async ({ page }, testInfo) => {
    await page.goto('/');
    const header = page.getByRole('banner');

    // Login: the creator dialog, then 'Forgot Password?' and the one-time code.
    await header.getByRole('button', { name: 'लॉग इन' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'फिर से स्वागत है' })).toBeVisible();
    await checkHindi(page, testInfo, 'login', LANDING_NAMES);

    await dialog.getByRole('button', { name: 'पासवर्ड भूल गए?' }).click();
    await expect(dialog.getByRole('heading', { name: 'अपना पासवर्ड रीसेट करें' })).toBeVisible();
    await checkHindi(page, testInfo, 'forgot-password', LANDING_NAMES);
    await dialog.getByRole('button', { name: 'वापस लॉग इन पर' }).click();

    await dialog.getByRole('button', { name: 'इसकी जगह ईमेल पर कोड भेजें' }).click();
    await expect(dialog.getByRole('heading', { name: 'कोड से लॉग इन करें' })).toBeVisible();
    await checkHindi(page, testInfo, 'code-login', LANDING_NAMES);
    await dialog.getByRole('button', { name: 'उससे लॉग इन करें' }).click();
    await dialog.getByRole('button', { name: 'फ़ैन लॉग इन' }).click();
    await expect(dialog.getByRole('heading', { name: 'कंटेंट अनलॉक करने के लिए लॉग इन करें' })).toBeVisible();
    await checkHindi(page, testInfo, 'fan-login', LANDING_NAMES);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Join: the creator sign-up, its empty-form message, then a real sign-up.
    await header.getByRole('button', { name: 'जुड़ें' }).click();
    await expect(dialog.getByRole('heading', { name: 'Kholo पर बेचना शुरू करें' })).toBeVisible();
    await checkHindi(page, testInfo, 'join', LANDING_NAMES);
    await dialog.getByRole('button', { name: 'अकाउंट बनाएँ' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
    await checkHindi(page, testInfo, 'join-required', LANDING_NAMES);

    const email = uniqueEmail('hindi-creator');
    await dialog.getByLabel('पूरा नाम').fill('मीरा शर्मा');
    await dialog.getByLabel('ईमेल').fill(email);
    await dialog.getByLabel('पासवर्ड', { exact: true }).fill(CREATOR_PASSWORD);
    await dialog.getByRole('button', { name: 'अकाउंट बनाएँ' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Kholo में आपका स्वागत है, मीरा! आपका क्रिएटर अकाउंट तैयार है।')).toBeVisible();

    // Your data, signed in as her, and the delete dialog (left without deleting).
    await page.goto('/account/data');
    await expect(page.getByRole('heading', { level: 1, name: 'आपका डेटा' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await checkHindi(page, testInfo, 'your-data', ['JSON']);
    await page.getByRole('button', { name: 'मेरा अकाउंट डिलीट करें' }).click();
    const deleting = page.getByRole('dialog', { name: 'अपना अकाउंट डिलीट करें?' });
    await expect(deleting.getByLabel('पक्का करने के लिए अपना ईमेल पता लिखें')).toBeFocused();
    await deleting.getByRole('button', { name: 'मेरा अकाउंट डिलीट करें' }).click();
    await expect(deleting.getByLabel('पक्का करने के लिए अपना ईमेल पता लिखें')).toHaveAttribute('aria-invalid', 'true');
    await checkHindi(page, testInfo, 'delete-account', ['JSON']);
  });

  test('the reset-password and unsubscribe pages', async ({ page }, testInfo) => {
    await page.goto(`/reset-password?token=${'a'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'नया पासवर्ड बनाएँ' })).toBeVisible();
    await page.getByLabel('नया पासवर्ड').fill('a long enough sentence');
    await page.getByLabel('पासवर्ड दोबारा लिखें').fill('something else entirely');
    await page.getByRole('button', { name: 'नया पासवर्ड सेव करें' }).click();
    await expect(page.getByText('दोनों पासवर्ड एक जैसे नहीं हैं।')).toBeVisible();
    await checkHindi(page, testInfo, 'reset-password');

    await page.goto('/reset-password?token=short');
    await expect(page.getByRole('heading', { level: 1, name: 'यह रीसेट लिंक अधूरा है' })).toBeVisible();
    await checkHindi(page, testInfo, 'reset-link-incomplete');

    await page.goto('/unsubscribe?token=broken');
    await expect(page.getByRole('heading', { level: 1, name: 'यह लिंक काम नहीं कर रहा' })).toBeVisible();
    await checkHindi(page, testInfo, 'unsubscribe-link-problem');
  });

  test('Contact Us with its errors, and the Grievance Officer page', async ({ page }, testInfo) => {
    await page.goto('/ContactUs');
    await expect(page).toHaveTitle('हमसे संपर्क करें · Kholo');
    await expect(page.getByRole('heading', { level: 1, name: 'हमसे संपर्क करें' })).toBeVisible();
    await checkHindi(page, testInfo, 'contact');
    // The form works once the app has started on the server-rendered page (ADR 027).
    await page.getByRole('button', { name: 'मैसेज भेजें' }).click();
    await expect(page.getByLabel('मैसेज')).toHaveAttribute('aria-invalid', 'true');
    await checkHindi(page, testInfo, 'contact-errors');

    await page.goto('/grievance');
    await expect(page).toHaveTitle('शिकायत अधिकारी · Kholo');
    await expect(page.getByRole('heading', { level: 1, name: 'शिकायत अधिकारी' })).toBeVisible();
    await expect(page.getByText(E2E_LEGAL.GRIEVANCE_OFFICER_NAME)).toBeVisible();
    expect(await englishLeft(page, LEGAL_NAMES), 'grievance: English left').toEqual([]);
    expect(await blockingViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await snap(page, testInfo, 'hindi-grievance');
  });

  test('the Report dialog on a seeded item', async ({ page, baseURL }, testInfo) => {
    const title = 'हवा महल की सुबह';
    const creator = await seedCreator(baseURL ?? '', 'Asha Rao', [{ title }]);
    await creator.api.dispose();

    await page.goto(`/u/${creator.handle}`);
    const card = page.getByRole('article', { name: title, exact: true });
    await card.getByRole('button', { name: `“${title}” की रिपोर्ट करें` }).click();
    const dialog = page.getByRole('dialog', { name: `“${title}” की रिपोर्ट करें` });
    await expect(dialog.getByRole('button', { name: 'बच्चों की सुरक्षा' })).toBeVisible();
    // The seeded creator's name, her initial and handle, and the seed's description ("About <title>").
    const seeded = ['Asha', 'Rao', 'A', 'About', ...creator.handle.split('-')];
    await checkHindi(page, testInfo, 'report-dialog', seeded);

    await dialog.getByRole('button', { name: 'कॉपीराइट या चोरी किया गया कंटेंट' }).click();
    await expect(dialog.getByLabel('ओरिजिनल का लिंक')).toBeFocused();
    await checkHindi(page, testInfo, 'report-copyright', seeded);
    await dialog.getByLabel('ओरिजिनल का लिंक').fill('https://example.in/original');
    await dialog.getByRole('button', { name: 'रिपोर्ट भेजें' }).click();
    // Sent, the dialog is named by the receipt's heading.
    const sent = page.getByRole('dialog').getByRole('heading', { name: /^रिपोर्ट चली गई — टिकट R-/ });
    await expect(sent).toBeFocused();
    // The ticket number is a code (R-7K2Q-M9XA), not words.
    const ticket = /[RGA]-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec((await sent.textContent()) ?? '')?.[0] ?? '';
    expect(ticket).not.toBe('');
    await checkHindi(page, testInfo, 'report-receipt', [...seeded, ...(ticket.match(/[A-Za-z]+/g) ?? [])]);
  });
});
