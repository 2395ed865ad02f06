import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { blockingViolations } from './axe.js';
import { snap } from './screenshots.js';
import { expect, test } from './fixtures.js';
import { emailSentTo } from './outbox.js';
import {
  card,
  creatorShare,
  type Fan,
  logInFromUnlockDialog,
  logInInFanDialog,
  payDialogOrder,
  rupees,
  signUpFan,
  unlockDialog,
} from './payment-helpers.js';
import { apiClient, seedCreator } from './studio-helpers.js';
import {
  adminApi,
  adminRow,
  buyThroughSimulator,
  historyEntry,
  logInAsAdmin,
  logInAsCreator,
  openAdminTab,
  requestWithdrawal,
  scrollsSideways,
  uniqueUpiId,
  walletOf,
  watchedPage,
} from './wallet-helpers.js';

/**
 * Money back (issue 22) as the people involved see it: a fan who reports a problem and is
 * refunded, the admin who refunds her and hides an item that breaks the rules (its fans are
 * refunded and told why), and the creator whose wallet shows the reversals, what she owes and what
 * a dispute holds.
 */

/** /payment-success checks at once, then backs off; allow for a busy machine. */
const VERIFY_TIMEOUT = 15_000;
/** The simulator settles a refund 3 s after it is asked (refundSettleAfterMs). */
const REFUND_SETTLES = 20_000;

/**
 * Elements that run past the window's right edge. The body clips what overflows sideways
 * (index.css), so the page never scrolls sideways even when a card's text is cut off: this looks
 * at the elements themselves, except inside a box that scrolls or clips on purpose (the tab strip).
 */
async function cutOffAtTheRight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipsOnPurpose = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const limit = document.documentElement.clientWidth + 1;
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > limit && !clipsOnPurpose(element);
      })
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent.trim().slice(0, 60)}`);
  });
}

/** Nothing sideways or cut off at 360 px, and nothing axe calls serious. */
async function checkScreen(page: Page, what: string): Promise<void> {
  expect(await scrollsSideways(page), `${what} scrolls sideways`).toBe(false);
  expect(await cutOffAtTheRight(page), `${what} runs past the right edge`).toEqual([]);
  expect(await blockingViolations(page), what).toEqual([]);
}

/** A fan's own API session. */
async function fanApi(baseURL: string, fan: Fan): Promise<APIRequestContext> {
  const api = await apiClient(baseURL);
  const response = await api.post('/api/auth/sign-in/email', {
    data: { role: 'fan', email: fan.email, password: fan.password },
  });
  if (!response.ok()) throw new Error(`fan sign-in failed: ${response.status()} ${await response.text()}`);
  return api;
}

/** `fan` buys through the same HTTP steps as the Unlock dialog and the simulator's checkout; answers the order id. */
async function buyAs(baseURL: string, fan: Fan, contentId: string): Promise<string> {
  const api = await fanApi(baseURL, fan);
  try {
    const order = await api.post('/api/payment/order', { data: { contentId } });
    expect(order.ok(), await order.text()).toBe(true);
    const { order_id: orderId, payment_session_id: sessionId } = (await order.json()) as {
      order_id: string;
      payment_session_id: string;
    };
    const pay = await api.get('/__simulator/checkout/complete', {
      params: { payment_session_id: sessionId, method: 'upi', outcome: 'SUCCESS' },
      maxRedirects: 0,
    });
    expect(pay.status()).toBe(303);
    await expect
      .poll(async () => {
        const verify = await api.post('/api/payment/verify-payment', { data: { order_id: orderId } });
        return ((await verify.json()) as { status?: string }).status;
      })
      .toBe('PAID');
    return orderId;
  } finally {
    await api.dispose();
  }
}

/** The refund email to `fan` for `title`: sent when the provider has taken the refund, a few seconds after it is asked. */
async function refundEmail(fan: Fan, title: string, matches: (eml: string) => boolean): Promise<void> {
  await expect(async () => {
    // The subject is MIME-encoded; the body says it too.
    await emailSentTo(fan.email, (eml) => eml.includes(`We are refunding ₹49 for “${title}”`) && matches(eml));
  }).toPass({ timeout: REFUND_SETTLES });
}

/** Whether a <details> is open (its `open` attribute is empty, which toHaveAttribute reads unreliably). */
async function isOpen(details: Locator): Promise<boolean> {
  return details.evaluate((element) => (element as HTMLDetailsElement).open);
}

/** One order's card on /purchases, by its item's title. */
function purchaseCard(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

/** Reloads /purchases until the card says `text` (a refund settles a few seconds after it is asked). */
async function reloadUntil(page: Page, title: string, text: string | RegExp): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(purchaseCard(page, title).getByText(text)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: REFUND_SETTLES });
}

test.describe('money back', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a fan buys, reports a problem and the admin refunds it from Payments: Refunded on her purchases, the item locked again, the reversal in the creator’s wallet', async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    const title = `Hawa Mahal at noon ${Date.now().toString(36)}`;
    const creator = await seedCreator(baseURL!, 'Devika Rao', [{ title, pricePaise: 49_00 }]);
    const contentId = creator.ids[0]!;
    const fan = await signUpFan(baseURL!, 'Kavya Menon');

    // She buys it as any fan does: logged in from the unlock dialog, she pays by UPI on the hosted checkout.
    await page.goto(`/u/${creator.handle}`);
    await card(page, title).getByRole('button', { name: 'Unlock for ₹49' }).click();
    await logInFromUnlockDialog(page, fan);
    await unlockDialog(page).getByRole('button', { name: 'Pay ₹49' }).click();
    await payDialogOrder(page, '₹49', { checkout: 'UPI', button: 'Pay' });
    await expect(page).toHaveURL(`/content/${contentId}`, { timeout: VERIFY_TIMEOUT });

    // My purchases, from the header (a bag alone on a phone, its name still read out).
    await page.getByRole('banner').getByRole('link', { name: 'My purchases' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My purchases' })).toBeVisible();
    const bought = purchaseCard(page, title);
    await expect(bought.getByText('Unlocked')).toBeVisible();
    await expect(bought.getByText(/^Access until /)).toBeVisible();
    await expect(bought.getByText('₹49', { exact: true })).toBeVisible();
    await expect(bought.getByRole('link', { name: 'Devika Rao' })).toHaveAttribute('href', `/u/${creator.handle}`);
    await snap(page, testInfo, 'purchases-paid');
    await checkScreen(page, '/purchases');

    // Her receipt, on a page of its own.
    await bought.getByRole('link', { name: `Receipt for ${title}` }).click();
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await expect(receipt).toBeVisible();
    await expect(receipt.getByText('Amount paid').locator('xpath=following-sibling::dd[1]')).toHaveText('₹49');
    const orderId = (await receipt.getByText('Order id').locator('xpath=following-sibling::dd[1]').innerText()).trim();
    expect(orderId).toMatch(/^[A-Za-z0-9_-]{3,45}$/);
    await snap(page, testInfo, 'receipt');
    await checkScreen(page, 'the receipt');
    // Printed, the header, footer and buttons stay off the paper.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
    await snap(page, testInfo, 'receipt-print');
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('link', { name: 'Back to my purchases' }).click();

    // Something is wrong: she reports it.
    await purchaseCard(page, title)
      .getByRole('button', { name: `Report a problem with ${title}` })
      .click();
    const report = page.getByRole('dialog', { name: 'Report a problem' });
    await report.getByRole('radio', { name: 'The photo or video does not open' }).check();
    await report.getByRole('textbox', { name: 'What happened?' }).fill('It shows a grey box on my phone and laptop.');
    await snap(page, testInfo, 'report-dialog', false);
    expect(await blockingViolations(page)).toEqual([]);
    await report.getByRole('button', { name: 'Send report' }).click();
    // The same dialog, now named for what happened.
    const done = page.getByRole('dialog', { name: 'Problem reported' });
    const sent = done.getByText(/^Ticket KH-\d+ — we reply by email within 24 hours$/);
    await expect(sent).toBeVisible();
    const ticket = /KH-\d+/.exec(await sent.innerText())![0];
    await snap(page, testInfo, 'report-sent', false);
    await done.getByRole('button', { name: 'Done' }).click();
    await expect(done).toBeHidden();
    await expect(
      purchaseCard(page, title).getByText(`Ticket ${ticket} — we reply by email within 24 hours`),
    ).toBeVisible();
    await expect(purchaseCard(page, title).getByRole('button', { name: /Report a problem/ })).toHaveCount(0);
    await emailSentTo(fan.email, (eml) => eml.includes(`Ticket ${ticket}: we received your report`));

    // The admin sees it waiting, and refunds it in one click from the ticket.
    const admin = await watchedPage(browser, baseURL!, testInfo);
    await logInAsAdmin(admin.page);
    const moneyBack = admin.page.getByRole('region', { name: 'Money back' });
    await expect(moneyBack.getByRole('heading', { name: 'Open problem reports' })).toBeVisible();
    await snap(admin.page, testInfo, 'admin-dashboard-money-back');
    await checkScreen(admin.page, 'the Dashboard');
    await moneyBack.getByRole('button', { name: 'Answer problem reports' }).click();
    await expect(admin.page.getByRole('tab', { name: 'Payments', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const tickets = admin.page.getByRole('region', { name: /^Open problem reports/ });
    const ticketItem = tickets.getByRole('listitem').filter({ hasText: ticket });
    await expect(ticketItem).toContainText('It shows a grey box on my phone and laptop.');
    await expect(ticketItem).toContainText(fan.email);
    await snap(admin.page, testInfo, 'admin-payments-tickets');
    await checkScreen(admin.page, 'Payments with a ticket');
    await ticketItem.getByRole('button', { name: `Refund ₹49 for ticket ${ticket}` }).click();
    const refund = admin.page.getByRole('dialog', { name: `Refund ₹49 to ${fan.email}?` });
    await expect(refund.getByLabel('Reason')).toHaveValue(`Ticket ${ticket}: The photo or video does not open`);
    await snap(admin.page, testInfo, 'admin-refund-dialog', false);
    expect(await blockingViolations(admin.page)).toEqual([]);
    await refund.getByRole('button', { name: 'Refund ₹49' }).click();
    await expect(refund).toBeHidden();
    await expect(
      admin.page.getByText(new RegExp(`^Refund(ed| on its way): ₹49 to ${fan.email.replace(/[.+]/g, '\\$&')}\\.$`)),
    ).toBeVisible();
    await expect(adminRow(admin.page, orderId)).toContainText(/Refund(ing|ed)/);
    await expect(tickets.getByRole('listitem').filter({ hasText: ticket })).toHaveCount(0);

    // Refunded on her purchases page, with why; the item is locked again.
    await reloadUntil(page, title, /^Refunded ₹49 on /);
    const refunded = purchaseCard(page, title);
    await expect(refunded.getByText('Refunded after you reported a problem')).toBeVisible();
    await expect(refunded.getByText(/^Bank reference \(ARN\): \d+$/)).toBeVisible();
    await snap(page, testInfo, 'purchases-refunded');
    await checkScreen(page, '/purchases refunded');
    await refundEmail(fan, title, (eml) => eml.includes('1–3 working days') && eml.includes(`ticket ${ticket}`));
    // Once the provider has it, her receipt names how she paid and the refund.
    await purchaseCard(page, title)
      .getByRole('link', { name: `Receipt for ${title}` })
      .click();
    const refundedReceipt = page.getByRole('article', { name: 'Receipt' });
    await expect(refundedReceipt.getByText('Payment method').locator('xpath=following-sibling::dd[1]')).toHaveText(
      'UPI',
    );
    await expect(refundedReceipt.getByText('Refund reason').locator('xpath=following-sibling::dd[1]')).toHaveText(
      'Refunded after you reported a problem',
    );
    await snap(page, testInfo, 'receipt-refunded');
    await page.goto(`/content/${contentId}`);
    await expect(page.getByRole('button', { name: 'Unlock for ₹49' })).toBeVisible();

    // The admin's row says Refunded once the provider has it.
    await expect(async () => {
      await openAdminTab(admin.page, 'Dashboard');
      await openAdminTab(admin.page, 'Payments');
      await expect(adminRow(admin.page, orderId).getByText('Refunded', { exact: true })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: REFUND_SETTLES });
    await snap(admin.page, testInfo, 'admin-payments-refunded');
    await admin.done();

    // Her wallet shows the sale and its reversal: back to nothing.
    const studio = await watchedPage(browser, baseURL!, testInfo);
    await logInAsCreator(studio.page, creator);
    await studio.page.goto('/?tab=wallet');
    const reversal = historyEntry(studio.page, `Refund: ${title}`);
    await expect(reversal).toContainText(`−${rupees(creatorShare(49_00))}`);
    await expect(reversal).toContainText('Refunded by Kholo after the fan reported a problem');
    await expect(reversal).toContainText(`Your share of ${rupees(creatorShare(49_00))} taken back`);
    await expect(historyEntry(studio.page, 'Sale').filter({ hasText: title })).toContainText('Refunded');
    expect((await walletOf(creator.api)).balancePaise).toBe(0);
    await snap(studio.page, testInfo, 'wallet-refund');
    await checkScreen(studio.page, 'the Wallet with a refund');
    await studio.done();
  });

  test('the admin hides an item that breaks the rules: its fans are refunded and told why', async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    const title = `Copied sunset ${Date.now().toString(36)}`;
    // Short enough to read whole on a phone's card in the admin's list (cut at 50 characters).
    const reason = 'Copied from another photographer';
    const creator = await seedCreator(baseURL!, 'Rakesh Gupta', [{ title, pricePaise: 49_00 }]);
    const contentId = creator.ids[0]!;
    const fan = await signUpFan(baseURL!, 'Isha Kapoor');
    await buyAs(baseURL!, fan, contentId);
    await buyThroughSimulator(baseURL!, contentId);

    const admin = await watchedPage(browser, baseURL!, testInfo);
    await logInAsAdmin(admin.page);
    await openAdminTab(admin.page, 'Content');
    await admin.page.getByRole('button', { name: `Hide ${title}` }).click();
    const hide = admin.page.getByRole('dialog', { name: `Hide “${title}”?` });
    await expect(hide.getByText('2 fans will be refunded ₹98 and told why.')).toBeVisible();
    await hide.getByLabel('Reason').fill(reason);
    await snap(admin.page, testInfo, 'admin-hide-dialog', false);
    expect(await blockingViolations(admin.page)).toEqual([]);
    await hide.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(hide).toBeHidden();
    await expect(adminRow(admin.page, title)).toContainText(`Hidden: ${reason}`);
    await admin.done();

    // Told why, on her purchases page and (once the provider has the refund) by email.
    await page.goto('/purchases');
    await expect(page.getByRole('heading', { name: 'Log in to see your purchases' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await logInInFanDialog(page, fan);
    const removed = purchaseCard(page, title);
    await expect(removed.getByText(/^Refund(ed)? (of )?₹49/)).toBeVisible();
    await expect(removed.getByText('The item was removed for breaking Kholo’s rules')).toBeVisible();
    await expect(removed.getByText(`Kholo’s reason: ${reason}`)).toBeVisible();
    await reloadUntil(page, title, /^Refunded ₹49 on /);
    await snap(page, testInfo, 'purchases-item-removed');
    await checkScreen(page, '/purchases after a hide');
    await refundEmail(fan, title, (eml) => eml.includes(reason));

    // Both fans' money came out of her wallet, each with Kholo's reason.
    const wallet = await walletOf(creator.api);
    expect(wallet.balancePaise).toBe(0);
    expect(wallet.history.filter((entry) => entry.kind === 'refund')).toHaveLength(2);
  });

  test('the creator refunds a sale herself; her Wallet explains what she owes and what a dispute holds; the admin sees the dispute', async ({
    baseURL,
    browser,
  }, testInfo) => {
    const stamp = Date.now().toString(36);
    const big = `Thar dunes print ${stamp}`;
    const disputed = `Camel fair ${stamp}`;
    const own = `Blurry lake ${stamp}`;
    const creator = await seedCreator(baseURL!, 'Meera Rathore', [
      { title: big, pricePaise: 600_00 },
      { title: disputed, pricePaise: 49_00 },
      { title: own, pricePaise: 49_00 },
    ]);
    const [ownId, disputedId, bigId] = creator.ids as [string, string, string];
    const bigOrder = await buyThroughSimulator(baseURL!, bigId);
    const disputedOrder = await buyThroughSimulator(baseURL!, disputedId);
    await buyThroughSimulator(baseURL!, ownId);

    // She refunds one sale herself, from her Wallet.
    const studio = await watchedPage(browser, baseURL!, testInfo);
    await logInAsCreator(studio.page, creator);
    await studio.page.goto('/?tab=wallet');
    const sale = historyEntry(studio.page, own).filter({ hasText: 'Sale' });
    await sale.getByRole('button', { name: `Refund the sale of ${own} (₹49)` }).click();
    const dialog = studio.page.getByRole('dialog', { name: 'Refund this sale?' });
    await expect(dialog).toContainText(
      `${rupees(creatorShare(49_00))} will come out of your wallet and the fan gets ₹49 back.`,
    );
    await dialog.getByLabel('Reason').fill('I uploaded the wrong file');
    await snap(studio.page, testInfo, 'wallet-refund-dialog', false);
    expect(await blockingViolations(studio.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Refund ₹49' }).click();
    await expect(dialog).toBeHidden();
    await expect(historyEntry(studio.page, `Refund: ${own}`)).toContainText('You refunded it');

    // A fan's bank disputes another sale (the simulator stands in for it): her share is held.
    const admin = await adminApi(baseURL!);
    const opened = await admin.post('/__simulator/disputes', { data: { orderId: disputedOrder, respondInHours: 10 } });
    expect(opened.ok(), await opened.text()).toBe(true);
    await expect
      .poll(async () => ((await walletOf(creator.api)) as { heldPaise?: number }).heldPaise)
      .toBe(creatorShare(49_00));

    // She withdraws what is left; then Kholo refunds the big sale, which her wallet cannot cover.
    const balance = (await walletOf(creator.api)).balancePaise;
    expect(balance).toBe(creatorShare(600_00));
    await requestWithdrawal(creator.api, creator.email, balance, uniqueUpiId('okaxis'));
    const refunded = await admin.post('/api/admin/payments/refund', {
      data: { orderId: bigOrder, reason: 'The print was never delivered' },
    });
    expect(refunded.status(), await refunded.text()).toBe(201);
    await admin.dispose();

    await studio.page.reload();
    const owed = rupees(creatorShare(600_00));
    await expect(
      studio.page.getByText(
        `You owe ${owed} for a refund your wallet could not cover; it comes out of your next sales before you can withdraw.`,
      ),
    ).toBeVisible();
    await expect(
      studio.page.getByText(`${rupees(creatorShare(49_00))} is held while a fan’s bank disputes a payment.`),
    ).toBeVisible();
    await expect(historyEntry(studio.page, `Dispute opened by a fan’s bank: ${disputed}`)).toBeVisible();
    await expect(historyEntry(studio.page, `Refund: ${big}`)).toContainText(
      `${owed} you owe, taken from your next sales`,
    );
    await snap(studio.page, testInfo, 'wallet-owed-held');
    await checkScreen(studio.page, 'the Wallet with what she owes and a dispute');
    await studio.done();

    // The admin's Disputes tab: respond-by in red (under 24 h), the held share and the evidence.
    const adminBrowser = await watchedPage(browser, baseURL!, testInfo);
    await logInAsAdmin(adminBrowser.page);
    await openAdminTab(adminBrowser.page, 'Disputes');
    const row = adminRow(adminBrowser.page, disputedOrder);
    await expect(row).toContainText(/\(in (9|10) h\)/);
    await expect(row).toContainText(rupees(creatorShare(49_00)));
    await expect(row).toContainText('Chargeback');
    const evidence = row.locator('details');
    await evidence.locator('summary').click();
    await expect.poll(() => isOpen(evidence)).toBe(true);
    await expect(evidence.getByText('IP hash')).toBeVisible();
    await expect(evidence.getByText('Opened the file')).toBeVisible();
    await snap(adminBrowser.page, testInfo, 'admin-disputes');
    await checkScreen(adminBrowser.page, 'Disputes');
    expect(await isOpen(evidence)).toBe(true);
    await evidence.scrollIntoViewIfNeeded();
    await snap(adminBrowser.page, testInfo, 'admin-disputes-evidence', false);
    await adminBrowser.done();
  });
});
