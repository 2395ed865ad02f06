import type { Page } from '@playwright/test';
import { blockingViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { resetLinkSentTo } from './outbox.js';
import { apiClient, uniqueEmail } from './studio-helpers.js';
import { adminRow, logInAsAdmin, openAdminTab, scrollsSideways, shot } from './wallet-helpers.js';

/**
 * The admin's Jobs tab (issue 20). Not in shapes.ts's production list on purpose: the outbox's
 * failure switch lives in one server process, and with two workers the reset request, the job
 * and the switch could each land in a different one.
 */

/** The outbox's test switch (admin only): 'reject' refuses every email at once, like SMTP 550. */
async function switchOutbox(page: Page, failure: 'none' | 'reject'): Promise<void> {
  const response = await page.request.post('/__outbox/failure', { data: { failure } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The descriptions of the jobs waiting in Failed, as the admin's API lists them. */
async function failedJobDescriptions(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/admin/jobs?state=failed');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: Array<{ description: string }> }).items.map((job) => job.description);
}

function jobsFilter(page: Page, name: RegExp) {
  return page.getByRole('tabpanel').getByRole('group', { name: 'Show jobs' }).getByRole('button', { name });
}

test.describe('background jobs', () => {
  test('a reset email the mail server refused waits in Failed; once mail works the admin retries it and it arrives', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the journey at 1280 px; the cards at 360 px are checked below');
    test.setTimeout(60_000);
    const email = uniqueEmail('jobs');
    const description = `Email to ${email}: Reset your Kholo password`;
    const person = await apiClient(baseURL!);
    const signUp = await person.post('/api/auth/sign-up/email', {
      data: { role: 'fan', name: 'Kavya Menon', email, password: 'backwaters at dusk' },
    });
    expect(signUp.ok(), await signUp.text()).toBe(true);

    await logInAsAdmin(page);
    try {
      await switchOutbox(page, 'reject');
      const reset = await person.post('/api/auth/request-password-reset', { data: { email } });
      expect(reset.ok(), await reset.text()).toBe(true);
      // A refused address is not tried again: the job fails at once.
      await expect
        .poll(async () => (await failedJobDescriptions(page)).includes(description), {
          message: `${description} in Failed`,
        })
        .toBe(true);
    } finally {
      // At once, not at the end: the e2e server is shared, and other journeys' emails must go out.
      await switchOutbox(page, 'none');
    }
    await person.dispose();

    // The Dashboard says so, in red, with the way to it.
    await page.goto('/admin');
    const failedJobs = page.getByRole('tabpanel').getByRole('region', { name: 'Failed jobs' });
    const failedCount = failedJobs.getByText(/^[\d,]+$/);
    await expect(failedCount).toBeVisible();
    expect(Number((await failedCount.textContent())?.replaceAll(',', ''))).toBeGreaterThanOrEqual(1);
    await shot(page, testInfo, 'admin-dashboard-failed-jobs');
    await failedJobs.getByRole('button', { name: 'Review failed jobs' }).click();

    await expect(page.getByRole('tab', { name: 'Jobs', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(jobsFilter(page, /^Failed/)).toHaveAttribute('aria-pressed', 'true');
    await expect(jobsFilter(page, /^Failed/)).toBeFocused();
    const row = adminRow(page, description);
    await expect(row).toBeVisible();
    await expect(row.getByText('send-email', { exact: true })).toBeVisible();
    await expect(row.locator('td').filter({ hasText: /^Failed$/ })).toBeVisible();
    await expect(row).toContainText(`550 5.1.1 <${email}>: mailbox unavailable`);
    await expect(page.getByRole('tabpanel').locator('table')).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, testInfo, 'admin-jobs-failed');

    // The mail server works again: one more try sends it.
    await row.getByRole('button', { name: `Retry ${description}` }).click();
    const link = await resetLinkSentTo(email);
    expect(link.pathname).toBe('/reset-password');
    await expect(row).toHaveCount(0);
    expect(await failedJobDescriptions(page)).not.toContain(description);
    await shot(page, testInfo, 'admin-jobs-after-retry');

    // The retry is in the audit log.
    await openAdminTab(page, 'Logs');
    await expect(adminRow(page, 'job.retry').first()).toBeVisible();
  });

  test('every kind of row, long errors and all: a table at 1280 px, cards at 360 px, never a sideways scroll', async ({
    page,
  }, testInfo) => {
    const wide = testInfo.project.name === 'desktop';
    const now = Date.now();
    const longError = `connect ECONNREFUSED 10.20.30.40:587: ${'the mail server did not answer in time; '.repeat(6).trim()}`;
    const jobs = {
      items: [
        {
          id: 'e2e-job-failed',
          name: 'send-email',
          key: null,
          state: 'failed',
          attempts: 10,
          maxAttempts: 10,
          createdAt: now - 4 * 3_600_000,
          runAt: now - 60_000,
          finishedAt: now - 50_000,
          lastError: '550 5.1.1 <a.very.long.address.for.a.narrow.screen@example.in>: mailbox unavailable',
          description: 'Email to a.very.long.address.for.a.narrow.screen@example.in: Reset your Kholo password',
        },
        {
          id: 'e2e-job-retry',
          name: 'send-email',
          key: 'receipt:order_123',
          state: 'retry',
          attempts: 3,
          maxAttempts: 10,
          createdAt: now - 120_000,
          runAt: now + 60_000,
          finishedAt: null,
          lastError: longError,
          description: 'Email to ravi@example.in: Your receipt for Monsoon over Marine Drive',
        },
        {
          id: 'e2e-job-running',
          name: 'reconcile-payments',
          key: null,
          state: 'running',
          attempts: 1,
          maxAttempts: 1,
          createdAt: now - 5_000,
          runAt: now - 5_000,
          finishedAt: null,
          lastError: null,
          description: 'every minute',
        },
      ],
      counts: { queued: 0, retry: 1, running: 1, failed: 1 },
    };
    // Rows of every kind, whatever the shared server holds just now.
    await page.route(/\/api\/admin\/jobs(\?.*)?$/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(jobs) }),
    );
    await page.route('**/api/admin/overview', async (route) => {
      const response = await route.fetch();
      const overview = (await response.json()) as { counts: Record<string, number> };
      overview.counts['failedJobs'] = 1;
      await route.fulfill({ response, json: overview });
    });

    await logInAsAdmin(page);
    const failedJobs = page.getByRole('tabpanel').getByRole('region', { name: 'Failed jobs' });
    await expect(failedJobs.getByRole('button', { name: 'Review failed jobs' })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, testInfo, 'admin-dashboard-failed-jobs');

    await openAdminTab(page, 'Jobs');
    const panel = page.getByRole('tabpanel');
    if (wide) {
      await expect(panel.getByRole('table', { name: 'Jobs' }).locator('tbody tr')).toHaveCount(3);
    } else {
      await expect(panel.getByRole('list', { name: 'Jobs' }).getByRole('listitem')).toHaveCount(3);
      await expect(panel.locator('table')).toHaveCount(0);
    }
    const retrying = adminRow(page, 'ravi@example.in');
    await expect(retrying.getByRole('button', { name: /^Discard / })).toBeVisible();
    await expect(retrying.getByRole('button', { name: /^Retry / })).toHaveCount(0);
    await expect(adminRow(page, 'every minute').getByRole('button')).toHaveCount(0);
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, testInfo, 'admin-jobs-every-state');
    if (wide) {
      // The table cuts at 100 characters; the whole error is the cell's title.
      await expect(retrying.locator('td[title]').filter({ hasText: /^connect ECONNREFUSED/ })).toHaveAttribute(
        'title',
        longError,
      );
      return;
    }

    await retrying.getByRole('button', { name: 'Show details' }).click();
    await expect(retrying.getByText(longError)).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, testInfo, 'admin-jobs-card-expanded');
  });
});
