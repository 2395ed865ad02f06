import { expect } from '@playwright/test';
import { test } from './fixtures.js';
import { emailSentTo } from './outbox.js';
import { uniqueEmail } from './studio-helpers.js';

/** Issue 26 §5: her emails are in the language she chose with the header's switch (ADR 030). */

test.describe('the account’s language', () => {
  test('a fan who switches to Hindi while signed in gets her next email in Hindi, and back', async ({ page }) => {
    const email = uniqueEmail('language');
    // Her own browser session, made from an English browser: the account starts in English.
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { role: 'fan', name: 'Kavita Joshi', email, password: 'chai at hawa mahal' },
      headers: { 'accept-language': 'en-IN,en;q=0.9' },
    });
    expect(signUp.ok()).toBe(true);
    const accountLocale = async () =>
      ((await (await page.request.get('/api/account/data')).json()) as { account: { locale: string } }).account.locale;
    expect(await accountLocale()).toBe('en');

    await page.goto('/purchases');
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'हिन्दी' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect.poll(accountLocale).toBe('hi');

    const reset = await page.request.post('/api/auth/request-password-reset', { data: { email } });
    expect(reset.ok()).toBe(true);
    const hindi = await emailSentTo(email, (eml) => eml.includes('Subject: अपना Kholo पासवर्ड बदलें'));
    expect(hindi).toContain('नमस्ते Kavita,');
    expect(hindi).toContain('<html lang="hi-IN">');

    await banner.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    await expect.poll(accountLocale).toBe('en');
  });
});
