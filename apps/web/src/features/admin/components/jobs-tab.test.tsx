import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { ADMIN_ME } from '../../../test-fixtures/accounts.ts';
import { FAILED_EMAIL_JOB, JOBS, OVERVIEW, RETRYING_EMAIL_JOB, stubScreenWidth } from '../test-fixtures.ts';

type User = ReturnType<typeof userEvent.setup>;

const JOB_LISTS: Record<string, ApiHandler> = {
  'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW),
  'GET /api/admin/jobs': () => jsonResponse(200, JOBS),
  'GET /api/admin/jobs?state=failed': () => jsonResponse(200, { ...JOBS, items: [FAILED_EMAIL_JOB] }),
  'GET /api/admin/jobs?state=retry': () => jsonResponse(200, { ...JOBS, items: [RETRYING_EMAIL_JOB] }),
  'GET /api/admin/jobs?state=queued': () => jsonResponse(200, { ...JOBS, items: [] }),
};

const CONFLICT = (message: string) => jsonResponse(409, { error: { code: 'CONFLICT', message } });

function renderPanel(handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = stubApi({ ...JOB_LISTS, ...handlers });
  const result = renderRoute('/admin', { me: ADMIN_ME });
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([path, init]) => path === url && (init?.method ?? 'GET') === method);
  const postBodies = (url: string) =>
    calls('POST', url).map((call) => requestBody(fetchMock, fetchMock.mock.calls.indexOf(call)));
  return { ...result, fetchMock, calls, postBodies };
}

async function openJobs(user: User): Promise<HTMLElement> {
  const tablist = await screen.findByRole('tablist', { name: 'Admin sections' });
  await user.click(within(tablist).getByRole('tab', { name: 'Jobs' }));
  return screen.getByRole('tabpanel', { name: 'Jobs' });
}

/** The table row (or card) that holds `text`, as a `within` scope. */
async function findRow(panel: HTMLElement, text: string) {
  const cell = await within(panel).findByText(text);
  return within(cell.closest('tr, li') as HTMLElement);
}

function filterButton(panel: HTMLElement, name: RegExp) {
  return within(within(panel).getByRole('group', { name: 'Show jobs' })).getByRole('button', { name });
}

describe('the Jobs tab', () => {
  beforeEach(() => {
    stubScreenWidth(true);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists jobs that are not done with their state, attempts, times and last error', async () => {
    const user = userEvent.setup();
    renderPanel();
    const panel = await openJobs(user);
    const table = await within(panel).findByRole('table', { name: 'Jobs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Job', 'State', 'Attempts', 'Created', 'Next run / Finished', 'Last error', 'Actions']);

    const failed = await findRow(panel, 'Email to asha@example.in: Reset your Kholo password');
    expect(failed.getByText('send-email')).toBeInTheDocument();
    expect(failed.getByText('Failed')).toBeInTheDocument();
    expect(failed.getByText('1 of 10')).toBeInTheDocument();
    expect(failed.getByText('21 Nov 2025, 11:16 am')).toBeInTheDocument();
    expect(failed.getByText('21 Nov 2025, 11:21 am')).toBeInTheDocument();
    expect(failed.getByText('550 5.1.1 <asha@example.in>: mailbox unavailable')).toHaveClass('text-red-800');
    expect(failed.getByRole('button', { name: `Retry ${FAILED_EMAIL_JOB.description}` })).toHaveTextContent('Retry');
    expect(failed.getByRole('button', { name: `Discard ${FAILED_EMAIL_JOB.description}` })).toBeInTheDocument();

    // A retry waiting shows when it runs next, and can be discarded but not retried.
    const retrying = await findRow(panel, RETRYING_EMAIL_JOB.description);
    expect(retrying.getByText('Retrying')).toBeInTheDocument();
    expect(retrying.getByText('3 of 10')).toBeInTheDocument();
    expect(retrying.getByText('21 Nov 2025, 11:15 am')).toBeInTheDocument();
    expect(retrying.getByText('21 Nov 2025, 12:16 pm')).toBeInTheDocument();
    expect(retrying.getByText('connect ECONNREFUSED: the mail server is unavailable')).toBeInTheDocument();
    expect(retrying.queryByRole('button', { name: /^Retry / })).not.toBeInTheDocument();
    expect(retrying.getByRole('button', { name: `Discard ${RETRYING_EMAIL_JOB.description}` })).toBeInTheDocument();

    // A running job is left alone.
    const running = await findRow(panel, 'every minute');
    expect(running.getByText('reconcile-payments')).toBeInTheDocument();
    expect(running.getByText('Running now')).toBeInTheDocument();
    expect(running.getByText('—')).toBeInTheDocument();
    expect(running.queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters by state, with the count in each', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel();
    const panel = await openJobs(user);
    await within(panel).findByRole('table', { name: 'Jobs' });
    expect(
      within(within(panel).getByRole('group', { name: 'Show jobs' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All7', 'Failed1', 'Retrying1', 'Queued4', 'Running1']);
    expect(filterButton(panel, /^All/)).toHaveAttribute('aria-pressed', 'true');

    await user.click(filterButton(panel, /^Failed/));
    expect(filterButton(panel, /^Failed/)).toHaveAttribute('aria-pressed', 'true');
    expect(filterButton(panel, /^All/)).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => {
      expect(within(panel).queryByText(RETRYING_EMAIL_JOB.description)).not.toBeInTheDocument();
    });
    expect(within(panel).getByText(FAILED_EMAIL_JOB.description)).toBeInTheDocument();
    expect(calls('GET', '/api/admin/jobs?state=failed')).toHaveLength(1);

    await user.click(filterButton(panel, /^Queued/));
    expect(await within(panel).findByText('No data found.')).toBeVisible();
    // The counts stay up whichever state is shown.
    expect(filterButton(panel, /^Queued/)).toHaveTextContent('Queued4');
  });

  it('retries a failed job at once: one request on a double click, then the list and the Dashboard reload', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const { calls, postBodies, queryClient } = renderPanel({
      'POST /api/admin/jobs/retry': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const panel = await openJobs(user);
    const row = await findRow(panel, FAILED_EMAIL_JOB.description);
    const retry = row.getByRole('button', { name: `Retry ${FAILED_EMAIL_JOB.description}` });
    await user.dblClick(retry);
    expect(retry).toHaveTextContent('Retrying...');
    expect(retry).toHaveAttribute('aria-disabled', 'true');
    await user.click(retry);
    expect(postBodies('/api/admin/jobs/retry')).toEqual([{ id: 'job_failed_1' }]);

    act(() => {
      answer(jsonResponse(200, { id: 'job_failed_1' }));
    });
    expect(await within(panel).findByText(`Trying again now: ${FAILED_EMAIL_JOB.description}`)).toBeVisible();
    await waitFor(() => {
      expect(calls('GET', '/api/admin/jobs')).toHaveLength(2);
    });
    expect(queryClient.getQueryState(['admin', 'overview'])?.isInvalidated).toBe(true);
    expect(retry).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('shows a refused retry above the list and reloads it', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel({
      'POST /api/admin/jobs/retry': () => CONFLICT('This job is not waiting in Failed any more.'),
    });
    const panel = await openJobs(user);
    const row = await findRow(panel, FAILED_EMAIL_JOB.description);
    await user.click(row.getByRole('button', { name: `Retry ${FAILED_EMAIL_JOB.description}` }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Failed to retry: This job is not waiting in Failed any more.',
    );
    await waitFor(() => {
      expect(calls('GET', '/api/admin/jobs')).toHaveLength(2);
    });
  });

  it('discards only after a confirmation, then reloads the list', async () => {
    const user = userEvent.setup();
    const { calls, postBodies } = renderPanel({
      'POST /api/admin/jobs/discard': () => jsonResponse(200, { id: 'job_retry_2' }),
    });
    const panel = await openJobs(user);
    const row = await findRow(panel, RETRYING_EMAIL_JOB.description);
    const discard = row.getByRole('button', { name: `Discard ${RETRYING_EMAIL_JOB.description}` });

    await user.click(discard);
    let dialog = screen.getByRole('dialog', { name: 'Discard this job?' });
    expect(dialog).toHaveAccessibleDescription(
      `${RETRYING_EMAIL_JOB.description} It is deleted and never runs, so the email is not sent. This cannot be undone.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(postBodies('/api/admin/jobs/discard')).toEqual([]);

    await user.click(discard);
    dialog = screen.getByRole('dialog', { name: 'Discard this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(postBodies('/api/admin/jobs/discard')).toEqual([{ id: 'job_retry_2' }]);
    await waitFor(() => {
      expect(calls('GET', '/api/admin/jobs')).toHaveLength(2);
    });
  });

  it('shows a refused discard in the dialog', async () => {
    const user = userEvent.setup();
    renderPanel({
      'POST /api/admin/jobs/discard': () =>
        CONFLICT('This job is running now; wait for it to finish or fail before discarding it.'),
    });
    const panel = await openJobs(user);
    const row = await findRow(panel, FAILED_EMAIL_JOB.description);
    await user.click(row.getByRole('button', { name: `Discard ${FAILED_EMAIL_JOB.description}` }));
    const dialog = screen.getByRole('dialog', { name: 'Discard this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect((await within(dialog).findByText(/^This job is running now/)).closest('[role="alert"]')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Discard' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('says "Failed to fetch data: …" when the list cannot load', async () => {
    const user = userEvent.setup();
    renderPanel({
      'GET /api/admin/jobs': () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Only the Kholo admin can do that.' } }),
    });
    const panel = await openJobs(user);
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Failed to fetch data: Only the Kholo admin can do that.',
    );
  });

  it('shows cards with the same buttons on a narrow screen', async () => {
    stubScreenWidth(false);
    const user = userEvent.setup();
    renderPanel();
    const panel = await openJobs(user);
    const list = await within(panel).findByRole('list', { name: 'Jobs' });
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card!).getByText('Last error')).toBeInTheDocument();
    expect(within(card!).getByText('Failed')).toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: `Retry ${FAILED_EMAIL_JOB.description}` })).toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: `Discard ${FAILED_EMAIL_JOB.description}` })).toBeInTheDocument();
  });
});

describe('failed jobs on the Dashboard', () => {
  beforeEach(() => {
    stubScreenWidth(true);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads 0, quietly, when nothing failed', async () => {
    renderPanel();
    const panel = await screen.findByRole('tabpanel', { name: 'Dashboard' });
    const failed = await within(panel).findByRole('region', { name: 'Failed jobs' });
    expect(failed).toHaveTextContent('0');
    expect(failed).not.toHaveClass('bg-red-50');
    expect(within(failed).queryByRole('button')).not.toBeInTheDocument();
  });

  it('stands out when some did, and opens the Jobs tab on Failed', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel({
      'GET /api/admin/overview': () =>
        jsonResponse(200, { ...OVERVIEW, counts: { ...OVERVIEW.counts, failedJobs: 2 } }),
    });
    const panel = await screen.findByRole('tabpanel', { name: 'Dashboard' });
    const failed = await within(panel).findByRole('region', { name: 'Failed jobs' });
    expect(failed).toHaveTextContent('2');
    expect(failed).toHaveClass('bg-red-50');

    await user.click(within(failed).getByRole('button', { name: 'Review failed jobs' }));
    const jobs = screen.getByRole('tabpanel', { name: 'Jobs' });
    expect(screen.getByRole('tab', { name: 'Jobs' })).toHaveAttribute('aria-selected', 'true');
    expect(filterButton(jobs, /^Failed/)).toHaveAttribute('aria-pressed', 'true');
    expect(filterButton(jobs, /^Failed/)).toHaveFocus();
    expect(await within(jobs).findByText(FAILED_EMAIL_JOB.description)).toBeInTheDocument();
    expect(calls('GET', '/api/admin/jobs?state=failed')).toHaveLength(1);
    expect(calls('GET', '/api/admin/jobs')).toHaveLength(0);
  });
});
