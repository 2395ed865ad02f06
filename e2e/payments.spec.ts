import fs from 'node:fs';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { emailSentTo } from './outbox.js';
import {
  card,
  completeTestCheckout,
  creatorShare,
  logInInFanDialog,
  orderIdIn,
  pauseClockNow,
  rupees,
  signUpFan,
  unlockDialog,
} from './payment-helpers.js';
import { seedCreator } from './studio-helpers.js';

/** /payment-success waits 5 s before its first question to the server (SPEC §7); then allow a few more. */
const VERIFY_TIMEOUT = 15_000;

const SUCCESS_HEADING = 'Payment successful';
const FAILURE_TEXTS = [
  'There was a problem unlocking your content.',
  'The payment was not completed.',
  'Please contact support if you were charged but did not get access.',
];

/**
 * Saves and attaches a screenshot. Full page, except for a modal dialog: a full-page capture
 * draws the fixed backdrop and header where the scrolled viewport was, not where a person sees them.
 */
async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Reads the file a download saved and answers its size. */
async function downloadedBytes(page: Page, click: () => Promise<void>): Promise<{ name: string; size: number }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), size: fs.statSync(file).size };
}

test.describe('paying for an item', () => {
  // Each purchase waits as the product does: 5 s before the first check, 1.5 s before moving on.
  test.describe.configure({ timeout: 60_000 });

  test('a visitor logs in from Unlock, pays by UPI on the test checkout, gets the item and downloads it', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { handle, ids } = await seedCreator(baseURL!, 'Ananya Rathore', [
      { title: 'Amber Fort at dawn', pricePaise: 149_00 },
    ]);
    const fan = await signUpFan(baseURL!, 'Rohan Mehta');
    const contentId = ids[0]!;

    await page.goto(`/u/${handle}`);
    const item = card(page, 'Amber Fort at dawn');
    await item.getByRole('button', { name: 'Unlock for ₹149' }).click();
    await logInInFanDialog(page, fan);

    const dialog = unlockDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Amber Fort at dawn')).toBeVisible();
    await expect(dialog.getByText('Ananya Rathore')).toBeVisible();
    await expect(dialog.getByText('₹149', { exact: true })).toBeVisible();
    await expect(dialog.getByText('UPI, cards and net banking')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    // The dialog answers the login; no 'Welcome back' toast sits over its buttons on a phone.
    await expect(page.getByText(/^Welcome back/)).toHaveCount(0);
    await screenshot(page, testInfo, 'unlock-dialog', false);

    // Hold the order request so the busy button can be seen, then let it through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/payment/order', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Pay ₹149' }).click();
    await expect(dialog.getByRole('button', { name: 'Processing...' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();

    // The simulator's hosted checkout, standing in for Cashfree's.
    await expect(page).toHaveURL(/\/__simulator\/checkout\?payment_session_id=/);
    await expect(page.getByText('₹149').first()).toBeVisible();
    await screenshot(page, testInfo, 'simulator-checkout');
    await completeTestCheckout(page, 'UPI', 'Pay');
    expect(new URL(page.url()).searchParams.get('contentId')).toBe(contentId);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeVisible();

    await expect(page.getByRole('heading', { level: 1, name: SUCCESS_HEADING })).toBeVisible({
      timeout: VERIFY_TIMEOUT,
    });
    await expect(page).toHaveURL(`/content/${contentId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Amber Fort at dawn' })).toBeVisible();
    await expect(page.getByText('Unlocked (14d left)')).toBeVisible();
    const media = page.getByRole('img', { name: 'Amber Fort at dawn', exact: true });
    await expect(media).toHaveAttribute('src', new RegExp(`/api/contents/${contentId}/media`));
    await expect.poll(() => media.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(800);

    const fromContentPage = await downloadedBytes(page, () => page.getByRole('button', { name: 'Download' }).click());
    expect(fromContentPage.name).toMatch(/\.jpe?g$/);
    expect(fromContentPage.size).toBeGreaterThan(1000);

    await page.goto(`/u/${handle}`);
    await expect(item.getByText('Unlocked (14d left)')).toBeVisible();
    await expect(item.getByRole('button', { name: /^Unlock for/ })).toHaveCount(0);
    const fromCard = await downloadedBytes(page, () => item.getByRole('button', { name: 'Download' }).click());
    expect(fromCard).toEqual(fromContentPage);

    // After a reload too: the server, not a cached answer, says the item is held.
    await page.reload();
    await expect(item.getByText('Unlocked (14d left)')).toBeVisible();
  });

  test('a failed payment shows the failure texts and the item stays locked', async ({ page, baseURL }, testInfo) => {
    const { handle } = await seedCreator(baseURL!, 'Kabir Joshi', [
      { title: 'Blue city rooftops', pricePaise: 299_00 },
    ]);
    const fan = await signUpFan(baseURL!, 'Meera Nair');

    await page.goto(`/u/${handle}`);
    await card(page, 'Blue city rooftops').getByRole('button', { name: 'Unlock for ₹299' }).click();
    await logInInFanDialog(page, fan);
    await unlockDialog(page).getByRole('button', { name: 'Pay ₹299' }).click();
    await completeTestCheckout(page, 'Card', 'Fail payment');

    const status = page.getByRole('status').filter({ hasText: FAILURE_TEXTS[0]! });
    await expect(status).toBeVisible({ timeout: VERIFY_TIMEOUT });
    for (const text of FAILURE_TEXTS) await expect(status.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page.getByRole('main').getByRole('link', { name: 'support@kholo.in' })).toHaveAttribute(
      'href',
      `mailto:support@kholo.in?subject=${encodeURIComponent(`Payment for order ${orderIdIn(page)}`)}`,
    );
    await screenshot(page, testInfo, 'payment-failed');

    // The page offers the way back to pay again; the item is still locked there.
    await page.getByRole('link', { name: 'Try the payment again' }).click();
    await expect(page.getByText('You have not unlocked this content yet. Please purchase to access.')).toBeVisible();
    await page.goto(`/u/${handle}`);
    const item = card(page, 'Blue city rooftops');
    await expect(item.getByRole('button', { name: 'Unlock for ₹299' })).toBeVisible();
    await expect(item.getByText('Locked', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Download' })).toHaveCount(0);
  });

  test("after a sale the creator's dashboard shows balance and earnings up by the price less the 5% fee", async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    // ₹1,499.50: the fee (₹74.975) rounds down to ₹74.97, so the creator gets ₹1,424.53.
    const pricePaise = 1_499_50;
    const creator = await seedCreator(baseURL!, 'Priya Sharma', [{ title: 'Hawa Mahal windows', pricePaise }]);
    const fan = await signUpFan(baseURL!, 'Arjun Mehta');

    const { page: creatorPage, done } = await signedInCreatorPage(browser, baseURL!, testInfo, creator);
    const summary = (label: string) =>
      creatorPage.getByRole('region', { name: 'Summary' }).getByRole('listitem').filter({ hasText: label });
    await expect(summary('Wallet balance')).toContainText('₹0');
    await expect(summary('Total earnings')).toContainText('₹0');
    await expect(summary('Total content')).toContainText('1');

    await page.goto(`/u/${creator.handle}`);
    await card(page, 'Hawa Mahal windows').getByRole('button', { name: 'Unlock for ₹1,499.50' }).click();
    await logInInFanDialog(page, fan);
    await unlockDialog(page).getByRole('button', { name: 'Pay ₹1,499.50' }).click();
    await completeTestCheckout(page, 'Net banking', 'Pay');
    await expect(page).toHaveURL(/\/content\//, { timeout: VERIFY_TIMEOUT });

    const share = rupees(creatorShare(pricePaise));
    expect(share).toBe('₹1,424.53');
    await creatorPage.reload();
    await expect(summary('Wallet balance')).toContainText(share);
    await expect(summary('Total earnings')).toContainText(share);
    await expect(summary('Total content')).toContainText('1');
    await creatorPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Content' }).click();
    const row = creatorPage.getByRole('listitem').filter({ hasText: 'Hawa Mahal windows' });
    await expect(row.getByText('1 unlock', { exact: true })).toBeVisible();
    await expect(row.getByText(`${share} earned`)).toBeVisible();
    await done();
  });

  test('the success state says until when, then opens the item after 1.5 s', async ({ page, baseURL }, testInfo) => {
    const { handle, ids } = await seedCreator(baseURL!, 'Neha Gupta', [
      { title: 'Chand Baori steps', pricePaise: 249_00 },
    ]);
    const fan = await signUpFan(baseURL!, 'Kavya Reddy');
    // The product's own waits (5 s, then 1.5 s) run on a clock the test moves, so the short
    // success state can be looked at and its timing checked.
    await page.clock.install();

    await page.goto(`/u/${handle}`);
    await card(page, 'Chand Baori steps').getByRole('button', { name: 'Unlock for ₹249' }).click();
    await logInInFanDialog(page, fan);
    await unlockDialog(page).getByRole('button', { name: 'Pay ₹249' }).click();
    await completeTestCheckout(page, 'UPI', 'Pay');
    await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeVisible();
    await expect(page.getByText('This can take a minute. Please keep this page open.')).toBeVisible();
    await pauseClockNow(page);
    await screenshot(page, testInfo, 'payment-confirming');

    await page.clock.runFor(5_000);
    await expect(page.getByRole('heading', { level: 1, name: SUCCESS_HEADING })).toBeVisible();
    await expect(page.getByText('Unlocked for 14 days')).toBeVisible();
    await expect(page.getByText(/^Access until \d{1,2} [A-Z][a-z]{2} \d{4}/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open it now' })).toHaveAttribute('href', `/content/${ids[0]!}`);
    await expect(page).toHaveTitle('Payment successful · Kholo');
    await screenshot(page, testInfo, 'payment-success');

    await page.clock.runFor(1_400);
    await expect(page).toHaveURL(/\/payment-success\?/);
    await page.clock.runFor(200);
    await expect(page).toHaveURL(`/content/${ids[0]!}`);
    await page.clock.resume();
    await expect(page.getByText('Unlocked (14d left)')).toBeVisible();
  });

  test('/payment-success without an order id asks the fan to contact support', async ({ page }, testInfo) => {
    await page.goto('/payment-success?contentId=anything');
    await expect(page.getByText('Missing order ID. Please contact support.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'support@kholo.in' })).toBeVisible();
    await screenshot(page, testInfo, 'payment-missing-order');
  });

  test('Cancel closes the dialog with no order, and a double click on Pay makes one order', async ({
    page,
    baseURL,
  }) => {
    const { handle, api } = await seedCreator(baseURL!, 'Sara Khan', [
      { title: 'Stepwell geometry', pricePaise: 199_00 },
    ]);
    const fan = await signUpFan(baseURL!, 'Ishaan Verma');
    const orders: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/payment/order')
        orders.push(request.url());
    });

    await page.goto(`/u/${handle}`);
    const item = card(page, 'Stepwell geometry');
    await item.getByRole('button', { name: 'Unlock for ₹199' }).click();
    await logInInFanDialog(page, fan);
    const dialog = unlockDialog(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(item.getByRole('button', { name: 'Unlock for ₹199' })).toBeFocused();
    expect(orders).toEqual([]);
    // Nothing was charged: the creator's totals did not move.
    const totals = (await (await api.get('/api/studio/contents')).json()) as {
      summary: { walletBalancePaise: number; earningsPaise: number };
    };
    expect(totals.summary).toMatchObject({ walletBalancePaise: 0, earningsPaise: 0 });

    // Signed in now, Unlock opens the dialog at once.
    await item.getByRole('button', { name: 'Unlock for ₹199' }).click();
    await dialog.getByRole('button', { name: 'Pay ₹199' }).dblclick();
    await expect(page).toHaveURL(/\/__simulator\/checkout\?payment_session_id=/);
    expect(orders).toHaveLength(1);
  });

  test("the fan's receipt email names the item, the creator, the amount and the order id", async ({
    page,
    baseURL,
  }) => {
    const { handle } = await seedCreator(baseURL!, 'Vikram Rao', [{ title: 'Pushkar camel fair', pricePaise: 99_00 }]);
    const fan = await signUpFan(baseURL!, 'Diya Kapoor');

    await page.goto(`/u/${handle}`);
    await card(page, 'Pushkar camel fair').getByRole('button', { name: 'Unlock for ₹99' }).click();
    await logInInFanDialog(page, fan);
    await unlockDialog(page).getByRole('button', { name: 'Pay ₹99' }).click();
    await completeTestCheckout(page, 'UPI', 'Pay');
    const orderId = orderIdIn(page);

    const receipt = await emailSentTo(fan.email, (eml) => eml.includes(orderId));
    expect(receipt).toContain('Item: Pushkar camel fair');
    expect(receipt).toContain('Creator: Vikram Rao');
    expect(receipt).toContain('Amount paid: ₹99');
    expect(receipt).toContain(`Order ID: ${orderId}`);
    expect(receipt).toContain('Hello Diya,');
  });
});

let creatorAddress = 0;

/**
 * The creator, logged in through the header's Login in a browser context of their own, with the
 * same console-error watch the fixtures give `page`: `done()` closes it and checks.
 */
async function signedInCreatorPage(
  browser: Browser,
  baseURL: string,
  testInfo: TestInfo,
  creator: { email: string; password: string },
): Promise<{ page: Page; done: () => Promise<void> }> {
  creatorAddress += 1;
  const context = await browser.newContext({
    baseURL,
    viewport: testInfo.project.use.viewport ?? null,
    extraHTTPHeaders: { 'x-forwarded-for': `10.251.${testInfo.workerIndex % 250}.${(creatorAddress % 250) + 1}` },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome back' });
  await dialog.getByLabel('Email').fill(creator.email);
  await dialog.getByLabel('Password', { exact: true }).fill(creator.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
  return {
    page,
    done: async () => {
      await context.close();
      expect(errors, "the creator's browser reported errors").toEqual([]);
    },
  };
}
