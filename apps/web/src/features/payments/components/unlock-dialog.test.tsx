import { PAYMENT_MESSAGES, type ContentCard, type CreateOrderResponse } from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { FAN_ME } from '../../../test-fixtures/accounts.ts';
import { card, PUBLIC_CREATOR, unlockedCard } from '../../../test-fixtures/catalog.ts';

const cashfree = vi.hoisted(() => ({ load: vi.fn(), checkout: vi.fn() }));
vi.mock('@cashfreepayments/cashfree-js', () => ({ load: cashfree.load }));

const CONTENT_API = 'GET /api/contents/c1';
const ORDER_API = 'POST /api/payment/order';
const CHECKOUT_URL = '/api/payments/simulator/checkout/session_abc';

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
    ...overrides,
  };
}

function refusal(status: number, code: string, message: string) {
  return jsonResponse(status, { error: { code, message } });
}

function calls(fetchMock: ReturnType<typeof stubApi>, key: string): number {
  return fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${input as string}` === key).length;
}

/** The dialog's own error line (the dialog also holds the toasts' always-present alert region). */
async function findInlineError(dialog: HTMLElement, message: string) {
  const line = await within(dialog).findByText(message);
  expect(line).toHaveAttribute('role', 'alert');
}

/** The content page for a signed-in fan, with the unlock dialog opened from its Unlock button. */
async function openDialog(handlers: Record<string, ApiHandler>, unlockLabel = 'Unlock for ₹499') {
  const fetchMock = stubApi({ [CONTENT_API]: () => jsonResponse(200, detail(card('c1'))), ...handlers });
  const result = renderRoute('/content/c1', { me: FAN_ME });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: unlockLabel }));
  const dialog = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle });
  return { ...result, fetchMock, user, dialog };
}

describe('Unlock Premium Content', () => {
  let assign: ReturnType<typeof vi.fn>;
  const realLocation = Object.getOwnPropertyDescriptor(window, 'location')!;

  beforeEach(() => {
    sessionStorage.clear();
    assign = vi.fn();
    // jsdom cannot navigate; the checkout hand-off is a call to location.assign.
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { href: 'http://localhost:3000/content/c1', origin: 'http://localhost:3000', assign },
    });
  });
  afterEach(() => {
    Object.defineProperty(window, 'location', realLocation);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    cashfree.load.mockReset();
    cashfree.checkout.mockReset();
    act(() => {
      toast.dismiss();
    });
  });

  it('shows the item, its creator, the price, the one payment method and “Pay ₹…”', async () => {
    const { dialog } = await openDialog({});
    expect(dialog).toHaveAccessibleDescription('Pay once to watch and download it for 14 days.');
    expect(within(dialog).getByText('Title c1')).toBeInTheDocument();
    expect(within(dialog).getByText('Priya Sharma')).toBeInTheDocument();
    expect(within(dialog).getByText('₹499')).toBeInTheDocument();
    expect(within(dialog).getByText('UPI, cards and net banking')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Ways to pay' })).toHaveTextContent('UPICardsNet banking');
    expect(within(dialog).getByText('Secure payment · Access for 14 days')).toBeInTheDocument();
    expect(within(dialog).getByText('Test mode: no real money is charged.')).toBeInTheDocument();
    const pay = within(dialog).getByRole('button', { name: 'Pay ₹499' });
    expect(pay).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('reads “Processing...” while busy and sends one order for a double click, then goes to the test checkout', async () => {
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
    const orderCall = fetchMock.mock.calls.findIndex(([input]) => input === '/api/payment/order');
    expect(requestBody(fetchMock, orderCall)).toEqual({
      contentId: 'c1',
      amount: 499,
      creatorId: 'creator_1',
      notes: { contentId: 'c1', contentTitle: 'Title c1', viewerEmail: 'arjun@example.in' },
    });

    answer(jsonResponse(200, order()));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(CHECKOUT_URL);
    });
    expect(assign).toHaveBeenCalledOnce();
    // Leaving for the checkout: the button keeps saying so until the page unloads.
    expect(within(dialog).getByRole('button', { name: PAYMENT_MESSAGES.processing })).toBeInTheDocument();
    expect(cashfree.load).not.toHaveBeenCalled();
  });

  it('sends the price in rupees, paise included, as the fan was shown it', async () => {
    const { dialog, user, fetchMock } = await openDialog(
      {
        [CONTENT_API]: () => jsonResponse(200, detail(card('c1', { pricePaise: 1_499_50 }))),
        [ORDER_API]: () => jsonResponse(200, order({ amountPaise: 1_499_50 })),
      },
      'Unlock for ₹1,499.50',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹1,499.50' }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledOnce();
    });
    const orderCall = fetchMock.mock.calls.findIndex(([input]) => input === '/api/payment/order');
    expect(requestBody(fetchMock, orderCall)).toMatchObject({ amount: 1499.5 });
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
    expect(assign).not.toHaveBeenCalled();
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
    expect(assign).not.toHaveBeenCalled();

    await user.click(pay);
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(CHECKOUT_URL);
    });
    const orders = fetchMock.mock.calls.flatMap(([input], index) => (input === '/api/payment/order' ? [index] : []));
    expect(orders.map((index) => (requestBody(fetchMock, index) as { amount: number }).amount)).toEqual([499, 599]);
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
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(CHECKOUT_URL);
    });
    expect(calls(fetchMock, ORDER_API)).toBe(2);
  });

  it('when the session has ended: closes and asks the fan to log in, remembering the item', async () => {
    const { dialog, user } = await openDialog({
      [ORDER_API]: () => refusal(401, 'UNAUTHENTICATED', 'Please log in.'),
      'GET /api/me': () => jsonResponse(200, { account: null, creator: null, fan: null }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
    expect(await screen.findByRole('dialog', { name: 'Log in to unlock content' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle })).not.toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('kholo.pending-unlock')!)).toMatchObject({ contentId: 'c1' });
  });

  describe('with Cashfree (sandbox / production)', () => {
    const sandboxOrder = () => jsonResponse(200, order({ checkout: { mode: 'sandbox', url: null } }));

    it('opens Cashfree’s checkout in this tab with the session id', async () => {
      cashfree.checkout.mockReturnValue(new Promise(() => {}));
      cashfree.load.mockResolvedValue({ checkout: cashfree.checkout });
      const { dialog, user } = await openDialog({ [ORDER_API]: sandboxOrder });
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
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
      const { dialog, user } = await openDialog({ [ORDER_API]: sandboxOrder });
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await findInlineError(dialog, PAYMENT_MESSAGES.checkoutRetryHint);
      expect(within(dialog).getByRole('button', { name: 'Pay ₹499' })).not.toHaveAttribute('aria-disabled', 'true');
      expect(warn).toHaveBeenCalledWith('Cashfree checkout did not open:', 'Session expired');
      expect(error).not.toHaveBeenCalled();
    });

    it('when Cashfree’s script cannot load: the same hint', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      cashfree.load.mockResolvedValue(null);
      const { dialog, user } = await openDialog({ [ORDER_API]: sandboxOrder });
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
      await findInlineError(dialog, PAYMENT_MESSAGES.checkoutRetryHint);
    });
  });

  it.each([
    ['a test checkout without an address', { mode: 'simulator', url: null }, UNEXPECTED_ERROR_MESSAGE],
    ['an unknown checkout mode', { mode: 'live', url: null }, UNEXPECTED_ERROR_MESSAGE],
    ['a script address', { mode: 'simulator', url: 'javascript:alert(1)' }, PAYMENT_MESSAGES.checkoutRetryHint],
  ])('refuses %s instead of sending the fan somewhere odd', async (_, checkout, message) => {
    const { dialog, user } = await openDialog({
      [ORDER_API]: () => jsonResponse(200, { ...order(), checkout }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹499' }));
    await findInlineError(dialog, message);
    expect(assign).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Pay ₹499' })).toBeInTheDocument();
  });
});
