import { formatDateTime, type WalletResponse } from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { CREATOR_ME } from '../../../test-fixtures/accounts.ts';
import {
  EMPTY_WALLET,
  PAID_WITHDRAWAL,
  REJECTED_WITHDRAWAL,
  REQUESTED_WITHDRAWAL,
  STUDIO_CONTENTS,
  WALLET,
} from '../test-fixtures.ts';
import { WALLET_EMPTY_MESSAGE, WALLET_HAS_MORE_MESSAGE } from './wallet-history.tsx';
import { WALLET_FAILED_MESSAGE } from './wallet-panel.tsx';

const SERVER_ERROR = { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } };

/** A wallet with `balancePaise` and no withdrawals, so nothing prefills the UPI ID. */
function walletWith(balancePaise: number): WalletResponse {
  return { ...EMPTY_WALLET, balancePaise };
}

async function renderWallet(handlers: Record<string, ApiHandler> = {}, wallet: WalletResponse = WALLET) {
  const fetchMock = stubApi({
    'GET /api/studio/contents': () => jsonResponse(200, STUDIO_CONTENTS),
    'GET /api/wallet': () => jsonResponse(200, wallet),
    ...handlers,
  });
  const result = renderRoute('/?tab=wallet', { me: CREATOR_ME });
  const panel = await screen.findByRole('region', { name: 'Wallet' });
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([path, init]) => path === url && (init?.method ?? 'GET') === method).length;
  return { ...result, fetchMock, panel, calls };
}

async function historyRows(panel: HTMLElement): Promise<HTMLElement[]> {
  const list = await within(panel).findByRole('list', { name: 'Wallet history' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
}

async function openWithdraw(panel: HTMLElement) {
  const user = userEvent.setup();
  await user.click(await within(panel).findByRole('button', { name: 'Withdraw to UPI' }));
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw to UPI' });
  return { user, dialog };
}

/**
 * The modal's inline error. The dialog also holds its own (empty) toast regions, one of them an
 * alert, so the message is found by its text and then checked to be announced.
 */
async function inlineError(dialog: HTMLElement, message: string): Promise<HTMLElement> {
  const element = await within(dialog).findByText(message);
  expect(element).toHaveAttribute('role', 'alert');
  return element;
}

function notifications(): HTMLElement {
  // The page's own toaster (the dialog's, if one is open, is inside the dialog).
  return screen.getAllByRole('region', { name: 'Notifications', hidden: true }).at(-1)!;
}

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

  it('lists the history newest first: withdrawals with status, dates, reference and reason; adjustments; reversals; sales with price, fee and credit', async () => {
    const { panel } = await renderWallet();
    const rows = await historyRows(panel);
    expect(rows).toHaveLength(7);
    const [requested, adjustment, paid, reversal, rejected, sale] = rows;

    expect(requested).toHaveTextContent('Withdrawal to priya@okhdfcbank');
    expect(requested).toHaveTextContent('−₹800');
    expect(within(requested!).getByText('Requested', { selector: 'span' })).toBeInTheDocument();
    expect(requested).toHaveTextContent(`Requested ${formatDateTime(REQUESTED_WITHDRAWAL.requestedAt)}`);
    expect(requested).not.toHaveTextContent('Paid');

    expect(adjustment).toHaveTextContent('Adjustment by Kholo');
    expect(adjustment).toHaveTextContent('Goodwill credit for a failed payout');
    expect(adjustment).toHaveTextContent('+₹25');

    expect(paid).toHaveTextContent('Withdrawal to asha@okicici');
    expect(paid).toHaveTextContent('−₹600');
    expect(paid).toHaveTextContent('Status: Paid');
    expect(paid).toHaveTextContent(`Requested ${formatDateTime(PAID_WITHDRAWAL.requestedAt)}`);
    expect(paid).toHaveTextContent(`Paid ${formatDateTime(PAID_WITHDRAWAL.resolvedAt!)}`);
    expect(paid).toHaveTextContent('Payment reference: UTR 4242 1111');

    expect(reversal).toHaveTextContent('Returned to your wallet');
    expect(reversal).toHaveTextContent('Reason: The UPI ID does not exist.');
    expect(reversal).toHaveTextContent('+₹700');

    expect(rejected).toHaveTextContent('Withdrawal to priya.old@oksbi');
    expect(rejected).toHaveTextContent('Status: Rejected');
    expect(rejected).toHaveTextContent(`Rejected ${formatDateTime(REJECTED_WITHDRAWAL.resolvedAt!)}`);
    expect(rejected).toHaveTextContent('Reason: The UPI ID does not exist.');
    expect(rejected).not.toHaveTextContent('Payment reference');

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
    const status = within(panel).getByRole('status');
    expect(status).toHaveTextContent('');
    await user.click(button);
    expect(status).toHaveTextContent('No balance to withdraw');
    expect(button).toHaveAccessibleDescription('No balance to withdraw');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('withdraw modal', () => {
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
    expect(dialog).toHaveTextContent('emails you');
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
        const withdrawal = {
          ...REQUESTED_WITHDRAWAL,
          id: 'withdrawal_4',
          amountPaise: 1_424_53,
          upiId: 'asha@okicici',
        };
        wallet = {
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

    // The wallet and the summary cards ask the server again.
    expect(await within(panel).findByText('₹0')).toBeInTheDocument();
    expect(within(panel).getByText('₹2,224.53 on its way to your UPI ID')).toBeInTheDocument();
    const [newest] = await historyRows(panel);
    expect(newest).toHaveTextContent('Withdrawal to asha@okicici');
    expect(newest).toHaveTextContent('Status: Requested');
    expect(calls('GET', '/api/wallet')).toBe(2);
    await waitFor(() => {
      expect(calls('GET', '/api/studio/contents')).toBe(2);
    });
    const summary = screen.getByRole('region', { name: 'Summary' });
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
