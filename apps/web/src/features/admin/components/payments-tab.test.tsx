import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { ADMIN_ME } from '../../../test-fixtures/accounts.ts';
import {
  CLOSED_REPORT,
  DISPUTED_PAYMENT,
  FAILED_PAYMENT,
  OPEN_REPORT,
  OVERVIEW,
  PAID_PAYMENT,
  REFUND,
  REFUNDED_PAYMENT,
  REFUNDING_PAYMENT,
  REFUND_FAILED_PAYMENT,
  TICKET_PAYMENT,
  stubScreenWidth,
} from '../test-fixtures.ts';

type User = ReturnType<typeof userEvent.setup>;

const PAYMENTS = [
  PAID_PAYMENT,
  FAILED_PAYMENT,
  REFUNDED_PAYMENT,
  REFUNDING_PAYMENT,
  REFUND_FAILED_PAYMENT,
  TICKET_PAYMENT,
  DISPUTED_PAYMENT,
];

const CONFLICT = (message: string) => jsonResponse(409, { error: { code: 'CONFLICT', message } });

function renderPayments(handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = stubApi({
    'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW),
    'GET /api/admin/payments': () => jsonResponse(200, { items: PAYMENTS }),
    'GET /api/admin/problem-reports': () => jsonResponse(200, { items: [OPEN_REPORT, CLOSED_REPORT] }),
    ...handlers,
  });
  const result = renderRoute('/admin', { me: ADMIN_ME });
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([path, init]) => path === url && (init?.method ?? 'GET') === method);
  const postBodies = (url: string) =>
    calls('POST', url).map((call) => requestBody(fetchMock, fetchMock.mock.calls.indexOf(call)));
  return { ...result, fetchMock, calls, postBodies };
}

async function openPayments(user: User): Promise<HTMLElement> {
  const tablist = await screen.findByRole('tablist', { name: 'Admin sections' });
  await user.click(within(tablist).getByRole('tab', { name: 'Payments' }));
  const panel = screen.getByRole('tabpanel', { name: 'Payments' });
  await within(panel).findByText('order_paid_1');
  return panel;
}

/** The table row whose cells include `text`, as a `within` scope. */
function row(panel: HTMLElement, text: string) {
  return within(within(panel).getByText(text).closest('tr')!);
}

describe('Payments: money back', () => {
  beforeEach(() => {
    stubScreenWidth(true);
  });

  it('shows each order’s refund, ticket and dispute in its status', async () => {
    const user = userEvent.setup();
    renderPayments();
    const panel = await openPayments(user);

    const refunded = row(panel, 'order_refunded_3');
    expect(refunded.getByText('Refunded')).toBeInTheDocument();
    expect(
      refunded.getByText(/₹499 on 21 Nov 2025, 1:16 pm · ARN ARN1234567890 · By the admin \(Duplicate purchase\)/),
    ).toBeInTheDocument();
    expect(refunded.queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();

    const refunding = row(panel, 'order_refunding_4');
    expect(refunding.getByText('Refunding')).toBeInTheDocument();
    expect(refunding.queryByRole('button')).not.toBeInTheDocument();

    const failed = row(panel, 'order_refund_failed_5');
    expect(failed.getByText('Refund failed')).toBeInTheDocument();
    expect(
      failed.getByRole('button', { name: 'Retry the refund for order order_refund_failed_5' }),
    ).toBeInTheDocument();

    const ticket = row(panel, 'order_ticket_6');
    expect(ticket.getByText('Ticket open')).toBeInTheDocument();
    expect(ticket.getByText(/KH-12345678 · “The photo shows a grey box on my phone\.”/)).toBeInTheDocument();
    expect(ticket.getByRole('button', { name: 'Answer ticket KH-12345678 without refund' })).toBeInTheDocument();

    const disputed = row(panel, 'order_disputed_7');
    expect(disputed.getByText('Dispute open')).toBeInTheDocument();
    expect(disputed.queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();

    // Only money that arrived and is not back or disputed can be refunded.
    expect(
      row(panel, 'order_paid_1').getByRole('button', { name: /^Refund ₹499 to ravi@example.in/ }),
    ).toBeInTheDocument();
    expect(row(panel, 'order_failed_2').queryByRole('button')).not.toBeInTheDocument();
  });

  it('refunds with a reason, confirming the amount and the fan, and says it is on its way', async () => {
    const user = userEvent.setup();
    const { postBodies, calls } = renderPayments({
      'POST /api/admin/payments/refund': () =>
        jsonResponse(200, {
          refund: { ...REFUND, orderId: 'order_paid_1', status: 'PENDING', arn: null, finishedAt: null },
        }),
    });
    const panel = await openPayments(user);
    await user.click(row(panel, 'order_paid_1').getByRole('button', { name: /^Refund ₹499/ }));
    const dialog = screen.getByRole('dialog', { name: 'Refund ₹499 to ravi@example.in?' });
    expect(dialog).toHaveAccessibleDescription(/For “Monsoon over Marine Drive” by @asha \(order order_paid_1\)/);

    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹499' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining('Please give a reason.'),
    );
    expect(calls('POST', '/api/admin/payments/refund')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), ' Bought twice by mistake ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹499' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(postBodies('/api/admin/payments/refund')).toEqual([
      { orderId: 'order_paid_1', reason: 'Bought twice by mistake' },
    ]);
    expect(within(panel).getByText('Refund on its way: ₹499 to ravi@example.in.')).toBeInTheDocument();
    await waitFor(() => {
      expect(calls('GET', '/api/admin/payments')).toHaveLength(2);
    });
  });

  it('shows a refused refund (409) in the dialog as the server words it', async () => {
    const user = userEvent.setup();
    renderPayments({
      'POST /api/admin/payments/refund': () => CONFLICT('This payment is already refunded.'),
    });
    const panel = await openPayments(user);
    await user.click(row(panel, 'order_paid_1').getByRole('button', { name: /^Refund ₹499/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Fan asked');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹499' }));
    expect(
      (await within(dialog).findByText('This payment is already refunded.')).closest('[role="alert"]'),
    ).toBeVisible();
  });

  it('retries a failed refund after a confirmation', async () => {
    const user = userEvent.setup();
    const { postBodies } = renderPayments({
      'POST /api/admin/refunds/retry': () =>
        jsonResponse(200, { refund: { ...REFUND_FAILED_PAYMENT.refund!, status: 'PENDING' } }),
    });
    const panel = await openPayments(user);
    await user.click(row(panel, 'order_refund_failed_5').getByRole('button', { name: /Retry the refund/ }));
    const dialog = screen.getByRole('dialog', { name: 'Send the refund of ₹499 to ravi@example.in again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry refund' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(postBodies('/api/admin/refunds/retry')).toEqual([{ id: 'refund_3' }]);
    expect(within(panel).getByText('Refund sent again: ₹499 to ravi@example.in.')).toBeInTheDocument();
  });

  it('lists open problem reports first, and one click refunds with the ticket as the reason', async () => {
    const user = userEvent.setup();
    const { postBodies } = renderPayments({
      'POST /api/admin/payments/refund': () =>
        jsonResponse(200, { refund: { ...REFUND, orderId: 'order_ticket_6', reason: 'fan_problem' } }),
    });
    const panel = await openPayments(user);
    const reports = within(panel).getByRole('region', { name: 'Open problem reports (1)' });
    expect(within(reports).getByText('KH-12345678 · The photo or video does not open')).toBeInTheDocument();
    expect(within(reports).getByText('The photo shows a grey box on my phone.')).toBeInTheDocument();
    expect(within(reports).getByText(/meera@example.in paid ₹499 for “Monsoon over Marine Drive”/)).toBeInTheDocument();
    // The answered ticket is not among the open ones.
    expect(within(reports).queryByText(/KH-87654321/)).not.toBeInTheDocument();

    await user.click(within(reports).getByRole('button', { name: 'Refund ₹499 for ticket KH-12345678' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund ₹499 to meera@example.in?' });
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Ticket KH-12345678: The photo or video does not open');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹499' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(postBodies('/api/admin/payments/refund')).toEqual([
      { orderId: 'order_ticket_6', reason: 'Ticket KH-12345678: The photo or video does not open' },
    ]);
    expect(within(panel).getByText('Refunded: ₹499 to meera@example.in.')).toBeInTheDocument();
  });

  it('the row’s Refund is prefilled from its open ticket too', async () => {
    const user = userEvent.setup();
    renderPayments();
    const panel = await openPayments(user);
    await user.click(row(panel, 'order_ticket_6').getByRole('button', { name: /^Refund ₹499 to meera/ }));
    const dialog = screen.getByRole('dialog', { name: 'Refund ₹499 to meera@example.in?' });
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Ticket KH-12345678: The photo or video does not open');
  });

  it('answers a ticket without a refund: the answer is required and posted as its resolution', async () => {
    const user = userEvent.setup();
    const { postBodies } = renderPayments({
      'POST /api/admin/problem-reports/close': () =>
        jsonResponse(200, { report: { ...OPEN_REPORT, status: 'CLOSED', resolution: 'Try the app again.' } }),
    });
    const panel = await openPayments(user);
    const reports = within(panel).getByRole('region', { name: 'Open problem reports (1)' });
    await user.click(within(reports).getByRole('button', { name: 'Answer ticket KH-12345678 without refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Answer KH-12345678 without a refund?' });
    expect(dialog).toHaveAccessibleDescription(
      'meera@example.in is emailed your answer and the ticket closes. No money moves.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(within(dialog).getByLabelText('Answer to the fan')).toHaveAccessibleDescription(
      expect.stringContaining('Please give a reason.'),
    );
    await user.type(within(dialog).getByLabelText('Answer to the fan'), 'Try the app again.');
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(postBodies('/api/admin/problem-reports/close')).toEqual([
      { ticket: 'KH-12345678', resolution: 'Try the app again.' },
    ]);
    expect(
      within(panel).getByText('Answered KH-12345678; meera@example.in is emailed your answer.'),
    ).toBeInTheDocument();
  });

  it('says when the tickets did not load, and still lists the payments', async () => {
    const user = userEvent.setup();
    renderPayments({
      'GET /api/admin/problem-reports': () =>
        jsonResponse(500, {
          error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
        }),
    });
    const panel = await openPayments(user);
    expect(
      await within(panel).findByText(/Failed to fetch data: Something went wrong on our side/),
    ).toBeInTheDocument();
    expect(within(panel).getByText('order_ticket_6')).toBeInTheDocument();
  });

  it('on a phone, each order is a card with its status and actions', async () => {
    stubScreenWidth(false);
    const user = userEvent.setup();
    renderPayments();
    const panel = await openPayments(user);
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
    const card = within(within(panel).getByText('order_refund_failed_5').closest('li')!);
    expect(card.getByText('Refund failed')).toBeInTheDocument();
    expect(card.getByRole('button', { name: /Retry the refund/ })).toBeInTheDocument();
    const ticket = within(within(panel).getByText('order_ticket_6').closest('li')!);
    expect(ticket.getByText('Ticket open')).toBeInTheDocument();
    expect(ticket.getByRole('button', { name: /^Refund ₹499/ })).toBeInTheDocument();
  });
});
