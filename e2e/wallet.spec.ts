import { blockingViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { emailSentTo, emailsSentTo } from './outbox.js';
import { card, creatorShare, giveEmail, payDialogOrder, rupees, unlockDialog } from './payment-helpers.js';
import {
  creatorPaidOnce,
  expectWithdrawalStatus,
  fillPayoutAccountForm,
  maskedPan,
  newPayoutAccountForm,
  payoutAccountCard,
  savePayoutAccount,
  uniquePayee,
  withPayoutLock,
} from './payout-helpers.js';
import { seedCreator, uniqueEmail } from './studio-helpers.js';
import {
  adminApi,
  adminRow,
  adminValue,
  buyThroughSimulator,
  historyEntries,
  historyEntry,
  logInAsAdmin,
  logInAsCreator,
  openAdminTab,
  requestWithdrawal,
  shot,
  showRowDetails,
  uniqueUpiId,
  walletBalance,
  walletOf,
  watchedPage,
  withdrawalIn,
  withdrawalSteps,
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

  test('a fan pays ₹600; the creator saves her UPI ID, sends ₹570 in one tap; the admin approves her first payout; her wallet shows it paid with the UTR', async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    // Her open Wallet looks again every 30 s while a payout waits for review.
    test.setTimeout(150_000);
    expect(rupees(SHARE_PAISE)).toBe('₹570');
    expect(rupees(FEE_PAISE)).toBe('₹30');
    const title = `Jal Mahal at dusk ${Date.now().toString(36)}`;
    const creator = await seedCreator(baseURL!, 'Ishita Rathore', [{ title, pricePaise: PRICE_PAISE }]);
    const payee = uniquePayee('Ishita Rathore');
    const send = `Send ${rupees(SHARE_PAISE)} to ${payee.holder}`;
    const payingTo = `Paying to ${payee.holder} — ${payee.upiId}`;

    // A visitor pays with her email in her UPI app, as in the browser (the simulator stands in for the app).
    await page.goto(`/u/${creator.handle}`);
    await card(page, title).getByRole('button', { name: 'Unlock for ₹600' }).click();
    await giveEmail(page, uniqueEmail('kunal'), 'Kunal Bhatt');
    await unlockDialog(page).getByRole('button', { name: 'Pay ₹600' }).click();
    await payDialogOrder(page, '₹600', { upiApp: 'Pay' });
    await expect(unlockDialog(page).getByText('Paid', { exact: true })).toBeVisible({ timeout: 15_000 });

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
    await expect(newPayoutAccountForm(wallet)).toBeVisible();
    expect(await blockingViolations(wallet)).toEqual([]);
    await shot(wallet, testInfo, 'wallet-before-withdrawal');

    // With no payout account yet, the withdraw modal offers to add one, and takes her to the form.
    await wallet.getByRole('button', { name: 'Withdraw to UPI' }).click();
    const dialog = withdrawDialog(wallet);
    await expect(dialog).toContainText(`You will withdraw your full balance of ${rupees(SHARE_PAISE)}`);
    await expect(dialog).toContainText('Save a payout account first?');
    await dialog.getByRole('button', { name: 'Add payout account' }).click();
    await expect(dialog).toBeHidden();
    const form = newPayoutAccountForm(wallet);
    await expect(form.getByLabel('UPI ID')).toBeFocused();

    // She checks her UPI ID with the bank, sees whose account it is, and saves it.
    await fillPayoutAccountForm(form, payee);
    await form.getByRole('button', { name: 'Check UPI ID' }).click();
    await expect(form).toContainText(payingTo);
    await expect(form).toContainText('The name your bank has for this UPI ID.');
    // Her name is the bank's: nothing to confirm beyond saving.
    await expect(form.getByLabel('Yes, this is my account')).toHaveCount(0);
    expect(await blockingViolations(wallet)).toEqual([]);
    await shot(wallet, testInfo, 'payout-account-checked');
    await form.getByRole('button', { name: 'Save payout account' }).click();
    await expect(wallet.getByText('Payout account saved', { exact: true })).toBeVisible();
    const account = payoutAccountCard(wallet);
    await expect(account).toContainText(payingTo);
    await expect(account).toContainText(`Legal name ${payee.legalName} · PAN ${maskedPan(payee.pan)}`);
    await expect(account.getByRole('button', { name: 'Change payout account' })).toBeFocused();
    await expect(newPayoutAccountForm(wallet)).toHaveCount(0);
    await shot(wallet, testInfo, 'payout-account-saved');

    // The withdraw modal is now one confirmation: the whole balance, to the holder she saw.
    await wallet.getByRole('button', { name: 'Withdraw to UPI' }).click();
    await expect(dialog).toContainText(`You will withdraw your full balance of ${rupees(SHARE_PAISE)}`);
    await expect(dialog).toContainText(payingTo);
    await expect(dialog.getByLabel('UPI ID')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Use a different UPI ID' })).toBeVisible();
    expect(await blockingViolations(wallet)).toEqual([]);
    await shot(wallet, testInfo, 'withdraw-modal', false);

    const gate = holdUntilReleased();
    const withdrawBodies: unknown[] = [];
    await wallet.route('**/api/withdraw', async (route) => {
      withdrawBodies.push(route.request().postDataJSON());
      await gate.held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: send }).click();
    await expect(dialog.getByRole('button', { name: 'Processing...' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    gate.release();

    // Her first payout waits for Kholo's check.
    await expect(dialog).toBeHidden();
    await expect(wallet.getByText('Withdrawal requested', { exact: true })).toBeVisible();
    await expect(
      wallet.getByText(
        `We check it first (your first payout), within 24 hours, then send ${rupees(SHARE_PAISE)} to ${payee.holder} (${payee.upiId}).`,
      ),
    ).toBeVisible();
    await expect(walletBalance(wallet)).toHaveText('₹0');
    await expect(wallet.getByText(`${rupees(SHARE_PAISE)} on its way to your UPI ID`)).toBeVisible();
    const withdrawal = historyEntry(wallet, `Withdrawal to ${payee.upiId}`);
    await expect(withdrawal.getByText('Status: In review', { exact: true })).toBeVisible();
    await expect(withdrawal).toContainText(`−${rupees(SHARE_PAISE)}`);
    await expect(withdrawal).toContainText(`Account holder: ${payee.holder}`);
    const steps = withdrawalSteps(withdrawal);
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('Requested ·');
    await expect(steps.nth(1)).toContainText('In review');
    await expect(steps.nth(1)).toContainText('Your first payout');
    await expect(steps.nth(2)).toContainText('Sent to your bank');
    await expect(steps.nth(2)).toContainText('After our check, within 24 hours');
    await expect(
      withdrawal.getByRole('button', { name: `Cancel the withdrawal of ${rupees(SHARE_PAISE)}` }),
    ).toBeVisible();
    expect(withdrawBodies).toEqual([{ creator: creator.email, amount: SHARE_PAISE / 100, upi: payee.upiId }]);
    expect(await blockingViolations(wallet)).toEqual([]);
    await shot(wallet, testInfo, 'wallet-withdrawal-in-review');
    const held = (await walletOf(creator.api)).history.find((entry) => entry.withdrawal?.upiId === payee.upiId);
    const id = held?.withdrawal?.id ?? '';
    expect(held?.withdrawal).toMatchObject({ status: 'REVIEW', reviewReasons: ['first_payout'] });

    const requested = await emailSentTo(creator.email, (eml) => eml.includes(`We received your request to withdraw`));
    expect(requested).toMatch(/^Subject: .*Withdrawal.requested:/m);
    expect(requested).toContain(`to ${payee.holder} (${payee.upiId})`);
    expect(requested).toContain(`Amount: ${rupees(SHARE_PAISE)}`);

    // The admin sees it waiting on the Dashboard and approves it in Withdrawals.
    const adminBrowser = await watchedPage(browser, baseURL!, testInfo);
    const admin = adminBrowser.page;
    await logInAsAdmin(admin);
    const inReview = admin.getByRole('listitem', { name: 'In review', exact: true });
    await expect(inReview).toContainText('waiting for your approval');
    await inReview.getByRole('button', { name: 'Review withdrawals' }).click();
    await expect(admin.getByRole('tab', { name: 'Withdrawals', exact: true })).toHaveAttribute('aria-selected', 'true');
    const row = adminRow(admin, payee.upiId);
    await expect(row).toContainText(rupees(SHARE_PAISE));
    await showRowDetails(row);
    await expect(row).toContainText(payee.holder);
    await expect(row).toContainText(`Ishita Rathore (@${creator.handle})`);
    await expect(adminValue(row, 'In review')).toBeVisible();
    await expect(row).toContainText('First payout');
    await expect(row.getByRole('button', { name: /Mark as Paid/ })).toHaveCount(0);
    const wide = testInfo.project.name === 'desktop';
    await expect(admin.getByRole('tabpanel').locator('table')).toHaveCount(wide ? 1 : 0);
    expect(await blockingViolations(admin)).toEqual([]);
    await shot(admin, testInfo, 'admin-withdrawals');

    await row.getByRole('button', { name: `Approve ${rupees(SHARE_PAISE)} to ${payee.upiId}` }).click();
    const approve = admin.getByRole('dialog', {
      name: `Send ${rupees(SHARE_PAISE)} to ${payee.holder} (${payee.upiId})?`,
    });
    await expect(approve).toContainText(`For Ishita Rathore (@${creator.handle}). Held for review because:`);
    await expect(approve).toContainText('First payout');
    expect(await blockingViolations(admin)).toEqual([]);
    await shot(admin, testInfo, 'approve-dialog', false);

    const approvedAt = await withPayoutLock(async () => {
      await approve.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(approve).toBeHidden();
      const at = Date.now();
      await expect(
        admin.getByText(`Approved: it is being sent to the bank. ${rupees(SHARE_PAISE)} to ${payee.upiId}`),
      ).toBeVisible();
      await expectWithdrawalStatus(creator.api, id, 'PAID');
      return at;
    });
    const utr = (await withdrawalIn(creator.api, id)).paymentReference ?? '';
    expect(utr).toMatch(/^\d{12}$/);
    // The tab looks again by itself while a payout is on its way.
    await expect(adminValue(row, 'Paid')).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText(utr);
    await expect(row.getByRole('button', { name: /^(Approve|Reject) / })).toHaveCount(0);
    await shot(admin, testInfo, 'admin-withdrawal-paid');

    // Her Wallet, left open, finds out by itself: Paid, with the bank's UTR.
    const paid = historyEntry(wallet, `Withdrawal to ${payee.upiId}`);
    await expect(paid.getByText('Status: Paid', { exact: true })).toBeVisible({ timeout: 45_000 });
    const seen = (Date.now() - approvedAt) / 1000;
    testInfo.annotations.push({ type: 'approved to Paid in the open wallet', description: `${seen.toFixed(1)} s` });
    console.log(`[${testInfo.project.name}] approved → Paid in the creator's open wallet: ${seen.toFixed(1)} s`);
    const paidSteps = withdrawalSteps(paid);
    await expect(paidSteps).toHaveCount(5);
    await expect(paidSteps.nth(1)).toContainText('In review');
    await expect(paidSteps.nth(2)).toContainText('Approved ·');
    await expect(paidSteps.nth(3)).toContainText('Sent ·');
    await expect(paidSteps.nth(4)).toContainText('Paid ·');
    await expect(paidSteps.nth(4)).toContainText(`UTR ${utr}`);
    await expect(paid.getByRole('button', { name: /Cancel the withdrawal/ })).toHaveCount(0);
    await expect(walletBalance(wallet)).toHaveText('₹0');
    await expect(wallet.getByText(/on its way to your UPI ID/)).toHaveCount(0);
    expect(await blockingViolations(wallet)).toEqual([]);
    await shot(wallet, testInfo, 'wallet-withdrawal-paid');

    const paidEmail = await emailSentTo(creator.email, (eml) => eml.includes(`We paid ${rupees(SHARE_PAISE)} to`));
    expect(paidEmail).toMatch(/^Subject: .*Withdrawal.paid:/m);
    expect(paidEmail).toContain(`We paid ${rupees(SHARE_PAISE)} to ${payee.holder} (${payee.upiId}).`);
    expect(paidEmail).toContain(`Payment reference: ${utr}`);

    await adminBrowser.done();
    await creatorBrowser.done();
  });

  test('her next withdrawal to the saved account is paid with no admin action, within a minute', async ({
    page,
    baseURL,
  }, testInfo) => {
    const titles: [string, string] = [`Hawa Mahal lattice ${Date.now().toString(36)}`, `Johari bazaar ${Date.now()}`];
    const { creator, payee, firstId } = await creatorPaidOnce(baseURL!, 'Naina Shekhawat', titles, PRICE_PAISE);
    const send = `Send ${rupees(SHARE_PAISE)} to ${payee.holder}`;

    await logInAsCreator(page, creator);
    await page.goto('/?tab=wallet');
    await expect(walletBalance(page)).toHaveText(rupees(SHARE_PAISE));
    await expect(payoutAccountCard(page)).toContainText(`Paying to ${payee.holder} — ${payee.upiId}`);
    await page.getByRole('button', { name: 'Withdraw to UPI' }).click();
    const dialog = withdrawDialog(page);
    await expect(dialog).toContainText('Usually arrives in under a minute.');
    // Nothing about a check: her account was paid before.
    await expect(dialog).not.toContainText('we check this payout first');

    const { sentAt, paidAt } = await withPayoutLock(async () => {
      await dialog.getByRole('button', { name: send }).click();
      const clicked = Date.now();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByText(
          `${rupees(SHARE_PAISE)} is on its way to ${payee.holder} (${payee.upiId}). It usually arrives in under a minute.`,
        ),
      ).toBeVisible();
      const withdrawal = historyEntries(page).first();
      await expect(withdrawal).toContainText(`Withdrawal to ${payee.upiId}`);
      await expect(withdrawal.getByText('Status: Paid', { exact: true })).toBeVisible({ timeout: 60_000 });
      return { sentAt: clicked, paidAt: Date.now() };
    });
    const seconds = (paidAt - sentAt) / 1000;
    testInfo.annotations.push({ type: 'Send to Paid, no admin', description: `${seconds.toFixed(1)} s` });
    console.log(`[${testInfo.project.name}] automatic payout: Send → Paid in the wallet in ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(60);

    const [latest, earlier] = (await walletOf(creator.api)).history.flatMap((entry) =>
      entry.withdrawal === undefined ? [] : [entry.withdrawal],
    );
    expect(earlier?.id).toBe(firstId);
    expect(latest).toMatchObject({ status: 'PAID', upiId: payee.upiId, reviewReasons: [] });
    const utr = latest!.paymentReference ?? '';
    expect(utr).toMatch(/^\d{12}$/);
    const withdrawal = historyEntries(page).first();
    // Requested, Sent, Paid: no review, no approval.
    const steps = withdrawalSteps(withdrawal);
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('Requested ·');
    await expect(steps.nth(1)).toContainText('Sent ·');
    await expect(steps.nth(2)).toContainText(`UTR ${utr}`);
    await expect(walletBalance(page)).toHaveText('₹0');
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, testInfo, 'wallet-automatic-payout-paid');

    const paidEmail = await emailSentTo(creator.email, (eml) => eml.includes(`Payment reference: ${utr}`));
    expect(paidEmail).toMatch(/^Subject: .*Withdrawal.paid:/m);
    // Only a payout that waits gets a "requested" email: one for the first, none for this one.
    const requested = (eml: string) => /^Subject: .*Withdrawal.requested:/m.test(eml);
    await emailSentTo(creator.email, (eml) => requested(eml) && eml.includes(`Withdrawal ID: ${firstId}`));
    expect(await emailsSentTo(creator.email, requested)).toHaveLength(1);
  });

  test('she cancels a payout in review and the money is back in her wallet', async ({ page, baseURL }, testInfo) => {
    const creator = await seedCreator(baseURL!, 'Pallavi Chouhan', [
      { title: `Amber fort steps ${Date.now()}`, pricePaise: PRICE_PAISE },
    ]);
    const payee = uniquePayee('Pallavi Chouhan');
    await savePayoutAccount(creator.api, payee);
    await buyThroughSimulator(baseURL!, creator.ids[0]!);
    const id = await requestWithdrawal(creator.api, creator.email, SHARE_PAISE, payee.upiId);

    await logInAsCreator(page, creator);
    await page.goto('/?tab=wallet');
    await expect(walletBalance(page)).toHaveText('₹0');
    await expect(page.getByText(`${rupees(SHARE_PAISE)} on its way to your UPI ID`)).toBeVisible();
    const withdrawal = historyEntry(page, `Withdrawal to ${payee.upiId}`);
    await expect(withdrawal.getByText('Status: In review', { exact: true })).toBeVisible();
    await withdrawal.getByRole('button', { name: `Cancel the withdrawal of ${rupees(SHARE_PAISE)}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this withdrawal?' });
    await expect(confirm).toContainText(
      `Nothing is sent to ${payee.upiId}, and ${rupees(SHARE_PAISE)} goes back to your wallet.`,
    );
    // The safe choice has the focus.
    await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, testInfo, 'cancel-withdrawal-dialog', false);
    await confirm.getByRole('button', { name: 'Cancel withdrawal' }).click();
    await expect(confirm).toBeHidden();

    await expect(page.getByText('Withdrawal cancelled', { exact: true }).first()).toBeVisible();
    await expect(walletBalance(page)).toHaveText(rupees(SHARE_PAISE));
    await expect(page.getByText(/on its way to your UPI ID/)).toHaveCount(0);
    await expect(withdrawal.getByText('Status: Cancelled', { exact: true })).toBeVisible();
    await expect(withdrawalSteps(withdrawal).last()).toContainText('Cancelled ·');
    await expect(withdrawal.getByRole('button', { name: /Cancel the withdrawal/ })).toHaveCount(0);
    const returned = historyEntry(page, 'Returned to your wallet');
    await expect(returned).toContainText(`+${rupees(SHARE_PAISE)}`);
    await expect(returned).toContainText('Withdrawal cancelled ·');
    await expect(historyEntries(page)).toHaveCount(3);
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, testInfo, 'wallet-withdrawal-cancelled');

    const wallet = await walletOf(creator.api);
    expect(wallet.balancePaise).toBe(SHARE_PAISE);
    expect(wallet.pendingWithdrawalPaise).toBe(0);
    expect((await withdrawalIn(creator.api, id)).status).toBe('CANCELLED');
    // Nothing left for the admin to approve.
    const admin = await adminApi(baseURL!);
    const approve = await admin.post('/api/admin/withdrawals/approve', { data: { id } });
    expect(approve.status()).toBe(409);
    await admin.dispose();
  });

  test('a typo in the UPI ID’s bank handle is refused with the bank’s answer, and nothing is saved', async ({
    page,
    baseURL,
  }, testInfo) => {
    const creator = await seedCreator(baseURL!, 'Meera Rathore', [{ title: 'Patwon ki haveli', pricePaise: 900_00 }]);
    const payee = uniquePayee('Meera Rathore');
    const typo = payee.upiId.replace(/@okaxis$/, '@okaxsi');
    const notFound =
      'No bank account answers to this UPI ID. Check it for a typo (for example okaxis, not okaxsi) or copy it from your UPI app.';

    await logInAsCreator(page, creator);
    await page.goto('/?tab=wallet');
    const form = newPayoutAccountForm(page);
    await fillPayoutAccountForm(form, { ...payee, upiId: typo });
    await form.getByRole('button', { name: 'Check UPI ID' }).click();
    const upiField = form.getByLabel('UPI ID');
    await expect(form.getByText(notFound, { exact: true })).toBeVisible();
    await expect(upiField).toHaveAttribute('aria-invalid', 'true');
    await expect(upiField).toHaveAccessibleDescription(new RegExp(`${notFound.replace(/[.()]/g, '\\$&')}$`));
    await expect(upiField).toBeFocused();
    await expect(form).not.toContainText('Paying to');
    await expect(form.getByRole('button', { name: 'Save payout account' })).toHaveCount(0);
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, testInfo, 'payout-account-typo');

    // The server refuses to save it too, whatever the page does.
    const put = await creator.api.put('/api/studio/payout-account', {
      data: { upiId: typo, legalName: payee.legalName, pan: payee.pan },
    });
    expect(put.status()).toBe(400);
    expect(((await put.json()) as { error: { message: string } }).error.message).toBe(notFound);
    const saved = await creator.api.get('/api/studio/payout-account');
    expect(await saved.json()).toBeNull();

    // Corrected, it names her.
    await upiField.fill(payee.upiId);
    await expect(form.getByText(notFound)).toHaveCount(0);
    await form.getByRole('button', { name: 'Check UPI ID' }).click();
    await expect(form).toContainText(`Paying to ${payee.holder} — ${payee.upiId}`);
  });

  test('a withdrawal to a UPI ID she never saved waits for review; the admin rejects it and the money is back with the reason', async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    const title = `Nahargarh walls ${Date.now().toString(36)}`;
    const creator = await seedCreator(baseURL!, 'Devika Menon', [{ title, pricePaise: PRICE_PAISE }]);
    await buyThroughSimulator(baseURL!, creator.ids[0]!);
    const upi = uniqueUpiId('ybl');
    const id = await requestWithdrawal(creator.api, creator.email, SHARE_PAISE, upi);
    // No saved payout account: the bank named a holder, and a person checks it before it goes.
    expect(await withdrawalIn(creator.api, id)).toMatchObject({
      status: 'REVIEW',
      reviewReasons: ['first_payout', 'new_upi_id'],
    });
    const reason = `The UPI ID ${upi} is not the creator’s own account`;

    await logInAsAdmin(page);
    await openAdminTab(page, 'Withdrawals');
    const row = adminRow(page, upi);
    await expect(adminValue(row, 'In review')).toBeVisible();
    await showRowDetails(row);
    await expect(row).toContainText('A UPI ID other than the saved payout account');
    await expect(row.getByRole('button', { name: `Approve ${rupees(SHARE_PAISE)} to ${upi}` })).toBeVisible();
    await row.getByRole('button', { name: `Reject ${rupees(SHARE_PAISE)} to ${upi}` }).click();
    const reject = page.getByRole('dialog', { name: `Reject ${rupees(SHARE_PAISE)} to ${upi}?` });
    await reject.getByLabel('Reason').fill(reason);
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(reject).toBeHidden();
    await expect(adminValue(row, 'Rejected')).toBeVisible();
    await expect(row.getByRole('button', { name: /^(Approve|Reject) / })).toHaveCount(0);
    await expect(row).toContainText(reason.slice(0, 40));

    const creatorBrowser = await watchedPage(browser, baseURL!, testInfo);
    const wallet = creatorBrowser.page;
    await logInAsCreator(wallet, creator);
    await wallet.goto('/?tab=wallet');
    await expect(walletBalance(wallet)).toHaveText(rupees(SHARE_PAISE));
    const withdrawal = historyEntry(wallet, `Withdrawal to ${upi}`);
    await expect(withdrawal.getByText('Status: Rejected', { exact: true })).toBeVisible();
    const steps = withdrawalSteps(withdrawal);
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(1)).toContainText('A UPI ID you have not saved as your payout account');
    await expect(steps.nth(2)).toContainText('Rejected ·');
    await expect(steps.nth(2)).toContainText(`Reason: ${reason}`);
    const returned = historyEntry(wallet, 'Returned to your wallet');
    await expect(returned).toContainText(`+${rupees(SHARE_PAISE)}`);
    await expect(returned).toContainText(`Reason: ${reason}`);
    // Newest first: the money coming back, then the withdrawal, then the sale.
    const entries = historyEntries(wallet);
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

    // With a saved payout account, the one-tap Send is held back the same way.
    const payee = uniquePayee('Farhan Qureshi');
    await savePayoutAccount(creator.api, payee);
    await page.reload();
    await expect(payoutAccountCard(page)).toContainText(payee.holder);
    await page.getByRole('button', { name: 'Withdraw to UPI' }).click();
    const send = dialog.getByRole('button', { name: `Send ₹141.55 to ${payee.holder}` });
    await expect(send).toBeDisabled();
    await expect(send).toHaveAccessibleDescription('Minimum withdrawal amount is ₹500');
    await shot(page, testInfo, 'withdraw-modal-below-minimum-saved-account', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(posted).toBe(0);
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
