import fs from 'node:fs';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { emailSentTo } from './outbox.js';
import {
  card,
  codeSentTo,
  completeTestCheckout,
  creatorShare,
  giveEmail,
  logInFromUnlockDialog,
  openHostedCheckout,
  orderIdIn,
  pauseClockNow,
  payDialogOrder,
  rupees,
  signUpFan,
  unlockDialog,
} from './payment-helpers.js';
import { seedCreator, uniqueEmail } from './studio-helpers.js';

/**
 * /payment-success asks at once and backs off while pending; the open dialog asks every 3 s.
 * Allow for a busy machine.
 */
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
  // Each purchase waits as the product does: up to 3 s for the dialog's next check, 1.5 s before moving on.
  test.describe.configure({ timeout: 60_000 });

  test('a visitor logs in from the unlock dialog, pays in her UPI app, gets the item and downloads it', async ({
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
    // A visitor is asked only for her email (ADR 022); she has an account, and logs in from the
    // dialog instead (SPEC §4), which then opens again for the same item.
    const dialog = unlockDialog(page);
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(dialog.getByLabel('Your name (optional)')).toBeVisible();
    await screenshot(page, testInfo, 'unlock-dialog-visitor', false);
    await logInFromUnlockDialog(page, fan);

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

    // The payment step: UPI first (her apps on a phone, a QR on a laptop), cards a tap away.
    await expect(dialog.getByRole('button', { name: 'Cards and net banking' })).toBeVisible();
    await expect(dialog.getByText('Waiting for your payment. This updates by itself.')).toBeVisible();
    await screenshot(page, testInfo, 'unlock-pay-step', false);
    await payDialogOrder(page, '₹149', { upiApp: 'Pay', app: 'PhonePe' });

    // Back in the browser, the dialog has seen the payment by itself, and opens the item.
    await expect(dialog.getByText('Paid', { exact: true })).toBeVisible({ timeout: VERIFY_TIMEOUT });
    await expect(dialog.getByText('Unlocked for 14 days. Taking you to it now…')).toBeVisible();
    await expect(page).toHaveURL(`/content/${contentId}`);
    await expect(dialog).toBeHidden();
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

  test('a declined payment says so in the dialog and, after a failed card, shows the failure texts; the item stays locked', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { handle } = await seedCreator(baseURL!, 'Kabir Joshi', [
      { title: 'Blue city rooftops', pricePaise: 299_00 },
    ]);

    await page.goto(`/u/${handle}`);
    await card(page, 'Blue city rooftops').getByRole('button', { name: 'Unlock for ₹299' }).click();
    const dialog = unlockDialog(page);
    await giveEmail(page, uniqueEmail('meera'), 'Meera Nair');
    await dialog.getByRole('button', { name: 'Pay ₹299' }).click();

    // Her UPI app declines: the dialog says so in the spec's words, and she may try again.
    await payDialogOrder(page, '₹299', { upiApp: 'Decline' });
    await expect(dialog.getByRole('alert').filter({ hasText: FAILURE_TEXTS[1]! })).toBeVisible({
      timeout: VERIFY_TIMEOUT,
    });
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(dialog.getByText('Paid', { exact: true })).toHaveCount(0);
    await screenshot(page, testInfo, 'payment-declined-in-dialog', false);

    // She turns to a card instead, and her bank fails that too.
    await payDialogOrder(page, '₹299', { checkout: 'Card', button: 'Fail payment' });
    const status = page.getByRole('status').filter({ hasText: FAILURE_TEXTS[0]! });
    await expect(status).toBeVisible({ timeout: VERIFY_TIMEOUT });
    for (const text of FAILURE_TEXTS) await expect(status.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByText('Payment cancelled. You were not charged.')).toHaveCount(0);
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
    const email = uniqueEmail('arjun');

    const { page: creatorPage, done } = await signedInCreatorPage(browser, baseURL!, testInfo, creator);
    const summary = (label: string) =>
      creatorPage.getByRole('region', { name: 'Summary' }).getByRole('listitem').filter({ hasText: label });
    await expect(summary('Wallet balance')).toContainText('₹0');
    await expect(summary('Total earnings')).toContainText('₹0');
    await expect(summary('Total content')).toContainText('1');

    await page.goto(`/u/${creator.handle}`);
    await card(page, 'Hawa Mahal windows').getByRole('button', { name: 'Unlock for ₹1,499.50' }).click();
    // A visitor pays by net banking; back from the checkout, the code from her email opens the item.
    await giveEmail(page, email, 'Arjun Mehta');
    await unlockDialog(page).getByRole('button', { name: 'Pay ₹1,499.50' }).click();
    await payDialogOrder(page, '₹1,499.50', { checkout: 'Net banking', button: 'Pay' });
    await expect(page.getByRole('heading', { level: 1, name: SUCCESS_HEADING })).toBeVisible({
      timeout: VERIFY_TIMEOUT,
    });
    await expect(page.getByText(`Enter the code we sent to ${email} to open it.`)).toBeVisible();
    await page.getByLabel('6-digit code').fill(await codeSentTo(email));
    await expect(page).toHaveURL(`/content/${creator.ids[0]!}`);
    await expect(page.getByText('Unlocked (14d left)')).toBeVisible();

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

  test('back from the checkout the page checks at once; the success state says until when, then opens the item after 1.5 s', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { handle, ids } = await seedCreator(baseURL!, 'Neha Gupta', [
      { title: 'Chand Baori steps', pricePaise: 249_00 },
    ]);
    const contentId = ids[0]!;
    const fan = await signUpFan(baseURL!, 'Kavya Reddy');
    // The product's own waits (its back-off, then 1.5 s) run on a clock the test moves, so the
    // short success state can be looked at and its timing checked.
    await page.clock.install();

    await page.goto(`/u/${handle}`);
    await card(page, 'Chand Baori steps').getByRole('button', { name: 'Unlock for ₹249' }).click();
    await logInFromUnlockDialog(page, fan);
    await unlockDialog(page).getByRole('button', { name: 'Pay ₹249' }).click();
    await openHostedCheckout(page, '₹249');
    // Hold the return page's questions, so its first state can be seen before the answer.
    const asked: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/payment/verify-payment', async (route) => {
      asked.push(route.request().url());
      await held;
      await route.continue();
    });
    await completeTestCheckout(page, 'UPI', 'Pay');
    expect(new URL(page.url()).searchParams.get('contentId')).toBe(contentId);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeVisible();
    await expect(page.getByText('This can take a minute. Please keep this page open.')).toBeVisible();
    await pauseClockNow(page);
    await screenshot(page, testInfo, 'payment-confirming');
    // No fixed wait any more (ADR 022): the first question went out with the page's clock stood still.
    await expect.poll(() => asked.length).toBe(1);
    release();

    await expect(page.getByRole('heading', { level: 1, name: SUCCESS_HEADING })).toBeVisible();
    await expect(page.getByText('Unlocked for 14 days')).toBeVisible();
    await expect(page.getByText(/^Access until \d{1,2} [A-Z][a-z]{2} \d{4}/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open it now' })).toHaveAttribute('href', `/content/${contentId}`);
    await expect(page).toHaveTitle('Payment successful · Kholo');
    await screenshot(page, testInfo, 'payment-success');

    await page.clock.runFor(1_400);
    await expect(page).toHaveURL(/\/payment-success\?/);
    await page.clock.runFor(200);
    await expect(page).toHaveURL(`/content/${contentId}`);
    await page.clock.resume();
    await expect(page.getByText('Unlocked (14d left)')).toBeVisible();
    expect(asked).toHaveLength(1);
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
    const orders: string[] = [];
    const upiAttempts: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST') return;
      const { pathname } = new URL(request.url());
      if (pathname === '/api/payment/order') orders.push(request.url());
      if (pathname === '/api/payment/upi') upiAttempts.push(request.url());
    });
    /** Nothing was charged: the creator's totals did not move. */
    const expectNothingCharged = async () => {
      const totals = (await (await api.get('/api/studio/contents')).json()) as {
        summary: { walletBalancePaise: number; earningsPaise: number };
      };
      expect(totals.summary).toMatchObject({ walletBalancePaise: 0, earningsPaise: 0 });
    };

    await page.goto(`/u/${handle}`);
    const item = card(page, 'Stepwell geometry');
    await item.getByRole('button', { name: 'Unlock for ₹199' }).click();
    const dialog = unlockDialog(page);
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(item.getByRole('button', { name: 'Unlock for ₹199' })).toBeFocused();
    expect(orders).toEqual([]);
    await expectNothingCharged();

    // With her email now: a double click on Pay makes one order and one UPI attempt.
    await item.getByRole('button', { name: 'Unlock for ₹199' }).click();
    await giveEmail(page, uniqueEmail('ishaan'));
    await dialog.getByRole('button', { name: 'Pay ₹199' }).dblclick();
    await expect(dialog.getByRole('button', { name: 'Cards and net banking' })).toBeVisible();
    expect(orders).toHaveLength(1);
    expect(upiAttempts).toHaveLength(1);

    // Cancel on the payment step closes the dialog too; nothing was paid.
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(item.getByRole('button', { name: 'Unlock for ₹199' })).toBeFocused();
    expect(orders).toHaveLength(1);
    await expectNothingCharged();
  });

  test("the fan's receipt email names the item, the creator, the amount and the order id", async ({
    page,
    baseURL,
  }) => {
    const { handle } = await seedCreator(baseURL!, 'Vikram Rao', [{ title: 'Pushkar camel fair', pricePaise: 99_00 }]);
    const email = uniqueEmail('diya');

    await page.goto(`/u/${handle}`);
    await card(page, 'Pushkar camel fair').getByRole('button', { name: 'Unlock for ₹99' }).click();
    await giveEmail(page, email, 'Diya Kapoor');
    await unlockDialog(page).getByRole('button', { name: 'Pay ₹99' }).click();
    const orderId = await payDialogOrder(page, '₹99', { upiApp: 'Pay', app: 'Any UPI app' });
    // Paid; her code is waiting in her email beside the receipt.
    await expect(unlockDialog(page).getByText('Paid', { exact: true })).toBeVisible({ timeout: VERIFY_TIMEOUT });
    await expect(unlockDialog(page).getByLabel('6-digit code')).toBeVisible();

    const receipt = await emailSentTo(email, (eml) => eml.includes(orderId));
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
