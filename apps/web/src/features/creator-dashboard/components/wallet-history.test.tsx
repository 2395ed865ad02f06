import { WITHDRAWAL_STATUSES, type WalletResponse, type Withdrawal } from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, requestBody } from '../../../test-utils.tsx';
import { walletRefetchInterval, WALLET_SENDING_POLL_MS, WALLET_WAITING_POLL_MS } from '../api/get-wallet.ts';
import { EMPTY_WALLET, withdrawalFixture } from '../test-fixtures.ts';
import { historyRows, notifications, renderWallet } from '../wallet-test-helpers.ts';
import { WAITING_FOR_FUNDS_MESSAGE } from './wallet-history.tsx';
import { requestedDescription } from './withdraw-dialog.tsx';
import { withdrawalTimeline } from './withdrawal-timeline-steps.ts';

// 24 Nov 2025 in India: requested 9:30 pm, approved 10:30 pm, sent 10:31 pm, paid 10:32 pm.
const REQUESTED_AT = 1_764_000_000_000;
const APPROVED_AT = REQUESTED_AT + 60 * 60_000;
const SENT_AT = APPROVED_AT + 60_000;
const PAID_AT = SENT_AT + 60_000;
// 26 Nov 2025, 3:30 pm: another day, so its date is shown.
const RETURNED_AT = REQUESTED_AT + 42 * 60 * 60_000;

/** A wallet whose only entry is this withdrawal (and the money back, when it came back). */
function walletOf(withdrawal: Withdrawal): WalletResponse {
  const inFlight = ['REQUESTED', 'REVIEW', 'PROCESSING'].includes(withdrawal.status);
  return {
    ...EMPTY_WALLET,
    pendingWithdrawalPaise: inFlight ? withdrawal.amountPaise : 0,
    history: [
      {
        kind: 'withdrawal',
        id: `entry_${withdrawal.id}`,
        at: withdrawal.requestedAt,
        amountPaise: -withdrawal.amountPaise,
        withdrawal,
      },
    ],
  };
}

/** One withdrawal in each state, as the server would send it. */
const BY_STATUS: Record<Withdrawal['status'], Withdrawal> = {
  REQUESTED: withdrawalFixture({ id: 'w_requested', requestedAt: REQUESTED_AT }),
  REVIEW: withdrawalFixture({
    id: 'w_review',
    requestedAt: REQUESTED_AT,
    status: 'REVIEW',
    reviewReasons: ['first_payout'],
  }),
  PROCESSING: withdrawalFixture({
    id: 'w_processing',
    requestedAt: REQUESTED_AT,
    status: 'PROCESSING',
    sentAt: SENT_AT,
  }),
  PAID: withdrawalFixture({
    id: 'w_paid',
    requestedAt: REQUESTED_AT,
    status: 'PAID',
    reviewReasons: ['first_payout', 'account_changed'],
    approvedAt: APPROVED_AT,
    sentAt: SENT_AT,
    resolvedAt: PAID_AT,
    paymentReference: '432187654321',
  }),
  FAILED: withdrawalFixture({
    id: 'w_failed',
    requestedAt: REQUESTED_AT,
    status: 'FAILED',
    sentAt: SENT_AT,
    resolvedAt: PAID_AT,
    rejectionReason: 'The bank account is closed. Save another payout account and withdraw again.',
  }),
  REVERSED: withdrawalFixture({
    id: 'w_reversed',
    requestedAt: REQUESTED_AT,
    status: 'REVERSED',
    sentAt: SENT_AT,
    resolvedAt: PAID_AT,
    reversedAt: RETURNED_AT,
    paymentReference: '432187654321',
    rejectionReason: 'The beneficiary bank returned the payment.',
  }),
  REJECTED: withdrawalFixture({
    id: 'w_rejected',
    requestedAt: REQUESTED_AT,
    status: 'REJECTED',
    reviewReasons: ['name_override'],
    resolvedAt: APPROVED_AT,
    rejectionReason: 'This account is not in your name.',
  }),
  CANCELLED: withdrawalFixture({
    id: 'w_cancelled',
    requestedAt: REQUESTED_AT,
    status: 'CANCELLED',
    reviewReasons: ['first_payout'],
    resolvedAt: APPROVED_AT,
    rejectionReason: 'Cancelled by you.',
  }),
};

/** What each row says, step by step (sr-only "Now: " and "Next: " included), and its badge. */
const EXPECTED: Record<Withdrawal['status'], { badge: string; steps: string; cancellable: boolean }> = {
  REQUESTED: {
    badge: 'Requested',
    steps: 'Requested · 24 Nov 2025, 9:30 pmNext: PaidUsually within a minute',
    cancellable: true,
  },
  REVIEW: {
    badge: 'In review',
    steps:
      'Requested · 24 Nov 2025, 9:30 pmNow: In reviewYour first payoutNext: Sent to your bankAfter our check, within 24 hours',
    cancellable: true,
  },
  PROCESSING: {
    badge: 'Sending',
    steps: 'Requested · 24 Nov 2025, 9:30 pmNow: Sent to your bank · 10:31 pmNext: PaidUsually within a minute',
    cancellable: false,
  },
  PAID: {
    badge: 'Paid',
    steps:
      'Requested · 24 Nov 2025, 9:30 pmIn reviewYour first payout · Your payout account changedApproved · 10:30 pmSent · 10:31 pmPaid · 10:32 pmUTR 432187654321',
    cancellable: false,
  },
  FAILED: {
    badge: 'Failed',
    steps:
      'Requested · 24 Nov 2025, 9:30 pmSent · 10:31 pmFailed · 10:32 pmReason: The bank account is closed. Save another payout account and withdraw again.',
    cancellable: false,
  },
  REVERSED: {
    badge: 'Returned',
    steps:
      'Requested · 24 Nov 2025, 9:30 pmSent · 10:31 pmPaid · 10:32 pmUTR 432187654321Returned by the bank · 26 Nov 2025, 3:30 pmReason: The beneficiary bank returned the payment.',
    cancellable: false,
  },
  REJECTED: {
    badge: 'Rejected',
    steps:
      'Requested · 24 Nov 2025, 9:30 pmIn reviewThe bank’s name for the account is not yoursRejected · 10:30 pmReason: This account is not in your name.',
    cancellable: false,
  },
  CANCELLED: {
    badge: 'Cancelled',
    steps: 'Requested · 24 Nov 2025, 9:30 pmIn reviewYour first payoutCancelled · 10:30 pmCancelled by you.',
    cancellable: false,
  },
};

describe('withdrawal timeline', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it.each(WITHDRAWAL_STATUSES)('shows a %s withdrawal’s steps with their times, and its badge', async (status) => {
    const { panel } = await renderWallet({}, walletOf(BY_STATUS[status]));
    const [row] = await historyRows(panel);
    const expected = EXPECTED[status];
    expect(row).toHaveTextContent(`Status: ${expected.badge}`);
    expect(within(row!).getByRole('list', { name: 'Steps' })).toHaveTextContent(expected.steps);
    expect(row).toHaveTextContent('Account holder: MEERA RATHORE');
    const cancel = within(row!).queryByRole('button', { name: 'Cancel the withdrawal of ₹762.38' });
    if (expected.cancellable) expect(cancel).toBeInTheDocument();
    else expect(cancel).not.toBeInTheDocument();
  });

  it('colours the badge by what the status means', async () => {
    const tones: Record<Withdrawal['status'], string> = {
      REQUESTED: 'bg-marigold-100',
      REVIEW: 'bg-marigold-100',
      PROCESSING: 'bg-ink-100',
      PAID: 'bg-emerald-100',
      FAILED: 'bg-red-100',
      REVERSED: 'bg-red-100',
      REJECTED: 'bg-red-100',
      CANCELLED: 'bg-ink-50',
    };
    const history = WITHDRAWAL_STATUSES.map((status) => walletOf(BY_STATUS[status]).history[0]!);
    const { panel } = await renderWallet({}, { ...EMPTY_WALLET, history });
    const rows = await historyRows(panel);
    WITHDRAWAL_STATUSES.forEach((status, index) => {
      const badge = within(rows[index]!).getByText('Status:').parentElement;
      expect(badge).toHaveClass(tones[status]);
    });
  });

  it('says when a payout waits for Kholo’s payout balance', async () => {
    const { panel } = await renderWallet({}, walletOf({ ...BY_STATUS.REQUESTED, waitingForFunds: true }));
    const [row] = await historyRows(panel);
    expect(row).toHaveTextContent(WAITING_FOR_FUNDS_MESSAGE);
    expect(row).toHaveTextContent('Next: PaidAs soon as Kholo’s payout balance is topped up');
    expect(row).not.toHaveTextContent('within a minute');
  });

  it('words the money coming back by what happened to the withdrawal', async () => {
    const cancelled = BY_STATUS.CANCELLED;
    const { panel } = await renderWallet(
      {},
      {
        ...EMPTY_WALLET,
        balancePaise: cancelled.amountPaise,
        history: [
          {
            kind: 'withdrawal_reversal',
            id: 'entry_back',
            at: APPROVED_AT,
            amountPaise: cancelled.amountPaise,
            withdrawalId: cancelled.id,
            reason: 'Cancelled by you.',
          },
          ...walletOf(cancelled).history,
        ],
      },
    );
    const [back] = await historyRows(panel);
    expect(back).toHaveTextContent('Returned to your wallet');
    expect(back).toHaveTextContent('Withdrawal cancelled · 24 Nov 2025, 10:30 pm');
    expect(back).toHaveTextContent('+₹762.38');
  });

  it('cancels after asking: the money goes back to the wallet', async () => {
    let wallet = walletOf(BY_STATUS.REVIEW);
    const { panel, fetchMock, calls } = await renderWallet({
      'GET /api/wallet': () => jsonResponse(200, wallet),
      'POST /api/withdrawals/cancel': () => {
        const cancelled = {
          ...BY_STATUS.REVIEW,
          status: 'CANCELLED',
          resolvedAt: APPROVED_AT,
          rejectionReason: 'Cancelled by you.',
        } as const;
        wallet = { ...walletOf(cancelled), balancePaise: cancelled.amountPaise };
        return jsonResponse(200, cancelled);
      },
    });
    const user = userEvent.setup();
    const [row] = await historyRows(panel);
    await user.click(within(row!).getByRole('button', { name: 'Cancel the withdrawal of ₹762.38' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal?' });
    expect(dialog).toHaveAccessibleDescription(
      'Nothing is sent to meera.rathore@okaxis, and ₹762.38 goes back to your wallet. You can withdraw it again whenever you like.',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const index = fetchMock.mock.calls.findIndex(([url]) => url === '/api/withdrawals/cancel');
    expect(requestBody(fetchMock, index)).toEqual({ id: 'w_review' });
    expect(within(notifications()).getByText('Withdrawal cancelled')).toBeInTheDocument();
    expect(notifications()).toHaveTextContent('₹762.38 is back in your wallet.');
    await waitFor(async () => {
      expect((await historyRows(panel))[0]).toHaveTextContent('Status: Cancelled');
    });
    expect(within(panel).getByText('₹762.38', { selector: 'p' })).toBeInTheDocument();
    expect(calls('POST', '/api/withdrawals/cancel')).toBe(1);
  });

  it('keeps the withdrawal when she says so', async () => {
    const { panel, calls } = await renderWallet({}, walletOf(BY_STATUS.REQUESTED));
    const user = userEvent.setup();
    const [row] = await historyRows(panel);
    await user.click(within(row!).getByRole('button', { name: 'Cancel the withdrawal of ₹762.38' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls('POST', '/api/withdrawals/cancel')).toBe(0);
  });

  it('says so when it has already been sent (409), and shows where it is now', async () => {
    const sentMessage = 'This withdrawal has already been sent to your bank, so it cannot be cancelled.';
    let wallet = walletOf(BY_STATUS.REQUESTED);
    const { panel } = await renderWallet({
      'GET /api/wallet': () => jsonResponse(200, wallet),
      'POST /api/withdrawals/cancel': () => {
        wallet = walletOf({ ...BY_STATUS.PROCESSING, id: BY_STATUS.REQUESTED.id });
        return jsonResponse(409, { error: { code: 'CONFLICT', message: sentMessage } });
      },
    });
    const user = userEvent.setup();
    const [row] = await historyRows(panel);
    await user.click(within(row!).getByRole('button', { name: 'Cancel the withdrawal of ₹762.38' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' }));
    const alert = await within(dialog).findByText(sentMessage);
    expect(alert).toHaveAttribute('role', 'alert');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(async () => {
      expect((await historyRows(panel))[0]).toHaveTextContent('Status: Sending');
    });
    expect(within(panel).queryByRole('button', { name: /Cancel the withdrawal/ })).not.toBeInTheDocument();
  });

  it('refreshes by itself while a payout is being sent, so Paid appears without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let wallet = walletOf(BY_STATUS.REQUESTED);
    const { panel, calls } = await renderWallet({ 'GET /api/wallet': () => jsonResponse(200, wallet) });
    expect((await historyRows(panel))[0]).toHaveTextContent('Status: Requested');
    expect(calls('GET', '/api/wallet')).toBe(1);

    wallet = walletOf({ ...BY_STATUS.PAID, id: BY_STATUS.REQUESTED.id });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WALLET_SENDING_POLL_MS + 100);
    });
    await waitFor(async () => {
      expect((await historyRows(panel))[0]).toHaveTextContent('Status: Paid');
    });
    expect(within(panel).getByText('UTR 432187654321')).toBeInTheDocument();
    const asked = calls('GET', '/api/wallet');
    expect(asked).toBe(2);
    // Nothing on its way any more: no more asking.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WALLET_WAITING_POLL_MS * 2);
    });
    expect(calls('GET', '/api/wallet')).toBe(asked);
  });
});

describe('walletRefetchInterval', () => {
  const wallet = (...withdrawals: Withdrawal[]): WalletResponse => ({
    ...EMPTY_WALLET,
    history: withdrawals.map((withdrawal) => walletOf(withdrawal).history[0]!),
  });

  it('asks every few seconds while a payout is being sent automatically', () => {
    expect(walletRefetchInterval(wallet(BY_STATUS.REQUESTED), 'auto')).toBe(WALLET_SENDING_POLL_MS);
    expect(walletRefetchInterval(wallet(BY_STATUS.PAID, BY_STATUS.PROCESSING), 'auto')).toBe(WALLET_SENDING_POLL_MS);
    expect(WALLET_SENDING_POLL_MS).toBeLessThanOrEqual(5_000);
  });

  it('asks slowly while one waits for a person or for a top-up', () => {
    expect(walletRefetchInterval(wallet(BY_STATUS.REVIEW), 'auto')).toBe(WALLET_WAITING_POLL_MS);
    expect(walletRefetchInterval(wallet({ ...BY_STATUS.REQUESTED, waitingForFunds: true }), 'auto')).toBe(
      WALLET_WAITING_POLL_MS,
    );
    expect(walletRefetchInterval(wallet(BY_STATUS.REQUESTED), 'manual')).toBe(WALLET_WAITING_POLL_MS);
  });

  it('does not ask when nothing is on its way', () => {
    expect(walletRefetchInterval(undefined, 'auto')).toBe(false);
    const done = (['PAID', 'FAILED', 'REVERSED', 'REJECTED', 'CANCELLED'] as const).map((status) => BY_STATUS[status]);
    expect(walletRefetchInterval(wallet(...done), 'auto')).toBe(false);
  });
});

describe('payouts paid by hand (PAYOUTS=manual)', () => {
  it('promises no minute: the next step is Kholo’s team paying, and the reference is theirs', () => {
    const requested = withdrawalTimeline(BY_STATUS.REQUESTED, 'manual');
    expect(requested.at(-1)).toMatchObject({ label: 'Paid by Kholo’s team', state: 'next' });
    expect(JSON.stringify(requested)).not.toMatch(/minute/);
    const paidByHand = withdrawalTimeline(
      withdrawalFixture({ status: 'PAID', resolvedAt: PAID_AT, paymentReference: 'NEFT 991' }),
      'manual',
    );
    expect(paidByHand.at(-1)).toMatchObject({ label: 'Paid', detail: 'Payment reference: NEFT 991', state: 'done' });
  });

  it('says the team sends it, with no time promised', () => {
    const text = requestedDescription(withdrawalFixture({ amountPaise: 762_38 }), 'manual');
    expect(text).toBe('Kholo will send ₹762.38 to MEERA RATHORE (meera.rathore@okaxis) and email you when it is paid.');
    expect(text).not.toMatch(/minute/);
  });
});
