import type { WalletEntry, WalletResponse } from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, requestBody } from '../../../test-utils.tsx';
import { EMPTY_WALLET, SALE_ENTRY } from '../test-fixtures.ts';
import { historyRows, notifications, renderWallet } from '../wallet-test-helpers.ts';
import { heldText, owedText, refundShareText } from './refund-wording.ts';

const AT = 1_764_300_000_000;

const REFUNDABLE_SALE: WalletEntry = { ...SALE_ENTRY, refundable: true };

/** A refund her wallet covered only in part: ₹101.55 taken, ₹40 owed. */
const REFUND_ENTRY: WalletEntry = {
  kind: 'refund',
  id: 'entry_refund_1',
  at: AT,
  amountPaise: -101_55,
  orderId: 'order_1',
  contentTitle: SALE_ENTRY.contentTitle,
  reason: 'item_removed',
  note: 'Copied from another creator',
  sharePaise: 141_55,
  owedPaise: 40_00,
};

function disputeEntry(step: 'held' | 'released' | 'lost', amountPaise: number): WalletEntry {
  return {
    kind: 'dispute',
    id: `entry_dispute_${step}`,
    at: AT,
    amountPaise,
    step,
    orderId: 'order_2',
    contentTitle: 'Night ride',
    sharePaise: 141_55,
  };
}

function walletWith(overrides: Partial<WalletResponse>): WalletResponse {
  return { ...EMPTY_WALLET, balancePaise: 500_00, ...overrides };
}

const CONFLICT = (message: string) => jsonResponse(409, { error: { code: 'CONFLICT', message } });

describe('Wallet: refunds and disputes', () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
  });

  it('explains in one line what she owes and what is held, and says nothing when neither', async () => {
    const { panel, unmount } = await renderWallet({}, walletWith({ owedPaise: 40_00, heldPaise: 42_50 }));
    expect(
      await within(panel).findByText(
        'You owe ₹40 for a refund your wallet could not cover; it comes out of your next sales before you can withdraw.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText('₹42.50 is held while a fan’s bank disputes a payment.')).toBeInTheDocument();
    unmount();

    const quiet = await renderWallet({}, walletWith({}));
    await within(quiet.panel).findByText('Balance');
    expect(within(quiet.panel).queryByText(/You owe/)).not.toBeInTheDocument();
    expect(within(quiet.panel).queryByText(/is held while/)).not.toBeInTheDocument();
  });

  it('shows a refund with its reason, Kholo’s words, and where her share came from', async () => {
    const { panel } = await renderWallet({}, walletWith({ history: [REFUND_ENTRY] }));
    const [row] = await historyRows(panel);
    const scope = within(row!);
    expect(scope.getByText('Refund: Sunset over Marine Drive')).toBeInTheDocument();
    expect(scope.getByText('−₹101.55')).toBeInTheDocument();
    expect(scope.getByText(/^Kholo hid the item for breaking its rules ·/)).toBeInTheDocument();
    expect(scope.getByText('Reason: Copied from another creator')).toBeInTheDocument();
    expect(
      scope.getByText(
        'Your share of ₹141.55 taken back: ₹101.55 from your wallet, ₹40 you owe, taken from your next sales',
      ),
    ).toBeInTheDocument();
  });

  it('shows a dispute held, released and lost', async () => {
    const { panel } = await renderWallet(
      {},
      walletWith({
        history: [disputeEntry('lost', 0), disputeEntry('released', 141_55), disputeEntry('held', -141_55)],
      }),
    );
    const [lost, released, held] = await historyRows(panel);
    expect(within(held!).getByText('Dispute opened by a fan’s bank: Night ride')).toBeInTheDocument();
    expect(within(held!).getByText('−₹141.55')).toBeInTheDocument();
    expect(
      within(held!).getByText(
        'Your share of ₹141.55 is held until the bank decides. The fan’s access is paused meanwhile.',
      ),
    ).toBeInTheDocument();
    expect(within(released!).getByText('Dispute won: Night ride')).toBeInTheDocument();
    expect(within(released!).getByText('+₹141.55')).toBeInTheDocument();
    expect(within(lost!).getByText('Dispute lost: Night ride')).toBeInTheDocument();
    expect(within(lost!).getByText('₹0')).toBeInTheDocument();
    expect(
      within(lost!).getByText('Your share of ₹141.55 went back to the fan: the bank decided for them.'),
    ).toBeInTheDocument();
  });

  it('shows on a sale what it paid of what she owed, and when it was refunded', async () => {
    const { panel } = await renderWallet(
      {},
      walletWith({ history: [{ ...SALE_ENTRY, amountPaise: 101_55, recoveredPaise: 40_00, refundedAt: AT }] }),
    );
    const [row] = await historyRows(panel);
    expect(within(row!).getByText('₹40 of your share paid what you owed for a refund')).toBeInTheDocument();
    expect(within(row!).getByText(/^Refunded ·/)).toBeInTheDocument();
    expect(within(row!).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });

  it('refunds a sale of hers: says what it costs, needs a reason, posts {orderId, reason}, then reloads', async () => {
    const user = userEvent.setup();
    let wallet = walletWith({ history: [REFUNDABLE_SALE] });
    const { panel, fetchMock, calls } = await renderWallet(
      {
        'GET /api/wallet': () => jsonResponse(200, wallet),
        'POST /api/refunds': () => {
          wallet = walletWith({
            balancePaise: 358_45,
            history: [
              { ...REFUND_ENTRY, reason: 'creator', note: 'Wrong file uploaded', amountPaise: -141_55, owedPaise: 0 },
              { ...SALE_ENTRY, refundedAt: AT },
            ],
          });
          return jsonResponse(200, {
            refund: {
              id: 'refund_9',
              orderId: 'order_1',
              amountPaise: 149_00,
              reason: 'creator',
              note: 'Wrong file uploaded',
              status: 'PENDING',
              viaBank: false,
              arn: null,
              paymentMethod: 'upi',
              createdAt: AT,
              finishedAt: null,
            },
          });
        },
      },
      wallet,
    );
    const [row] = await historyRows(panel);
    await user.click(within(row!).getByRole('button', { name: 'Refund the sale of Sunset over Marine Drive (₹149)' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this sale?' });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('₹141.55 will come out of your wallet and the fan gets ₹149 back.'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹149' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining('Please give a reason.'),
    );
    expect(calls('POST', '/api/refunds')).toBe(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong file uploaded');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹149' }));
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    const post = fetchMock.mock.calls.findIndex(([url, init]) => url === '/api/refunds' && init?.method === 'POST');
    expect(requestBody(fetchMock, post)).toEqual({ orderId: 'order_1', reason: 'Wrong file uploaded' });
    expect(await within(notifications()).findByText('Refund sent')).toBeInTheDocument();
    expect(await within(panel).findByText('Refund: Sunset over Marine Drive')).toBeInTheDocument();
    expect(within(panel).getByText(/^You refunded it ·/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Refund the sale/ })).not.toBeInTheDocument();
  });

  it.each([
    'Your wallet holds ₹20, less than the ₹141.55 this refund takes back.',
    'Sales can be refunded by their creator within 7 days.',
    'This sale is already refunded.',
  ])('shows the server’s refusal as it is sent: %s', async (message) => {
    const user = userEvent.setup();
    const { panel } = await renderWallet(
      { 'POST /api/refunds': () => CONFLICT(message) },
      walletWith({ history: [REFUNDABLE_SALE] }),
    );
    const [row] = await historyRows(panel);
    await user.click(within(row!).getByRole('button', { name: /Refund the sale/ }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this sale?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Fan asked nicely');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹149' }));
    expect((await within(dialog).findByText(message)).closest('[role="alert"]')).toBeVisible();
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Fan asked nicely');
  });
});

describe('refund wording', () => {
  it('says where her share came from', () => {
    expect(refundShareText({ sharePaise: 141_55, fromWalletPaise: 141_55, owedPaise: 0 })).toBe(
      'Your share of ₹141.55 taken back: ₹141.55 from your wallet',
    );
    expect(refundShareText({ sharePaise: 141_55, fromWalletPaise: 0, owedPaise: 0 })).toBe(
      'Your share of ₹141.55 taken back: ₹141.55 that was held for a dispute',
    );
    expect(refundShareText({ sharePaise: 141_55, fromWalletPaise: 0, owedPaise: 141_55 })).toBe(
      'Your share of ₹141.55 taken back: ₹141.55 you owe, taken from your next sales',
    );
  });

  it('words what she owes and what is held', () => {
    expect(owedText(40_00)).toBe(
      'You owe ₹40 for a refund your wallet could not cover; it comes out of your next sales before you can withdraw.',
    );
    expect(heldText(42_50)).toBe('₹42.50 is held while a fan’s bank disputes a payment.');
  });
});
