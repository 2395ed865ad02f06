import { formatDateTime, formatPaise, refundArrivalText, translate } from '@kholo/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAN_ME } from '../../test-fixtures/accounts.ts';
import { jsonResponse, renderRoute, stubApi } from '../../test-utils.tsx';
import { refundOnItsWayText } from './components/purchase-wording.ts';
import { DAY, PAID_AT, purchaseFixture, refundFixture } from './test-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the fan’s purchases in Hindi (ADR 030)', () => {
  it('/purchases: orders, statuses, prices and dates in Hindi, and the report dialog', async () => {
    stubApi({
      'GET /api/purchases': () =>
        jsonResponse(200, {
          items: [
            purchaseFixture(),
            purchaseFixture({
              orderId: 'order_2',
              status: 'refunding',
              refund: refundFixture({ status: 'PENDING', finishedAt: null }),
              canReport: false,
            }),
          ],
        }),
    });
    renderRoute('/purchases', { me: FAN_ME, locale: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरी ख़रीदारी' })).toBeInTheDocument();
    const orders = await screen.findByRole('list', { name: 'आपके ऑर्डर' });
    expect(within(orders).getAllByText(formatPaise(49_00, 'hi')).length).toBeGreaterThan(0);
    expect(within(orders).getByText('अनलॉक')).toBeInTheDocument();
    expect(within(orders).getByText(`${formatDateTime(PAID_AT + 14 * DAY, 'hi')} तक ऐक्सेस`)).toBeInTheDocument();
    expect(
      within(orders).getByText('₹49 का रिफ़ंड आ रहा है — 1–3 कामकाजी दिनों में आपके UPI में पहुंच जाएगा'),
    ).toBeInTheDocument();
    expect(within(orders).getByText('आपकी शिकायत के बाद रिफ़ंड किया गया')).toBeInTheDocument();
    expect(within(orders).getAllByRole('link', { name: 'Monsoon over Marine Drive की रसीद' })).toHaveLength(2);
    expect(screen.queryByText(/Receipt|Unlocked|Access until|Refund of/)).not.toBeInTheDocument();

    await userEvent.click(within(orders).getByRole('button', { name: 'Monsoon over Marine Drive के बारे में शिकायत करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'शिकायत करें' });
    expect(within(dialog).getByRole('radio', { name: 'मैंने इसे ग़लती से ख़रीद लिया' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'शिकायत भेजें' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
  });

  it('her library at / in Hindi', async () => {
    stubApi({ 'GET /api/purchases': () => jsonResponse(200, { items: [purchaseFixture({ daysLeft: 1 })] }) });
    renderRoute('/', { me: FAN_ME, locale: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'आपकी लाइब्रेरी' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /^अभी आपके पास/ })).toBeInTheDocument();
    expect(screen.getByText('1 दिन बाक़ी')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'डाउनलोड करें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'सारी ख़रीदारी और रसीदें' })).toBeInTheDocument();
  });

  it('keeps the refund times’ English the same as the contracts’', () => {
    for (const method of ['upi', 'card', 'netbanking', null]) {
      expect(refundOnItsWayText(49_00, method)).toContain(refundArrivalText(method));
    }
    expect(translate('en', 'purchases.reason.accidental')).toBe('I bought it by accident');
  });
});
