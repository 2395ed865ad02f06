import {
  formatPaise,
  payButtonLabel,
  translate,
  UPI_APP_LABELS,
  type ContentCard,
  type UpiPayment,
} from '@kholo/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, stubApi } from '../../../test-utils.tsx';
import { FAN_ME } from '../../../test-fixtures/accounts.ts';
import { card, PUBLIC_CREATOR } from '../../../test-fixtures/catalog.ts';
import { resetAdultAgeConfirmation } from '../../catalog/index.ts';
import { VISITOR } from '../../accounts/index.ts';

const QR_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function detail(item: ContentCard) {
  return { item, creator: PUBLIC_CREATOR };
}

const PRICE = formatPaise(499_00, 'hi');
const TITLE = translate('hi', 'messages.payment.dialogTitle');

async function openDialog(me = FAN_ME) {
  stubApi({
    'GET /api/contents/c1': () => jsonResponse(200, detail(card('c1'))),
    'POST /api/payment/order': () =>
      jsonResponse(200, {
        order_id: 'order_abc',
        payment_session_id: 'session_abc',
        contentId: 'c1',
        amountPaise: 499_00,
        currency: 'INR',
        checkout: { mode: 'simulator', url: '/api/payments/simulator/checkout/session_abc' },
        codeSentTo: null,
      }),
    'POST /api/payment/upi': () => {
      const answer: UpiPayment = { channel: 'qrcode', apps: [], qrImage: QR_IMAGE, expiresAt: Date.now() + 600_000 };
      return jsonResponse(200, answer);
    },
    'POST /api/payment/verify-payment': () =>
      jsonResponse(200, {
        status: 'PENDING',
        orderId: 'order_abc',
        contentId: 'c1',
        amountPaise: 499_00,
        expiresAt: null,
        failure: null,
        failedAt: null,
        checkoutEmail: null,
      }),
  });
  renderRoute('/content/c1', { me, locale: 'hi' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `${PRICE} में अनलॉक करें` }));
  const dialog = await screen.findByRole('dialog', { name: TITLE });
  return { user, dialog };
}

describe('the unlock dialog in Hindi (ADR 030)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    resetAdultAgeConfirmation();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it('asks a visitor for her email in Hindi and says what is wrong with it in Hindi', async () => {
    const { user, dialog } = await openDialog(VISITOR);
    expect(TITLE).not.toBe('Unlock Premium Content');
    expect(dialog).toHaveAccessibleDescription('एक बार पेमेंट करें, फिर 14 दिन तक देखें और डाउनलोड करें।');
    expect(within(dialog).getByText('सभी फ़ीस शामिल')).toBeInTheDocument();
    expect(within(dialog).getByText('UPI, कार्ड और नेट बैंकिंग')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'पेमेंट के तरीके' })).toHaveTextContent('UPIकार्डनेट बैंकिंग');
    expect(within(dialog).getByText('पेमेंट Cashfree से सुरक्षित · 14 दिन का ऐक्सेस')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'लॉग इन करें' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: `${PRICE} का पेमेंट करें` }));
    expect(await within(dialog).findByText(translate('hi', 'messages.form.emailRequired'))).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'ईमेल' })).toHaveFocus();
    expect(within(dialog).queryByText(/Please enter/)).not.toBeInTheDocument();
  });

  it('shows a signed-in fan the QR step in Hindi', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: `${PRICE} का पेमेंट करें` }));
    expect(await within(dialog).findByRole('img', { name: `${PRICE} के लिए UPI QR कोड` })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'UPI से पेमेंट करें' })).toBeInTheDocument();
    expect(within(dialog).getByText('किसी भी UPI ऐप से स्कैन करें')).toBeInTheDocument();
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/में एक्सपायर होगा$/);
    expect(within(dialog).getByRole('button', { name: 'कार्ड और नेट बैंकिंग' })).toBeInTheDocument();
    expect(within(dialog).getByText('आपके पेमेंट का इंतज़ार है। यह अपने-आप अपडेट हो जाएगा।')).toBeInTheDocument();
  });

  it('keeps the contracts’ English for the generic UPI link and the Pay button', () => {
    expect(translate('en', 'payments.anyUpiApp')).toBe(UPI_APP_LABELS.any);
    expect(translate('en', 'payments.pay', { price: '₹149' })).toBe(payButtonLabel('₹149'));
  });
});
