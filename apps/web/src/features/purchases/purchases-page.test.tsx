import type { Purchase } from '@kholo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../test-utils.tsx';
import { CREATOR_ME, FAN_ME } from '../../test-fixtures/accounts.ts';
import { DAY, PAID_AT, purchaseFixture, refundFixture, reportFixture } from './test-fixtures.ts';

const UNAUTHENTICATED = { error: { code: 'UNAUTHENTICATED', message: 'Please log in.' } };

function renderPurchases(items: Purchase[] | ApiHandler, handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = stubApi({
    'GET /api/purchases': typeof items === 'function' ? items : () => jsonResponse(200, { items }),
    ...handlers,
  });
  const result = renderRoute('/purchases', { me: FAN_ME });
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([path, init]) => path === url && (init?.method ?? 'GET') === method);
  return { ...result, fetchMock, calls };
}

/** The order's card, by its item's title (its heading). */
async function findCard(title: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name: title });
}

describe('/purchases', () => {
  it('asks a visitor to log in, asks the server nothing, and Log in opens the fan dialog', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    renderRoute('/purchases');
    expect(await screen.findByRole('heading', { level: 1, name: 'My purchases' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Log in to see your purchases' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/purchases', expect.anything());
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: /log in/i })).toBeInTheDocument();
  });

  it('asks to log in again when the session has ended (401)', async () => {
    renderPurchases(() => jsonResponse(401, UNAUTHENTICATED));
    expect(await screen.findByRole('heading', { name: 'Log in to see your purchases' })).toBeInTheDocument();
  });

  it('says so when there are no purchases yet', async () => {
    renderPurchases([]);
    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeInTheDocument();
    expect(screen.getByText(/When you unlock a photo or video, it shows here/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('shows why the list did not load, and Try again asks again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { calls } = renderPurchases(() =>
      fail
        ? jsonResponse(500, {
            error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
          })
        : jsonResponse(200, { items: [purchaseFixture()] }),
    );
    // The page's toaster is an (empty) alert region too, so find the message and check its role.
    const alert = (await screen.findByText('We couldn’t load your purchases.')).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('We couldn’t load your purchases. Something went wrong on our side.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findCard('Monsoon over Marine Drive')).toBeInTheDocument();
    expect(calls('GET', '/api/purchases').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a paid order: item and creator links, amount, date, until when, Receipt and Report a problem', async () => {
    renderPurchases([purchaseFixture()]);
    const card = within(await findCard('Monsoon over Marine Drive'));
    expect(card.getByRole('link', { name: 'Monsoon over Marine Drive' })).toHaveAttribute('href', '/content/content_1');
    expect(card.getByRole('link', { name: 'Asha Verma' })).toHaveAttribute('href', '/u/asha');
    expect(card.getByText('₹49')).toBeInTheDocument();
    expect(card.getByText('Status:', { exact: false }).parentElement).toHaveTextContent('Unlocked');
    expect(card.getByText('2 Dec 2025, 2:05 pm')).toBeInTheDocument();
    expect(card.getByText('Access until 16 Dec 2025, 2:05 pm')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Receipt for Monsoon over Marine Drive' })).toHaveAttribute(
      'href',
      '/purchases/order_0000000000000000000001/receipt',
    );
    expect(card.getByRole('button', { name: 'Report a problem with Monsoon over Marine Drive' })).toBeInTheDocument();
  });

  it('words every status as the fan reads it', async () => {
    renderPurchases([
      purchaseFixture({
        orderId: 'order_expired',
        contentTitle: 'Expired, still for sale',
        status: 'expired',
        accessUntil: Date.UTC(2025, 11, 3, 8, 35),
        canReport: false,
      }),
      purchaseFixture({
        orderId: 'order_gone',
        contentTitle: 'Expired, no longer for sale',
        status: 'expired',
        accessUntil: Date.UTC(2025, 11, 3, 8, 35),
        priceNowPaise: null,
        canReport: false,
      }),
      purchaseFixture({
        orderId: 'order_refunding',
        contentTitle: 'Refund on its way by UPI',
        status: 'refunding',
        accessUntil: null,
        canReport: false,
        refund: refundFixture({ status: 'PENDING', finishedAt: null }),
      }),
      purchaseFixture({
        orderId: 'order_refunding_card',
        contentTitle: 'Refund on its way by card',
        status: 'refunding',
        accessUntil: null,
        canReport: false,
        paymentMethod: 'card',
        refund: refundFixture({ status: 'PROCESSING', finishedAt: null, paymentMethod: 'card' }),
      }),
      purchaseFixture({
        orderId: 'order_refunded',
        contentTitle: 'Refunded after a report',
        status: 'refunded',
        accessUntil: null,
        canReport: false,
        refund: refundFixture({ arn: 'ARN7766554433', note: 'Ticket KH-12345678: the file was broken' }),
        report: reportFixture({ status: 'REFUNDED', resolvedAt: PAID_AT + DAY }),
      }),
      purchaseFixture({
        orderId: 'order_removed',
        contentTitle: 'Hidden by Kholo',
        status: 'refunded',
        accessUntil: null,
        canReport: false,
        refund: refundFixture({ reason: 'item_removed', note: 'Copied from another creator' }),
      }),
      purchaseFixture({
        orderId: 'order_disputed',
        contentTitle: 'Disputed at the bank',
        status: 'disputed',
        accessUntil: null,
        canReport: false,
      }),
      purchaseFixture({
        orderId: 'order_failed',
        contentTitle: 'A failed payment',
        status: 'failed',
        paidAt: null,
        accessUntil: null,
        providerPaymentId: null,
        canReport: false,
      }),
      purchaseFixture({
        orderId: 'order_cancelled',
        contentTitle: 'A cancelled payment',
        status: 'cancelled',
        paidAt: null,
        accessUntil: null,
        providerPaymentId: null,
        canReport: false,
      }),
    ]);

    const expired = within(await findCard('Expired, still for sale'));
    expect(expired.getByText(/Your 14 days ended on 3 Dec 2025/).textContent).toBe(
      'Your 14 days ended on 3 Dec 2025 — unlock again for ₹49',
    );
    expect(expired.getByRole('link', { name: 'unlock again for ₹49' })).toHaveAttribute('href', '/content/content_1');

    const gone = within(screen.getByRole('article', { name: 'Expired, no longer for sale' }));
    expect(gone.getByText('Your 14 days ended on 3 Dec 2025')).toBeInTheDocument();
    expect(gone.queryByRole('link', { name: /unlock again/ })).not.toBeInTheDocument();

    const byUpi = within(screen.getByRole('article', { name: 'Refund on its way by UPI' }));
    expect(byUpi.getByText('Refund of ₹49 on its way — reaches your UPI in 1–3 working days')).toBeInTheDocument();
    const byCard = within(screen.getByRole('article', { name: 'Refund on its way by card' }));
    expect(byCard.getByText('Refund of ₹49 on its way — reaches your card in 5–7 working days')).toBeInTheDocument();

    const refunded = within(screen.getByRole('article', { name: 'Refunded after a report' }));
    expect(refunded.getByText('Refunded ₹49 on 4 Dec 2025')).toBeInTheDocument();
    expect(refunded.getByText('Refunded after you reported a problem')).toBeInTheDocument();
    expect(refunded.getByText('Bank reference (ARN): ARN7766554433')).toBeInTheDocument();
    expect(refunded.getByText('Kholo’s reason: Ticket KH-12345678: the file was broken')).toBeInTheDocument();
    expect(refunded.getByText('Ticket KH-12345678 — refunded')).toBeInTheDocument();

    const removed = within(screen.getByRole('article', { name: 'Hidden by Kholo' }));
    expect(removed.getByText('The item was removed for breaking Kholo’s rules')).toBeInTheDocument();
    expect(removed.getByText('Kholo’s reason: Copied from another creator')).toBeInTheDocument();

    const disputed = within(screen.getByRole('article', { name: 'Disputed at the bank' }));
    expect(disputed.getByText(/Your bank is disputing this payment/)).toBeInTheDocument();

    const failed = within(screen.getByRole('article', { name: 'A failed payment' }));
    expect(failed.getByText('Payment failed — you were not charged')).toBeInTheDocument();
    expect(failed.getByText(/^Tried/)).toBeInTheDocument();
    expect(failed.queryByRole('link', { name: /Receipt/ })).not.toBeInTheDocument();
    const cancelled = within(screen.getByRole('article', { name: 'A cancelled payment' }));
    expect(cancelled.getByText('Payment cancelled — you were not charged')).toBeInTheDocument();
    expect(cancelled.queryByRole('link', { name: /Receipt/ })).not.toBeInTheDocument();

    // Only a purchase she may still report offers it.
    expect(screen.queryByRole('button', { name: /Report a problem/ })).not.toBeInTheDocument();
  });

  it('shows an open ticket, and an answered one with the answer', async () => {
    renderPurchases([
      purchaseFixture({ canReport: false, report: reportFixture() }),
      purchaseFixture({
        orderId: 'order_answered',
        contentTitle: 'Answered',
        canReport: false,
        report: reportFixture({
          ticket: 'KH-87654321',
          status: 'CLOSED',
          resolution: 'It opens in the app now; try again.',
        }),
      }),
    ]);
    const open = within(await findCard('Monsoon over Marine Drive'));
    expect(open.getByText('Ticket KH-12345678 — we reply by email within 24 hours')).toBeInTheDocument();
    expect(open.getByText('You reported: The photo or video does not open')).toBeInTheDocument();
    const answered = within(screen.getByRole('article', { name: 'Answered' }));
    expect(answered.getByText('Ticket KH-87654321 — answered')).toBeInTheDocument();
    expect(answered.getByText('Our answer: It opens in the app now; try again.')).toBeInTheDocument();
  });

  describe('Report a problem', () => {
    async function openReport(
      handlers: Record<string, ApiHandler> = {},
      list: Purchase[] | ApiHandler = [purchaseFixture()],
    ) {
      const user = userEvent.setup();
      const result = renderPurchases(list, handlers);
      const card = await findCard('Monsoon over Marine Drive');
      await user.click(within(card).getByRole('button', { name: /Report a problem/ }));
      const dialog = screen.getByRole('dialog', { name: 'Report a problem' });
      return { ...result, user, card, dialog };
    }

    it('offers the reasons, checks the form, posts {orderId, reason, message} and shows the ticket', async () => {
      let items = [purchaseFixture()];
      const { user, card, dialog, fetchMock, calls } = await openReport(
        {
          'POST /api/purchases/report': () => {
            const report = reportFixture({ reason: 'accidental' });
            items = [purchaseFixture({ canReport: false, report })];
            return jsonResponse(201, { report });
          },
        },
        () => jsonResponse(200, { items }),
      );
      expect(dialog).toHaveAccessibleDescription(/With “Monsoon over Marine Drive” \(₹49\)/);
      const radios = within(dialog).getAllByRole('radio');
      expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
        'The photo or video does not open',
        'It is not what was described',
        'I bought it by accident',
        'I was charged twice',
        'Something else',
      ]);

      await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
      expect(within(dialog).getByText('Please choose what went wrong.')).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: 'What happened?' })).toHaveAccessibleDescription(
        expect.stringContaining('Please tell us what happened in a few words (at least 10 characters).'),
      );
      expect(calls('POST', '/api/purchases/report')).toHaveLength(0);

      await user.click(within(dialog).getByRole('radio', { name: 'I bought it by accident' }));
      await user.type(
        within(dialog).getByRole('textbox', { name: 'What happened?' }),
        '  I tapped Pay twice by mistake. ',
      );
      expect(within(dialog).getByText('33 / 2,000 characters')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

      expect(await within(dialog).findByRole('heading', { name: 'Problem reported' })).toHaveFocus();
      expect(within(dialog).getByText('Ticket KH-12345678 — we reply by email within 24 hours')).toBeInTheDocument();
      const post = fetchMock.mock.calls.findIndex(
        ([url, init]) => url === '/api/purchases/report' && init?.method === 'POST',
      );
      expect(requestBody(fetchMock, post)).toEqual({
        orderId: 'order_0000000000000000000001',
        reason: 'accidental',
        message: 'I tapped Pay twice by mistake.',
      });

      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      await waitFor(() => {
        expect(dialog).not.toBeInTheDocument();
      });
      expect(within(card).getByText('Ticket KH-12345678 — we reply by email within 24 hours')).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: /Report a problem/ })).not.toBeInTheDocument();
    });

    it.each([
      [409, 'CONFLICT', 'You already reported a problem with this purchase: ticket KH-12345678.'],
      [409, 'CONFLICT', 'Problems can be reported within 24 hours of paying. Please write to support@kholo.in.'],
      [429, 'RATE_LIMITED', 'Too many reports. Please try again in a few minutes.'],
      [404, 'NOT_FOUND', 'We could not find that purchase.'],
    ])('shows the server’s %i as it is sent, and keeps what she wrote', async (status, code, message) => {
      const { user, dialog } = await openReport({
        'POST /api/purchases/report': () => jsonResponse(status, { error: { code, message } }),
      });
      await user.click(within(dialog).getByRole('radio', { name: 'The photo or video does not open' }));
      await user.type(within(dialog).getByRole('textbox', { name: 'What happened?' }), 'It shows a grey box only.');
      await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
      expect((await within(dialog).findByText(message)).closest('[role="alert"]')).toBeVisible();
      expect(within(dialog).getByRole('textbox', { name: 'What happened?' })).toHaveValue('It shows a grey box only.');
      expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeInTheDocument();
    });

    it('says when Kholo could not be reached', async () => {
      const { user, dialog } = await openReport();
      await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
      await user.type(within(dialog).getByRole('textbox', { name: 'What happened?' }), 'The video stops halfway.');
      await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
      expect(
        await within(dialog).findByText('Could not reach Kholo. Check your connection and try again.'),
      ).toBeInTheDocument();
    });

    it('puts the server’s field message under its field', async () => {
      const { user, dialog } = await openReport({
        'POST /api/purchases/report': () =>
          jsonResponse(400, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please check the form.',
              fields: { message: 'Please keep the message under 2000 characters.' },
            },
          }),
      });
      await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
      await user.type(within(dialog).getByRole('textbox', { name: 'What happened?' }), 'The video stops halfway.');
      await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
      await waitFor(() => {
        expect(within(dialog).getByRole('textbox', { name: 'What happened?' })).toHaveAccessibleDescription(
          expect.stringContaining('Please keep the message under 2000 characters.'),
        );
      });
    });
  });
});

describe('the way to /purchases', () => {
  it('is in the header for a signed-in fan, as My purchases', async () => {
    stubApi({ 'GET /api/purchases': () => jsonResponse(200, { items: [] }) });
    renderRoute('/PrivacyPolicy', { me: FAN_ME });
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'My purchases' })).toHaveAttribute('href', '/purchases');
  });

  it('is not in the header for a creator who has bought nothing as a fan', async () => {
    stubApi({});
    renderRoute('/PrivacyPolicy', { me: CREATOR_ME });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'My purchases' })).not.toBeInTheDocument();
  });
});
