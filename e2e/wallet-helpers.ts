import { type APIRequestContext, type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { E2E_ADMIN } from './e2e-env.js';
import { collectBrowserErrors } from './fixtures.js';
import { apiClient, uniqueEmail } from './studio-helpers.js';

/**
 * Saves a screenshot a person looks at in the test's own output folder (under test-results,
 * named for the viewport) and attaches it to the report. A modal dialog is captured as the
 * viewport shows it, not as a full page.
 */
export async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  const file = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  // From the top: a full page is captured at the current scroll, with the sticky header (and any
  // toast) drawn wherever the viewport was, half-way down the picture.
  if (fullPage) {
    await page.evaluate(() => {
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
  }
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** A UPI ID no other test uses, so a row in the admin's shared list can be found by it. */
export function uniqueUpiId(handle = 'okicici'): string {
  return `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@${handle}`;
}

/**
 * A new fan buys an item with the same HTTP steps the Unlock dialog and the simulator's hosted
 * checkout make (order, the checkout's Pay, then the verify call /payment-success makes): the
 * sale settles on the server exactly as in the browser, without waiting on a page. Answers her
 * order and her signed-in client (the caller disposes of it), to act as her afterwards.
 */
export async function buyAsNewFan(
  baseURL: string,
  contentId: string,
): Promise<{ fan: APIRequestContext; orderId: string }> {
  const fan = await apiClient(baseURL);
  try {
    const signUp = await fan.post('/api/auth/sign-up/email', {
      data: { role: 'fan', name: 'Tara Iyer', email: uniqueEmail('buyer'), password: 'chai at hawa mahal' },
    });
    if (!signUp.ok()) throw new Error(`fan sign-up failed: ${signUp.status()} ${await signUp.text()}`);
    const order = await fan.post('/api/payment/order', { data: { contentId } });
    if (!order.ok()) throw new Error(`order failed: ${order.status()} ${await order.text()}`);
    const { order_id: orderId, payment_session_id: sessionId } = (await order.json()) as {
      order_id: string;
      payment_session_id: string;
    };
    const pay = await fan.get('/__simulator/checkout/complete', {
      params: { payment_session_id: sessionId, method: 'upi', outcome: 'SUCCESS' },
      maxRedirects: 0,
    });
    if (pay.status() !== 303) throw new Error(`simulator pay failed: ${pay.status()} ${await pay.text()}`);
    await expect
      .poll(
        async () => {
          const verify = await fan.post('/api/payment/verify-payment', { data: { order_id: orderId } });
          return ((await verify.json()) as { status?: string }).status;
        },
        { message: `order ${orderId} settled` },
      )
      .toBe('PAID');
    return { fan, orderId };
  } catch (error) {
    await fan.dispose();
    throw error;
  }
}

/** The same, for a sale only: her client is let go. */
export async function buyThroughSimulator(baseURL: string, contentId: string): Promise<string> {
  const { fan, orderId } = await buyAsNewFan(baseURL, contentId);
  await fan.dispose();
  return orderId;
}

export interface WalletSnapshot {
  balancePaise: number;
  pendingWithdrawalPaise: number;
  history: Array<{
    kind: string;
    withdrawal?: {
      id: string;
      upiId: string;
      status: string;
      reviewReasons: string[];
      paymentReference: string | null;
      rejectionReason: string | null;
    };
  }>;
}

export async function walletOf(api: APIRequestContext): Promise<WalletSnapshot> {
  const response = await api.get('/api/wallet');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as WalletSnapshot;
}

/** The creator's withdrawal to `upiId`, through the same API the withdraw modal calls; answers its id. */
export async function requestWithdrawal(
  api: APIRequestContext,
  email: string,
  balancePaise: number,
  upiId: string,
): Promise<string> {
  const response = await api.post('/api/withdraw', {
    data: { creator: email, amount: balancePaise / 100, upi: upiId },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { withdrawal: { id: string } }).withdrawal.id;
}

/** One of the creator's withdrawals as her wallet reports it. */
export async function withdrawalIn(
  api: APIRequestContext,
  id: string,
): Promise<NonNullable<WalletSnapshot['history'][number]['withdrawal']>> {
  const withdrawal = (await walletOf(api)).history.find((entry) => entry.withdrawal?.id === id)?.withdrawal;
  if (withdrawal === undefined) throw new Error(`no withdrawal ${id} in the wallet`);
  return withdrawal;
}

/** An API client signed in as the e2e admin. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await apiClient(baseURL);
  const response = await api.post('/api/auth/sign-in/email', {
    data: { role: 'admin', email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  if (!response.ok()) throw new Error(`admin sign-in failed: ${response.status()} ${await response.text()}`);
  return api;
}

/** The /admin login form, then the panel. */
export async function logInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(E2E_ADMIN.email);
  await main.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await main.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
}

/** The header's Login dialog, as a creator; lands on the dashboard. */
export async function logInAsCreator(page: Page, creator: { email: string; password: string }): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome back' });
  await dialog.getByLabel('Email').fill(creator.email);
  await dialog.getByLabel('Password', { exact: true }).fill(creator.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
}

/** The big balance on the Wallet tab (the line under 'Balance'). */
export function walletBalance(page: Page) {
  return page.getByText('Balance', { exact: true }).locator('xpath=following-sibling::p[1]');
}

/** The Wallet tab's history list. */
export function walletHistory(page: Page) {
  return page.getByRole('list', { name: 'Wallet history' });
}

/** The wallet history's entries, newest first (not the steps listed inside a withdrawal). */
export function historyEntries(page: Page) {
  return walletHistory(page).locator(':scope > li');
}

/** One entry of the wallet history, by text only it has (an item title, a UPI ID). */
export function historyEntry(page: Page, text: string) {
  return historyEntries(page).filter({ hasText: text });
}

/** A withdrawal's steps in the wallet history (Requested, In review, … Paid), oldest first. */
export function withdrawalSteps(entry: ReturnType<typeof historyEntry>) {
  return entry.getByRole('list', { name: 'Steps' }).getByRole('listitem');
}

export function withdrawDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Withdraw to UPI' });
}

/** An admin tab, opened by its name. */
export async function openAdminTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** One row of an admin list, as a table row (wide) or a card (narrow), by text only it has. */
export function adminRow(page: Page, text: string) {
  return page.getByRole('tabpanel').locator('tr, li').filter({ hasText: text });
}

let contextCounter = 0;

/**
 * A second person's browser (a creator, the admin) beside the fixture's `page`, with the same
 * rule: console errors fail the test, except for /api calls that fail on purpose. `done()`
 * closes it and checks.
 */
export async function watchedPage(
  browser: Browser,
  baseURL: string,
  testInfo: TestInfo,
): Promise<{ page: Page; done: () => Promise<void> }> {
  contextCounter += 1;
  const context = await browser.newContext({
    baseURL,
    viewport: testInfo.project.use.viewport ?? null,
    isMobile: testInfo.project.use.isMobile ?? false,
    hasTouch: testInfo.project.use.hasTouch ?? false,
    extraHTTPHeaders: { 'x-forwarded-for': `10.252.${testInfo.workerIndex % 250}.${(contextCounter % 250) + 1}` },
  });
  const page = await context.newPage();
  const errors = collectBrowserErrors(page);
  return {
    page,
    done: async () => {
      await context.close();
      expect(errors, 'the second browser reported errors').toEqual([]);
    },
  };
}

/** Whether the page scrolls sideways (it must not, on a phone). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > window.innerWidth;
  });
}

/** On a narrow screen a card cuts long values at 50 characters: opens its details to show them whole. */
export async function showRowDetails(row: ReturnType<typeof adminRow>): Promise<void> {
  await expect(row).toBeVisible();
  const more = row.getByRole('button', { name: 'Show details' });
  if ((await more.count()) > 0) await more.click();
}

/** A row's cell (table) or value (card) whose whole text is `text`, e.g. its status. */
export function adminValue(row: ReturnType<typeof adminRow>, text: string) {
  return row.locator('td, dd').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
}
