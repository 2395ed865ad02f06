import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { ADMIN_ME } from '../../../test-fixtures/accounts.ts';
import {
  FAILED_WITHDRAWAL,
  MANUAL_OVERVIEW,
  OVERVIEW,
  PAID_WITHDRAWAL,
  REQUESTED_WITHDRAWAL,
  REVIEW_WITHDRAWAL,
  SENDING_WITHDRAWAL,
  WAITING_WITHDRAWAL,
  stubScreenWidth,
} from '../test-fixtures.ts';

type User = ReturnType<typeof userEvent.setup>;

const CONFLICT = (message: string) => jsonResponse(409, { error: { code: 'CONFLICT', message } });

/** Automatic payouts: one in review, one waiting for the payout balance, one sending, one paid, one failed. */
const AUTO: Record<string, ApiHandler> = {
  'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW),
  'GET /api/admin/withdrawals': () =>
    jsonResponse(200, {
      items: [REVIEW_WITHDRAWAL, WAITING_WITHDRAWAL, SENDING_WITHDRAWAL, PAID_WITHDRAWAL, FAILED_WITHDRAWAL],
    }),
};

/** Paid by hand (PAYOUTS=manual): one to pay, one paid with the admin's reference. */
const MANUAL: Record<string, ApiHandler> = {
  'GET /api/admin/overview': () => jsonResponse(200, MANUAL_OVERVIEW),
  'GET /api/admin/withdrawals': () =>
    jsonResponse(200, {
      items: [
        REQUESTED_WITHDRAWAL,
        {
          ...PAID_WITHDRAWAL,
          payeeName: null,
          reviewReasons: [],
          approvedAt: null,
          sentAt: null,
          paymentReference: 'UTR 4455667788',
          resolvedByEmail: 'admin@kholo.in',
        },
      ],
    }),
};

function renderPanel(handlers: Record<string, ApiHandler>) {
  const fetchMock = stubApi(handlers);
  const result = renderRoute('/admin', { me: ADMIN_ME });
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([path, init]) => path === url && (init?.method ?? 'GET') === method);
  const postBodies = (url: string) =>
    calls('POST', url).map((call) => requestBody(fetchMock, fetchMock.mock.calls.indexOf(call)));
  return { ...result, fetchMock, calls, postBodies };
}

async function openWithdrawals(user: User): Promise<HTMLElement> {
  const tablist = await screen.findByRole('tablist', { name: 'Admin sections' });
  await user.click(within(tablist).getByRole('tab', { name: 'Withdrawals' }));
  return screen.getByRole('tabpanel', { name: 'Withdrawals' });
}

/** The table row (or card) that holds `text`, as a `within` scope. */
async function findRow(panel: HTMLElement, text: string) {
  const cell = await within(panel).findByText(text);
  return within(cell.closest('tr, li') as HTMLElement);
}

/** Matches the innermost element whose whole text is `text`, however it is split into spans (dates are). */
function wholeText(text: string) {
  return (_content: string, element: Element | null) =>
    element?.textContent === text && Array.from(element.children).every((child) => child.textContent !== text);
}

describe('the Withdrawals tab, with automatic payouts', () => {
  beforeEach(() => {
    stubScreenWidth(true);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows each withdrawal’s status, payee, times and reasons, and offers Approve only for those in review', async () => {
    const user = userEvent.setup();
    renderPanel(AUTO);
    const panel = await openWithdrawals(user);
    const table = await within(panel).findByRole('table', { name: 'Withdrawals' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Requested',
      'Creator',
      'UPI ID / Name at bank',
      'Amount',
      'Status',
      'Progress',
      'UTR / Reason',
      'Actions',
    ]);
    expect(panel).toHaveTextContent(/Payouts go to the creator’s bank on their own/);
    expect(panel).not.toHaveTextContent(/Kholo’s bank/);

    const review = await findRow(panel, 'asha@okicici');
    expect(review.getByText('ASHA VERMA')).toBeInTheDocument();
    expect(review.getByText('₹1,424.53')).toBeInTheDocument();
    expect(review.getByText(wholeText('In review'))).toBeInTheDocument();
    expect(review.getByText('First payout')).toBeInTheDocument();
    expect(
      review.getByText('Holder name does not match; the creator confirmed the account is hers'),
    ).toBeInTheDocument();
    expect(review.getByRole('button', { name: 'Approve ₹1,424.53 to asha@okicici' })).toHaveTextContent('Approve');
    expect(review.getByRole('button', { name: 'Reject ₹1,424.53 to asha@okicici' })).toBeInTheDocument();

    // Approved, and held until Kholo's payout account is topped up: it can still be rejected.
    const waiting = await findRow(panel, 'vikram@ybl');
    expect(waiting.getByText(wholeText('Requested'))).toBeInTheDocument();
    expect(waiting.getByText('Waiting for payout balance')).toBeInTheDocument();
    expect(waiting.getByRole('button', { name: 'Reject ₹900 to vikram@ybl' })).toBeInTheDocument();
    expect(waiting.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();

    const sending = await findRow(panel, 'vikram.rao@okhdfcbank');
    expect(sending.getByText(wholeText('Sending'))).toBeInTheDocument();
    expect(sending.getByText(wholeText('Sent 11:15 am'))).toBeInTheDocument();
    expect(sending.queryByRole('button')).not.toBeInTheDocument();

    const paid = await findRow(panel, 'asha.verma@ybl');
    expect(paid.getByText(wholeText('Paid'))).toBeInTheDocument();
    expect(paid.getByText(wholeText('20 Nov 2025, 11:16 am'))).toBeInTheDocument();
    expect(paid.getByText(wholeText('Approved 21 Nov 2025, 10:14 am'))).toBeInTheDocument();
    expect(paid.getByText(wholeText('Sent 21 Nov 2025, 10:15 am'))).toBeInTheDocument();
    expect(paid.getByText(wholeText('Paid 21 Nov 2025, 10:16 am'))).toBeInTheDocument();
    expect(paid.getByText('432112345678')).toBeInTheDocument();
    expect(paid.queryByRole('button')).not.toBeInTheDocument();

    const failed = await findRow(panel, 'asha.old@oksbi');
    expect(failed.getByText(wholeText('Failed'))).toBeInTheDocument();
    expect(failed.getByText(FAILED_WITHDRAWAL.rejectionReason!)).toBeInTheDocument();
    expect(failed.queryByRole('button')).not.toBeInTheDocument();

    expect(within(panel).queryByRole('button', { name: /^Mark as Paid/ })).not.toBeInTheDocument();
  });

  it('approves after "Send ₹X to NAME (upi)?": one request on a double click, then the row and the list update', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const { calls, postBodies } = renderPanel({
      ...AUTO,
      'POST /api/admin/withdrawals/approve': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const panel = await openWithdrawals(user);
    const row = await findRow(panel, 'asha@okicici');
    await user.click(row.getByRole('button', { name: 'Approve ₹1,424.53 to asha@okicici' }));

    const dialog = screen.getByRole('dialog', { name: 'Send ₹1,424.53 to ASHA VERMA (asha@okicici)?' });
    expect(dialog).toHaveAccessibleDescription(/For Asha Verma \(@asha\)\. Held for review because:/);
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['First payout', 'Holder name does not match; the creator confirmed the account is hers']);
    const overviewsBefore = calls('GET', '/api/admin/overview').length;
    await user.dblClick(within(dialog).getByRole('button', { name: 'Approve' }));
    const busy = within(dialog).getByRole('button', { name: 'Approving...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    expect(postBodies('/api/admin/withdrawals/approve')).toEqual([{ id: 'withdrawal_1' }]);

    act(() => {
      answer(
        jsonResponse(200, { ...REVIEW_WITHDRAWAL, status: 'REQUESTED', approvedAt: Date.UTC(2025, 10, 21, 5, 50) }),
      );
    });
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(
      await within(panel).findByText('Approved: it is being sent to the bank. ₹1,424.53 to asha@okicici'),
    ).toBeVisible();
    await waitFor(() => {
      expect(calls('GET', '/api/admin/withdrawals')).toHaveLength(2);
    });
    // The Dashboard's totals change too: the mode's query (the overview) is asked again.
    await waitFor(() => {
      expect(calls('GET', '/api/admin/overview').length).toBeGreaterThan(overviewsBefore);
    });
  });

  it('shows the approved row as queued to send at once, before the reload answers', async () => {
    const user = userEvent.setup();
    let reloads = 0;
    renderPanel({
      ...AUTO,
      'GET /api/admin/withdrawals': () => {
        reloads += 1;
        return reloads === 1
          ? jsonResponse(200, { items: [REVIEW_WITHDRAWAL] })
          : new Promise<Response>(() => undefined);
      },
      'POST /api/admin/withdrawals/approve': () =>
        jsonResponse(200, { ...REVIEW_WITHDRAWAL, status: 'REQUESTED', approvedAt: Date.UTC(2025, 10, 21, 5, 50) }),
    });
    const panel = await openWithdrawals(user);
    const row = await findRow(panel, 'asha@okicici');
    await user.click(row.getByRole('button', { name: 'Approve ₹1,424.53 to asha@okicici' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));

    const updated = await findRow(panel, 'Queued to send');
    expect(updated.getByText(wholeText('Requested'))).toBeInTheDocument();
    expect(updated.getByText(wholeText('Approved 11:20 am'))).toBeInTheDocument();
    expect(updated.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('shows a refused approval (409) in the dialog and reloads the list', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { calls } = renderPanel({
      ...AUTO,
      'POST /api/admin/withdrawals/approve': () =>
        CONFLICT('This withdrawal is not waiting for review (it is cancelled).'),
    });
    const panel = await openWithdrawals(user);
    const row = await findRow(panel, 'asha@okicici');
    await user.click(row.getByRole('button', { name: 'Approve ₹1,424.53 to asha@okicici' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(
      (await within(dialog).findByText('This withdrawal is not waiting for review (it is cancelled).')).closest(
        '[role="alert"]',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Approve' })).not.toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => {
      expect(calls('GET', '/api/admin/withdrawals')).toHaveLength(2);
    });
    expect(within(panel).queryByText(/^Approved:/)).not.toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });

  it('rejects one waiting for the payout balance with a reason', async () => {
    const user = userEvent.setup();
    const { postBodies } = renderPanel({
      ...AUTO,
      'POST /api/admin/withdrawals/reject': () =>
        jsonResponse(200, { ...WAITING_WITHDRAWAL, status: 'REJECTED', rejectionReason: 'Suspected fraud' }),
    });
    const panel = await openWithdrawals(user);
    const row = await findRow(panel, 'vikram@ybl');
    await user.click(row.getByRole('button', { name: 'Reject ₹900 to vikram@ybl' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject ₹900 to vikram@ybl?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Suspected fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(postBodies('/api/admin/withdrawals/reject')).toEqual([{ id: 'withdrawal_2', reason: 'Suspected fraud' }]);
  });

  it('offers Mark as Paid beside Approve only for one asked for while payouts were paid by hand', async () => {
    const user = userEvent.setup();
    const askedWhileManual = { ...REVIEW_WITHDRAWAL, reviewReasons: ['asked_while_manual' as const] };
    renderPanel({
      ...AUTO,
      'GET /api/admin/withdrawals': () => jsonResponse(200, { items: [askedWhileManual] }),
    });
    const panel = await openWithdrawals(user);
    const row = await findRow(panel, 'asha@okicici');
    expect(row.getByRole('button', { name: 'Approve ₹1,424.53 to asha@okicici' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Mark as Paid ₹1,424.53 to asha@okicici' })).toBeInTheDocument();
    expect(row.getByText(/check it was not paid already/)).toBeInTheDocument();
  });

  it('offers no action until it knows whether payouts are automatic', async () => {
    const user = userEvent.setup();
    renderPanel({ ...AUTO, 'GET /api/admin/overview': () => new Promise<Response>(() => undefined) });
    const panel = await openWithdrawals(user);
    const row = await findRow(panel, 'asha@okicici');
    expect(row.getByText(wholeText('In review'))).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says "Failed to fetch data: …" when the payout mode cannot be loaded, and still lists withdrawals', async () => {
    const user = userEvent.setup();
    renderPanel({
      ...AUTO,
      'GET /api/admin/overview': () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Only the Kholo admin can do that.' } }),
    });
    const panel = await openWithdrawals(user);
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Failed to fetch data: Only the Kholo admin can do that.',
    );
    expect(await within(panel).findByText('asha@okicici')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('shows cards with Approve on a narrow screen', async () => {
    stubScreenWidth(false);
    const user = userEvent.setup();
    renderPanel(AUTO);
    const panel = await openWithdrawals(user);
    const list = await within(panel).findByRole('list', { name: 'Withdrawals' });
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card!).getByText('UPI ID / Name at bank')).toBeInTheDocument();
    expect(within(card!).getByText('asha@okicici')).toBeInTheDocument();
    expect(within(card!).getByText('ASHA VERMA')).toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: 'Approve ₹1,424.53 to asha@okicici' })).toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: 'Reject ₹1,424.53 to asha@okicici' })).toBeInTheDocument();
  });
});

describe('the Withdrawals tab, paid by hand', () => {
  beforeEach(() => {
    stubScreenWidth(true);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers Mark as Paid and Reject for requested ones, and no Approve', async () => {
    const user = userEvent.setup();
    renderPanel(MANUAL);
    const panel = await openWithdrawals(user);
    expect(panel).toHaveTextContent(/send the money to the UPI ID from Kholo’s bank first, then mark it paid/);
    const requested = await findRow(panel, 'asha@okicici');
    expect(requested.getByText('Asha Verma (@asha)')).toBeInTheDocument();
    expect(requested.getByText('₹1,424.53')).toBeInTheDocument();
    expect(requested.getByText(wholeText('Requested'))).toBeInTheDocument();
    expect(requested.queryByText('Queued to send')).not.toBeInTheDocument();
    expect(requested.getByRole('button', { name: 'Mark as Paid ₹1,424.53 to asha@okicici' })).toHaveTextContent(
      'Mark as Paid',
    );
    expect(requested.getByRole('button', { name: 'Reject ₹1,424.53 to asha@okicici' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();

    const paid = await findRow(panel, 'asha.verma@ybl');
    expect(paid.getByText(wholeText('Paid'))).toBeInTheDocument();
    expect(paid.getByText('UTR 4455667788')).toBeInTheDocument();
    expect(paid.getByText(wholeText('Paid 21 Nov 2025, 10:16 am by admin@kholo.in'))).toBeInTheDocument();
    expect(paid.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers Mark as Paid for one held for review too', async () => {
    const user = userEvent.setup();
    renderPanel({
      ...MANUAL,
      'GET /api/admin/withdrawals': () => jsonResponse(200, { items: [REVIEW_WITHDRAWAL] }),
    });
    const panel = await openWithdrawals(user);
    const row = await findRow(panel, 'asha@okicici');
    expect(row.getByText(wholeText('In review'))).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Mark as Paid ₹1,424.53 to asha@okicici' })).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('marks one paid: "Updating...", one request on a double click, then the list reloads', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const { calls, postBodies } = renderPanel({
      ...MANUAL,
      'POST /api/admin/withdrawals/payment-done': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const panel = await openWithdrawals(user);
    const row = await findRow(panel, 'asha@okicici');
    await user.click(row.getByRole('button', { name: 'Mark as Paid ₹1,424.53 to asha@okicici' }));

    const dialog = screen.getByRole('dialog', { name: 'Mark as Paid' });
    expect(dialog).toHaveAccessibleDescription(/Send ₹1,424\.53 to asha@okicici/);
    await user.type(within(dialog).getByLabelText('Bank or UPI reference'), ' UTR 998877 ');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Mark as Paid' }));
    const busy = within(dialog).getByRole('button', { name: 'Updating...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    expect(postBodies('/api/admin/withdrawals/payment-done')).toEqual([
      { id: 'withdrawal_1', reference: 'UTR 998877' },
    ]);

    act(() => {
      answer(
        jsonResponse(200, {
          ...REQUESTED_WITHDRAWAL,
          status: 'PAID',
          resolvedAt: Date.now(),
          paymentReference: 'UTR 998877',
          resolvedByEmail: 'admin@kholo.in',
        }),
      );
    });
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    await waitFor(() => {
      expect(calls('GET', '/api/admin/withdrawals')).toHaveLength(2);
    });
    expect(alert).not.toHaveBeenCalled();
  });

  it('sends no reference when none is given', async () => {
    const user = userEvent.setup();
    const { postBodies } = renderPanel({
      ...MANUAL,
      'POST /api/admin/withdrawals/payment-done': () =>
        jsonResponse(200, { ...REQUESTED_WITHDRAWAL, status: 'PAID', resolvedAt: Date.now() }),
    });
    const panel = await openWithdrawals(user);
    const row = await findRow(panel, 'asha@okicici');
    await user.click(row.getByRole('button', { name: 'Mark as Paid ₹1,424.53 to asha@okicici' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark as Paid' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Paid' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(postBodies('/api/admin/withdrawals/payment-done')).toEqual([{ id: 'withdrawal_1' }]);
  });

  it('alerts "Failed to mark as paid: …" on a 409 and resets the button', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel({
      ...MANUAL,
      'POST /api/admin/withdrawals/payment-done': () =>
        CONFLICT('Payouts are automatic here: approve the withdrawal and it is sent to the bank, or reject it.'),
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const panel = await openWithdrawals(user);
    const row = await findRow(panel, 'asha@okicici');
    await user.click(row.getByRole('button', { name: 'Mark as Paid ₹1,424.53 to asha@okicici' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark as Paid' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Paid' }));

    await waitFor(() => {
      expect(alert).toHaveBeenCalledWith(
        'Failed to mark as paid: Payouts are automatic here: approve the withdrawal and it is sent to the bank, or reject it.',
      );
    });
    expect(alert).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole('button', { name: 'Mark as Paid' })).not.toHaveAttribute('aria-disabled', 'true');
    // Things changed under the admin: the list behind shows how they are now.
    await waitFor(() => {
      expect(calls('GET', '/api/admin/withdrawals')).toHaveLength(2);
    });
  });

  it('rejects only with a reason, posts {id, reason} and reloads the list', async () => {
    const user = userEvent.setup();
    const { calls, postBodies } = renderPanel({
      ...MANUAL,
      'POST /api/admin/withdrawals/reject': () =>
        jsonResponse(200, {
          ...REQUESTED_WITHDRAWAL,
          status: 'REJECTED',
          resolvedAt: Date.now(),
          rejectionReason: 'UPI ID does not exist',
        }),
    });
    const panel = await openWithdrawals(user);
    const row = await findRow(panel, 'asha@okicici');
    await user.click(row.getByRole('button', { name: 'Reject ₹1,424.53 to asha@okicici' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject ₹1,424.53 to asha@okicici?' });

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Please give a reason.');
    expect(calls('POST', '/api/admin/withdrawals/reject')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'UPI ID does not exist');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(postBodies('/api/admin/withdrawals/reject')).toEqual([
      { id: 'withdrawal_1', reason: 'UPI ID does not exist' },
    ]);
    await waitFor(() => {
      expect(calls('GET', '/api/admin/withdrawals')).toHaveLength(2);
    });
  });

  it('shows a refused reject inline', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderPanel({
      ...MANUAL,
      'POST /api/admin/withdrawals/reject': () =>
        CONFLICT('This withdrawal is already paid, so it cannot be rejected.'),
    });
    const panel = await openWithdrawals(user);
    const row = await findRow(panel, 'asha@okicici');
    await user.click(row.getByRole('button', { name: 'Reject ₹1,424.53 to asha@okicici' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong UPI ID');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      (await within(dialog).findByText('This withdrawal is already paid, so it cannot be rejected.')).closest(
        '[role="alert"]',
      ),
    ).toBeVisible();
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows cards with the same buttons on a narrow screen', async () => {
    stubScreenWidth(false);
    const user = userEvent.setup();
    renderPanel(MANUAL);
    const panel = await openWithdrawals(user);
    const list = await within(panel).findByRole('list', { name: 'Withdrawals' });
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card!).getByText('asha@okicici')).toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: 'Mark as Paid ₹1,424.53 to asha@okicici' })).toBeInTheDocument();
  });
});
