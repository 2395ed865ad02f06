import type { AdminOverview } from '@kholo/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubApi } from '../../../test-utils.tsx';
import { ADMIN_ME } from '../../../test-fixtures/accounts.ts';
import { MANUAL_OVERVIEW, OVERVIEW, REVIEW_WITHDRAWAL, stubScreenWidth } from '../test-fixtures.ts';

function renderDashboard(overview: AdminOverview) {
  const fetchMock = stubApi({
    'GET /api/admin/overview': () => jsonResponse(200, overview),
    'GET /api/admin/withdrawals': () => jsonResponse(200, { items: [REVIEW_WITHDRAWAL] }),
  });
  renderRoute('/admin', { me: ADMIN_ME });
  return fetchMock;
}

async function findPayouts(): Promise<HTMLElement> {
  const panel = await screen.findByRole('tabpanel', { name: 'Dashboard' });
  return within(panel).findByRole('region', { name: 'Payouts' });
}

function card(payouts: HTMLElement, name: string): HTMLElement {
  return within(payouts).getByRole('listitem', { name });
}

describe('payouts on the Dashboard', () => {
  beforeEach(() => {
    stubScreenWidth(true);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the payout balance, what waits for it, what is in review and what is sending', async () => {
    renderDashboard({
      ...OVERVIEW,
      payouts: {
        ...OVERVIEW.payouts,
        waitingForFundsCount: 2,
        waitingForFundsPaise: 180_000,
        reviewCount: 3,
        reviewPaise: 427_359,
        sendingCount: 1,
        sendingPaise: 60_000,
      },
    });
    const payouts = await findPayouts();
    expect(payouts).toHaveTextContent(/^PayoutsAutomatic:/);
    expect(card(payouts, 'Payout balance')).toHaveTextContent('₹4,500');
    expect(card(payouts, 'Payout balance')).toHaveTextContent('Available to send, of ₹5,000 in the account');
    expect(card(payouts, 'Waiting for funds')).toHaveTextContent('₹1,800');
    expect(card(payouts, 'Waiting for funds')).toHaveTextContent('2 withdrawals waiting for the balance');
    expect(card(payouts, 'Waiting for funds')).not.toHaveClass('bg-red-50');
    expect(card(payouts, 'In review')).toHaveTextContent('₹4,273.59');
    expect(card(payouts, 'In review')).toHaveTextContent('3 withdrawals waiting for your approval');
    expect(card(payouts, 'Sending now')).toHaveTextContent('₹600');
    expect(card(payouts, 'Sending now')).toHaveTextContent('1 withdrawal on the way to the bank');
  });

  it('stands out when the balance cannot cover what waits for it', async () => {
    renderDashboard({
      ...OVERVIEW,
      payouts: {
        ...OVERVIEW.payouts,
        providerAvailablePaise: 50_000,
        waitingForFundsCount: 2,
        waitingForFundsPaise: 180_000,
      },
    });
    const waiting = card(await findPayouts(), 'Waiting for funds');
    expect(waiting).toHaveClass('bg-red-50');
    expect(waiting).toHaveTextContent('2 withdrawals wait; the balance is ₹1,300 short. Top up the payout account.');
  });

  it('says why the balance is unknown when the provider did not answer', async () => {
    const problem = 'The payouts provider did not answer; the balance is unknown just now.';
    renderDashboard({
      ...OVERVIEW,
      payouts: {
        ...OVERVIEW.payouts,
        providerBalancePaise: null,
        providerAvailablePaise: null,
        providerProblem: problem,
      },
    });
    const balance = card(await findPayouts(), 'Payout balance');
    expect(balance).toHaveTextContent('Unknown');
    expect(balance).toHaveTextContent(problem);
    expect(balance).toHaveClass('bg-red-50');
  });

  it('opens the Withdrawals tab from In review, with the focus on its tab', async () => {
    const user = userEvent.setup();
    renderDashboard(OVERVIEW);
    const review = card(await findPayouts(), 'In review');
    await user.click(within(review).getByRole('button', { name: 'Review withdrawals' }));
    expect(screen.getByRole('tab', { name: 'Withdrawals' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Withdrawals' })).toHaveFocus();
    const panel = screen.getByRole('tabpanel', { name: 'Withdrawals' });
    expect(await within(panel).findByRole('button', { name: 'Approve ₹1,424.53 to asha@okicici' })).toBeVisible();
  });

  it('offers no review button when nothing is in review', async () => {
    renderDashboard({ ...OVERVIEW, payouts: { ...OVERVIEW.payouts, reviewCount: 0, reviewPaise: 0 } });
    const review = card(await findPayouts(), 'In review');
    expect(review).toHaveTextContent('0 withdrawals waiting for your approval');
    expect(within(review).queryByRole('button')).not.toBeInTheDocument();
  });

  it('just says payouts are paid by hand when they are', async () => {
    renderDashboard(MANUAL_OVERVIEW);
    const payouts = await findPayouts();
    expect(payouts).toHaveTextContent(
      'Payouts are paid by hand. Send each withdrawal from Kholo’s bank, then mark it paid in Withdrawals.',
    );
    expect(within(payouts).queryByRole('listitem')).not.toBeInTheDocument();
    expect(within(payouts).getByRole('button', { name: 'Open withdrawals' })).toBeInTheDocument();
  });
});
