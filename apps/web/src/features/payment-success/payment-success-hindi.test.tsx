import { formatDateTime, translate, type VerifyPaymentResponse } from '@kholo/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAN_ME } from '../../test-fixtures/accounts.ts';
import { jsonResponse, renderRoute, stubApi } from '../../test-utils.tsx';

const EXPIRES_AT = Date.UTC(2026, 11, 5, 6, 30);

function verification(overrides: Partial<VerifyPaymentResponse>): VerifyPaymentResponse {
  return {
    status: 'PENDING',
    orderId: 'order_abc',
    contentId: 'c1',
    amountPaise: 499_00,
    expiresAt: null,
    failure: null,
    failedAt: null,
    checkoutEmail: null,
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/payment-success in Hindi (ADR 030)', () => {
  it('says a paid order, its access end in a Hindi date and the way to the receipts in Hindi', async () => {
    stubApi({
      'POST /api/payment/verify-payment': () =>
        jsonResponse(200, verification({ status: 'PAID', expiresAt: EXPIRES_AT })),
    });
    renderRoute('/payment-success?order_id=order_abc&contentId=c1', { me: FAN_ME, locale: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'पेमेंट सफल रहा' })).toBeInTheDocument();
    expect(screen.getByText('14 दिन के लिए अनलॉक')).toBeInTheDocument();
    expect(screen.getByText(`${formatDateTime(EXPIRES_AT, 'hi')} तक ऐक्सेस`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'मेरी ख़रीदारी और रसीदें' })).toHaveAttribute('href', '/purchases');
    expect(screen.getByRole('link', { name: 'अभी खोलें' })).toBeInTheDocument();
    expect(screen.queryByText(/Unlocked for|Access until|Payment successful/)).not.toBeInTheDocument();
  });

  it('says a cancelled payment in Hindi, the spec’s words included', async () => {
    stubApi({
      'POST /api/payment/verify-payment': () =>
        jsonResponse(200, verification({ status: 'FAILED', failure: 'cancelled', failedAt: 1 })),
    });
    renderRoute('/payment-success?order_id=order_abc&contentId=c1', { me: FAN_ME, locale: 'hi' });
    expect(
      await screen.findByRole('heading', { level: 1, name: translate('hi', 'messages.payment.cancelled') }),
    ).toBeInTheDocument();
    expect(screen.getByText('कुछ भी अनलॉक नहीं हुआ। आप जब चाहें फिर से पेमेंट कर सकते हैं।')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'फिर से कोशिश करें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'आइटम पर वापस जाएं' })).toHaveAttribute('href', '/content/c1');
  });

  it('says a refused order with its outcome words in Hindi', async () => {
    stubApi({
      'POST /api/payment/verify-payment': () =>
        jsonResponse(200, verification({ status: 'FAILED', failure: 'declined', failedAt: 1 })),
    });
    renderRoute('/payment-success?order_id=order_abc&contentId=c1', { me: FAN_ME, locale: 'hi' });
    expect(await screen.findByText('पेमेंट पूरा नहीं हुआ।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'फिर से पेमेंट करें' })).toBeInTheDocument();
  });
});
