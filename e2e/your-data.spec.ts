import { readFile } from 'node:fs/promises';
import { blockingViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { logInInFanDialog, signUpFan } from './payment-helpers.js';

test.describe('your data', () => {
  test('a fan downloads her data and deletes her account', async ({ page, baseURL }, testInfo) => {
    const fan = await signUpFan(baseURL!, 'Ananya Rao');

    // Signed out, the page asks her to log in; she does, from there.
    await page.goto('/account/data');
    await page.getByRole('button', { name: 'Log in' }).click();
    await logInInFanDialog(page, fan);

    // The way she finds it: the menu under her name.
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: /^Signed in as / }).click();
    await header.getByRole('link', { name: 'Your data' }).click();
    await expect(page).toHaveURL('/account/data');
    await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
    await expect(page.getByText(fan.email)).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('your-data.png'), fullPage: true });

    // A real download: a dated JSON file with her account in it.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kholo-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      account: { email: string; roles: string[] };
      thirdParties: unknown[];
    };
    expect(file.account).toMatchObject({ email: fan.email, roles: ['fan'] });
    expect(file.thirdParties.length).toBeGreaterThan(0);

    // Delete: the dialog says what happens and what stays, and wants her email.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'What stays, and why' })).toBeVisible();
    const email = dialog.getByLabel('Type your email address to confirm');
    await expect(email).toBeFocused();
    expect(await blockingViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('delete-dialog.png') });

    await email.fill('not-me@example.in');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(email).toHaveAccessibleDescription(/not the email address of this account/);
    expect(await blockingViolations(page)).toEqual([]);

    await email.fill(fan.email);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('deleted.png') });

    // Her password opens nothing any more.
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email: fan.email, password: fan.password, role: 'fan' },
    });
    expect(signIn.status()).toBe(401);
  });
});
