import { REPORT_REASON_TEXT, REPORT_REASONS, SAFETY_MESSAGES, type TicketReceipt } from '@kholo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { CREATOR_ME, FAN_ME } from '../../../test-fixtures/accounts.ts';
import { card, creatorPageOf } from '../../../test-fixtures/catalog.ts';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { VISITOR } from '../../accounts/index.ts';
import { preloadReportDialog } from '../index.ts';

const PAGE_API = 'GET /api/creators/priya-sharma';
const REPORT_API = 'POST /api/reports';
const DETAILS_API = 'POST /api/reports/R-1042/details';

function receipt(overrides: Partial<TicketReceipt> = {}): TicketReceipt {
  return {
    ticket: 'R-1042',
    lane: 'urgent',
    dueAt: Date.now() + 2 * 3_600_000,
    held: true,
    amendToken: 'amend-token-1',
    ...overrides,
  };
}

function failure(status: number, code: string, message: string, fields?: Record<string, string>): Response {
  return jsonResponse(status, { error: { code, message, ...(fields ? { fields } : {}) } });
}

async function renderPage(handlers: Record<string, ApiHandler>, me = VISITOR) {
  const fetchMock = stubApi({
    [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('item_1'), card('item_2')])),
    ...handlers,
  });
  renderRoute('/u/priya-sharma', { me });
  await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' });
  return fetchMock;
}

function reportCalls(fetchMock: ReturnType<typeof stubApi>): number[] {
  return fetchMock.mock.calls.flatMap(([input, init], index) =>
    input === '/api/reports' && init?.method === 'POST' ? [index] : [],
  );
}

async function openReport(user: ReturnType<typeof userEvent.setup>, name: string): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}

describe('Report dialog', () => {
  beforeAll(async () => {
    await preloadReportDialog();
  });

  it('sends in two taps: Report, then a reason that needs nothing more; the receipt says the ticket and what happens next', async () => {
    const user = userEvent.setup();
    const fetchMock = await renderPage({ [REPORT_API]: () => jsonResponse(201, receipt()) });

    const dialog = await openReport(user, 'Report “Title item_1”');
    const reasons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(reasons.slice(1)).toEqual(REPORT_REASONS.map((reason) => REPORT_REASON_TEXT[reason]));

    await user.click(within(dialog).getByRole('button', { name: 'Sexual content or nudity' }));

    expect(await within(dialog).findByRole('heading', { name: 'Report sent — ticket R-1042' })).toHaveFocus();
    expect(reportCalls(fetchMock)).toHaveLength(1);
    expect(requestBody(fetchMock, reportCalls(fetchMock)[0]!)).toEqual({ contentId: 'item_1', reason: 'nudity' });
    expect(
      within(dialog).getByText('We review reports like this within 2 hours. The item is hidden while we look.'),
    ).toBeVisible();
    // A visitor gave no email: she may add one.
    expect(
      within(dialog).getByText(
        'Add your email to hear the outcome. Keep the ticket number if you write to us about it.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Add details or your email' })).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells a signed-in reporter the outcome goes to her account’s email, and asks her no email', async () => {
    const user = userEvent.setup();
    await renderPage({ [REPORT_API]: () => jsonResponse(201, receipt({ lane: 'unlawful' })) }, FAN_ME);

    const dialog = await openReport(user, 'Report “Title item_2”');
    await user.click(within(dialog).getByRole('button', { name: 'Scam or fraud' }));

    await within(dialog).findByRole('heading', { name: 'Report sent — ticket R-1042' });
    expect(
      within(dialog).getByText('We review reports like this within 36 hours. The item is hidden while we look.'),
    ).toBeVisible();
    expect(within(dialog).getByText('We will email you the outcome at arjun@example.in.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Add details' }));
    expect(within(dialog).getByRole('textbox', { name: 'Details (optional)' })).toHaveFocus();
    expect(within(dialog).queryByRole('textbox', { name: 'Your email (optional)' })).not.toBeInTheDocument();
  });

  it('sends one report for a double tap', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const fetchMock = await renderPage({
      [REPORT_API]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const dialog = await openReport(user, 'Report “Title item_1”');
    const reason = within(dialog).getByRole('button', { name: /Child safety/ });
    await user.dblClick(reason);
    expect(reason).toHaveTextContent('Sending…');
    await user.click(within(dialog).getByRole('button', { name: /Impersonation/ }));
    answer(jsonResponse(201, receipt()));
    await within(dialog).findByRole('heading', { name: 'Report sent — ticket R-1042' });
    expect(reportCalls(fetchMock)).toHaveLength(1);
    expect(requestBody(fetchMock, reportCalls(fetchMock)[0]!)).toEqual({ contentId: 'item_1', reason: 'child_safety' });
  });

  it('asks for words before sending “Something else”', async () => {
    const user = userEvent.setup();
    const fetchMock = await renderPage({
      [REPORT_API]: () => jsonResponse(201, receipt({ lane: 'grievance', held: false })),
    });
    const dialog = await openReport(user, 'Report “Title item_1”');
    await user.click(within(dialog).getByRole('button', { name: 'Something else' }));

    const words = within(dialog).getByRole('textbox', { name: 'What is wrong?' });
    expect(words).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(SAFETY_MESSAGES.detailsRequired)).toBeVisible();
    expect(words).toHaveAttribute('aria-invalid', 'true');
    expect(reportCalls(fetchMock)).toHaveLength(0);

    // Back keeps the dialog open on the reasons.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Something else' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'What is wrong?' }),
      'The price says ₹49 but it asks ₹499.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await within(dialog).findByRole('heading', { name: 'Report sent — ticket R-1042' });
    expect(requestBody(fetchMock, reportCalls(fetchMock)[0]!)).toEqual({
      contentId: 'item_1',
      reason: 'other',
      details: 'The price says ₹49 but it asks ₹499.',
    });
    // A grievance does not take the item out of view.
    expect(within(dialog).getByText('We review reports like this within 7 days.')).toBeVisible();
  });

  it('asks for the original’s link before sending a copyright report', async () => {
    const user = userEvent.setup();
    const fetchMock = await renderPage({ [REPORT_API]: () => jsonResponse(201, receipt({ lane: 'unlawful' })) });
    const dialog = await openReport(user, 'Report “Title item_1”');
    await user.click(within(dialog).getByRole('button', { name: 'Copyright or stolen content' }));

    const link = within(dialog).getByRole('textbox', { name: 'Link to the original' });
    expect(link).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(SAFETY_MESSAGES.originalUrlRequired)).toBeVisible();

    await user.type(link, 'instagram.com/p/abc');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please give a full link, starting with https://')).toBeVisible();
    expect(reportCalls(fetchMock)).toHaveLength(0);

    await user.clear(link);
    await user.type(link, 'https://instagram.com/p/abc');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByRole('heading', { name: 'Report sent — ticket R-1042' });
    expect(requestBody(fetchMock, reportCalls(fetchMock)[0]!)).toEqual({
      contentId: 'item_1',
      reason: 'copyright',
      details: '',
      originalUrl: 'https://instagram.com/p/abc',
    });
  });

  it('puts the server’s field messages under the fields', async () => {
    const user = userEvent.setup();
    await renderPage({
      [REPORT_API]: () =>
        failure(400, 'VALIDATION_FAILED', 'Please check the highlighted fields.', {
          originalUrl: 'That link is too long.',
        }),
    });
    const dialog = await openReport(user, 'Report “Title item_1”');
    await user.click(within(dialog).getByRole('button', { name: 'Copyright or stolen content' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Link to the original' }), 'https://example.com/x');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('That link is too long.')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Link to the original' })).toHaveFocus();
  });

  it('says so when too many reports came from her network, and lets her try again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    await renderPage({
      [REPORT_API]: () =>
        ++calls === 1 ? failure(429, 'RATE_LIMITED', SAFETY_MESSAGES.rateLimited) : jsonResponse(201, receipt()),
    });
    const dialog = await openReport(user, 'Report “Title item_1”');
    await user.click(within(dialog).getByRole('button', { name: 'Intimate images shared without consent' }));
    expect(await within(dialog).findByText(SAFETY_MESSAGES.rateLimited)).toHaveAttribute('role', 'alert');

    await user.click(within(dialog).getByRole('button', { name: 'Intimate images shared without consent' }));
    await within(dialog).findByRole('heading', { name: 'Report sent — ticket R-1042' });
  });

  it.each([
    [409, 'CONFLICT', SAFETY_MESSAGES.itemTakenDown],
    [409, 'CONFLICT', SAFETY_MESSAGES.ownItem],
    [404, 'NOT_FOUND', SAFETY_MESSAGES.noItem],
  ])('says “Report not sent” and why for a %s %s', async (status, code, message) => {
    const user = userEvent.setup();
    await renderPage({ [REPORT_API]: () => failure(status, code, message) });
    const dialog = await openReport(user, 'Report “Title item_1”');
    await user.click(within(dialog).getByRole('button', { name: 'Violence, hate or harassment' }));
    expect(await within(dialog).findByRole('heading', { name: 'Report not sent' })).toHaveFocus();
    expect(within(dialog).getByText(message)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Scam or fraud' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when Kholo cannot be reached', async () => {
    const user = userEvent.setup();
    await renderPage({ [REPORT_API]: () => Promise.reject(new TypeError('offline')) });
    const dialog = await openReport(user, 'Report “Title item_1”');
    await user.click(within(dialog).getByRole('button', { name: 'Scam or fraud' }));
    expect(
      await within(dialog).findByText('Could not reach Kholo. Check your connection and try again.'),
    ).toHaveAttribute('role', 'alert');
  });

  it('reports a creator’s page by her handle', async () => {
    const user = userEvent.setup();
    const fetchMock = await renderPage({ [REPORT_API]: () => jsonResponse(201, receipt({ held: false })) });
    const dialog = await openReport(user, 'Report Priya Sharma’s page');
    await user.click(within(dialog).getByRole('button', { name: 'Impersonation or a deepfake' }));
    await within(dialog).findByRole('heading', { name: 'Report sent — ticket R-1042' });
    expect(requestBody(fetchMock, reportCalls(fetchMock)[0]!)).toEqual({
      creatorHandle: 'priya-sharma',
      reason: 'impersonation',
    });
    // A page is never taken out of view: the server says so.
    expect(within(dialog).getByText('We review reports like this within 2 hours.')).toBeVisible();
  });

  it('shows a creator no Report button on her own page and items', async () => {
    await renderPage({}, CREATOR_ME);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
  });

  describe('adding details or an email afterwards', () => {
    async function sentReport(handlers: Record<string, ApiHandler>) {
      const user = userEvent.setup();
      const fetchMock = await renderPage({ [REPORT_API]: () => jsonResponse(201, receipt()), ...handlers });
      const dialog = await openReport(user, 'Report “Title item_1”');
      await user.click(within(dialog).getByRole('button', { name: 'Child safety' }));
      await within(dialog).findByRole('heading', { name: 'Report sent — ticket R-1042' });
      await user.click(within(dialog).getByRole('button', { name: 'Add details or your email' }));
      return { user, dialog, fetchMock };
    }

    it('sends them with the receipt’s token and says where the outcome goes', async () => {
      const { user, dialog, fetchMock } = await sentReport({
        [DETAILS_API]: () => jsonResponse(200, receipt()),
      });
      await user.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'She looks about 15.');
      await user.type(within(dialog).getByRole('textbox', { name: 'Your email (optional)' }), 'Meera@Example.in');
      await user.click(within(dialog).getByRole('button', { name: 'Add to report' }));

      expect(await within(dialog).findByText('Added to your report. Thank you.')).toBeVisible();
      expect(within(dialog).getByText('We will email you the outcome at meera@example.in.')).toBeVisible();
      const call = fetchMock.mock.calls.findIndex(([input]) => input === '/api/reports/R-1042/details');
      expect(requestBody(fetchMock, call)).toEqual({
        amendToken: 'amend-token-1',
        details: 'She looks about 15.',
        email: 'Meera@Example.in',
      });
      // Once only.
      expect(within(dialog).queryByRole('button', { name: 'Add details or your email' })).not.toBeInTheDocument();
    });

    it('checks the email and that something was added before sending', async () => {
      const { user, dialog, fetchMock } = await sentReport({});
      await user.click(within(dialog).getByRole('button', { name: 'Add to report' }));
      expect(await within(dialog).findByText('Please add some details, a link or your email.')).toBeVisible();
      await user.type(within(dialog).getByRole('textbox', { name: 'Your email (optional)' }), 'meera@');
      await user.click(within(dialog).getByRole('button', { name: 'Add to report' }));
      expect(
        await within(dialog).findByText('Please enter a valid email address, like name@example.com.'),
      ).toBeVisible();
      expect(fetchMock.mock.calls.some(([input]) => input === '/api/reports/R-1042/details')).toBe(false);
    });

    it('says when the report can no longer be changed', async () => {
      const { user, dialog } = await sentReport({
        [DETAILS_API]: () => failure(409, 'CONFLICT', SAFETY_MESSAGES.amendClosed),
      });
      await user.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'More words.');
      await user.click(within(dialog).getByRole('button', { name: 'Add to report' }));
      expect(await within(dialog).findByText(SAFETY_MESSAGES.amendClosed)).toHaveAttribute('role', 'alert');
      await waitFor(() => {
        expect(within(dialog).queryByRole('textbox', { name: 'Details (optional)' })).not.toBeInTheDocument();
      });
      expect(within(dialog).getByRole('button', { name: 'Done' })).toBeVisible();
    });
  });
});
