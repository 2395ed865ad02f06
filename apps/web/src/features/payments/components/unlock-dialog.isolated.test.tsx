import {
  CODE_MESSAGES,
  PAYMENT_CANCELLED_MESSAGE,
  PAYMENT_MESSAGES,
  type ContentCard,
  type CreateOrderResponse,
  type Me,
  type UpiPayment,
  type VerifyPaymentResponse,
} from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { FAN_ME } from '../../../test-fixtures/accounts.ts';
import { card, PUBLIC_CREATOR, unlockedCard } from '../../../test-fixtures/catalog.ts';
import { AGE_CONFIRMED_KEY, resetAdultAgeConfirmation } from '../../catalog/index.ts';
import { VISITOR } from '../../accounts/index.ts';
import {
  ADULT_CONFIRM_LABEL,
  ADULT_CONFIRM_REQUIRED,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  PAYMENT_DECLINED_MESSAGE,
  PAYMENT_REFUNDED_MESSAGE,
  WAITING_FOR_PAYMENT,
} from '../payment-wording.ts';

const cashfree = vi.hoisted(() => ({ load: vi.fn(), checkout: vi.fn() }));
vi.mock('@cashfreepayments/cashfree-js', () => ({ load: cashfree.load }));

const CONTENT_API = 'GET /api/contents/c1';
const ORDER_API = 'POST /api/payment/order';
const UPI_API = 'POST /api/payment/upi';
const VERIFY_API = 'POST /api/payment/verify-payment';
const CODE_API = 'POST /api/auth/sign-in/code';
const CHECKOUT_URL = '/api/payments/simulator/checkout/session_abc';
const QR_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const APPS: UpiPayment['apps'] = [
  { app: 'gpay', label: 'Google Pay', href: 'tez://upi/pay?pa=kholo@upi&am=499.00' },
  { app: 'phonepe', label: 'PhonePe', href: 'phonepe://pay?pa=kholo@upi&am=499.00' },
  { app: 'paytm', label: 'Paytm', href: 'paytmmp://pay?pa=kholo@upi&am=499.00' },
  { app: 'bhim', label: 'BHIM', href: 'bhim://upi/pay?pa=kholo@upi&am=499.00' },
  { app: 'any', label: 'Any UPI app', href: 'upi://pay?pa=kholo@upi&am=499.00' },
];

function detail(item: ContentCard) {
  return { item, creator: PUBLIC_CREATOR };
}

function order(overrides: Partial<CreateOrderResponse> = {}): CreateOrderResponse {
  return {
    order_id: 'order_abc',
    payment_session_id: 'session_abc',
    contentId: 'c1',
    amountPaise: 499_00,
    currency: 'INR',
    checkout: { mode: 'simulator', url: CHECKOUT_URL },
    codeSentTo: null,
    ...overrides,
  };
}

/** The server's answer to POST /api/payment/upi for the channel asked, payable for 10 minutes. */
function upiAnswer(init: RequestInit | undefined): Response {
  const { channel } = JSON.parse(init?.body as string) as { channel: 'link' | 'qrcode' };
  const answer: UpiPayment = {
    channel,
    apps: channel === 'link' ? APPS : [],
    qrImage: channel === 'qrcode' ? QR_IMAGE : null,
    expiresAt: Date.now() + 10 * 60_000,
  };
  return jsonResponse(200, answer);
}

function verification(
  status: VerifyPaymentResponse['status'],
  overrides: Partial<VerifyPaymentResponse> = {},
): VerifyPaymentResponse {
  return {
    status,
    orderId: 'order_abc',
    contentId: 'c1',
    amountPaise: 499_00,
    expiresAt: status === 'PAID' ? Date.UTC(2026, 11, 5) : null,
    failure: null,
    failedAt: null,
    checkoutEmail: null,
    ...overrides,
  };
}

function refusal(status: number, code: string, message: string, fields?: Record<string, string>) {
  return jsonResponse(status, { error: { code, message, ...(fields ? { fields } : {}) } });
}

function calls(fetchMock: ReturnType<typeof stubApi>, key: string): number {
  return fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${input as string}` === key).length;
}

function bodiesOf(fetchMock: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchMock.mock.calls.flatMap(([input], index) => (input === path ? [requestBody(fetchMock, index)] : []));
}

/** The dialog's own error line (the dialog also holds the toasts' always-present alert region). */
async function findInlineError(dialog: HTMLElement, message: string) {
  const line = await within(dialog).findByText(message);
  expect(line).toHaveAttribute('role', 'alert');
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

interface OpenOptions {
  me?: Me;
  unlockLabel?: string;
  /** Fake timers from the start (time still moves on its own, so the lazy page and dialog load). */
  fakeTimers?: boolean;
}

/** The content page with the unlock dialog opened from its Unlock button (a signed-in fan by default). */
async function openDialog(
  handlers: Record<string, ApiHandler>,
  { me = FAN_ME, unlockLabel = 'Unlock for ₹499', fakeTimers = false }: OpenOptions = {},
) {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const fetchMock = stubApi({
    [CONTENT_API]: () => jsonResponse(200, detail(card('c1'))),
    [UPI_API]: upiAnswer,
    [VERIFY_API]: () => jsonResponse(200, verification('PENDING')),
    ...handlers,
  });
  const result = renderRoute('/content/c1', { me });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {});
  await user.click(await screen.findByRole('button', { name: unlockLabel }));
  const dialog = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle });
  return { ...result, fetchMock, user, dialog };
}

describe('Unlock Premium Content', () => {
  let assign: ReturnType<typeof vi.fn>;
  const realLocation = Object.getOwnPropertyDescriptor(window, 'location')!;

  beforeEach(() => {
    sessionStorage.clear();
    resetAdultAgeConfirmation();
    assign = vi.fn();
    // jsdom cannot navigate; the checkout hand-off is a call to location.assign.
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { href: 'http://localhost:3000/content/c1', origin: 'http://localhost:3000', assign },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(window, 'location', realLocation);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    cashfree.load.mockReset();
    cashfree.checkout.mockReset();
    act(() => {
      toast.dismiss();
    });
  });

  describe('for a signed-in fan', () => {
    it('shows the item, its creator, the fee-inclusive price, the one payment method and “Pay ₹…”, and no email step', async () => {
      const { dialog } = await openDialog({});
      expect(dialog).toHaveAccessibleDescription('Pay once to watch and download it for 14 days.');
      expect(within(dialog).getByText('Title c1')).toBeInTheDocument();
      expect(within(dialog).getByText('Priya Sharma')).toBeInTheDocument();
      expect(within(dialog).getByText('₹499')).toBeInTheDocument();
      expect(within(dialog).getByText('includes all fees')).toBeInTheDocument();
      expect(within(dialog).getByText('UPI, cards and net banking')).toBeInTheDocument();
      expect(within(dialog).getByRole('list', { name: 'Ways to pay' })).toHaveTextContent('UPICardsNet banking');
      expect(within(dialog).getByText('Payments secured by Cashfree · Access for 14 days')).toBeInTheDocument();
      expect(within(dialog).getByText('Test mode: no real money is charged.')).toBeInTheDocument();
      expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
      const pay = within(dialog).getByRole('button', { name: 'Pay ₹499' });
      expect(pay).toHaveFocus();
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    });

    it('reads “Processing...” while busy, sends one order for a double click, then shows the UPI QR on a laptop', async () => {
      let answer: (response: Response) => void = () => undefined;
      const { dialog, user, fetchMock } = await openDialog({
        [ORDER_API]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      });
      await user.dblClick(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      const busy = within(dialog).getByRole('button', { name: PAYMENT_MESSAGES.processing });
      expect(busy).toHaveAttribute('aria-disabled', 'true');
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      await user.click(busy);
      expect(calls(fetchMock, ORDER_API)).toBe(1);
      expect(bodiesOf(fetchMock, '/api/payment/order')).toEqual([
        {
          contentId: 'c1',
          amount: 499,
          creatorId: 'creator_1',
          notes: { contentId: 'c1', contentTitle: 'Title c1', viewerEmail: 'arjun@example.in' },
        },
      ]);

      answer(jsonResponse(200, order()));
      const qr = await within(dialog).findByRole('img', { name: 'UPI QR code for ₹499' });
      expect(qr).toHaveAttribute('src', QR_IMAGE);
      expect(qr).toHaveAttribute('width', '240');
      expect(bodiesOf(fetchMock, '/api/payment/upi')).toEqual([{ order_id: 'order_abc', channel: 'qrcode' }]);
      expect(within(dialog).getByText('Scan with any UPI app')).toBeInTheDocument();
      expect(within(dialog).getByRole('timer')).toHaveTextContent('Expires in 10:00');
      expect(within(dialog).getByRole('heading', { name: 'Pay with UPI' })).toHaveFocus();
      expect(within(dialog).getByRole('button', { name: 'Cards and net banking' })).toBeInTheDocument();
      expect(within(dialog).getByText(WAITING_FOR_PAYMENT)).toBeInTheDocument();
      expect(within(dialog).getByText('includes all fees')).toBeInTheDocument();
      expect(within(dialog).getByText('Payments secured by Cashfree · Access for 14 days')).toBeInTheDocument();
      // Her email is not asked for, nor shown back: she is signed in.
      expect(within(dialog).queryByText(/Your code and receipt go to/)).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('list', { name: 'UPI apps' })).not.toBeInTheDocument();
      expect(assign).not.toHaveBeenCalled();
      expect(cashfree.load).not.toHaveBeenCalled();
    });

    it('on a phone: her UPI apps in the server’s order, each a link that opens the app', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
      const { dialog, user, fetchMock } = await openDialog({ [ORDER_API]: () => jsonResponse(200, order()) });
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      const apps = await within(dialog).findByRole('list', { name: 'UPI apps' });
      const links = within(apps).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(['Google Pay', 'PhonePe', 'Paytm', 'BHIM', 'Any UPI app']);
      expect(links.map((link) => link.getAttribute('href'))).toEqual(APPS.map((app) => app.href));
      expect(bodiesOf(fetchMock, '/api/payment/upi')).toEqual([{ order_id: 'order_abc', channel: 'link' }]);
      expect(within(dialog).getByRole('heading', { name: 'Pay with a UPI app' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('img', { name: /UPI QR code/ })).not.toBeInTheDocument();
      // Cards and net banking, one tap away: the hosted checkout, exactly as before.
      await user.click(within(dialog).getByRole('button', { name: 'Cards and net banking' }));
      await waitFor(() => {
        expect(assign).toHaveBeenCalledWith(CHECKOUT_URL);
      });
      expect(within(dialog).getByRole('button', { name: 'Opening...' })).toHaveAttribute('aria-disabled', 'true');
    });

    it('opens a web page standing in for the app (the test simulator) beside the dialog, and app links in place', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
      const { dialog, user } = await openDialog({
        [ORDER_API]: () => jsonResponse(200, order()),
        [UPI_API]: () =>
          jsonResponse(200, {
            channel: 'link',
            apps: [
              { app: 'gpay', label: 'Google Pay', href: 'http://localhost:3000/__simulator/upi/intent?tr=1&app=gpay' },
              APPS[4],
            ],
            qrImage: null,
            expiresAt: Date.now() + 60_000,
          }),
      });
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      const simulated = await within(dialog).findByRole('link', { name: 'Google Pay' });
      expect(simulated).toHaveAttribute('target', '_blank');
      expect(simulated).toHaveAttribute('rel', 'noopener');
      expect(within(dialog).getByRole('link', { name: 'Any UPI app' })).not.toHaveAttribute('target');
    });

    it('never puts a script address on a UPI button', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
      const { dialog, user } = await openDialog({
        [ORDER_API]: () => jsonResponse(200, order()),
        [UPI_API]: () =>
          jsonResponse(200, {
            channel: 'link',
            apps: [{ app: 'gpay', label: 'Google Pay', href: 'javascript:alert(1)' }],
            qrImage: null,
            expiresAt: Date.now() + 60_000,
          }),
      });
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await findInlineError(dialog, UNEXPECTED_ERROR_MESSAGE);
      expect(within(dialog).queryByRole('link', { name: 'Google Pay' })).not.toBeInTheDocument();
    });

    it('when UPI cannot be started: says why, offers to try again, and cards still work', async () => {
      let upiTries = 0;
      const { dialog, user } = await openDialog({
        [ORDER_API]: () => jsonResponse(200, order()),
        [UPI_API]: (init) =>
          ++upiTries === 1
            ? refusal(
                502,
                'PAYMENT_PROVIDER_UNAVAILABLE',
                'UPI is not available right now. Please try again in a minute.',
              )
            : upiAnswer(init),
      });
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await findInlineError(dialog, 'UPI is not available right now. Please try again in a minute.');
      expect(within(dialog).getByRole('button', { name: 'Cards and net banking' })).toBeEnabled();
      await user.click(within(dialog).getByRole('button', { name: 'Try UPI again' }));
      expect(await within(dialog).findByRole('img', { name: 'UPI QR code for ₹499' })).toBeInTheDocument();
    });

    it('sends the price in rupees, paise included, as the fan was shown it', async () => {
      const { dialog, user, fetchMock } = await openDialog(
        {
          [CONTENT_API]: () => jsonResponse(200, detail(card('c1', { pricePaise: 1_499_50 }))),
          [ORDER_API]: () => jsonResponse(200, order({ amountPaise: 1_499_50 })),
        },
        { unlockLabel: 'Unlock for ₹1,499.50' },
      );
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹1,499.50' }));
      expect(await within(dialog).findByRole('img', { name: 'UPI QR code for ₹1,499.50' })).toBeInTheDocument();
      expect(bodiesOf(fetchMock, '/api/payment/order')[0]).toMatchObject({ amount: 1499.5 });
    });

    it('closes on Cancel without asking for an order', async () => {
      const { dialog, user, fetchMock } = await openDialog({});
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
      expect(calls(fetchMock, ORDER_API)).toBe(0);
    });

    it('ALREADY_UNLOCKED: says until when, closes, and the page turns to Unlocked', async () => {
      let unlocked = false;
      const { dialog, user, fetchMock } = await openDialog({
        [CONTENT_API]: () => jsonResponse(200, detail(unlocked ? unlockedCard('c1', 14) : card('c1'))),
        [ORDER_API]: () => {
          unlocked = true;
          return refusal(409, 'ALREADY_UNLOCKED', 'You already have access to this until 5 Dec 2026.');
        },
      });
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
      expect(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status')).toHaveTextContent(
        'You already have access to this until 5 Dec 2026.',
      );
      expect(await screen.findByText('Unlocked (14d left)')).toBeInTheDocument();
      expect(calls(fetchMock, CONTENT_API)).toBe(2);
      expect(calls(fetchMock, UPI_API)).toBe(0);
    });

    it('PRICE_CHANGED: says so in the dialog, shows the new price and orders at it', async () => {
      let price = 499_00;
      const { dialog, user, fetchMock } = await openDialog({
        [CONTENT_API]: () => jsonResponse(200, detail(card('c1', { pricePaise: price }))),
        [ORDER_API]: (init) => {
          const body = JSON.parse(init?.body as string) as { amount: number };
          if (body.amount !== price / 100)
            return refusal(409, 'PRICE_CHANGED', 'The price is now ₹599. Please check and pay again.');
          return jsonResponse(200, order({ amountPaise: price }));
        },
      });
      price = 599_00;
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await findInlineError(dialog, 'The price is now ₹599. Please check and pay again.');
      const pay = await within(dialog).findByRole('button', { name: 'Pay ₹599' });
      expect(within(dialog).getByText('₹599')).toBeInTheDocument();

      await user.click(pay);
      expect(await within(dialog).findByRole('img', { name: 'UPI QR code for ₹599' })).toBeInTheDocument();
      expect(bodiesOf(fetchMock, '/api/payment/order').map((body) => (body as { amount: number }).amount)).toEqual([
        499, 599,
      ]);
    });

    it.each([
      [
        'the payment provider is down (502)',
        () =>
          refusal(
            502,
            'PAYMENT_PROVIDER_UNAVAILABLE',
            'Payments are not available right now. Please try again in a minute.',
          ),
        'Payments are not available right now. Please try again in a minute.',
      ],
      [
        'Kholo is busy (503)',
        () => refusal(503, 'SERVICE_UNAVAILABLE', 'Kholo is busy. Please try again shortly.'),
        'Kholo is busy. Please try again shortly.',
      ],
      ['the network fails', () => Promise.reject(new TypeError('Failed to fetch')), NETWORK_ERROR_MESSAGE],
      ['the item is gone (404)', () => refusal(404, 'NOT_FOUND', 'Content not found.'), 'Content not found.'],
    ])('when %s: says so and lets the fan try again', async (_, answer, message) => {
      let tries = 0;
      const { dialog, user, fetchMock } = await openDialog({
        [ORDER_API]: () => (++tries === 1 ? answer() : jsonResponse(200, order())),
      });
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await findInlineError(dialog, message);
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      expect(await within(dialog).findByRole('img', { name: 'UPI QR code for ₹499' })).toBeInTheDocument();
      expect(calls(fetchMock, ORDER_API)).toBe(2);
    });

    it('when the session has ended: closes and asks the fan to log in, remembering the item', async () => {
      const { dialog, user } = await openDialog({
        [ORDER_API]: () => refusal(401, 'UNAUTHENTICATED', 'Please log in.'),
        'GET /api/me': () => jsonResponse(200, VISITOR),
      });
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      expect(await screen.findByRole('dialog', { name: 'Log in to unlock content' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle })).not.toBeInTheDocument();
      expect(JSON.parse(sessionStorage.getItem('kholo.pending-unlock')!)).toMatchObject({ contentId: 'c1' });
    });
  });

  describe('waiting for the money', () => {
    it('asks every 3 s and at once when the page is shown again; PAID says “Paid” by itself, then the item', async () => {
      let paid = false;
      const { dialog, user, fetchMock } = await openDialog(
        {
          [CONTENT_API]: () => jsonResponse(200, detail(paid ? unlockedCard('c1', 14) : card('c1'))),
          [ORDER_API]: () => jsonResponse(200, order()),
          [VERIFY_API]: () => jsonResponse(200, verification(paid ? 'PAID' : 'PENDING')),
        },
        { fakeTimers: true },
      );
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await within(dialog).findByRole('img', { name: 'UPI QR code for ₹499' });
      await waitFor(() => {
        expect(calls(fetchMock, VERIFY_API)).toBe(1);
      });
      await advance(2900);
      expect(calls(fetchMock, VERIFY_API)).toBe(1);
      await advance(100);
      expect(calls(fetchMock, VERIFY_API)).toBe(2);
      expect(bodiesOf(fetchMock, '/api/payment/verify-payment')[0]).toEqual({ order_id: 'order_abc' });

      // She comes back from her UPI app: asked at once, not at the next tick.
      await advance(1000);
      act(() => {
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      });
      await waitFor(() => {
        expect(calls(fetchMock, VERIFY_API)).toBe(3);
      });

      paid = true;
      await advance(3000);
      const status = await within(dialog).findByText('Paid');
      expect(status.closest('[role="status"]')).toHaveTextContent('Unlocked for 14 days. Taking you to it now…');
      expect(within(dialog).getByRole('button', { name: 'Open it now' })).toHaveFocus();
      const asked = calls(fetchMock, VERIFY_API);
      await advance(1500);
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
      expect(await screen.findByText('Unlocked (14d left)')).toBeInTheDocument();
      // Nothing more is asked once it is paid.
      await advance(10_000);
      expect(calls(fetchMock, VERIFY_API)).toBe(asked);
    });

    it('counts the QR down and, at 0:00, says it has expired and gets a new one', async () => {
      const { dialog, user, fetchMock } = await openDialog(
        { [ORDER_API]: () => jsonResponse(200, order()) },
        { fakeTimers: true },
      );
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await within(dialog).findByRole('img', { name: 'UPI QR code for ₹499' });
      expect(within(dialog).getByRole('timer')).toHaveTextContent('Expires in 10:00');
      await advance(61_000);
      expect(within(dialog).getByRole('timer')).toHaveTextContent('Expires in 8:59');
      await advance(9 * 60_000 - 2000);
      expect(within(dialog).getByRole('timer')).toHaveTextContent('Expires in 0:01');
      await advance(1000);
      expect(within(dialog).getByText('This QR has expired')).toBeInTheDocument();
      expect(within(dialog).queryByRole('timer')).not.toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'New QR' }));
      await waitFor(() => {
        expect(within(dialog).getByRole('timer')).toHaveTextContent('Expires in 10:00');
      });
      expect(bodiesOf(fetchMock, '/api/payment/upi')).toEqual([
        { order_id: 'order_abc', channel: 'qrcode' },
        { order_id: 'order_abc', channel: 'qrcode' },
      ]);
      expect(within(dialog).queryByText('This QR has expired')).not.toBeInTheDocument();
    });

    it('cancelled: says she was not charged, and “Try again” starts a new attempt on the same order', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
      let answer = verification('FAILED', { failure: 'cancelled' });
      const { dialog, user, fetchMock } = await openDialog(
        {
          [ORDER_API]: () => jsonResponse(200, order()),
          [VERIFY_API]: () => jsonResponse(200, answer),
        },
        { fakeTimers: true },
      );
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      const said = await within(dialog).findByText(PAYMENT_CANCELLED_MESSAGE);
      expect(said).toHaveAttribute('role', 'alert');
      expect(said.parentElement).not.toHaveClass('bg-red-50');
      expect(within(dialog).queryByRole('list', { name: 'UPI apps' })).not.toBeInTheDocument();
      // The answer is final until she acts: nothing more is asked.
      await advance(9000);
      expect(calls(fetchMock, VERIFY_API)).toBe(1);

      await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
      expect(await within(dialog).findByRole('list', { name: 'UPI apps' })).toBeInTheDocument();
      expect(bodiesOf(fetchMock, '/api/payment/upi')).toEqual([
        { order_id: 'order_abc', channel: 'link' },
        { order_id: 'order_abc', channel: 'link' },
      ]);
      expect(calls(fetchMock, ORDER_API)).toBe(1);
      // The order stays FAILED until the new attempt is paid: that is the old attempt, not news.
      await advance(3000);
      expect(within(dialog).queryByText(PAYMENT_CANCELLED_MESSAGE)).not.toBeInTheDocument();
      expect(within(dialog).getByText(WAITING_FOR_PAYMENT)).toBeInTheDocument();
      // Her new attempt is cancelled too: told after it began, so it is hers, and the step says so.
      answer = verification('FAILED', { failure: 'cancelled', failedAt: Date.now() });
      await advance(3000);
      expect(await within(dialog).findByText(PAYMENT_CANCELLED_MESSAGE)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
      expect(await within(dialog).findByRole('list', { name: 'UPI apps' })).toBeInTheDocument();
      answer = verification('PAID');
      await advance(3000);
      expect(await within(dialog).findByText('Paid')).toBeInTheDocument();
    });

    it.each([
      ['declined', PAYMENT_DECLINED_MESSAGE, true],
      ['refunded', PAYMENT_REFUNDED_MESSAGE, false],
    ] as const)('%s: says so, and offers to try again only when it can help', async (failure, message, retry) => {
      const { dialog, user } = await openDialog({
        [ORDER_API]: () => jsonResponse(200, order()),
        [VERIFY_API]: () => jsonResponse(200, verification('FAILED', { failure })),
      });
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await findInlineError(dialog, message);
      expect(Boolean(within(dialog).queryByRole('button', { name: 'Try again' }))).toBe(retry);
      expect(within(dialog).queryByText(WAITING_FOR_PAYMENT)).not.toBeInTheDocument();
    });
  });

  describe('for a visitor (ADR 022)', () => {
    const VISITOR_EMAIL = 'meera@example.in';

    it('asks only her email (and maybe her name), makes her order with it, and shows it back', async () => {
      const { dialog, user, fetchMock } = await openDialog(
        { [ORDER_API]: () => jsonResponse(200, order({ codeSentTo: VISITOR_EMAIL })) },
        { me: VISITOR },
      );
      const email = within(dialog).getByLabelText('Email');
      expect(email).toHaveFocus();
      expect(email).toHaveAttribute('type', 'email');
      expect(email).toHaveAttribute('autocomplete', 'email');
      expect(email).toHaveAttribute('inputmode', 'email');
      expect(email).toHaveAccessibleDescription('Your sign-in code and receipt go here. No password needed.');
      const name = within(dialog).getByLabelText('Your name (optional)');
      expect(name).toHaveAttribute('autocomplete', 'name');
      expect(within(dialog).queryByLabelText(/password/i)).not.toBeInTheDocument();

      await user.type(email, ` ${VISITOR_EMAIL} `);
      await user.type(name, 'Meera');
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await within(dialog).findByRole('img', { name: 'UPI QR code for ₹499' });
      expect(bodiesOf(fetchMock, '/api/payment/order')).toEqual([
        {
          contentId: 'c1',
          amount: 499,
          creatorId: 'creator_1',
          notes: { contentId: 'c1', contentTitle: 'Title c1', viewerEmail: VISITOR_EMAIL },
          email: VISITOR_EMAIL,
          name: 'Meera',
        },
      ]);
      expect(
        within(dialog)
          .getByText(/Your code and receipt go to/)
          .closest('p'),
      ).toHaveTextContent(`Your code and receipt go to ${VISITOR_EMAIL}`);

      // Change: back to her email, as she typed it; the next Pay makes a new order.
      await user.click(within(dialog).getByRole('button', { name: 'Change' }));
      expect(within(dialog).getByLabelText('Email')).toHaveValue(VISITOR_EMAIL);
      expect(within(dialog).getByLabelText('Email')).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await within(dialog).findByRole('img', { name: 'UPI QR code for ₹499' });
      expect(calls(fetchMock, ORDER_API)).toBe(2);
    });

    it.each([
      ['nothing', '', EMAIL_REQUIRED],
      ['no address', 'meera', EMAIL_INVALID],
      ['no domain', 'meera@example', EMAIL_INVALID],
    ])('with %s typed: says what is wrong and asks nothing', async (_, typed, message) => {
      const { dialog, user, fetchMock } = await openDialog({}, { me: VISITOR });
      if (typed) await user.type(within(dialog).getByLabelText('Email'), typed);
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
        `Your sign-in code and receipt go here. No password needed. ${message}`,
      );
      expect(within(dialog).getByLabelText('Email')).toHaveFocus();
      expect(calls(fetchMock, ORDER_API)).toBe(0);
    });

    it('suggests the address she probably meant before sending, and takes it in one tap', async () => {
      const { dialog, user, fetchMock } = await openDialog(
        { [ORDER_API]: () => jsonResponse(200, order({ codeSentTo: 'meera@gmail.com' })) },
        { me: VISITOR },
      );
      await user.type(within(dialog).getByLabelText('Email'), 'meera@gmial.com');
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      const suggestion = within(dialog).getByRole('button', { name: 'meera@gmail.com' });
      expect(suggestion.closest('p')).toHaveTextContent('Did you mean meera@gmail.com?');
      await waitFor(() => {
        expect(suggestion).toHaveFocus();
      });
      expect(calls(fetchMock, ORDER_API)).toBe(0);

      await user.click(suggestion);
      expect(within(dialog).getByLabelText('Email')).toHaveValue('meera@gmail.com');
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await within(dialog).findByRole('img', { name: 'UPI QR code for ₹499' });
      expect(bodiesOf(fetchMock, '/api/payment/order')[0]).toMatchObject({ email: 'meera@gmail.com' });
    });

    it('shows the suggestion when she leaves the field, and sends what she typed if she keeps it', async () => {
      const { dialog, user, fetchMock } = await openDialog(
        { [ORDER_API]: () => jsonResponse(200, order({ codeSentTo: 'ravi@yaho.com' })) },
        { me: VISITOR },
      );
      await user.type(within(dialog).getByLabelText('Email'), 'ravi@yaho.com');
      await user.tab();
      expect(within(dialog).getByRole('button', { name: 'ravi@yahoo.com' })).toBeInTheDocument();
      // The first press stops on it (it may be what took her out of the field); the second sends.
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      expect(calls(fetchMock, ORDER_API)).toBe(0);
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await within(dialog).findByRole('img', { name: 'UPI QR code for ₹499' });
      expect(bodiesOf(fetchMock, '/api/payment/order')[0]).toMatchObject({ email: 'ravi@yaho.com' });
    });

    it('shows the server’s word about her email under the field', async () => {
      const { dialog, user } = await openDialog(
        {
          [ORDER_API]: () =>
            refusal(400, 'VALIDATION_FAILED', 'Please check the highlighted fields.', {
              email: 'That email address is too long.',
            }),
        },
        { me: VISITOR },
      );
      await user.type(within(dialog).getByLabelText('Email'), 'meera@example.in');
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await waitFor(() => {
        expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
          'Your sign-in code and receipt go here. No password needed. That email address is too long.',
        );
      });
    });

    it('once paid, asks for the code from her email, which signs her in and opens the item', async () => {
      let signedIn = false;
      const { dialog, user, fetchMock, queryClient } = await openDialog(
        {
          [CONTENT_API]: () => jsonResponse(200, detail(signedIn ? unlockedCard('c1', 14) : card('c1'))),
          [ORDER_API]: () => jsonResponse(200, order({ codeSentTo: VISITOR_EMAIL })),
          [VERIFY_API]: () => jsonResponse(200, verification('PAID', { checkoutEmail: VISITOR_EMAIL })),
          [CODE_API]: (init) => {
            const { code } = JSON.parse(init?.body as string) as { code: string };
            if (code !== '482017') return refusal(400, 'CODE_INVALID', CODE_MESSAGES.invalid);
            signedIn = true;
            return jsonResponse(200, FAN_ME);
          },
        },
        { me: VISITOR },
      );
      await user.type(within(dialog).getByLabelText('Email'), VISITOR_EMAIL);
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      const paid = await within(dialog).findByText('Paid');
      expect(paid.closest('[role="status"]')).toHaveTextContent(
        `Enter the code we sent to ${VISITOR_EMAIL} to open it.`,
      );
      const code = within(dialog).getByLabelText('6-digit code');
      expect(code).toHaveFocus();
      // A visitor is not taken anywhere before the code: the item would still be locked for her.
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1600));
      });
      expect(screen.getByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle })).toBeInTheDocument();

      await user.type(code, '111111');
      await findInlineError(dialog, CODE_MESSAGES.invalid);
      await user.keyboard('482017');
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
      expect(queryClient.getQueryData(['me'])).toEqual(FAN_ME);
      expect(await screen.findByText('Unlocked (14d left)')).toBeInTheDocument();
      expect(bodiesOf(fetchMock, '/api/auth/sign-in/code').at(-1)).toEqual({
        email: VISITOR_EMAIL,
        code: '482017',
        role: 'fan',
      });
    });

    it('an email that has an account: the code sent there first, then the order as her', async () => {
      const message = `You already have a Kholo account. Enter the 6-digit code we just sent to ${VISITOR_EMAIL} to continue.`;
      const { dialog, user, fetchMock } = await openDialog(
        {
          [ORDER_API]: (init) =>
            'email' in (JSON.parse(init?.body as string) as object)
              ? refusal(409, 'SIGN_IN_WITH_CODE', message)
              : jsonResponse(200, order()),
          [CODE_API]: () => jsonResponse(200, FAN_ME),
        },
        { me: VISITOR },
      );
      await user.type(within(dialog).getByLabelText('Email'), VISITOR_EMAIL);
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
      expect(calls(fetchMock, UPI_API)).toBe(0);
      const code = within(dialog).getByLabelText('6-digit code');
      expect(code).toHaveFocus();
      await user.type(code, '482017');
      await within(dialog).findByRole('img', { name: 'UPI QR code for ₹499' });
      expect(bodiesOf(fetchMock, '/api/auth/sign-in/code')).toEqual([
        { email: VISITOR_EMAIL, code: '482017', role: 'fan' },
      ]);
      // The second order is hers, signed in: no email in it, and none shown back.
      expect(bodiesOf(fetchMock, '/api/payment/order')[1]).toEqual({
        contentId: 'c1',
        amount: 499,
        creatorId: 'creator_1',
        notes: { contentId: 'c1', contentTitle: 'Title c1', viewerEmail: 'arjun@example.in' },
      });
      expect(within(dialog).queryByText(/Your code and receipt go to/)).not.toBeInTheDocument();
    });

    it('an email that has an account: “Use another email” goes back to her address', async () => {
      const { dialog, user } = await openDialog(
        { [ORDER_API]: () => refusal(409, 'SIGN_IN_WITH_CODE', 'You already have a Kholo account.') },
        { me: VISITOR },
      );
      await user.type(within(dialog).getByLabelText('Email'), VISITOR_EMAIL);
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await user.click(await within(dialog).findByRole('button', { name: 'Use another email' }));
      expect(within(dialog).getByLabelText('Email')).toHaveValue(VISITOR_EMAIL);
    });

    it('“Already have an account? Log in” opens the fan login, and the dialog again after it', async () => {
      let signedIn = false;
      const { dialog, user } = await openDialog(
        {
          'POST /api/auth/sign-in/email': () => {
            signedIn = true;
            return jsonResponse(200, FAN_ME);
          },
          [CONTENT_API]: () => jsonResponse(200, detail(card('c1', { pricePaise: signedIn ? 549_00 : 499_00 }))),
        },
        { me: VISITOR },
      );
      await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
      const login = await screen.findByRole('dialog', { name: 'Log in to unlock content' });
      expect(screen.queryByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle })).not.toBeInTheDocument();
      await user.type(within(login).getByLabelText('Email'), 'arjun@example.in');
      await user.type(within(login).getByLabelText('Password'), 'chai biscuit rain{Enter}');
      const again = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle });
      // Now signed in: no email step, at the price read again as her.
      expect(within(again).queryByLabelText('Email')).not.toBeInTheDocument();
      expect(within(again).getByRole('button', { name: 'Pay ₹549' })).toBeInTheDocument();
    });
  });

  describe('an 18+ item', () => {
    const adult = () => jsonResponse(200, detail(card('c1', { isAdultContent: true })));

    it('asks “I am 18 or older” before paying, and remembers the answer for the tab', async () => {
      const { dialog, user, fetchMock } = await openDialog({
        [CONTENT_API]: adult,
        [ORDER_API]: () => jsonResponse(200, order()),
      });
      const age = within(dialog).getByRole('checkbox', { name: ADULT_CONFIRM_LABEL });
      expect(age).not.toBeChecked();
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await findInlineError(dialog, ADULT_CONFIRM_REQUIRED);
      expect(age).toHaveFocus();
      expect(calls(fetchMock, ORDER_API)).toBe(0);

      await user.click(age);
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await within(dialog).findByRole('img', { name: 'UPI QR code for ₹499' });
      expect(sessionStorage.getItem(AGE_CONFIRMED_KEY)).toBe('true');
    });

    it('does not ask again in a tab that has already said so', async () => {
      sessionStorage.setItem(AGE_CONFIRMED_KEY, 'true');
      const { dialog } = await openDialog({ [CONTENT_API]: adult });
      expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    });
  });

  describe('cards and net banking with Cashfree (sandbox / production)', () => {
    const sandboxOrder = () => jsonResponse(200, order({ checkout: { mode: 'sandbox', url: null } }));

    async function openCards(handlers: Record<string, ApiHandler>) {
      const opened = await openDialog({ [ORDER_API]: sandboxOrder, ...handlers });
      await opened.user.click(within(opened.dialog).getByRole('button', { name: 'Pay ₹499' }));
      await opened.user.click(await within(opened.dialog).findByRole('button', { name: 'Cards and net banking' }));
      return opened;
    }

    it('opens Cashfree’s checkout in this tab with the session id', async () => {
      cashfree.checkout.mockReturnValue(new Promise(() => {}));
      cashfree.load.mockResolvedValue({ checkout: cashfree.checkout });
      await openCards({});
      await waitFor(() => {
        expect(cashfree.checkout).toHaveBeenCalledWith({ paymentSessionId: 'session_abc', redirectTarget: '_self' });
      });
      expect(cashfree.load).toHaveBeenCalledWith({ mode: 'sandbox' });
      expect(assign).not.toHaveBeenCalled();
    });

    it('when the checkout reports an error: warns (not errors), resets the button and hints to retry', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const error = vi.spyOn(console, 'error');
      cashfree.checkout.mockResolvedValue({ error: { code: 'session_expired', message: 'Session expired' } });
      cashfree.load.mockResolvedValue({ checkout: cashfree.checkout });
      const { dialog } = await openCards({});
      await findInlineError(dialog, PAYMENT_MESSAGES.checkoutRetryHint);
      expect(within(dialog).getByRole('button', { name: 'Cards and net banking' })).not.toHaveAttribute(
        'aria-disabled',
      );
      expect(warn).toHaveBeenCalledWith('Cashfree checkout did not open:', 'Session expired');
      expect(error).not.toHaveBeenCalled();
    });

    it('when Cashfree’s script cannot load: the same hint', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      cashfree.load.mockResolvedValue(null);
      const { dialog } = await openCards({});
      await findInlineError(dialog, PAYMENT_MESSAGES.checkoutRetryHint);
    });
  });

  it.each([
    ['a test checkout without an address', { mode: 'simulator', url: null }],
    ['an unknown checkout mode', { mode: 'live', url: null }],
  ])('refuses %s instead of sending the fan somewhere odd', async (_, checkout) => {
    const { dialog, user } = await openDialog({
      [ORDER_API]: () => jsonResponse(200, { ...order(), checkout }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
    await findInlineError(dialog, UNEXPECTED_ERROR_MESSAGE);
    expect(within(dialog).getByRole('button', { name: 'Pay ₹499' })).toBeInTheDocument();
  });

  it('never leaves for a script address from the test checkout', async () => {
    const { dialog, user } = await openDialog({
      [ORDER_API]: () => jsonResponse(200, order({ checkout: { mode: 'simulator', url: 'javascript:alert(1)' } })),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Cards and net banking' }));
    await findInlineError(dialog, PAYMENT_MESSAGES.checkoutRetryHint);
    expect(assign).not.toHaveBeenCalled();
  });
});
