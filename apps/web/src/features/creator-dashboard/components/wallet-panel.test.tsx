import { formatDateTime, type WalletResponse } from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, requestBody, type ApiHandler } from '../../../test-utils.tsx';
import {
  EMPTY_WALLET,
  PAID_WITHDRAWAL,
  PAYOUT_ACCOUNT,
  REJECTED_WITHDRAWAL,
  REQUESTED_WITHDRAWAL,
  REVIEW_WITHDRAWAL,
  STUDIO_CONTENTS,
  WALLET,
  withdrawalFixture,
} from '../test-fixtures.ts';
import {
  historyRows,
  inlineError,
  notifications,
  openWithdraw,
  renderWallet,
  SERVER_ERROR,
  walletWith,
} from '../wallet-test-helpers.ts';
import { WALLET_EMPTY_MESSAGE, WALLET_HAS_MORE_MESSAGE } from './wallet-history.tsx';
import { WALLET_FAILED_MESSAGE } from './wallet-panel.tsx';

describe('wallet tab', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it('shows the balance big, the money on its way, and the Withdraw to UPI button', async () => {
    const { panel } = await renderWallet();
    expect(await within(panel).findByText('₹1,424.53')).toBeInTheDocument();
    expect(within(panel).getByText('₹800 on its way to your UPI ID')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Withdraw to UPI' })).toBeEnabled();
  });

  it('says nothing about money on its way when no withdrawal is pending', async () => {
    const { panel } = await renderWallet({}, walletWith(900_00));
    expect(await within(panel).findByText('₹900')).toBeInTheDocument();
    expect(within(panel).queryByText(/on its way/)).not.toBeInTheDocument();
  });

  it('lists the history newest first: withdrawals with status, steps, reference and reason; adjustments; reversals; sales with price, fee and credit', async () => {
    const { panel } = await renderWallet();
    const rows = await historyRows(panel);
    expect(rows).toHaveLength(7);
    const [review, adjustment, paid, reversal, rejected, sale] = rows;

    expect(review).toHaveTextContent('Withdrawal to priya@okhdfcbank');
    expect(review).toHaveTextContent('−₹800');
    expect(review).toHaveTextContent('Account holder: PRIYA SHARMA');
    expect(review).toHaveTextContent('Status: In review');
    expect(review).toHaveTextContent(`Requested · ${formatDateTime(REVIEW_WITHDRAWAL.requestedAt)}`);
    expect(review).toHaveTextContent('Now: In review');
    expect(review).toHaveTextContent('A UPI ID you have not saved as your payout account · Your first payout');
    expect(review).toHaveTextContent('Next: Sent to your bank');
    expect(within(review!).getByRole('button', { name: 'Cancel the withdrawal of ₹800' })).toBeInTheDocument();

    expect(adjustment).toHaveTextContent('Adjustment by Kholo');
    expect(adjustment).toHaveTextContent('Goodwill credit for a failed payout');
    expect(adjustment).toHaveTextContent('+₹25');

    expect(paid).toHaveTextContent('Withdrawal to asha@okicici');
    expect(paid).toHaveTextContent('−₹600');
    expect(paid).toHaveTextContent('Status: Paid');
    // The first step carries the date; later steps the same day only their time.
    expect(paid).toHaveTextContent(
      'Requested · 24 Nov 2025, 9:30 pmIn reviewYour first payoutApproved · 10:30 pmSent · 10:30 pmPaid · 10:30 pmUTR 432187654321',
    );
    expect(within(paid!).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(PAID_WITHDRAWAL.resolvedAt).not.toBeNull();

    expect(reversal).toHaveTextContent('Returned to your wallet');
    expect(reversal).toHaveTextContent('Withdrawal not paid');
    expect(reversal).toHaveTextContent('Reason: The UPI ID does not exist.');
    expect(reversal).toHaveTextContent('+₹700');

    expect(rejected).toHaveTextContent('Withdrawal to priya.old@oksbi');
    expect(rejected).not.toHaveTextContent('Account holder');
    expect(rejected).toHaveTextContent('Status: Rejected');
    expect(rejected).toHaveTextContent(`Rejected · 10:23 am`);
    expect(rejected).toHaveTextContent('Reason: The UPI ID does not exist.');
    expect(rejected).not.toHaveTextContent('UTR');
    expect(REJECTED_WITHDRAWAL.resolvedAt).toBe(1_763_960_000_000);

    expect(sale).toHaveTextContent('Sunset over Marine Drive');
    expect(sale).toHaveTextContent('Price ₹149 · Platform fee ₹7.45');
    expect(sale).toHaveTextContent('+₹141.55');

    expect(within(panel).queryByText(WALLET_HAS_MORE_MESSAGE)).not.toBeInTheDocument();
  });

  it('says when older entries are left out', async () => {
    const { panel } = await renderWallet({}, { ...WALLET, hasMore: true });
    expect(await within(panel).findByText('Showing your latest 100 entries.')).toBeInTheDocument();
  });

  it('has a friendly line when there is no activity yet', async () => {
    const { panel } = await renderWallet({}, EMPTY_WALLET);
    expect(await within(panel).findByText(WALLET_EMPTY_MESSAGE)).toBeInTheDocument();
    expect(WALLET_EMPTY_MESSAGE).toBe(
      'No wallet activity yet. When fans unlock your content, your earnings appear here.',
    );
    expect(within(panel).queryByRole('list', { name: 'Wallet history' })).not.toBeInTheDocument();
    expect(within(panel).getByText('₹0')).toBeInTheDocument();
  });

  it('shows a skeleton while loading, then a readable error with a way to try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = true;
    const { panel, calls } = await renderWallet({
      'GET /api/wallet': () => (fail ? jsonResponse(500, SERVER_ERROR) : jsonResponse(200, WALLET)),
    });
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading your wallet…');
    // Server errors are retried twice (1 s, then 2 s) before the failure shows.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3500);
    });
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(WALLET_FAILED_MESSAGE);
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(within(panel).queryByRole('button', { name: 'Withdraw to UPI' })).not.toBeInTheDocument();
    expect(calls('GET', '/api/wallet')).toBe(3);

    fail = false;
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('₹1,424.53')).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not open the modal at a zero balance, and says why (SPEC §5)', async () => {
    const user = userEvent.setup();
    const { panel } = await renderWallet({}, EMPTY_WALLET);
    const button = await within(panel).findByRole('button', { name: 'Withdraw to UPI' });
    // Once the payout account card has loaded, the only status line left is the button's.
    await within(panel).findByRole('region', { name: 'Where should we pay you?' });
    const status = within(panel).getByRole('status');
    expect(status).toHaveTextContent('');
    await user.click(button);
    expect(status).toHaveTextContent('No balance to withdraw');
    expect(button).toHaveAccessibleDescription('No balance to withdraw');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('withdraw modal without a payout account (the spec’s UPI ID field)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it('opens with the full balance, the UPI ID field focused and prefilled from the latest withdrawal', async () => {
    const { panel } = await renderWallet();
    const { dialog } = await openWithdraw(panel);
    expect(dialog).toHaveAccessibleDescription('You will withdraw your full balance of ₹1,424.53');
    const upi = within(dialog).getByRole('textbox', { name: 'UPI ID' });
    expect(upi).toHaveFocus();
    expect(upi).toHaveValue('priya@okhdfcbank');
    expect(upi).toHaveAttribute('inputmode', 'email');
    expect(upi).toHaveAttribute('autocomplete', 'off');
    expect(upi).toHaveAttribute('autocapitalize', 'none');
    expect(upi).toHaveAttribute('spellcheck', 'false');
    expect(upi).toHaveAttribute('placeholder', 'yourname@okhdfcbank');
    expect(within(dialog).getByRole('button', { name: 'Withdraw ₹1,424.53' })).toBeEnabled();
    // It points to saving a payout account, and says this one is checked first.
    expect(dialog).toHaveTextContent('Save a payout account first?');
    expect(within(dialog).getByRole('button', { name: 'Add payout account' })).toBeEnabled();
    expect(dialog).toHaveTextContent('checked by us first, within 24 hours');
    expect(dialog).not.toHaveTextContent('under a minute');
  });

  it('takes her to the payout account form from “Add payout account”', async () => {
    const { panel, calls } = await renderWallet();
    const { user, dialog } = await openWithdraw(panel);
    await user.click(within(dialog).getByRole('button', { name: 'Add payout account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const card = within(panel).getByRole('region', { name: 'Where should we pay you?' });
    expect(within(card).getByRole('textbox', { name: 'UPI ID' })).toHaveFocus();
    expect(calls('POST', '/api/withdraw')).toBe(0);
  });

  it('clears a lingering toast when the modal opens, so nothing covers its buttons on a phone', async () => {
    const { panel } = await renderWallet();
    act(() => {
      toast.success('Welcome back, Priya!');
    });
    expect(within(notifications()).getByText('Welcome back, Priya!')).toBeInTheDocument();
    await openWithdraw(panel);
    await waitFor(() => {
      expect(screen.queryByText('Welcome back, Priya!')).not.toBeInTheDocument();
    });
  });

  it('starts empty when the creator has never withdrawn', async () => {
    const { panel } = await renderWallet({}, walletWith(600_00));
    const { dialog } = await openWithdraw(panel);
    expect(within(dialog).getByRole('textbox', { name: 'UPI ID' })).toHaveValue('');
  });

  it('disables the submit button below ₹500 and says so next to it', async () => {
    const { panel, calls } = await renderWallet({}, walletWith(499_99));
    const { user, dialog } = await openWithdraw(panel);
    await user.type(within(dialog).getByRole('textbox', { name: 'UPI ID' }), 'asha@okicici');
    const submit = within(dialog).getByRole('button', { name: 'Withdraw ₹499.99' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Minimum withdrawal amount is ₹500');
    await user.type(within(dialog).getByRole('textbox', { name: 'UPI ID' }), '{Enter}');
    expect(calls('POST', '/api/withdraw')).toBe(0);
  });

  it('allows exactly ₹500', async () => {
    const { panel } = await renderWallet({}, walletWith(500_00));
    const { dialog } = await openWithdraw(panel);
    const submit = within(dialog).getByRole('button', { name: 'Withdraw ₹500' });
    expect(submit).toBeEnabled();
    expect(within(dialog).queryByText('Minimum withdrawal amount is ₹500')).not.toBeInTheDocument();
  });

  it.each(['asha', 'asha@', '@okicici', 'asha@@okicici', 'as ha@okicici', 'asha@ok-icici', 'asha@123'])(
    'refuses the UPI ID %j without asking the server',
    async (typed) => {
      const { panel, calls } = await renderWallet({}, walletWith(600_00));
      const { user, dialog } = await openWithdraw(panel);
      const upi = within(dialog).getByRole('textbox', { name: 'UPI ID' });
      await user.type(upi, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Withdraw ₹600' }));
      expect(upi).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid UPI ID.'));
      expect(upi).toHaveAttribute('aria-invalid', 'true');
      expect(upi).toHaveFocus();
      expect(calls('POST', '/api/withdraw')).toBe(0);
      // Typing again clears the message.
      await user.type(upi, 'x');
      expect(upi).not.toHaveAccessibleDescription(expect.stringContaining('Please enter a valid UPI ID.'));
    },
  );

  it('sends the creator, the full balance in rupees and the UPI ID; closes, says so, and reloads the balance', async () => {
    let wallet: WalletResponse = WALLET;
    let contents = STUDIO_CONTENTS;
    const { panel, fetchMock, calls } = await renderWallet({
      'GET /api/wallet': () => jsonResponse(200, wallet),
      'GET /api/studio/contents': () => jsonResponse(200, contents),
      'POST /api/withdraw': () => {
        // A UPI ID she has not saved: the bank named its holder, and it waits for review.
        const withdrawal = withdrawalFixture({
          id: 'withdrawal_5',
          amountPaise: 1_424_53,
          upiId: 'asha@okicici',
          payeeName: 'ASHA RAO',
          status: 'REVIEW',
          reviewReasons: ['new_upi_id'],
        });
        wallet = {
          ...WALLET,
          balancePaise: 0,
          pendingWithdrawalPaise: 2_224_53,
          history: [
            { kind: 'withdrawal', id: 'entry_w4', at: withdrawal.requestedAt, amountPaise: -1_424_53, withdrawal },
            ...WALLET.history,
          ],
          hasMore: false,
        };
        contents = { ...STUDIO_CONTENTS, summary: { ...STUDIO_CONTENTS.summary, walletBalancePaise: 0 } };
        return jsonResponse(201, { withdrawal, balancePaise: 0 });
      },
    });
    const { user, dialog } = await openWithdraw(panel);
    const upi = within(dialog).getByRole('textbox', { name: 'UPI ID' });
    await user.clear(upi);
    await user.type(upi, '  Asha@OKICICI ');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw ₹1,424.53' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const postIndex = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'POST');
    expect(requestBody(fetchMock, postIndex)).toEqual({
      creator: 'priya@example.in',
      amount: 1424.53,
      upi: 'asha@okicici',
    });
    expect(within(notifications()).getByText('Withdrawal requested')).toBeInTheDocument();
    expect(notifications()).toHaveTextContent(
      'We check it first (a upi id you have not saved as your payout account), within 24 hours, then send ₹1,424.53 to ASHA RAO (asha@okicici).',
    );

    // The wallet asks the server again, and so do the summary cards (on the Upload tab's overview).
    expect(await within(panel).findByText('₹0')).toBeInTheDocument();
    expect(within(panel).getByText('₹2,224.53 on its way to your UPI ID')).toBeInTheDocument();
    const [newest] = await historyRows(panel);
    expect(newest).toHaveTextContent('Withdrawal to asha@okicici');
    expect(newest).toHaveTextContent('Status: In review');
    expect(calls('GET', '/api/wallet')).toBe(2);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('button', { name: 'Upload' }),
    );
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await waitFor(() => {
      expect(within(summary).getByText('Wallet balance').parentElement).toHaveTextContent('₹0');
    });
  });

  it('reads Processing... while busy and sends one request however often it is clicked', async () => {
    let respond: (response: Response) => void = () => {};
    const { panel, calls } = await renderWallet({
      'POST /api/withdraw': () => new Promise<Response>((resolve) => (respond = resolve)),
    });
    const { user, dialog } = await openWithdraw(panel);
    const submit = within(dialog).getByRole('button', { name: 'Withdraw ₹1,424.53' });
    await user.dblClick(submit);
    await user.click(submit);
    expect(submit).toHaveTextContent('Processing...');
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Escape does nothing while the request is in flight.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(calls('POST', '/api/withdraw')).toBe(1);

    act(() => {
      respond(
        jsonResponse(201, {
          withdrawal: { ...REQUESTED_WITHDRAWAL, amountPaise: 1_424_53 },
          balancePaise: 0,
        }),
      );
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(calls('POST', '/api/withdraw')).toBe(1);
  });

  it('shows the server’s message inline, resets the button and keeps the typed UPI ID', async () => {
    const { panel } = await renderWallet({
      'POST /api/withdraw': () =>
        jsonResponse(403, {
          error: { code: 'FORBIDDEN', message: 'You can only withdraw from your own wallet.' },
        }),
    });
    const { user, dialog } = await openWithdraw(panel);
    const upi = within(dialog).getByRole('textbox', { name: 'UPI ID' });
    await user.clear(upi);
    await user.type(upi, 'asha@okicici');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw ₹1,424.53' }));

    expect(await inlineError(dialog, 'You can only withdraw from your own wallet.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(upi).toHaveValue('asha@okicici');
    const submit = within(dialog).getByRole('button', { name: 'Withdraw ₹1,424.53' });
    expect(submit).toHaveAttribute('aria-disabled', 'false');
    expect(within(notifications()).queryByText('Withdrawal requested')).not.toBeInTheDocument();
  });

  it('offers the new balance when the server says it changed (409)', async () => {
    let wallet: WalletResponse = WALLET;
    const { panel, calls } = await renderWallet({
      'GET /api/wallet': () => jsonResponse(200, wallet),
      'POST /api/withdraw': () => {
        wallet = { ...WALLET, balancePaise: 1_566_08 };
        return jsonResponse(409, {
          error: {
            code: 'CONFLICT',
            message: 'Your balance is now ₹1,566.08. A withdrawal takes the whole balance; please try again.',
          },
        });
      },
    });
    const { user, dialog } = await openWithdraw(panel);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw ₹1,424.53' }));
    expect(
      await inlineError(
        dialog,
        'Your balance is now ₹1,566.08. A withdrawal takes the whole balance; please try again.',
      ),
    ).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Withdraw ₹1,566.08' })).toBeEnabled();
    expect(dialog).toHaveAccessibleDescription('You will withdraw your full balance of ₹1,566.08');
    expect(calls('GET', '/api/wallet')).toBe(2);
  });

  it('puts the server’s UPI ID message on the field', async () => {
    const { panel } = await renderWallet({
      'POST /api/withdraw': () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Please check the form.',
            fields: { upi: 'Please enter a valid UPI ID.' },
          },
        }),
    });
    const { user, dialog } = await openWithdraw(panel);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw ₹1,424.53' }));
    expect(await inlineError(dialog, 'Please check the form.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'UPI ID' })).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid UPI ID.'),
    );
  });

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server fails', () => jsonResponse(500, SERVER_ERROR)],
    ['a proxy answers with a page', () => new Response('<html>Bad gateway</html>', { status: 502 })],
  ])('says Failed to submit withdrawal request. when %s', async (_case, handler: ApiHandler) => {
    const { panel, calls } = await renderWallet({ 'POST /api/withdraw': handler });
    const { user, dialog } = await openWithdraw(panel);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw ₹1,424.53' }));
    expect(await inlineError(dialog, 'Failed to submit withdrawal request.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Withdraw ₹1,424.53' })).toBeInTheDocument();
    // A POST is never retried by the client.
    expect(calls('POST', '/api/withdraw')).toBe(1);
  });

  it('closes with Cancel and with Escape, sending nothing', async () => {
    const { panel, calls } = await renderWallet();
    const { user, dialog } = await openWithdraw(panel);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await openWithdraw(panel);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls('POST', '/api/withdraw')).toBe(0);
  });
});

describe('withdraw modal with a saved payout account', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  const paidTo = (upiId: string, payeeName: string, status: 'REQUESTED' | 'REVIEW' = 'REQUESTED') =>
    jsonResponse(201, {
      withdrawal: withdrawalFixture({
        amountPaise: 1_424_53,
        upiId,
        payeeName,
        status,
        reviewReasons: status === 'REVIEW' ? ['new_upi_id'] : [],
      }),
      balancePaise: 0,
    });

  it('is one confirmation: the whole balance to the account holder the bank named, with the promise', async () => {
    const { panel, fetchMock, calls } = await renderWallet(
      { 'POST /api/withdraw': () => paidTo(PAYOUT_ACCOUNT.upiId, 'PRIYA SHARMA') },
      WALLET,
      PAYOUT_ACCOUNT,
    );
    const { user, dialog } = await openWithdraw(panel);
    expect(dialog).toHaveAccessibleDescription('You will withdraw your full balance of ₹1,424.53');
    expect(await within(dialog).findByText('PRIYA SHARMA')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Paying to PRIYA SHARMA — priya.sharma@okaxis');
    expect(dialog).toHaveTextContent(
      'Usually arrives in under a minute. First payouts and changed accounts are checked by us first, within 24 hours.',
    );
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('new or changed');

    await user.click(within(dialog).getByRole('button', { name: 'Send ₹1,424.53 to PRIYA SHARMA' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const postIndex = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'POST');
    expect(requestBody(fetchMock, postIndex)).toEqual({
      creator: 'priya@example.in',
      amount: 1424.53,
      upi: 'priya.sharma@okaxis',
    });
    expect(calls('POST', '/api/withdraw')).toBe(1);
    expect(calls('POST', '/api/studio/payout-account/verify')).toBe(0);
    expect(within(notifications()).getByText('Withdrawal requested')).toBeInTheDocument();
    expect(notifications()).toHaveTextContent(
      '₹1,424.53 is on its way to PRIYA SHARMA (priya.sharma@okaxis). It usually arrives in under a minute.',
    );
  });

  it('says the payout is checked first when the account is new or changed', async () => {
    const { panel } = await renderWallet({}, WALLET, { ...PAYOUT_ACCOUNT, status: 'review' });
    const { dialog } = await openWithdraw(panel);
    expect(
      await within(dialog).findByText('Your payout account is new or changed, so we check this payout first.'),
    ).toBeInTheDocument();
  });

  it('keeps the spec’s rules: disabled below ₹500, saying why, and Processing... while busy', async () => {
    const { panel, calls } = await renderWallet({}, walletWith(499_99), PAYOUT_ACCOUNT);
    const { dialog } = await openWithdraw(panel);
    const submit = await within(dialog).findByRole('button', { name: 'Send ₹499.99 to PRIYA SHARMA' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Minimum withdrawal amount is ₹500');
    expect(calls('POST', '/api/withdraw')).toBe(0);
  });

  it('reads Processing... while sending, once however often it is pressed', async () => {
    let respond: (response: Response) => void = () => {};
    const { panel, calls } = await renderWallet(
      { 'POST /api/withdraw': () => new Promise<Response>((resolve) => (respond = resolve)) },
      WALLET,
      PAYOUT_ACCOUNT,
    );
    const { user, dialog } = await openWithdraw(panel);
    const submit = await within(dialog).findByRole('button', { name: 'Send ₹1,424.53 to PRIYA SHARMA' });
    await user.dblClick(submit);
    expect(submit).toHaveTextContent('Processing...');
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(calls('POST', '/api/withdraw')).toBe(1);
    act(() => {
      respond(paidTo(PAYOUT_ACCOUNT.upiId, 'PRIYA SHARMA'));
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('checks a different UPI ID with the bank, shows its holder, says it is reviewed, then sends there', async () => {
    const { panel, fetchMock, calls } = await renderWallet(
      {
        'POST /api/studio/payout-account/verify': () =>
          jsonResponse(200, { upiId: 'asha.rao@okaxis', verifiedName: 'ASHA RAO', nameMatches: false }),
        'POST /api/withdraw': () => paidTo('asha.rao@okaxis', 'ASHA RAO', 'REVIEW'),
      },
      WALLET,
      PAYOUT_ACCOUNT,
    );
    const { user, dialog } = await openWithdraw(panel);
    await user.click(await within(dialog).findByRole('button', { name: 'Use a different UPI ID' }));
    const upi = within(dialog).getByRole('textbox', { name: 'UPI ID' });
    expect(upi).toHaveFocus();
    expect(dialog).toHaveTextContent(
      'A payout to a UPI ID other than your saved payout account is checked by us first, within 24 hours, and then sent.',
    );
    await user.clear(upi);
    await user.type(upi, 'Asha.Rao@okaxis');
    await user.click(within(dialog).getByRole('button', { name: 'Check UPI ID' }));

    expect(await within(dialog).findByText('ASHA RAO')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Paying to ASHA RAO — asha.rao@okaxis');
    // Not her name: said plainly, so a typo'd UPI ID stands out before she sends.
    expect(dialog).toHaveTextContent('Your bank names ASHA RAO as this account’s holder, not Priya Sharma.');
    const verifyIndex = fetchMock.mock.calls.findIndex(([url]) => url === '/api/studio/payout-account/verify');
    expect(requestBody(fetchMock, verifyIndex)).toEqual({ upiId: 'asha.rao@okaxis', legalName: 'Priya Sharma' });
    expect(calls('POST', '/api/withdraw')).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Send ₹1,424.53 to ASHA RAO' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const postIndex = fetchMock.mock.calls.findIndex(([url]) => url === '/api/withdraw');
    expect(requestBody(fetchMock, postIndex)).toEqual({
      creator: 'priya@example.in',
      amount: 1424.53,
      upi: 'asha.rao@okaxis',
    });
    expect(notifications()).toHaveTextContent('We check it first');
  });

  it('puts the bank’s “no such UPI ID” on the field, and a changed UPI ID must be checked again', async () => {
    const notFound =
      'No bank account answers to this UPI ID. Check it for a typo (for example okaxis, not okaxsi) or copy it from your UPI app.';
    const { panel, calls } = await renderWallet(
      {
        'POST /api/studio/payout-account/verify': (init) =>
          typeof init?.body === 'string' && init.body.includes('okaxsi')
            ? jsonResponse(400, {
                error: { code: 'VALIDATION_FAILED', message: notFound, fields: { upiId: notFound } },
              })
            : jsonResponse(200, { upiId: 'asha.rao@okaxis', verifiedName: 'ASHA RAO', nameMatches: false }),
      },
      WALLET,
      PAYOUT_ACCOUNT,
    );
    const { user, dialog } = await openWithdraw(panel);
    await user.click(await within(dialog).findByRole('button', { name: 'Use a different UPI ID' }));
    const upi = within(dialog).getByRole('textbox', { name: 'UPI ID' });
    // It starts with the UPI ID of her latest withdrawal.
    expect(upi).toHaveValue('priya@okhdfcbank');
    await user.clear(upi);
    await user.type(upi, 'priya@okaxsi');
    await user.click(within(dialog).getByRole('button', { name: 'Check UPI ID' }));
    await waitFor(() => {
      expect(upi).toHaveAccessibleDescription(expect.stringContaining(notFound));
    });
    expect(upi).toHaveAttribute('aria-invalid', 'true');

    await user.clear(upi);
    await user.type(upi, 'asha.rao@okaxis');
    await user.click(within(dialog).getByRole('button', { name: 'Check UPI ID' }));
    expect(await within(dialog).findByRole('button', { name: 'Send ₹1,424.53 to ASHA RAO' })).toBeEnabled();
    // Changing it again undoes the check.
    await user.type(upi, 'x');
    expect(within(dialog).getByRole('button', { name: 'Check UPI ID' })).toBeInTheDocument();
    expect(within(dialog).queryByText('ASHA RAO')).not.toBeInTheDocument();
    expect(calls('POST', '/api/withdraw')).toBe(0);
  });

  it('goes back to the saved account', async () => {
    const { panel } = await renderWallet({}, WALLET, PAYOUT_ACCOUNT);
    const { user, dialog } = await openWithdraw(panel);
    await user.click(await within(dialog).findByRole('button', { name: 'Use a different UPI ID' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay PRIYA SHARMA instead' }));
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send ₹1,424.53 to PRIYA SHARMA' })).toHaveFocus();
  });
});
