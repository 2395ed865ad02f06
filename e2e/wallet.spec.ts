import { blockingViolations } from './axe.js';
import { E2E_ADMIN } from './e2e-env.js';
import { expect, test } from './fixtures.js';
import { emailSentTo } from './outbox.js';
import {
  card,
  completeTestCheckout,
  creatorShare,
  logInInFanDialog,
  rupees,
  signUpFan,
  unlockDialog,
} from './payment-helpers.js';
import { seedCreator } from './studio-helpers.js';
import {
  adminRow,
  adminValue,
  buyThroughSimulator,
  historyEntry,
  logInAsAdmin,
  logInAsCreator,
  openAdminTab,
  requestWithdrawal,
  shot,
  uniqueUpiId,
  walletBalance,
  walletHistory,
  walletOf,
  watchedPage,
  withdrawDialog,
} from './wallet-helpers.js';

const PRICE_PAISE = 600_00;
const SHARE_PAISE = creatorShare(PRICE_PAISE);
const FEE_PAISE = PRICE_PAISE - SHARE_PAISE;

/** A route that waits until the test lets it through, so a busy label can be seen. */
function holdUntilReleased(): { held: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}

test.describe('the wallet and a withdrawal to UPI', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a fan pays ₹600, the creator withdraws ₹570 to UPI, the admin marks it paid, the creator sees Paid', async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    expect(rupees(SHARE_PAISE)).toBe('₹570');
    expect(rupees(FEE_PAISE)).toBe('₹30');
    const title = `Jal Mahal at dusk ${Date.now().toString(36)}`;
    const creator = await seedCreator(baseURL!, 'Ishita Rathore', [{ title, pricePaise: PRICE_PAISE }]);
    const fan = await signUpFan(baseURL!, 'Kunal Bhatt');
    const upi = uniqueUpiId();
    const reference = `UTR${Date.now()}`;

    // The fan pays in the simulator's hosted checkout, as in the browser.
    await page.goto(`/u/${creator.handle}`);
    await card(page, title).getByRole('button', { name: 'Unlock for ₹600' }).click();
    await logInInFanDialog(page, fan);
    await unlockDialog(page).getByRole('button', { name: 'Pay ₹600' }).click();
    await completeTestCheckout(page, 'UPI', 'Pay');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });

    // The creator's Wallet tab: the balance and the sale with its split.
    const creatorBrowser = await watchedPage(browser, baseURL!, testInfo);
    const wallet = creatorBrowser.page;
    await logInAsCreator(wallet, creator);
    await wallet.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Wallet' }).click();
    await expect(wallet).toHaveURL(/[?&]tab=wallet\b/);
    await expect(walletBalance(wallet)).toHaveText(rupees(SHARE_PAISE));
    const sale = historyEntry(wallet, title);
    await expect(sale).toContainText(`+${rupees(SHARE_PAISE)}`);
    await expect(sale).toContainText(`Price ${rupees(PRICE_PAISE)} · Platform fee ${rupees(FEE_PAISE)}`);
    await expect(sale).toContainText(/Sale ·/);
    expect(await blockingViolations(wallet)).toEqual([]);
    await shot(wallet, testInfo, 'wallet-before-withdrawal');

    // The withdraw modal offers the whole balance.
    await wallet.getByRole('button', { name: 'Withdraw to UPI' }).click();
    const dialog = withdrawDialog(wallet);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`You will withdraw your full balance of ${rupees(SHARE_PAISE)}`);
    await expect(dialog.getByLabel('UPI ID')).toBeFocused();
    await dialog.getByLabel('UPI ID').fill(upi);
    expect(await blockingViolations(wallet)).toEqual([]);
    await shot(wallet, testInfo, 'withdraw-modal', false);

    const gate = holdUntilReleased();
    const withdrawBodies: unknown[] = [];
    await wallet.route('**/api/withdraw', async (route) => {
      withdrawBodies.push(route.request().postDataJSON());
      await gate.held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: `Withdraw ${rupees(SHARE_PAISE)}` }).click();
    await expect(dialog.getByRole('button', { name: 'Processing...' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    gate.release();

    await expect(dialog).toBeHidden();
    await expect(wallet.getByText('Withdrawal requested', { exact: true })).toBeVisible();
    await expect(walletBalance(wallet)).toHaveText('₹0');
    await expect(wallet.getByText(`${rupees(SHARE_PAISE)} on its way to your UPI ID`)).toBeVisible();
    const withdrawal = historyEntry(wallet, `Withdrawal to ${upi}`);
    await expect(withdrawal.getByText('Status: Requested', { exact: true })).toBeVisible();
    await expect(withdrawal).toContainText(`−${rupees(SHARE_PAISE)}`);
    expect(withdrawBodies).toEqual([{ creator: creator.email, amount: SHARE_PAISE / 100, upi }]);
    await shot(wallet, testInfo, 'wallet-withdrawal-requested');

    const requested = await emailSentTo(creator.email, (eml) => eml.includes(`We received your request to withdraw`));
    expect(requested).toMatch(/^Subject: .*Withdrawal.requested:/m);
    expect(requested).toContain(`UPI ID: ${upi}`);
    expect(requested).toContain(`Amount: ${rupees(SHARE_PAISE)}`);

    // The admin finds the request by its UPI ID and marks it paid.
    const adminBrowser = await watchedPage(browser, baseURL!, testInfo);
    const admin = adminBrowser.page;
    await logInAsAdmin(admin);
    await openAdminTab(admin, 'Withdrawals');
    const row = adminRow(admin, upi);
    await expect(row).toContainText(rupees(SHARE_PAISE));
    const wide = testInfo.project.name === 'desktop';
    await expect(row).toContainText(`Ishita Rathore (@${creator.handle})`);
    await expect(adminValue(row, 'Requested')).toBeVisible();
    await expect(admin.getByRole('tabpanel').locator('table')).toHaveCount(wide ? 1 : 0);
    expect(await blockingViolations(admin)).toEqual([]);
    await shot(admin, testInfo, 'admin-withdrawals');

    await admin.getByRole('button', { name: `Mark as Paid ${rupees(SHARE_PAISE)} to ${upi}` }).click();
    const markPaid = admin.getByRole('dialog', { name: 'Mark as Paid' });
    await expect(markPaid).toContainText(upi);
    await markPaid.getByLabel('Bank or UPI reference').fill(reference);
    expect(await blockingViolations(admin)).toEqual([]);
    await shot(admin, testInfo, 'mark-paid-dialog', false);

    const paidGate = holdUntilReleased();
    await admin.route('**/api/admin/withdrawals/payment-done', async (route) => {
      await paidGate.held;
      await route.continue();
    });
    const reloaded = admin.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/admin/withdrawals' && response.status() === 200,
    );
    await markPaid.getByRole('button', { name: 'Mark as Paid', exact: true }).click();
    await expect(markPaid.getByRole('button', { name: 'Updating...' })).toBeVisible();
    paidGate.release();
    await expect(markPaid).toBeHidden();
    await reloaded;
    await expect(adminValue(row, 'Paid')).toBeVisible();
    await expect(row).toContainText(reference);
    await expect(row).toContainText(E2E_ADMIN.email);
    await expect(row.getByRole('button', { name: /Mark as Paid/ })).toHaveCount(0);
    await shot(admin, testInfo, 'admin-withdrawal-paid');

    // The creator sees it paid, with the reference.
    await wallet.reload();
    const paid = historyEntry(wallet, `Withdrawal to ${upi}`);
    await expect(paid.getByText('Status: Paid', { exact: true })).toBeVisible();
    await expect(paid).toContainText(`Payment reference: ${reference}`);
    await expect(walletBalance(wallet)).toHaveText('₹0');
    await expect(wallet.getByText(/on its way to your UPI ID/)).toHaveCount(0);
    await shot(wallet, testInfo, 'wallet-withdrawal-paid');

    const paidEmail = await emailSentTo(creator.email, (eml) => eml.includes(`We paid ${rupees(SHARE_PAISE)} to`));
    expect(paidEmail).toMatch(/^Subject: .*Withdrawal.paid:/m);
    expect(paidEmail).toContain(`Payment reference: ${reference}`);

    await adminBrowser.done();
    await creatorBrowser.done();
  });

  test('a withdrawal the admin rejects comes back to the wallet with the reason', async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    const title = `Nahargarh walls ${Date.now().toString(36)}`;
    const creator = await seedCreator(baseURL!, 'Devika Menon', [{ title, pricePaise: PRICE_PAISE }]);
    await buyThroughSimulator(baseURL!, creator.ids[0]!);
    const upi = uniqueUpiId('ybl');
    await requestWithdrawal(creator.api, creator.email, SHARE_PAISE, upi);
    const reason = `The UPI ID ${upi} does not exist at the bank`;

    await logInAsAdmin(page);
    await openAdminTab(page, 'Withdrawals');
    await page.getByRole('button', { name: `Reject ${rupees(SHARE_PAISE)} to ${upi}` }).click();
    const reject = page.getByRole('dialog', { name: `Reject ${rupees(SHARE_PAISE)} to ${upi}?` });
    await reject.getByLabel('Reason').fill(reason);
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(reject).toBeHidden();
    const row = adminRow(page, upi);
    await expect(adminValue(row, 'Rejected')).toBeVisible();
    await expect(row).toContainText(reason.slice(0, 40));

    const creatorBrowser = await watchedPage(browser, baseURL!, testInfo);
    const wallet = creatorBrowser.page;
    await logInAsCreator(wallet, creator);
    await wallet.goto('/?tab=wallet');
    await expect(walletBalance(wallet)).toHaveText(rupees(SHARE_PAISE));
    const withdrawal = historyEntry(wallet, `Withdrawal to ${upi}`);
    await expect(withdrawal.getByText('Status: Rejected', { exact: true })).toBeVisible();
    await expect(withdrawal).toContainText(`Reason: ${reason}`);
    const returned = historyEntry(wallet, 'Returned to your wallet');
    await expect(returned).toContainText(`+${rupees(SHARE_PAISE)}`);
    await expect(returned).toContainText(`Reason: ${reason}`);
    // Newest first: the money coming back, then the withdrawal, then the sale.
    const entries = walletHistory(wallet).getByRole('listitem');
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText('Returned to your wallet');
    await expect(entries.nth(2)).toContainText(title);
    await shot(wallet, testInfo, 'wallet-withdrawal-rejected');

    const email = await emailSentTo(creator.email, (eml) => eml.includes('Withdrawal not paid'));
    expect(email).toContain(`Reason: ${reason}`);
    await creatorBrowser.done();
  });
});

test.describe('the withdraw button’s guards', () => {
  test('with nothing in the wallet, Withdraw to UPI says there is no balance and opens nothing', async ({
    page,
    baseURL,
  }) => {
    const creator = await seedCreator(baseURL!, 'Ritika Saini', [{ title: 'Unsold sketch', pricePaise: 900_00 }]);
    await logInAsCreator(page, creator);
    await page.goto('/?tab=wallet');
    await expect(walletBalance(page)).toHaveText('₹0');
    await expect(
      page.getByText('No wallet activity yet. When fans unlock your content, your earnings appear here.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Withdraw to UPI' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No balance to withdraw' })).toHaveText(
      'No balance to withdraw',
    );
    await expect(withdrawDialog(page)).toHaveCount(0);
  });

  test('below ₹500 the modal’s submit is disabled with the minimum', async ({ page, baseURL }, testInfo) => {
    const creator = await seedCreator(baseURL!, 'Farhan Qureshi', [{ title: 'Chai stall', pricePaise: 149_00 }]);
    await buyThroughSimulator(baseURL!, creator.ids[0]!);
    expect(rupees(creatorShare(149_00))).toBe('₹141.55');
    let posted = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/withdraw') posted += 1;
    });

    await logInAsCreator(page, creator);
    await page.goto('/?tab=wallet');
    await expect(walletBalance(page)).toHaveText('₹141.55');
    await page.getByRole('button', { name: 'Withdraw to UPI' }).click();
    const dialog = withdrawDialog(page);
    await expect(dialog).toContainText('You will withdraw your full balance of ₹141.55');
    await dialog.getByLabel('UPI ID').fill(uniqueUpiId());
    const submit = dialog.getByRole('button', { name: 'Withdraw ₹141.55' });
    await expect(submit).toBeDisabled();
    await expect(dialog.getByText('Minimum withdrawal amount is ₹500', { exact: true })).toBeVisible();
    await expect(submit).toHaveAccessibleDescription('Minimum withdrawal amount is ₹500');
    await dialog.getByLabel('UPI ID').press('Enter');
    await shot(page, testInfo, 'withdraw-modal-below-minimum', false);
    expect(posted).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await walletOf(creator.api)).balancePaise).toBe(141_55);
  });

  test('an invalid UPI ID is refused in the modal and nothing is requested', async ({ page, baseURL }) => {
    const creator = await seedCreator(baseURL!, 'Gauri Kulkarni', [{ title: 'Blue door', pricePaise: PRICE_PAISE }]);
    await buyThroughSimulator(baseURL!, creator.ids[0]!);
    let posted = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/withdraw') posted += 1;
    });

    await logInAsCreator(page, creator);
    await page.goto('/?tab=wallet');
    await page.getByRole('button', { name: 'Withdraw to UPI' }).click();
    const dialog = withdrawDialog(page);
    const upiField = dialog.getByLabel('UPI ID');
    for (const bad of ['abc', 'name@', '@okicici', 'a b@okicici']) {
      await upiField.fill(bad);
      await dialog.getByRole('button', { name: `Withdraw ${rupees(SHARE_PAISE)}` }).click();
      await expect(dialog.getByText('Please enter a valid UPI ID.', { exact: true })).toBeVisible();
      await expect(upiField).toHaveAttribute('aria-invalid', 'true');
      await expect(upiField).toBeFocused();
    }
    // Typing again clears the message.
    await upiField.fill('asha.verma@okhdfcbank');
    await expect(dialog.getByText('Please enter a valid UPI ID.')).toHaveCount(0);
    expect(posted).toBe(0);
    const wallet = await walletOf(creator.api);
    expect(wallet.balancePaise).toBe(SHARE_PAISE);
    expect(wallet.history.filter((entry) => entry.kind === 'withdrawal')).toEqual([]);
  });
});
