import type { PolicyReminderStatus } from '@kholo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { ADMIN_ME } from '../../../test-fixtures/accounts.ts';
import { OVERVIEW } from '../test-fixtures.ts';

const DAY = 24 * 60 * 60_000;
const NOW = Date.UTC(2026, 10, 26, 6, 0);

const NEVER: PolicyReminderStatus = { lastRun: null, lastSentAt: null, nextDueBy: null, now: NOW };
const SENT: PolicyReminderStatus = {
  lastRun: {
    id: 'run_1',
    startedAt: NOW - 10 * DAY,
    startedBy: 'admin@kholo.in',
    sent: 1234,
    finishedAt: NOW - 10 * DAY,
  },
  lastSentAt: NOW - 10 * DAY,
  nextDueBy: NOW + 80 * DAY,
  now: NOW,
};
const RUNNING: PolicyReminderStatus = {
  ...SENT,
  lastRun: { id: 'run_2', startedAt: NOW, startedBy: 'admin@kholo.in', sent: 200, finishedAt: null },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderCard(handlers: Record<string, ApiHandler>) {
  const fetchMock = stubApi({ 'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW), ...handlers });
  renderRoute('/admin', { me: ADMIN_ME });
  const heading = await screen.findByRole('heading', { name: 'Rules reminder' }, { timeout: 5000 });
  return { fetchMock, card: within(heading.closest('section')!) };
}

describe('the Rules reminder card', () => {
  it('never sent: overdue, in red', async () => {
    const { card } = await renderCard({ 'GET /api/admin/policy-reminders': () => jsonResponse(200, NEVER) });
    expect(await card.findByText('Not sent yet')).toBeInTheDocument();
    expect(card.getByText('Never sent: send it now.')).toHaveClass('text-red-700');
  });

  it('sent: when, and due by when; overdue once that passes', async () => {
    const { card } = await renderCard({ 'GET /api/admin/policy-reminders': () => jsonResponse(200, SENT) });
    expect(await card.findByText(/^Last sent 16 Nov 2026/)).toBeInTheDocument();
    expect(card.getByText('Due by 14 Feb 2027')).not.toHaveClass('text-red-700');
  });

  it('asks before sending, starts the run and shows its progress', async () => {
    const user = userEvent.setup();
    let state = SENT;
    const { fetchMock } = await renderCard({
      'GET /api/admin/policy-reminders': () => jsonResponse(200, state),
      'POST /api/admin/policy-reminders': () => {
        state = RUNNING;
        return jsonResponse(202, RUNNING);
      },
    });
    const button = await screen.findByRole('button', { name: 'Send the reminder to everyone' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Send the rules reminder to everyone?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Send to everyone' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(await screen.findByText('Sending now: 200 emails queued so far.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sending...' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('a 409 (another run started elsewhere) is shown in the dialog', async () => {
    const user = userEvent.setup();
    await renderCard({
      'GET /api/admin/policy-reminders': () => jsonResponse(200, SENT),
      'POST /api/admin/policy-reminders': () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: 'The rules reminder is already being sent.' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Send the reminder to everyone' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send to everyone' }));
    expect(await within(dialog).findByText('The rules reminder is already being sent.')).toBeInTheDocument();
  });
});
