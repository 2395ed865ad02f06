import { SAFETY_MESSAGES, type SafetyTicket } from '@kholo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ME } from '../../../test-fixtures/accounts.ts';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { OVERVIEW, safetyQueueFixture, safetyTicketFixture, stubScreenWidth } from '../test-fixtures.ts';
import { dueText, spanText } from './reports-tab.tsx';
import { ANSWER_REQUIRED_MESSAGE, NOTE_REQUIRED_MESSAGE } from './reports-tab-decide-dialog.tsx';

const HOUR = 3_600_000;
const MINUTE = 60_000;

function renderPanel(handlers: Record<string, ApiHandler>) {
  const fetchMock = stubApi({ 'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW), ...handlers });
  renderRoute('/admin', { me: ADMIN_ME });
  return fetchMock;
}

async function openReports(): Promise<HTMLElement> {
  const user = userEvent.setup();
  const tablist = await screen.findByRole('tablist', { name: 'Admin sections' });
  await user.click(within(tablist).getByRole('tab', { name: 'Reports' }));
  return screen.getByRole('tabpanel', { name: 'Reports' });
}

function queue(now = Date.now()): SafetyTicket[] {
  return [
    safetyTicketFixture(
      { ticket: 'R-1001', dueAt: now - HOUR - 20 * MINUTE, overdue: true, reason: 'nudity', reporterEmail: null },
      now,
    ),
    safetyTicketFixture({}, now),
    safetyTicketFixture(
      {
        ticket: 'R-1050',
        reason: 'copyright',
        lane: 'unlawful',
        dueAt: now + 30 * HOUR,
        heldItem: true,
        originalUrl: 'https://instagram.com/p/abc',
        details: null,
      },
      now,
    ),
    safetyTicketFixture(
      {
        ticket: 'R-1060',
        kind: 'grievance',
        reason: null,
        topic: 'payment',
        lane: 'grievance',
        dueAt: now + 6 * 24 * HOUR + 5 * HOUR,
        subject: null,
        heldItem: false,
        reporterName: 'Ravi Kumar',
        reporterEmail: 'ravi@example.in',
        details: 'I was charged twice.',
        actions: ['close'],
      },
      now,
    ),
    safetyTicketFixture(
      {
        ticket: 'R-0990',
        reason: 'impersonation',
        status: 'removed',
        dueAt: now - 20 * HOUR,
        subject: {
          type: 'creator',
          id: 'creator_9',
          handle: 'fake-asha',
          name: 'Asha Rao',
          suspended: true,
        },
        heldItem: false,
        decidedAt: Date.UTC(2025, 10, 21, 5, 46),
        decisionNote: 'Pretends to be Asha Rao.',
        actions: [],
      },
      now,
    ),
  ];
}

describe('Reports', () => {
  beforeEach(() => {
    stubScreenWidth(true);
  });

  it('words spans to the minute under two days, then in days and hours', () => {
    expect(spanText(45 * MINUTE)).toBe('45 min');
    expect(spanText(20 * 1000)).toBe('1 min');
    expect(spanText(HOUR)).toBe('1 h');
    expect(spanText(HOUR + 20 * MINUTE)).toBe('1 h 20 min');
    expect(spanText(-(HOUR + 20 * MINUTE))).toBe('1 h 20 min');
    expect(spanText(36 * HOUR)).toBe('36 h');
    expect(spanText(7 * 24 * HOUR)).toBe('7 days');
    expect(spanText(6 * 24 * HOUR + 5 * HOUR)).toBe('6 days 5 h');
    expect(dueText(1000 + HOUR, 1000)).toBe('Due in 1 h');
    expect(dueText(1000, 1000 + 2 * HOUR)).toBe('Overdue by 2 h');
  });

  it('lists the queue in the server’s order, overdue in red, with each ticket’s lane, subject, status, details and reporter', async () => {
    const now = Date.now();
    renderPanel({ 'GET /api/admin/reports': () => jsonResponse(200, safetyQueueFixture(queue(now), now)) });
    const panel = await openReports();
    const table = await within(panel).findByRole('table', { name: 'Reports' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Due', 'Ticket', 'What', 'Lane', 'About', 'Status', 'Details', 'From', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'R-1001',
      'R-1042',
      'R-1050',
      'R-1060',
      'R-0990',
    ]);
    expect(within(panel).getByText('4 open')).toBeVisible();
    expect(within(panel).getByText('1 overdue')).toHaveClass('text-red-700');
    expect(within(panel).getByText('1 due within 2 hours')).toBeVisible();

    const overdue = within(rows[0]!);
    expect(overdue.getByText('Overdue by 1 h 20 min').closest('.text-red-700')).not.toBeNull();
    expect(overdue.getByText('Sexual content or nudity')).toBeVisible();
    expect(overdue.getByText('2 hours')).toBeVisible();
    expect(overdue.getByText('Anonymous (no email)')).toBeVisible();

    const soon = within(rows[1]!);
    expect(soon.getByText('Due in 1 h 20 min').closest('.text-red-700')).toBeNull();
    expect(soon.getByText('Intimate images shared without consent')).toBeVisible();
    expect(
      soon.getByRole('link', {
        name: '“Monsoon over Marine Drive” by Asha Rao (@asha)',
      }),
    ).toHaveAttribute('href', '/content/content_7');
    expect(soon.getByText('Open')).toBeVisible();
    expect(soon.getByText('Item hidden while we look')).toBeVisible();
    expect(soon.getByText('This is me, posted without my consent.')).toBeVisible();
    expect(soon.getByText('meera@example.in')).toBeVisible();
    expect(soon.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Remove',
      'Dismiss',
      'Suspend creator',
    ]);

    const copyright = within(rows[2]!);
    expect(copyright.getByText('36 hours')).toBeVisible();
    expect(copyright.getByRole('link', { name: 'Open the original (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://instagram.com/p/abc',
    );

    const grievance = within(rows[3]!);
    expect(grievance.getByText('Grievance: A payment or refund')).toBeVisible();
    expect(grievance.getByText('Due in 6 days 5 h')).toBeVisible();
    expect(grievance.getByText('7 days')).toBeVisible();
    expect(grievance.getByText('Ravi Kumar (ravi@example.in)')).toBeVisible();
    expect(grievance.getByRole('button', { name: 'Answer (R-1060)' })).toBeVisible();

    const decided = within(rows[4]!);
    expect(decided.getByRole('link', { name: 'Creator page: Asha Rao (@fake-asha) · suspended' })).toHaveAttribute(
      'href',
      '/u/fake-asha',
    );
    expect(decided.getByText('Removed')).toBeVisible();
    expect(decided.getByText('Decided 21 Nov 2025, 11:16 am')).toBeVisible();
    expect(decided.getByText('Note: Pretends to be Asha Rao.')).toBeVisible();
    expect(decided.queryByText(/Overdue/)).not.toBeInTheDocument();
    expect(decided.queryAllByRole('button')).toHaveLength(0);
    // Many role queries over a wide table: slow on a busy machine.
  }, 15_000);

  it('counts overdue by the server’s clock, not the browser’s', async () => {
    // The server's clock is 3 hours ahead: a ticket due in 1 h by this browser is 2 h late.
    const serverNow = Date.now() + 3 * HOUR;
    renderPanel({
      'GET /api/admin/reports': () =>
        jsonResponse(
          200,
          safetyQueueFixture([safetyTicketFixture({ dueAt: serverNow - 2 * HOUR, overdue: true })], serverNow),
        ),
    });
    const panel = await openReports();
    expect(await within(panel).findByText('Overdue by 2 h')).toBeVisible();
  });

  it('on a phone, each ticket is a card with its actions', async () => {
    stubScreenWidth(false);
    renderPanel({ 'GET /api/admin/reports': () => jsonResponse(200, safetyQueueFixture([safetyTicketFixture()])) });
    const panel = await openReports();
    const cards = await within(panel).findByRole('list', { name: 'Reports' });
    const card = within(within(cards).getAllByRole('listitem')[0]!);
    expect(card.getByText('R-1042')).toBeVisible();
    expect(card.getByText('Due in 1 h 20 min')).toBeVisible();
    expect(card.getByRole('button', { name: 'Remove (R-1042)' })).toBeVisible();
  });

  it('removes with a reason, which it asks for first, and says what happened', async () => {
    const user = userEvent.setup();
    const ticket = safetyTicketFixture();
    let decided = false;
    const fetchMock = renderPanel({
      'GET /api/admin/reports': () =>
        jsonResponse(200, safetyQueueFixture([decided ? { ...ticket, status: 'removed', actions: [] } : ticket])),
      'POST /api/admin/reports/R-1042/decide': () => {
        decided = true;
        return jsonResponse(200, {
          ...ticket,
          status: 'removed',
          actions: [],
          decisionNote: 'Shared without consent.',
        });
      },
    });
    const panel = await openReports();
    await user.click(await within(panel).findByRole('button', { name: 'Remove (R-1042)' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove “Monsoon over Marine Drive”?' });
    expect(dialog).toHaveTextContent('Fans whose access is still running are refunded and told why.');
    expect(
      within(dialog).getByText('The creator and the reporter get it by email, and it is kept in the audit log.'),
    ).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(NOTE_REQUIRED_MESSAGE)).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(NOTE_REQUIRED_MESSAGE)).toBeVisible();
    expect(fetchMock.mock.calls.some(([input]) => input === '/api/admin/reports/R-1042/decide')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Shared without consent.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const call = fetchMock.mock.calls.findIndex(([input]) => input === '/api/admin/reports/R-1042/decide');
    expect(requestBody(fetchMock, call)).toEqual({ action: 'remove', note: 'Shared without consent.' });
    expect(within(panel).getByText('R-1042: Removed.')).toBeVisible();
    await waitFor(() => {
      expect(within(panel).queryByRole('button', { name: 'Remove (R-1042)' })).not.toBeInTheDocument();
    });
  });

  it('dismisses without a note, and asks for a grievance’s answer', async () => {
    const user = userEvent.setup();
    const ticket = safetyTicketFixture();
    const grievance = safetyTicketFixture({
      ticket: 'R-1060',
      kind: 'grievance',
      reason: null,
      topic: 'account',
      lane: 'grievance',
      subject: null,
      heldItem: false,
      actions: ['close'],
    });
    const fetchMock = renderPanel({
      'GET /api/admin/reports': () => jsonResponse(200, safetyQueueFixture([ticket, grievance])),
      'POST /api/admin/reports/R-1042/decide': () => jsonResponse(200, { ...ticket, status: 'dismissed', actions: [] }),
    });
    const panel = await openReports();
    await user.click(await within(panel).findByRole('button', { name: 'Dismiss (R-1042)' }));
    let dialog = screen.getByRole('dialog', { name: 'Dismiss R-1042?' });
    expect(dialog).toHaveTextContent('the item held for review comes back on the creator’s page');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const call = fetchMock.mock.calls.findIndex(([input]) => input === '/api/admin/reports/R-1042/decide');
    expect(requestBody(fetchMock, call)).toEqual({ action: 'dismiss' });
    expect(within(panel).getByText('R-1042: Dismissed.')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Answer (R-1060)' }));
    dialog = screen.getByRole('dialog', { name: 'Answer R-1060' });
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByText(ANSWER_REQUIRED_MESSAGE)).toBeVisible();
  });

  it('shows the server’s refusals in the dialog: a note it wants, or a ticket decided meanwhile', async () => {
    const user = userEvent.setup();
    let answer = 0;
    renderPanel({
      'GET /api/admin/reports': () => jsonResponse(200, safetyQueueFixture([safetyTicketFixture()])),
      'POST /api/admin/reports/R-1042/decide': () =>
        ++answer === 1
          ? jsonResponse(400, {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Please check the highlighted fields.',
                fields: { note: 'Please keep it under 1,000 characters.' },
              },
            })
          : jsonResponse(409, { error: { code: 'CONFLICT', message: SAFETY_MESSAGES.ticketDecided } }),
    });
    const panel = await openReports();
    await user.click(await within(panel).findByRole('button', { name: 'Suspend creator (R-1042)' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Asha Rao?' });
    expect(dialog).toHaveTextContent('The reported item is removed too');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Repeated stolen photos.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Please keep it under 1,000 characters.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText(SAFETY_MESSAGES.ticketDecided)).toBeVisible();
  });

  it('the Dashboard says how many are open and overdue, in red when any is overdue, and opens Reports', async () => {
    const user = userEvent.setup();
    renderPanel({
      'GET /api/admin/overview': () =>
        jsonResponse(200, { ...OVERVIEW, counts: { ...OVERVIEW.counts, openReports: 4, overdueReports: 1 } }),
      'GET /api/admin/reports': () => jsonResponse(200, safetyQueueFixture(queue())),
    });
    const dashboard = await screen.findByRole('tabpanel', { name: 'Dashboard' });
    const reports = await within(dashboard).findByRole('region', { name: 'Reports' });
    expect(reports).toHaveTextContent('4 open, 1 overdue');
    expect(reports).toHaveClass('bg-red-50');
    await user.click(within(reports).getByRole('button', { name: 'Review reports' }));
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveFocus();
    const panel = screen.getByRole('tabpanel', { name: 'Reports' });
    expect(await within(panel).findByText('Overdue by 1 h 20 min')).toBeVisible();
  });

  it('the Dashboard says when nothing is waiting, with no button', async () => {
    renderPanel({});
    const dashboard = await screen.findByRole('tabpanel', { name: 'Dashboard' });
    const reports = await within(dashboard).findByRole('region', { name: 'Reports' });
    expect(reports).toHaveTextContent('0 open, 0 overdue');
    expect(reports).toHaveTextContent('No report, grievance or review request is waiting.');
    expect(reports).not.toHaveClass('bg-red-50');
    expect(within(reports).queryByRole('button')).not.toBeInTheDocument();
  });
});
