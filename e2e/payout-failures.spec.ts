import { blockingViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { emailSentTo } from './outbox.js';
import { creatorShare, rupees } from './payment-helpers.js';
import { creatorPaidOnce, resetPayoutsSimulator, withPayoutLock, withPayoutsSwitched } from './payout-helpers.js';
import {
  adminApi,
  historyEntries,
  logInAsCreator,
  shot,
  walletBalance,
  walletOf,
  withdrawalSteps,
  withdrawDialog,
} from './wallet-helpers.js';

/**
 * Payouts the bank refuses, forced with the payouts simulator's switches. A switch changes only
 * the server process that served the request, so these journeys stay out of the production shape
 * (two worker processes; shapes.ts) and run on the one-process server only.
 */

const PRICE_PAISE = 800_00;
const SHARE_PAISE = creatorShare(PRICE_PAISE);

test.describe('a payout the bank refuses', () => {
  test.describe.configure({ timeout: 90_000 });

  // withPayoutsSwitched puts the switches back; should a journey stop half-way (a timeout) before
  // it can, the rest of the run's payouts must not fail too.
  test.afterEach(async ({ baseURL }, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    const admin = await adminApi(baseURL!);
    await resetPayoutsSimulator(admin);
    await admin.dispose();
  });

  test('her bank is offline: the wallet shows the reason, the money is back, and she is emailed', async ({
    page,
    baseURL,
  }, testInfo) => {
    expect(rupees(SHARE_PAISE)).toBe('₹760');
    const titles: [string, string] = [`Sam dunes ${Date.now().toString(36)}`, `Kuldhara ruins ${Date.now()}`];
    const { creator, payee } = await creatorPaidOnce(baseURL!, 'Rekha Bhandari', titles, PRICE_PAISE);
    const reason =
      'Your bank did not accept the payment just now (it may be offline). The money is back in your wallet; please withdraw again in a little while.';

    await logInAsCreator(page, creator);
    await page.goto('/?tab=wallet');
    await expect(walletBalance(page)).toHaveText(rupees(SHARE_PAISE));
    await page.getByRole('button', { name: 'Withdraw to UPI' }).click();
    const dialog = withdrawDialog(page);

    // Her payout goes out on its own, and the bank says it is offline.
    await withPayoutsSwitched(baseURL!, { failWith: 'BENEFICIARY_BANK_OFFLINE' }, async () => {
      await dialog.getByRole('button', { name: `Send ${rupees(SHARE_PAISE)} to ${payee.holder}` }).click();
      await expect(dialog).toBeHidden();
      await expect(walletBalance(page)).toHaveText('₹0');
      const withdrawal = historyEntries(page)
        .filter({ hasText: `Withdrawal to ${payee.upiId}` })
        .first();
      // The Wallet looks again by itself while a payout is on its way.
      await expect(withdrawal.getByText('Status: Failed', { exact: true })).toBeVisible({ timeout: 20_000 });
    });

    // Newest first: the money coming back, the failed payout, the second sale, the first payout (paid), the first sale.
    const entries = historyEntries(page);
    await expect(entries).toHaveCount(5);
    const returned = entries.nth(0);
    await expect(returned).toContainText('Returned to your wallet');
    await expect(returned).toContainText(`+${rupees(SHARE_PAISE)}`);
    await expect(returned).toContainText('Withdrawal failed ·');
    await expect(returned).toContainText(`Reason: ${reason}`);
    const failed = entries.nth(1);
    await expect(failed).toContainText(`Withdrawal to ${payee.upiId}`);
    await expect(failed.getByText('Status: Failed', { exact: true })).toBeVisible();
    const steps = withdrawalSteps(failed);
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(1)).toContainText('Sent ·');
    await expect(steps.nth(2)).toContainText('Failed ·');
    await expect(steps.nth(2)).toContainText(`Reason: ${reason}`);
    await expect(entries.nth(3).getByText('Status: Paid', { exact: true })).toBeVisible();
    // The balance is back, on the card at the top too, and she can withdraw it again.
    await expect(walletBalance(page)).toHaveText(rupees(SHARE_PAISE));
    await expect(page.getByText(/on its way to your UPI ID/)).toHaveCount(0);
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, testInfo, 'wallet-payout-failed');

    const wallet = await walletOf(creator.api);
    expect(wallet.balancePaise).toBe(SHARE_PAISE);
    expect(wallet.pendingWithdrawalPaise).toBe(0);
    expect(wallet.history.find((entry) => entry.withdrawal !== undefined)?.withdrawal).toMatchObject({
      status: 'FAILED',
      rejectionReason: reason,
      paymentReference: null,
    });

    const email = await emailSentTo(creator.email, (eml) => eml.includes('did not go through'));
    expect(email).toMatch(/^Subject: .*Payout.failed:/m);
    expect(email).toContain(
      `Your payout of ${rupees(SHARE_PAISE)} did not go through; the money is back in your wallet.`,
    );
    expect(email).toContain(
      `Your payout of ${rupees(SHARE_PAISE)} to ${payee.holder} (${payee.upiId}) did not go through, so ${rupees(SHARE_PAISE)} is back in your Kholo wallet.`,
    );
    expect(email).toContain(reason);

    // The bank is back: she withdraws again, and it is paid.
    await page.getByRole('button', { name: 'Withdraw to UPI' }).click();
    await withPayoutLock(async () => {
      await dialog.getByRole('button', { name: `Send ${rupees(SHARE_PAISE)} to ${payee.holder}` }).click();
      await expect(dialog).toBeHidden();
      await expect(entries.first().getByText('Status: Paid', { exact: true })).toBeVisible({ timeout: 30_000 });
    });
    await expect(walletBalance(page)).toHaveText('₹0');
  });
});
