import type { Page, TestInfo } from '@playwright/test';
import { blockingViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { photoFile, uniqueEmail } from './studio-helpers.js';

const TITLE = 'We have updated our Terms and Privacy Policy';
const ATTESTATION =
  'I am 18 or older, everyone shown is 18 or older and agreed to be shown, and I own the rights to this.';

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), animations: 'disabled' });
}

/** An account made before the current Terms: /api/me answers as the server does for one (asked again). */
async function askAgain(page: Page): Promise<void> {
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { policies: { needsAcceptance: boolean } | null };
    if (body.policies !== null) body.policies.needsAcceptance = true;
    await route.fulfill({ response, json: body });
  });
}

async function signUpCreator(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Join Now' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('By continuing you agree to the')).toBeVisible();
  await dialog.getByLabel('Full Name').fill('Kavya Nair');
  await dialog.getByLabel('Email').fill(uniqueEmail('consent'));
  await dialog.getByLabel('Password', { exact: true }).fill('jaipur blue pottery');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog).toBeHidden();
}

// At 360 px (the mobile project) and 1280 px (desktop).
test.describe('updated Terms and the upload attestation', () => {
  test('the updated Terms are asked on the next page, survive reading them, and Accept ends it', async ({
    page,
  }, testInfo) => {
    await signUpCreator(page);
    await askAgain(page);
    await page.reload();
    const dialog = page.getByRole('dialog', { name: TITLE });
    await expect(dialog).toBeVisible();
    await shot(page, testInfo, 'consent-dialog');
    expect(await blockingViolations(page)).toEqual([]);

    await dialog.getByRole('link', { name: /Terms and Conditions/ }).click();
    await expect(page).toHaveURL(/\/TermsAndConditions$/);
    const bar = page.getByRole('region', { name: TITLE });
    await expect(bar).toBeVisible();
    await shot(page, testInfo, 'consent-bar');

    await page.unroute('**/api/me');
    await bar.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(bar).toBeHidden();
  });

  test('the upload form asks for the attestation, unticked, with the error at the box', async ({ page }, testInfo) => {
    await signUpCreator(page);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Upload' }).click();
    await page.getByLabel('Title').fill('Backwaters at dawn');
    await page.getByLabel('Description').fill('Alleppey, 6 am');
    await page.getByLabel('Price (₹)').fill('299');
    await page.getByLabel('Photo or video').setInputFiles(await photoFile('consent.jpg'));
    const box = page.getByRole('checkbox', { name: ATTESTATION });
    await expect(box).not.toBeChecked();
    await page.locator('form').getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toBeFocused();
    await box.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'upload-attestation-error');
    expect(await blockingViolations(page)).toEqual([]);
    await box.check();
    await page.locator('form').getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText('Upload Successful!').first()).toBeVisible();
  });
});
