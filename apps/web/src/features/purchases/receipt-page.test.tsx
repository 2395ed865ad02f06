import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubApi } from '../../test-utils.tsx';
import { FAN_ME } from '../../test-fixtures/accounts.ts';
import { purchaseFixture, refundFixture } from './test-fixtures.ts';

const PAID = purchaseFixture();
const REFUNDED = purchaseFixture({
  orderId: 'order_refunded',
  status: 'refunded',
  accessUntil: null,
  canReport: false,
  paymentMethod: 'netbanking',
  refund: refundFixture({ orderId: 'order_refunded', arn: 'ARN7766554433', reason: 'admin' }),
});
const FAILED = purchaseFixture({ orderId: 'order_failed', status: 'failed', paidAt: null, providerPaymentId: null });

function renderReceipt(orderId: string) {
  stubApi({ 'GET /api/purchases': () => jsonResponse(200, { items: [PAID, REFUNDED, FAILED] }) });
  return renderRoute(`/purchases/${orderId}/receipt`, { me: FAN_ME });
}

/** The receipt's value for a label. */
function valueOf(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('/purchases/:orderId/receipt', () => {
  it('shows the order id, date, item, amount, method and payment id, and prints', async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderReceipt(PAID.orderId);
    expect(await screen.findByRole('article', { name: 'Receipt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Receipt' })).toBeInTheDocument();
    expect(valueOf('Order id')).toHaveTextContent('order_0000000000000000000001');
    expect(valueOf('Date')).toHaveTextContent('2 Dec 2025, 2:05 pm');
    expect(valueOf('Item')).toHaveTextContent('Monsoon over Marine Drive');
    expect(valueOf('Creator')).toHaveTextContent('Asha Verma (@asha)');
    expect(valueOf('Amount paid')).toHaveTextContent('₹49');
    expect(valueOf('Payment method')).toHaveTextContent('UPI');
    expect(valueOf('Payment id')).toHaveTextContent('cf_pay_123456');
    expect(valueOf('Status')).toHaveTextContent('Unlocked');
    expect(screen.queryByText('Refund', { selector: 'dt' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to my purchases' })).toHaveAttribute('href', '/purchases');
  });

  it('adds the refund: amount, when, why and the bank’s reference', async () => {
    renderReceipt(REFUNDED.orderId);
    expect(await screen.findByRole('article', { name: 'Receipt' })).toBeInTheDocument();
    expect(valueOf('Payment method')).toHaveTextContent('Net banking');
    expect(valueOf('Status')).toHaveTextContent('Refunded');
    expect(valueOf('Refund')).toHaveTextContent('₹49 · Sent, 4 Dec 2025, 2:05 pm');
    expect(valueOf('Refund reason')).toHaveTextContent('Refunded by Kholo');
    expect(valueOf('Bank reference (ARN)')).toHaveTextContent('ARN7766554433');
  });

  it('leaves out the method and payment id while the provider has not said them', async () => {
    stubApi({
      'GET /api/purchases': () =>
        jsonResponse(200, { items: [{ ...PAID, paymentMethod: null, providerPaymentId: null }] }),
    });
    renderRoute(`/purchases/${PAID.orderId}/receipt`, { me: FAN_ME });
    expect(await screen.findByRole('article', { name: 'Receipt' })).toBeInTheDocument();
    expect(valueOf('Amount paid')).toHaveTextContent('₹49');
    expect(screen.queryByText('Payment method', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByText('Payment id', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('has no receipt for a payment that never went through, nor for another fan’s order', async () => {
    renderReceipt(FAILED.orderId);
    expect(await screen.findByText('We couldn’t find a receipt for this order.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Receipt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Print/ })).not.toBeInTheDocument();
  });

  it('asks a visitor to log in', async () => {
    stubApi({});
    renderRoute(`/purchases/${PAID.orderId}/receipt`);
    expect(await screen.findByText(/Log in with the fan account you paid with/)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'My purchases' })).toHaveAttribute(
      'href',
      '/purchases',
    );
  });
});
