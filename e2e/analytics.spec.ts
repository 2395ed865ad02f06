import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { blockingViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { card, creatorShare, logInFromUnlockDialog, payDialogOrder, rupees, signUpFan } from './payment-helpers.js';
import { seedCreator } from './studio-helpers.js';
import { logInAsCreator, scrollsSideways, shot, watchedPage } from './wallet-helpers.js';

/**
 * Issue 26 §4: a creator shares her link, a fan opens it (a visit) and buys (a sale), and her
 * Analytics tab shows both; her sales CSV holds the sale.
 */

test.describe.configure({ timeout: 90_000 });

const CSV_HEADER = 'Date (IST),Order ID,Item,Price (INR),Kholo fee (INR),Your share (INR),Refunded (INR),Status';

/** A headline number of the Analytics tab, by its label ('Visits', 'Unlocks', …). */
function headline(page: Page, label: string) {
  return analyticsPanel(page)
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

function analyticsPanel(page: Page) {
  return page.getByRole('region', { name: 'Analytics' });
}

async function openAnalytics(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Analytics' }).click();
  await expect(analyticsPanel(page).getByRole('group', { name: 'Period' })).toBeVisible();
}

test('a visit and a sale from her shared link show in her Analytics tab and her sales CSV', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const price = 199_00;
  const creator = await seedCreator(baseURL!, 'Kavya Menon', [{ title: 'Monsoon in Munnar', pricePaise: price }]);
  const fan = await signUpFan(baseURL!, 'Arjun Nair');

  // A new creator: nobody has visited yet.
  await logInAsCreator(page, creator);
  await openAnalytics(page);
  await expect(analyticsPanel(page).getByRole('heading', { name: 'No visits yet' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]tab=analytics/);
  expect(await blockingViolations(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);
  await shot(page, testInfo, 'analytics-empty');

  // She shares her link to WhatsApp from the empty state; a fan opens the link in the message, in
  // her own browser, and buys.
  const whatsapp = await analyticsPanel(page).getByRole('link', { name: 'WhatsApp', exact: true }).getAttribute('href');
  expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
  const link = /https?:\/\/\S+$/.exec(new URL(whatsapp!).searchParams.get('text') ?? '')?.[0] ?? '';
  expect(link).toContain(`/u/${creator.handle}`);
  expect(new URL(link).searchParams.get('src')).toBe('wa');
  const fanBrowser = await watchedPage(browser, baseURL!, testInfo);
  try {
    await fanBrowser.page.goto(link);
    await card(fanBrowser.page, 'Monsoon in Munnar')
      .getByRole('button', { name: `Unlock for ${rupees(price)}` })
      .click();
    await logInFromUnlockDialog(fanBrowser.page, fan);
    await fanBrowser.page
      .getByRole('dialog')
      .getByRole('button', { name: `Pay ${rupees(price)}` })
      .click();
    const orderId = await payDialogOrder(fanBrowser.page, rupees(price), { upiApp: 'Pay' });
    await expect(fanBrowser.page.getByText('Unlocked (14d left)').first()).toBeVisible({ timeout: 15_000 });

    // Back on her dashboard: the visit, the unlock and what she earned.
    await page.reload();
    await expect(analyticsPanel(page).getByRole('group', { name: 'Period' })).toBeVisible();
    await expect(headline(page, 'Unlocks')).toHaveText('1');
    const visits = Number(await headline(page, 'Visits').textContent());
    expect(visits).toBeGreaterThanOrEqual(1);
    await expect(headline(page, 'Earnings')).toHaveText(rupees(creatorShare(price)));
    await expect(headline(page, 'Fans')).toHaveText('1');
    await expect(headline(page, 'Repeat fans')).toHaveText('0');
    await expect(analyticsPanel(page).getByRole('figure', { name: /^Earnings per day/ })).toContainText(`Best day: `);
    await expect(analyticsPanel(page).getByRole('list', { name: 'Where visits came from' })).toContainText(
      /WhatsApp\s*1 visit/,
    );
    const topItems = testInfo.project.name === 'mobile' ? 'list' : 'table';
    await expect(analyticsPanel(page).getByRole(topItems, { name: 'Top items' })).toContainText('Monsoon in Munnar');

    // Another period is one tap, and stays in the address.
    await analyticsPanel(page).getByRole('button', { name: '7 days' }).click();
    await expect(page).toHaveURL(/[?&]days=7/);
    await expect(analyticsPanel(page).getByText(/^Last 7 days:/)).toBeVisible();
    await expect(headline(page, 'Unlocks')).toHaveText('1');

    expect(await blockingViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, testInfo, 'analytics');

    // Her records: the CSV has the columns and the sale.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      analyticsPanel(page).getByRole('link', { name: 'Download sales (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kholo-sales-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe(CSV_HEADER);
    expect(rows).toHaveLength(1);
    const cells = rows[0]!.split(',');
    expect(cells[1]).toBe(orderId);
    expect(cells.slice(2)).toEqual([
      'Monsoon in Munnar',
      '199.00',
      ((price - creatorShare(price)) / 100).toFixed(2),
      (creatorShare(price) / 100).toFixed(2),
      '0.00',
      'Paid',
    ]);
  } finally {
    await fanBrowser.done();
  }
});
