import type { Locator, Page } from '@playwright/test';
import { blockingViolations } from './axe.js';
import { snap } from './screenshots.js';
import { expect, test } from './fixtures.js';
import { emailSentTo } from './outbox.js';
import { seedCreator, uniqueEmail } from './studio-helpers.js';
import { logInAsAdmin, logInAsCreator, openAdminTab, scrollsSideways, watchedPage } from './wallet-helpers.js';

/**
 * Reports and takedowns (issue 24) as the people involved see them: a visitor reports an item in
 * two taps and gets a ticket; the admin finds it near the top of Reports with its 2-hour deadline
 * and removes it with a reason; the creator sees why and asks for a review, which goes back into
 * the admin's queue.
 */

/** Nothing sideways at 360 px, and nothing axe calls serious. */
async function checkScreen(page: Page, what: string): Promise<void> {
  expect(await scrollsSideways(page), `${what} scrolls sideways`).toBe(false);
  expect(await blockingViolations(page), what).toEqual([]);
}

/** R-7K2Q-M9XA: a report; G- a grievance; A- a creator's review request (ticket-numbers.ts). */
const TICKET = /[RGA]-[0-9A-Z]{4}-[0-9A-Z]{4}/;

/** The Reports tab's row (a table row, or a card on a phone) for a ticket. */
function ticketRow(page: Page, ticket: string): Locator {
  return page
    .getByRole('tabpanel', { name: 'Reports' })
    .locator('tr, li')
    .filter({ has: page.getByText(ticket, { exact: true }) });
}

/** The ticket numbers in the queue, top to bottom, with each row's lane. */
async function queueOrder(page: Page): Promise<Array<{ ticket: string; lane: string; open: boolean }>> {
  const panel = page.getByRole('tabpanel', { name: 'Reports' });
  const rows = panel.locator('tbody tr, ul[aria-label="Reports"] > li');
  return rows.evaluateAll((elements) =>
    elements.map((element) => {
      const text = element.textContent;
      return {
        ticket: /[RGA]-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(text)?.[0] ?? '',
        lane: /2 hours|36 hours|7 days/.exec(text)?.[0] ?? '',
        open: /Due in|Overdue by/.test(text),
      };
    }),
  );
}

test.describe('reports and takedowns', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a visitor reports an item in two taps; the admin removes it within its deadline; the creator asks for a review', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const base = baseURL ?? '';
    const title = `Harbour lights ${testInfo.project.name} ${Date.now().toString(36)}`;
    const other = `Chai stall ${testInfo.project.name} ${Date.now().toString(36)}`;
    const creator = await seedCreator(base, 'Asha Rao', [{ title: other }, { title }]);
    await creator.api.dispose();

    // The visitor: Report on the card, then a reason that needs nothing more.
    await page.goto(`/u/${creator.handle}`);
    const itemCard = page.getByRole('article', { name: title, exact: true });
    await expect(itemCard).toBeVisible();
    await snap(page, testInfo, 'reports-creator-page');
    await checkScreen(page, 'the creator page with Report buttons');

    // "Something else" asks for words first: seen, then left without sending.
    await page.getByRole('button', { name: 'Report Asha Rao’s page' }).click();
    const pageDialog = page.getByRole('dialog', { name: 'Report Asha Rao’s page' });
    await pageDialog.getByRole('button', { name: 'Something else' }).click();
    await expect(pageDialog.getByLabel('What is wrong?')).toBeFocused();
    await snap(page, testInfo, 'reports-dialog-more', false);
    await checkScreen(page, 'the Report dialog asking for words');
    await pageDialog.getByRole('button', { name: 'Back' }).click();
    await pageDialog.getByRole('button', { name: 'Close' }).click();
    await expect(pageDialog).toBeHidden();

    await itemCard.getByRole('button', { name: `Report “${title}”` }).click();
    await expect(page.getByRole('dialog', { name: `Report “${title}”` })).toBeVisible();
    // Its heading, and so its name, becomes the receipt's once sent.
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Intimate images shared without consent' })).toBeVisible();
    await snap(page, testInfo, 'reports-dialog', false);
    await checkScreen(page, 'the Report dialog');

    await dialog.getByRole('button', { name: 'Intimate images shared without consent' }).click();
    const sent = dialog.getByRole('heading', { name: /^Report sent — ticket R-/ });
    await expect(sent).toBeFocused();
    const ticket = TICKET.exec((await sent.textContent()) ?? '')?.[0] ?? '';
    expect(ticket).not.toBe('');
    await expect(
      dialog.getByText('We review reports like this within 2 hours. The item is hidden while we look.'),
    ).toBeVisible();
    await snap(page, testInfo, 'reports-receipt', false);
    await checkScreen(page, 'the report’s receipt');

    // She adds her email, so the outcome can reach her.
    const reporter = uniqueEmail('reporter');
    await dialog.getByRole('button', { name: 'Add details or your email' }).click();
    await dialog.getByLabel('Details (optional)').fill('This is me, shared without my consent.');
    await dialog.getByLabel('Your email (optional)').fill(reporter);
    await snap(page, testInfo, 'reports-add-details', false);
    await checkScreen(page, 'the form to add details or an email');
    await dialog.getByRole('button', { name: 'Add to report' }).click();
    await expect(dialog.getByText('Added to your report. Thank you.')).toBeVisible();
    await expect(dialog.getByText(`We will email you the outcome at ${reporter}.`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // The item is out of view at once, pending review; the other stays.
    await page.reload();
    await expect(page.getByRole('article', { name: other, exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: title, exact: true })).toBeHidden();

    // The admin: the ticket is among the first, with its 2-hour deadline.
    const admin = await watchedPage(browser, base, testInfo);
    await logInAsAdmin(admin.page);
    const dashboardReports = admin.page.getByRole('region', { name: 'Reports' });
    await expect(dashboardReports).toContainText(/\d+ open, \d+ overdue/);
    await snap(admin.page, testInfo, 'reports-admin-dashboard');
    await dashboardReports.getByRole('button', { name: 'Review reports' }).click();
    await expect(admin.page.getByRole('tab', { name: 'Reports', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const row = ticketRow(admin.page, ticket);
    await expect(row).toContainText('Intimate images shared without consent');
    await expect(row).toContainText('2 hours');
    await expect(row).toContainText(/Due in (1 h \d+ min|2 h)/);
    await expect(row).toContainText('This is me, shared without my consent.');
    await expect(row).toContainText(reporter);
    // Open tickets come by deadline: only others of the 2-hour lane can be above it.
    const order = await queueOrder(admin.page);
    const at = order.findIndex((entry) => entry.ticket === ticket);
    expect(at).toBeGreaterThanOrEqual(0);
    for (const above of order.slice(0, at)) expect(above).toMatchObject({ lane: '2 hours', open: true });
    await snap(admin.page, testInfo, 'reports-admin-queue');
    await checkScreen(admin.page, 'the Reports tab');

    await row.getByRole('button', { name: `Remove (${ticket})` }).click();
    const remove = admin.page.getByRole('dialog', { name: `Remove “${title}”?` });
    await remove.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(remove.getByText('Please write the reason.')).toBeVisible();
    await snap(admin.page, testInfo, 'reports-admin-remove', false);
    await checkScreen(admin.page, 'the Remove dialog');
    const reason = 'Shared without the consent of the person shown.';
    await remove.getByLabel('Reason').fill(reason);
    await remove.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(remove).toBeHidden();
    await expect(admin.page.getByText(`${ticket}: Removed.`)).toBeVisible();
    await expect(ticketRow(admin.page, ticket)).toContainText('Removed');

    // The reporter is told the outcome, as the receipt promised.
    await emailSentTo(reporter, (eml) => eml.includes(ticket) && eml.includes('we removed'));

    // The creator: why, and "Ask for a review".
    const studio = await watchedPage(browser, base, testInfo);
    await logInAsCreator(studio.page, creator);
    await studio.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Content' }).click();
    const item = studio.page
      .getByRole('list', { name: 'Your content' })
      .getByRole('listitem')
      .filter({ hasText: `Removed: ${reason}` });
    await expect(item).toContainText(title);
    await snap(studio.page, testInfo, 'reports-creator-removed');
    await checkScreen(studio.page, 'the Content tab with a removed item');

    await item.getByRole('button', { name: `Ask for a review of “${title}”` }).click();
    await expect(studio.page.getByRole('dialog', { name: 'Ask for a review' })).toBeVisible();
    const review = studio.page.getByRole('dialog');
    await review
      .getByLabel('Your explanation')
      .fill('I shot this myself; the model signed a release, which I can send.');
    await snap(studio.page, testInfo, 'reports-creator-review', false);
    await checkScreen(studio.page, 'the review request dialog');
    await review.getByRole('button', { name: 'Ask for a review' }).click();
    const requested = review.getByRole('heading', { name: /^Review requested — ticket A-/ });
    await expect(requested).toBeVisible();
    const reviewTicket = TICKET.exec((await requested.textContent()) ?? '')?.[0] ?? '';
    expect(reviewTicket).toMatch(/^A-/);
    await snap(studio.page, testInfo, 'reports-creator-review-sent', false);
    await checkScreen(studio.page, 'the review request’s receipt');
    await review.getByRole('button', { name: 'Done' }).click();
    await expect(item).toContainText(`Review requested — ticket ${reviewTicket}. We will email you the outcome.`);
    await expect(item.getByRole('button', { name: /Ask for a review/ })).toHaveCount(0);

    // Back in the admin's queue.
    await openAdminTab(admin.page, 'Dashboard');
    await openAdminTab(admin.page, 'Reports');
    const reviewRow = ticketRow(admin.page, reviewTicket);
    await expect(reviewRow).toContainText('Review request from the creator');
    await expect(reviewRow).toContainText('I shot this myself');
    await expect(reviewRow.getByRole('button', { name: `Restore item (${reviewTicket})` })).toBeVisible();
    await expect(reviewRow.getByRole('button', { name: `Keep removed (${reviewTicket})` })).toBeVisible();
    await snap(admin.page, testInfo, 'reports-admin-review-request');
    await checkScreen(admin.page, 'the Reports tab with a review request');

    await studio.done();
    await admin.done();
  });
});
