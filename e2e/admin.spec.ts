import type { APIRequestContext, Page } from '@playwright/test';
import { blockingViolations } from './axe.js';
import { E2E_ADMIN } from './e2e-env.js';
import { expect, test } from './fixtures.js';
import { card, creatorShare, rupees } from './payment-helpers.js';
import { creatorPaidOnce } from './payout-helpers.js';
import { seedCreator, uniqueEmail } from './studio-helpers.js';
import {
  adminApi,
  adminRow,
  buyThroughSimulator,
  logInAsAdmin,
  logInAsCreator,
  openAdminTab,
  requestWithdrawal,
  scrollsSideways,
  shot,
  uniqueUpiId,
  walletOf,
  watchedPage,
} from './wallet-helpers.js';

const ADMIN_TABS = ['Dashboard', 'Payments', 'Content', 'Creators', 'Logs', 'Withdrawals', 'Messages'] as const;

/** A Contact Us message through the route the ContactUs page posts to. */
async function postContactMessage(page: Page, message: string): Promise<void> {
  const response = await page.request.post('/api/contact', {
    data: { name: 'Pooja Rathi', email: uniqueEmail('contact'), message },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** 150 characters no other message has, with no space near the 50th or 100th. */
function uniqueMessage(): string {
  const token = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const head = `Kholo e2e ${token}: `;
  let filler = '';
  for (let index = 0; filler.length < 150 - head.length; index += 1)
    filler += 'abcdefghijklmnopqrstuvwxyz'.charAt(index % 26);
  const message = head + filler;
  expect(Array.from(message)).toHaveLength(150);
  return message;
}

/**
 * One of everything, so each admin tab has a row to show whatever else the database holds: a payout
 * the admin approved and the bank paid (the Logs' payouts), and one she rejected.
 */
async function seedAdminData(page: Page, baseURL: string): Promise<{ upi: string; admin: APIRequestContext }> {
  const { creator } = await creatorPaidOnce(baseURL, 'Lakshmi Pillai', ['Kochi nets', 'Fort Kochi walls'], 600_00);
  const upi = uniqueUpiId('paytm');
  const id = await requestWithdrawal(creator.api, creator.email, creatorShare(600_00), upi);
  const admin = await adminApi(baseURL);
  const rejected = await admin.post('/api/admin/withdrawals/reject', { data: { id, reason: 'Seeded for the tabs' } });
  expect(rejected.status(), await rejected.text()).toBe(200);
  await postContactMessage(page, `Tabs check ${Date.now()}: my payout has not arrived yet.`);
  return { upi, admin };
}

test.describe('the admin panel', () => {
  test('every tab shows its data: tables at 1280 px, cards and no sideways scroll at 360 px', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { admin } = await seedAdminData(page, baseURL!);
    await admin.dispose();
    const wide = testInfo.project.name === 'desktop';

    await logInAsAdmin(page);
    for (const name of ADMIN_TABS) {
      await openAdminTab(page, name);
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();
      await expect(panel.getByRole('status')).toHaveCount(0);
      await expect(page.getByText(/Failed to fetch data/)).toHaveCount(0);
      if (name === 'Dashboard') {
        for (const label of ['Users', 'Payments', 'Unlocks', 'Sales', 'Platform fees', 'Withdrawals pending']) {
          await expect(panel.getByRole('listitem').filter({ hasText: label }).first()).toBeVisible();
        }
      } else if (wide) {
        await expect(panel.locator('table').first()).toBeVisible();
        await expect(panel.locator('table tbody tr').first()).toBeVisible();
      } else {
        await expect(panel.getByRole('listitem').first()).toBeVisible();
        await expect(panel.locator('table')).toHaveCount(0);
      }
      // Payment events, payouts, admin actions.
      if (name === 'Logs') await expect(panel.locator(wide ? 'table' : 'ul')).toHaveCount(3);
      expect(await scrollsSideways(page), `${name} scrolls sideways`).toBe(false);
      await expect(page.getByText('No data found.')).toHaveCount(0);
      // For a person to look at: every tab at both widths.
      await shot(page, testInfo, `admin-${name.toLowerCase()}-tab`);
    }
    if (!wide) {
      // The card view, scanned once (the Withdrawals tab, with row actions and Show details).
      await openAdminTab(page, 'Withdrawals');
      expect(await blockingViolations(page)).toEqual([]);
    }
  });

  test('a long message is cut at 100 characters in the table and 50 on a card, with the whole text a step away', async ({
    page,
  }, testInfo) => {
    const message = uniqueMessage();
    await postContactMessage(page, message);
    await logInAsAdmin(page);
    await openAdminTab(page, 'Messages');
    const panel = page.getByRole('tabpanel');
    if (testInfo.project.name === 'desktop') {
      const cell = panel.getByRole('cell', { name: `${message.slice(0, 100)}...`, exact: true });
      await expect(cell).toBeVisible();
      await expect(cell).toHaveAttribute('title', message);
      await expect(panel.getByText(message, { exact: true })).toHaveCount(0);
    } else {
      const item = panel.getByRole('listitem').filter({ hasText: message.slice(0, 50) });
      await expect(item.getByText(`${message.slice(0, 50)}...`, { exact: true })).toBeVisible();
      await expect(item.getByText(message, { exact: true })).toHaveCount(0);
      await item.getByRole('button', { name: 'Show details' }).click();
      await expect(item.getByText(message, { exact: true })).toBeVisible();
      await expect(item.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
      expect(await scrollsSideways(page)).toBe(false);
      await shot(page, testInfo, 'admin-message-expanded');
    }
  });

  test('an empty list says No data found., a failed one Failed to fetch data: …', async ({ page }) => {
    await logInAsAdmin(page);
    await page.route('**/api/admin/messages', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ items: [] }) }),
    );
    await openAdminTab(page, 'Messages');
    await expect(page.getByRole('tabpanel').getByText('No data found.', { exact: true })).toBeVisible();

    await page.route('**/api/admin/payments', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong' } }),
      }),
    );
    await openAdminTab(page, 'Payments');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch data: ' });
    // The query retries before it gives up, so the message takes a few seconds.
    await expect(alert.getByText('Failed to fetch data: Something went wrong', { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('tabpanel').locator('table, li')).toHaveCount(0);

    // Retry, with the server answering again, shows the list.
    await page.unroute('**/api/admin/payments');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toHaveCount(0);
    const panel = page.getByRole('tabpanel');
    await expect(panel.locator('table, li').or(panel.getByText('No data found.')).first()).toBeVisible();
  });

  test('a spinner shows while a tab loads', async ({ page }) => {
    await logInAsAdmin(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/admin/creators', async (route) => {
      await held;
      await route.continue();
    });
    await openAdminTab(page, 'Creators');
    await expect(page.getByRole('tabpanel').getByRole('status')).toBeVisible();
    release();
    await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
    await expect(
      page
        .getByRole('tabpanel')
        .getByRole('button', { name: /^(Suspend|Reinstate) / })
        .first(),
    ).toBeVisible();
  });
});

test.describe('moderation', () => {
  test('the admin hides an item and brings it back; suspends a creator and reinstates her', async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    test.setTimeout(60_000);
    const title = `Gadisar ghat ${Date.now().toString(36)}`;
    const creator = await seedCreator(baseURL!, 'Sunita Bishnoi', [{ title, pricePaise: 250_00 }]);
    const reason = 'Shows a copyrighted film still';
    const visitor = await watchedPage(browser, baseURL!, testInfo);
    await visitor.page.goto(`/u/${creator.handle}`);
    await expect(card(visitor.page, title)).toBeVisible();

    await logInAsAdmin(page);
    await openAdminTab(page, 'Content');
    await page.getByRole('button', { name: `Hide ${title}` }).click();
    const hide = page.getByRole('dialog', { name: `Hide “${title}”?` });
    await hide.getByLabel('Reason').fill(reason);
    await hide.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(hide).toBeHidden();
    await expect(adminRow(page, title)).toContainText(`Hidden: ${reason}`);

    await visitor.page.reload();
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'Sunita Bishnoi' })).toBeVisible();
    await expect(card(visitor.page, title)).toHaveCount(0);

    const creatorBrowser = await watchedPage(browser, baseURL!, testInfo);
    await logInAsCreator(creatorBrowser.page, creator);
    await creatorBrowser.page.goto('/?tab=content');
    const own = creatorBrowser.page.getByRole('listitem').filter({ hasText: title });
    await expect(own.getByText('Hidden by Kholo', { exact: true })).toBeVisible();
    await expect(own).toContainText(reason);

    await page.getByRole('button', { name: `Unhide ${title}` }).click();
    const unhide = page.getByRole('dialog', { name: `Unhide “${title}”?` });
    await unhide.getByRole('button', { name: 'Unhide', exact: true }).click();
    await expect(unhide).toBeHidden();
    await expect(adminRow(page, title)).toContainText('Visible');
    await visitor.page.reload();
    await expect(card(visitor.page, title)).toBeVisible();

    // Suspension takes the page down; reinstating brings it back.
    await openAdminTab(page, 'Creators');
    await page.getByRole('button', { name: `Suspend Sunita Bishnoi (@${creator.handle})` }).click();
    const suspend = page.getByRole('dialog', { name: 'Suspend Sunita Bishnoi?' });
    await suspend.getByLabel('Reason').fill('Repeated copyright complaints');
    await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect(suspend).toBeHidden();
    await visitor.page.reload();
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'We couldn’t find that creator' })).toBeVisible();
    await creatorBrowser.page.reload();
    await expect(
      creatorBrowser.page.getByText('Your creator account is suspended. Please contact support.').first(),
    ).toBeVisible();

    await page.getByRole('button', { name: `Reinstate Sunita Bishnoi (@${creator.handle})` }).click();
    const reinstate = page.getByRole('dialog', { name: 'Reinstate Sunita Bishnoi?' });
    await reinstate.getByRole('button', { name: 'Reinstate', exact: true }).click();
    await expect(reinstate).toBeHidden();
    await visitor.page.reload();
    await expect(card(visitor.page, title)).toBeVisible();

    // Every action is in the audit log.
    await openAdminTab(page, 'Logs');
    await expect(page.getByRole('tabpanel')).toContainText(reason);
    await visitor.done();
    await creatorBrowser.done();
  });
});

test.describe('admin routes trust the session, not a header', () => {
  test('a fan sending x-admin-email gets 403 and the withdrawal stays in review', async ({ page, baseURL }) => {
    const creator = await seedCreator(baseURL!, 'Meenakshi Iyer', [{ title: 'Temple lamps', pricePaise: 600_00 }]);
    await buyThroughSimulator(baseURL!, creator.ids[0]!);
    const upi = uniqueUpiId('axl');
    const id = await requestWithdrawal(creator.api, creator.email, creatorShare(600_00), upi);

    // The fan's own browser session.
    const fanEmail = uniqueEmail('fan');
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { role: 'fan', name: 'Harsh Vardhan', email: fanEmail, password: 'chai at hawa mahal' },
    });
    expect(signUp.ok()).toBe(true);
    for (const [action, data] of [
      ['approve', { id }],
      ['payment-done', { id, reference: 'FORGED' }],
      ['reject', { id, reason: 'Forged by a fan' }],
    ] as const) {
      const forged = await page.request.post(`/api/admin/withdrawals/${action}`, {
        headers: { 'x-admin-email': E2E_ADMIN.email },
        data,
      });
      expect(forged.status(), action).toBe(403);
      expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    }
    const list = await page.request.get('/api/admin/withdrawals', { headers: { 'x-admin-email': E2E_ADMIN.email } });
    expect(list.status()).toBe(403);

    const wallet = await walletOf(creator.api);
    const withdrawal = wallet.history.find((entry) => entry.withdrawal?.id === id)?.withdrawal;
    // No payout account saved: it waits for the admin, who alone may let it go.
    expect(withdrawal?.status).toBe('REVIEW');
    expect(wallet.pendingWithdrawalPaise).toBe(creatorShare(600_00));
    expect(rupees(wallet.balancePaise)).toBe('₹0');
  });
});
