import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { ADMIN_ME } from '../../../test-fixtures/accounts.ts';
import { OVERVIEW, disputeFixture, stubScreenWidth } from '../test-fixtures.ts';
import { isUrgent, timeLeftText } from './disputes-tab.tsx';

const HOUR = 3_600_000;

function renderDisputes(items: unknown[] | ApiHandler) {
  stubApi({
    'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW),
    'GET /api/admin/disputes': typeof items === 'function' ? items : () => jsonResponse(200, { items }),
  });
  return renderRoute('/admin', { me: ADMIN_ME });
}

async function openDisputes(): Promise<HTMLElement> {
  const user = userEvent.setup();
  const tablist = await screen.findByRole('tablist', { name: 'Admin sections' });
  await user.click(within(tablist).getByRole('tab', { name: 'Disputes' }));
  return screen.getByRole('tabpanel', { name: 'Disputes' });
}

describe('Disputes', () => {
  beforeEach(() => {
    stubScreenWidth(true);
  });

  it('lists each dispute with its respond-by, status, held amount, the bank’s reason and the evidence', async () => {
    const user = userEvent.setup();
    renderDisputes([
      disputeFixture(),
      disputeFixture({
        id: 'dispute_2',
        orderId: 'order_later_8',
        respondBy: Date.now() + 3 * 24 * HOUR,
        reasonCode: null,
        reasonDescription: null,
      }),
      disputeFixture({ id: 'dispute_3', orderId: 'order_overdue_9', respondBy: Date.now() - 2 * HOUR }),
      disputeFixture({
        id: 'dispute_4',
        orderId: 'order_won_10',
        state: 'WON',
        providerStatus: 'DISPUTE_MERCHANT_WON',
        respondBy: Date.now() - 10 * 24 * HOUR,
        heldPaise: 0,
        resolvedAt: Date.UTC(2025, 10, 25, 5, 46),
      }),
    ]);
    const panel = await openDisputes();
    const table = await within(panel).findByRole('table', { name: 'Disputes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Respond by', 'Order id', 'Fan', 'Item', 'Amount', 'Held', 'Status', 'Bank’s reason', 'Evidence']);

    const soon = within(within(panel).getByText('order_disputed_7').closest('tr')!);
    expect(soon.getByText('(in 5 h)').closest('.text-red-700')).not.toBeNull();
    expect(soon.getByText('ravi@example.in', { selector: 'td' })).toBeInTheDocument();
    expect(soon.getByText('Monsoon over Marine Drive (@asha)')).toBeInTheDocument();
    expect(soon.getByText('₹499')).toBeInTheDocument();
    expect(soon.getByText('₹474.05')).toBeInTheDocument();
    expect(soon.getByText('Open')).toBeInTheDocument();
    expect(soon.getByText('Chargeback · Dispute created')).toBeInTheDocument();
    expect(soon.getByText('4855: Goods or services not provided')).toBeInTheDocument();

    // The evidence opens under its summary.
    await user.click(soon.getByText('See the evidence'));
    const evidence = soon.getByText('See the evidence').closest('details')!;
    expect(evidence).toHaveAttribute('open');
    const fact = (label: string) => within(evidence).getByText(label).nextElementSibling;
    expect(fact('Order placed')).toHaveTextContent('21 Nov 2025, 11:16 am');
    expect(fact('Payment id')).toHaveTextContent('cf_pay_998877');
    expect(fact('Paid by')).toHaveTextContent('UPI');
    expect(fact('Unlocked')).toHaveTextContent('21 Nov 2025, 11:17 am');
    expect(fact('Opened the file')).toHaveTextContent(
      '3 times, first 21 Nov 2025, 11:18 am, last 22 Nov 2025, 11:16 am',
    );
    expect(fact('IP hash')).toHaveTextContent('9f86d081884c7d65');
    expect(fact('Refunded')).toHaveTextContent('—');

    const later = within(within(panel).getByText('order_later_8').closest('tr')!);
    expect(later.getByText('(in 3 days)').closest('.text-red-700')).toBeNull();
    expect(later.getAllByText('—').length).toBeGreaterThan(0);

    const overdue = within(within(panel).getByText('order_overdue_9').closest('tr')!);
    expect(overdue.getByText('(overdue by 2 h)').closest('.text-red-700')).not.toBeNull();

    const won = within(within(panel).getByText('order_won_10').closest('tr')!);
    expect(won.getByText('Won')).toBeInTheDocument();
    expect(won.getByText('Decided 25 Nov 2025, 11:16 am')).toBeInTheDocument();
    expect(won.queryByText(/overdue/)).not.toBeInTheDocument();
  });

  it('says “No data found.” when there are none', async () => {
    renderDisputes([]);
    const panel = await openDisputes();
    expect(await within(panel).findByText('No data found.')).toBeVisible();
  });

  it('says "Failed to fetch data: …" when they did not load', async () => {
    renderDisputes(() =>
      jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Only the Kholo admin can do that.' } }),
    );
    const panel = await openDisputes();
    expect(
      await within(panel).findByText('Failed to fetch data: Only the Kholo admin can do that.'),
    ).toBeInTheDocument();
  });

  it('on a phone, each dispute is a card', async () => {
    stubScreenWidth(false);
    renderDisputes([disputeFixture()]);
    const panel = await openDisputes();
    const cards = await within(panel).findByRole('list', { name: 'Disputes' });
    const card = within(within(cards).getAllByRole('listitem')[0]!);
    expect(card.getByText('Respond by')).toBeInTheDocument();
    expect(card.getByText('(in 5 h)').closest('.text-red-700')).not.toBeNull();
    expect(card.getByText('See the evidence', { selector: 'summary' })).toBeInTheDocument();
  });
});

describe('respond-by wording', () => {
  const NOW = Date.UTC(2025, 10, 21, 5, 46);
  it.each([
    [NOW + 5 * HOUR, 'in 5 h'],
    [NOW + 30 * HOUR, 'in 30 h'],
    [NOW + 72 * HOUR, 'in 3 days'],
    [NOW - 2 * HOUR, 'overdue by 2 h'],
    [NOW + 60_000, 'in 1 h'],
  ])('%i reads "%s"', (respondBy, text) => {
    expect(timeLeftText(respondBy, NOW)).toBe(text);
  });

  it('is urgent only while open and under 24 hours away or past', () => {
    expect(isUrgent({ state: 'OPEN', respondBy: NOW + 23 * HOUR }, NOW)).toBe(true);
    expect(isUrgent({ state: 'OPEN', respondBy: NOW - HOUR }, NOW)).toBe(true);
    expect(isUrgent({ state: 'OPEN', respondBy: NOW + 25 * HOUR }, NOW)).toBe(false);
    expect(isUrgent({ state: 'WON', respondBy: NOW - HOUR }, NOW)).toBe(false);
    expect(isUrgent({ state: 'OPEN', respondBy: null }, NOW)).toBe(false);
  });
});
