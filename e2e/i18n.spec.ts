import { blockingViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { englishLeftOnPage } from './language-scan.js';
import { snap } from './screenshots.js';

/**
 * Names, not words: the hero illustration's sample creator, and the sample handle in "How it
 * works" (handles are a–z, so a Hindi reader's example is one in Latin letters too).
 */
const SAMPLE_NAMES = ['Ananya', 'Rao', 'A', 'aapkanaam'];

test.describe('a browser that asks for Hindi (ADR 030)', () => {
  test.use({ locale: 'hi-IN' });

  test('gets the landing page in Hindi, with no English left, and it hydrates in Hindi', async ({ page }, testInfo) => {
    await page.goto('/');
    expect(await page.locator('html').getAttribute('lang')).toBe('hi-IN');
    await expect(page).toHaveTitle('Kholo — अपनी फ़ोटो और वीडियो बेचें');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('अपनी फ़ोटो और वीडियो से कमाई करें');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'लॉग इन' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');

    expect(await englishLeftOnPage(page, SAMPLE_NAMES)).toEqual([]);
    expect(await blockingViolations(page)).toEqual([]);
    await snap(page, testInfo, 'landing-hindi');
    await snap(page, testInfo, 'landing-hindi-top', false);

    // Opening an answer starts the app (ADR 027): it hydrates in Hindi (a mismatch is a console
    // error, which fails the test) and the answer is Hindi too.
    const faq = page.getByRole('region', { name: 'अक्सर पूछे जाने वाले सवाल' });
    await faq.getByRole('button', { name: 'मुझे पैसा कैसे और कब मिलता है?' }).click();
    await expect(page.getByRole('region', { name: 'मुझे पैसा कैसे और कब मिलता है?' })).toContainText('Kholo वॉलेट');
    expect(await englishLeftOnPage(page, SAMPLE_NAMES)).toEqual([]);
  });

  test('the tagline turns through the Hindi phrases before the app runs', async ({ page }) => {
    // On the page's own clock, moved by hand, as in landing.spec.ts: a busy machine delays real timers.
    await page.clock.install();
    await page.goto('/');
    const active = page.getByTestId('rotating-tagline').locator('[data-state="active"]');
    await expect(active).toHaveText('अपनी फ़ोटो');
    await page.clock.runFor(2300);
    await expect(active).toHaveText('अपने वीडियो');
    await page.clock.runFor(2200);
    await expect(active).toHaveText('अपनी रील्स');
  });

  test('switching to English changes the page at once and stays English after a reload', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'English' }).click();
    await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(
      'Turn your photos and videos into income',
    );
    expect(await page.locator('html').getAttribute('lang')).toBe('en-IN');
    await expect(header.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('lang', 'hi');

    await page.reload();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-IN');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();

    // And back: Hindi again, remembered too.
    await page.getByRole('banner').getByRole('button', { name: 'हिन्दी' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'लॉग इन' })).toBeVisible();
    await page.reload();
    expect(await page.locator('html').getAttribute('lang')).toBe('hi-IN');
  });

  test('the 404 page is Hindi too, with no English left', async ({ page }, testInfo) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('अरे! यह पेज नहीं मिला');
    expect(await englishLeftOnPage(page)).toEqual([]);
    expect(await blockingViolations(page)).toEqual([]);
    await snap(page, testInfo, 'not-found-hindi');
  });
});

test.describe('a browser that asks for English', () => {
  test.use({ locale: 'en-IN' });

  test('gets English, and the scan finds the English it should', async ({ page }) => {
    await page.goto('/');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-IN');
    // The scan must be able to fail: on the English page it finds English.
    const left = await englishLeftOnPage(page, SAMPLE_NAMES);
    expect(left.map((entry) => entry.word)).toEqual(expect.arrayContaining(['Login', 'Turn', 'income']));
  });
});
