import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { ADMIN_ME } from '../../../test-fixtures/accounts.ts';
import {
  ACTIVE_CREATOR,
  FAILED_PAYMENT,
  HIDDEN_CONTENT,
  LOGS,
  MESSAGES,
  OVERVIEW,
  PAID_PAYMENT,
  PAID_WITHDRAWAL,
  REQUESTED_WITHDRAWAL,
  SUSPENDED_CREATOR,
  VISIBLE_CONTENT,
  stubScreenWidth,
} from '../test-fixtures.ts';

type User = ReturnType<typeof userEvent.setup>;

const FORBIDDEN = { error: { code: 'FORBIDDEN', message: 'Only the Kholo admin can do that.' } };

const LISTS: Record<string, ApiHandler> = {
  'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW),
  'GET /api/admin/payments': () => jsonResponse(200, { items: [PAID_PAYMENT, FAILED_PAYMENT] }),
  'GET /api/admin/contents': () => jsonResponse(200, { items: [VISIBLE_CONTENT, HIDDEN_CONTENT] }),
  'GET /api/admin/creators': () => jsonResponse(200, { items: [ACTIVE_CREATOR, SUSPENDED_CREATOR] }),
  'GET /api/admin/logs': () => jsonResponse(200, LOGS),
  'GET /api/admin/withdrawals': () => jsonResponse(200, { items: [REQUESTED_WITHDRAWAL, PAID_WITHDRAWAL] }),
  'GET /api/admin/messages': () => jsonResponse(200, MESSAGES),
  'GET /api/admin/problem-reports': () => jsonResponse(200, { items: [] }),
  'GET /api/admin/disputes': () => jsonResponse(200, { items: [] }),
  'GET /api/admin/contents/refund-preview?id=content_1': () => jsonResponse(200, { fans: 0, amountPaise: 0 }),
};

function renderPanel(handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = stubApi({ ...LISTS, ...handlers });
  const result = renderRoute('/admin', { me: ADMIN_ME });
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([path, init]) => path === url && (init?.method ?? 'GET') === method);
  /** The body of the one POST to `url`; fails unless exactly one was made. */
  const onlyPostBody = (url: string) => {
    const posts = calls('POST', url);
    expect(posts).toHaveLength(1);
    return requestBody(fetchMock, fetchMock.mock.calls.indexOf(posts[0]!));
  };
  return { ...result, fetchMock, calls, onlyPostBody };
}

async function openTab(user: User, name: string): Promise<HTMLElement> {
  const tablist = await screen.findByRole('tablist', { name: 'Admin sections' });
  await user.click(within(tablist).getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

/** The table row whose first cell matches, as a `within` scope. */
async function findRow(panel: HTMLElement, text: string) {
  const cell = await within(panel).findByText(text);
  return within(cell.closest('tr')!);
}

describe('admin panel', () => {
  beforeEach(() => {
    stubScreenWidth(true);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    act(() => {
      toast.dismiss();
    });
  });

  it('opens on the Dashboard with the counts and the money', async () => {
    renderPanel();
    const panel = await screen.findByRole('tabpanel', { name: 'Dashboard' });
    const money = await within(panel).findByRole('region', { name: 'Money' });
    const card = (scope: HTMLElement, label: string) => within(scope).getByText(label).closest('li')!;
    expect(card(money, 'Sales')).toHaveTextContent('₹1,23,456');
    expect(card(money, 'Platform fees')).toHaveTextContent('₹6,172.80');
    expect(card(money, 'Owed to creators')).toHaveTextContent('₹4,242.42');
    expect(card(money, 'Withdrawals pending')).toHaveTextContent('₹1,424.53');
    expect(card(money, 'Withdrawals pending')).toHaveTextContent('3 withdrawals not yet paid');
    expect(card(money, 'Paid out')).toHaveTextContent('₹70,000');

    const counts = within(panel).getByRole('region', { name: 'Counts' });
    expect(card(counts, 'Users')).toHaveTextContent('1,234');
    expect(card(counts, 'Creators')).toHaveTextContent('56');
    expect(card(counts, 'Fans')).toHaveTextContent('1,177');
    expect(card(counts, 'Payments')).toHaveTextContent('812');
    expect(card(counts, 'Payments')).toHaveTextContent('Paid, of 990 orders');
    expect(card(counts, 'Unlocks')).toHaveTextContent('805');
    expect(card(counts, 'Content items')).toHaveTextContent('321');
  });

  it('shows a spinner while a tab loads', async () => {
    const user = userEvent.setup();
    renderPanel({ 'GET /api/admin/payments': () => new Promise<Response>(() => {}) });
    const panel = await openTab(user, 'Payments');
    expect(within(panel).getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says "Failed to fetch data: …" with the server’s message, and Retry loads again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { calls } = renderPanel({
      'GET /api/admin/payments': () =>
        fail ? jsonResponse(403, FORBIDDEN) : jsonResponse(200, { items: [PAID_PAYMENT] }),
    });
    const panel = await openTab(user, 'Payments');
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch data: Only the Kholo admin can do that.');
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByText('order_paid_1')).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls('GET', '/api/admin/payments')).toHaveLength(2);
  });

  it('says "No data found." for an empty list', async () => {
    const user = userEvent.setup();
    renderPanel({ 'GET /api/admin/withdrawals': () => jsonResponse(200, { items: [] }) });
    const panel = await openTab(user, 'Withdrawals');
    expect(await within(panel).findByText('No data found.')).toBeVisible();
  });

  it('lists payments with the split and the failure reason', async () => {
    const user = userEvent.setup();
    renderPanel();
    const panel = await openTab(user, 'Payments');
    const table = await within(panel).findByRole('table', { name: 'Payments' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Created', 'Order id', 'Fan', 'Item', 'Creator', 'Amount', 'Status', 'Fee', 'Creator share', 'Actions']);
    const paid = await findRow(panel, 'order_paid_1');
    expect(paid.getByRole('cell', { name: '21 Nov 2025, 11:16 am' })).toBeInTheDocument();
    expect(paid.getByText('ravi@example.in')).toBeInTheDocument();
    expect(paid.getByRole('link', { name: 'Monsoon over Marine Drive' })).toHaveAttribute('href', '/content/content_1');
    expect(paid.getByRole('link', { name: '@asha' })).toHaveAttribute('href', '/u/asha');
    expect(paid.getByText('₹499')).toBeInTheDocument();
    expect(paid.getByText('₹24.95')).toBeInTheDocument();
    expect(paid.getByText('₹474.05')).toBeInTheDocument();
    expect(paid.getByText('Paid')).toBeInTheDocument();
    const failed = await findRow(panel, 'order_failed_2');
    expect(failed.getByText('Failed: Bank declined the payment')).toBeInTheDocument();
    expect(failed.getAllByText('—')).toHaveLength(2);
  });

  it('lists content with its status, a View link and Hide or Unhide', async () => {
    const user = userEvent.setup();
    renderPanel();
    const panel = await openTab(user, 'Content');
    const visible = await findRow(panel, 'Monsoon over Marine Drive');
    expect(visible.getByRole('link', { name: 'Asha Verma (@asha)' })).toHaveAttribute('href', '/u/asha');
    expect(visible.getByText('₹499')).toBeInTheDocument();
    expect(visible.getByText('3')).toBeInTheDocument();
    expect(visible.getByText('₹1,422.15')).toBeInTheDocument();
    expect(visible.getByText('No')).toBeInTheDocument();
    expect(visible.getByText('Visible')).toBeInTheDocument();
    expect(visible.getByRole('link', { name: 'View Monsoon over Marine Drive' })).toHaveAttribute(
      'href',
      '/content/content_1',
    );
    expect(visible.getByRole('button', { name: 'Hide Monsoon over Marine Drive' })).toBeInTheDocument();
    const hidden = await findRow(panel, 'Night ride');
    expect(hidden.getByText('Yes')).toBeInTheDocument();
    expect(hidden.getByText('Hidden: Copied from another creator')).toBeInTheDocument();
    expect(hidden.getByRole('button', { name: 'Unhide Night ride' })).toBeInTheDocument();
  });

  it('hides an item only with a reason, posts {id, reason} and reloads the list', async () => {
    const user = userEvent.setup();
    const { calls, onlyPostBody } = renderPanel({
      'POST /api/admin/contents/hide': () =>
        jsonResponse(200, { ...VISIBLE_CONTENT, hiddenAt: Date.now(), hiddenReason: 'Breaks the Terms' }),
    });
    const panel = await openTab(user, 'Content');
    const row = await findRow(panel, 'Monsoon over Marine Drive');
    await user.click(row.getByRole('button', { name: 'Hide Monsoon over Marine Drive' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide “Monsoon over Marine Drive”?' });

    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Please give a reason.');
    await user.type(within(dialog).getByLabelText('Reason'), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Please give a reason.');
    expect(calls('POST', '/api/admin/contents/hide')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Reason'));
    await user.type(within(dialog).getByLabelText('Reason'), '  Breaks the Terms ');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(onlyPostBody('/api/admin/contents/hide')).toEqual({
      id: 'content_1',
      reason: 'Breaks the Terms',
    });
    await waitFor(() => {
      expect(calls('GET', '/api/admin/contents')).toHaveLength(2);
    });
  });

  it('shows a refused hide in the dialog', async () => {
    const user = userEvent.setup();
    renderPanel({
      'POST /api/admin/contents/hide': () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'That item is gone.' } }),
    });
    const panel = await openTab(user, 'Content');
    const row = await findRow(panel, 'Monsoon over Marine Drive');
    await user.click(row.getByRole('button', { name: 'Hide Monsoon over Marine Drive' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Breaks the Terms');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    // The dialog's own toaster is an (empty) alert region too, so find the message and check its role.
    expect((await within(dialog).findByText('That item is gone.')).closest('[role="alert"]')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Hide' })).toBeEnabled();
  });

  it('unhides after a confirmation', async () => {
    const user = userEvent.setup();
    const { onlyPostBody } = renderPanel({
      'POST /api/admin/contents/unhide': () =>
        jsonResponse(200, { ...HIDDEN_CONTENT, hiddenAt: null, hiddenReason: null }),
    });
    const panel = await openTab(user, 'Content');
    const row = await findRow(panel, 'Night ride');
    await user.click(row.getByRole('button', { name: 'Unhide Night ride' }));
    const dialog = screen.getByRole('dialog', { name: 'Unhide “Night ride”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unhide' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(onlyPostBody('/api/admin/contents/unhide')).toEqual({ id: 'content_2' });
  });

  it('lists creators and suspends one with a reason', async () => {
    const user = userEvent.setup();
    const { calls, onlyPostBody } = renderPanel({
      'POST /api/admin/creators/suspend': () =>
        jsonResponse(200, { ...ACTIVE_CREATOR, suspendedAt: Date.now(), suspendedReason: 'Fake identity' }),
    });
    const panel = await openTab(user, 'Creators');
    const active = await findRow(panel, 'Asha Verma');
    expect(active.getByRole('link', { name: '@asha' })).toHaveAttribute('href', '/u/asha');
    expect(active.getByText('asha@example.in')).toBeInTheDocument();
    expect(active.getByText('₹1,424.53')).toBeInTheDocument();
    expect(active.getByText('12')).toBeInTheDocument();
    expect(active.getByText('₹5,000')).toBeInTheDocument();
    expect(active.getByText('Active')).toBeInTheDocument();
    const suspended = await findRow(panel, 'Vikram Rao');
    expect(suspended.getByText('Suspended: Selling other people’s photos')).toBeInTheDocument();
    expect(suspended.getByRole('button', { name: 'Reinstate Vikram Rao (@vikram)' })).toBeInTheDocument();

    await user.click(active.getByRole('button', { name: 'Suspend Asha Verma (@asha)' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Asha Verma?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Please give a reason.');
    await user.type(within(dialog).getByLabelText('Reason'), 'Fake identity');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(onlyPostBody('/api/admin/creators/suspend')).toEqual({
      id: 'creator_1',
      reason: 'Fake identity',
    });
    await waitFor(() => {
      expect(calls('GET', '/api/admin/creators')).toHaveLength(2);
    });
  });

  it('reinstates after a confirmation', async () => {
    const user = userEvent.setup();
    const { onlyPostBody } = renderPanel({
      'POST /api/admin/creators/reinstate': () =>
        jsonResponse(200, { ...SUSPENDED_CREATOR, suspendedAt: null, suspendedReason: null }),
    });
    const panel = await openTab(user, 'Creators');
    const row = await findRow(panel, 'Vikram Rao');
    await user.click(row.getByRole('button', { name: 'Reinstate Vikram Rao (@vikram)' }));
    const dialog = screen.getByRole('dialog', { name: 'Reinstate Vikram Rao?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reinstate' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(onlyPostBody('/api/admin/creators/reinstate')).toEqual({ id: 'creator_2' });
  });

  it('shows payment events, payout events and admin actions in Logs, with compact JSON', async () => {
    const user = userEvent.setup();
    renderPanel();
    const panel = await openTab(user, 'Logs');
    const events = await within(panel).findByRole('table', { name: 'Payment events' });
    expect(
      within(events)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Time', 'Source', 'Event', 'Order', 'Payment status', 'Amount', 'Outcome', 'Deliveries']);
    expect(within(events).getByText('Webhook')).toBeInTheDocument();
    expect(within(events).getByText('PAYMENT_SUCCESS_WEBHOOK')).toBeInTheDocument();
    expect(within(events).getByText('order_paid_1')).toBeInTheDocument();
    expect(within(events).getByText('SUCCESS')).toBeInTheDocument();
    expect(within(events).getByText('₹499')).toBeInTheDocument();
    expect(within(events).getByText('settled')).toBeInTheDocument();
    expect(within(events).getByText('2')).toBeInTheDocument();

    const payouts = within(panel).getByRole('table', { name: 'Payout events' });
    expect(
      within(payouts)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Time', 'Source', 'Event', 'Withdrawal', 'Transfer status', 'Outcome', 'Deliveries']);
    const [webhook, send] = within(payouts).getAllByRole('row').slice(1);
    expect(
      within(webhook!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      '21 Nov 2025, 11:18 am',
      'Webhook',
      'TRANSFER_SUCCESS',
      'withdrawal_0',
      'SUCCESS (COMPLETED)',
      'PROCESSING + paid',
      '2',
    ]);
    expect(
      within(send!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['21 Nov 2025, 11:17 am', 'Send', 'transfer.send', 'withdrawal_0', '—', 'sent', '1']);

    const audit = within(panel).getByRole('table', { name: 'Admin actions' });
    expect(
      within(audit)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Time', 'Admin', 'Action', 'Subject', 'Before', 'After', 'Reason']);
    expect(within(audit).getByText('admin@kholo.in')).toBeInTheDocument();
    expect(within(audit).getByText('content.hide')).toBeInTheDocument();
    expect(within(audit).getByText('{"hiddenAt":null}')).toBeInTheDocument();
    expect(within(audit).getByText('{"hiddenAt":1763704000000,"reason":"Copied"}')).toBeInTheDocument();
    expect(within(audit).getByText('Copied from another creator')).toBeInTheDocument();
  });

  it('shows contact messages', async () => {
    const user = userEvent.setup();
    renderPanel();
    const panel = await openTab(user, 'Messages');
    const row = await findRow(panel, 'Meera');
    expect(row.getByText('meera@example.in')).toBeInTheDocument();
    expect(row.getByText('My payment went through but the photo is still locked.')).toBeInTheDocument();
    expect(row.getByText('21 Nov 2025, 11:16 am')).toBeInTheDocument();
  });
});
