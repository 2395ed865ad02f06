import {
  CODE_MESSAGES,
  formatDateTime,
  PAYMENT_CANCELLED_MESSAGE,
  PAYMENT_MESSAGES,
  type Me,
  type VerifyPaymentResponse,
} from '@kholo/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { toast } from '../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../test-utils.tsx';
import { meQueryKey, AuthDialogProvider, VISITOR } from '../accounts/index.ts';
import { FAN_ME } from '../../test-fixtures/accounts.ts';
import { card, PUBLIC_CREATOR } from '../../test-fixtures/catalog.ts';
import { PAYMENT_DECLINED_MESSAGE, PAYMENT_EXPIRED_MESSAGE, PAYMENT_REFUNDED_MESSAGE } from '../payments/index.ts';
import {
  CONFIRMING_HEADING,
  CONFIRMING_HINT,
  LOGIN_HEADING,
  PAID_HEADING,
  PaymentSuccessPage,
  PURCHASES_LINK,
} from './payment-success-page.tsx';

const VERIFY_API = 'POST /api/payment/verify-payment';
const EXPIRES_AT = Date.UTC(2026, 11, 5, 6, 30);

function verification(
  status: VerifyPaymentResponse['status'],
  contentId = 'c1',
  overrides: Partial<VerifyPaymentResponse> = {},
): VerifyPaymentResponse {
  return {
    status,
    orderId: 'order_abc',
    contentId,
    amountPaise: 499_00,
    expiresAt: status === 'PAID' ? EXPIRES_AT : null,
    failure: null,
    failedAt: null,
    checkoutEmail: null,
    ...overrides,
  };
}

function ContentStub() {
  const { contentId } = useParams();
  return <h1>Content page for {contentId}</h1>;
}

/**
 * /payment-success on its own (no lazy route to wait for, so fake timers pin the schedule), in
 * StrictMode as in the app, with the login dialog and a stand-in content page to land on.
 */
function renderPage(path: string, handlers: Record<string, ApiHandler>, me: Me = FAN_ME) {
  const fetchMock = stubApi(handlers);
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryKey, me);
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthDialogProvider>
            <Outlet />
          </AuthDialogProvider>
        ),
        children: [
          { path: '/payment-success', Component: PaymentSuccessPage },
          { path: '/content/:contentId', Component: ContentStub },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...utils, fetchMock, queryClient, router };
}

function verifyCalls(fetchMock: ReturnType<typeof stubApi>): number {
  return fetchMock.mock.calls.filter(([input]) => input === '/api/payment/verify-payment').length;
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The page's live region (the toasts have one too). */
function status(): HTMLElement {
  return screen.getByRole('heading', { level: 1 }).closest<HTMLElement>('[role="status"]')!;
}

/** The spec's three failure texts, in order, and the support address. */
function expectFailure(message: string) {
  const heading = screen.getByRole('heading', { level: 1 });
  expect(heading).toHaveTextContent(PAYMENT_MESSAGES.unlockProblem);
  expect(Array.from(status().querySelectorAll('h1, p'), (node) => node.textContent)).toEqual([
    PAYMENT_MESSAGES.unlockProblem,
    message,
    PAYMENT_MESSAGES.contactSupport,
  ]);
  expect(screen.getByRole('link', { name: 'support@kholo.in' })).toHaveAttribute(
    'href',
    expect.stringMatching(/^mailto:support@kholo\.in/),
  );
}

describe('/payment-success', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    act(() => {
      toast.dismiss();
    });
  });

  describe('without an order id', () => {
    it.each(['/payment-success', '/payment-success?contentId=c1&order_id=%20%20'])(
      'says “Missing order ID…” and asks nothing (%s)',
      async (path) => {
        const fetchMock = stubApi({});
        renderRoute(path);
        expect(await screen.findByText(PAYMENT_MESSAGES.missingOrderId)).toBeInTheDocument();
        expect(PAYMENT_MESSAGES.missingOrderId).toBe('Missing order ID. Please contact support.');
        // The footer has the address too; this one is in the page.
        expect(within(screen.getByRole('main')).getByRole('link', { name: 'support@kholo.in' })).toHaveAttribute(
          'href',
          'mailto:support@kholo.in',
        );
        expect(fetchMock.mock.calls.map(([input]) => input)).not.toContain('/api/payment/verify-payment');
      },
    );
  });

  it('opens at the top even when the page the fan left for the checkout was scrolled down', async () => {
    // Both full page loads have the location key 'default'; the creator page saved its position under it.
    sessionStorage.setItem('react-router-scroll-positions', JSON.stringify({ default: 600 }));
    const scrollTo = vi.spyOn(window, 'scrollTo');
    stubApi({ [VERIFY_API]: () => jsonResponse(200, verification('PENDING')) });
    renderRoute('/payment-success?order_id=order_abc');
    expect(await screen.findByRole('heading', { level: 1, name: CONFIRMING_HEADING })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalledWith(0, 600);
    sessionStorage.clear();
  });

  describe('checking', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });

    it('asks at once, then only while pending retries after 1, 2, 4 … s: 9 attempts, then the three failure texts', async () => {
      const { fetchMock } = renderPage('/payment-success?order_id=order_abc&contentId=c1&creatorId=x&amount=499', {
        [VERIFY_API]: () => jsonResponse(200, verification('PENDING')),
      });
      expect(screen.getByRole('heading', { level: 1, name: CONFIRMING_HEADING })).toBeInTheDocument();
      expect(screen.getByText(CONFIRMING_HINT)).toBeInTheDocument();

      // On arrival, no wait: the server usually knows already (DESIGN §7, not the spec's 5 s).
      await advance(0);
      expect(verifyCalls(fetchMock)).toBe(1);
      // Before each retry: the spec's back-off. One fetch exactly when it ends, none before.
      const waits = [1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000];
      for (const [index, wait] of waits.entries()) {
        await advance(wait - 1);
        expect(verifyCalls(fetchMock)).toBe(index + 1);
        await advance(1);
        expect(verifyCalls(fetchMock)).toBe(index + 2);
      }
      expect(requestBody(fetchMock, 0)).toEqual({ order_id: 'order_abc' });

      expectFailure(PAYMENT_MESSAGES.verificationFailed);
      expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
      await advance(10 * 60_000);
      expect(verifyCalls(fetchMock)).toBe(9);
      // Nothing here ever credits a wallet (DESIGN §7), whatever the query says.
      expect(fetchMock.mock.calls.map(([input]) => input)).not.toContain('/api/manual-wallet-update');
    });

    it('offers to check again after the attempts run out, at once', async () => {
      let answer: VerifyPaymentResponse['status'] = 'PENDING';
      const { fetchMock } = renderPage('/payment-success?order_id=order_abc&contentId=c1', {
        [VERIFY_API]: () => jsonResponse(200, verification(answer)),
      });
      await advance(255_000);
      expect(verifyCalls(fetchMock)).toBe(9);
      expectFailure(PAYMENT_MESSAGES.verificationFailed);
      expect(screen.getByRole('link', { name: 'Back to the item' })).toHaveAttribute('href', '/content/c1');

      answer = 'PAID';
      act(() => {
        screen.getByRole('button', { name: 'Check again' }).click();
      });
      await advance(0);
      expect(verifyCalls(fetchMock)).toBe(10);
      expect(screen.getByRole('heading', { level: 1, name: PAID_HEADING })).toBeInTheDocument();
    });

    it('on PAID: says so, with the access end, refreshes what the fan sees, and opens the item after 1.5 s', async () => {
      const { fetchMock, queryClient, router } = renderPage('/payment-success?order_id=order_abc&contentId=c1', {
        [VERIFY_API]: () => jsonResponse(200, verification('PAID', 'c9')),
      });
      queryClient.setQueryData(['creator-page', 'priya-sharma', 'account_2'], { stale: false });
      queryClient.setQueryData(['content', 'c9', 'account_2'], { stale: false });
      queryClient.setQueryData(['fan-unlocks', 'account_2'], { items: [] });

      await advance(0);
      expect(verifyCalls(fetchMock)).toBe(1);
      const region = status();
      expect(within(region).getByRole('heading', { level: 1, name: PAID_HEADING })).toBeInTheDocument();
      expect(within(region).getByText('Unlocked for 14 days')).toBeInTheDocument();
      expect(within(region).getByText(`Access until ${formatDateTime(EXPIRES_AT)}`)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: PURCHASES_LINK })).toHaveAttribute('href', '/purchases');
      for (const key of [['creator-page'], ['content'], ['fan-unlocks']]) {
        expect(
          queryClient
            .getQueryCache()
            .findAll({ queryKey: key })
            .every((query) => query.isStale()),
        ).toBe(true);
      }

      await advance(1499);
      expect(screen.getByRole('heading', { level: 1, name: PAID_HEADING })).toBeInTheDocument();
      await advance(1);
      // The server's content id wins over the address's; the success page leaves the history.
      expect(screen.getByRole('heading', { level: 1, name: 'Content page for c9' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/content/c9');
      expect(router.state.historyAction).toBe('REPLACE');
      expect(verifyCalls(fetchMock)).toBe(1);
    });

    it.each([
      ['FAILED (declined)', verification('FAILED', 'c1', { failure: 'declined' }), PAYMENT_DECLINED_MESSAGE],
      ['FAILED (no reason given)', verification('FAILED'), PAYMENT_DECLINED_MESSAGE],
      ['EXPIRED', verification('EXPIRED'), PAYMENT_EXPIRED_MESSAGE],
    ] as const)('on %s: stops at once and offers to pay again', async (_, answer, message) => {
      const { fetchMock } = renderPage('/payment-success?order_id=order_abc&contentId=c1', {
        [VERIFY_API]: () => jsonResponse(200, answer),
      });
      await advance(0);
      expectFailure(message);
      expect(screen.getByRole('link', { name: 'Try the payment again' })).toHaveAttribute('href', '/content/c1');
      await advance(10 * 60_000);
      expect(verifyCalls(fetchMock)).toBe(1);
    });

    it('reads the order id from orderId as well', async () => {
      const { fetchMock } = renderPage('/payment-success?orderId=order_xyz&contentId=c1', {
        [VERIFY_API]: () => jsonResponse(200, verification('PENDING')),
      });
      await advance(0);
      expect(requestBody(fetchMock, 0)).toEqual({ order_id: 'order_xyz' });
    });

    it('keeps going through network errors and server errors', async () => {
      let call = 0;
      const { fetchMock } = renderPage('/payment-success?order_id=order_abc&contentId=c1', {
        [VERIFY_API]: () => {
          call += 1;
          if (call === 1) return Promise.reject(new TypeError('Failed to fetch'));
          if (call === 2) return jsonResponse(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Busy.' } });
          if (call === 3) return jsonResponse(200, { status: 'MAYBE' });
          return jsonResponse(200, verification('PAID'));
        },
      });
      await advance(1000 + 2000);
      expect(verifyCalls(fetchMock)).toBe(3);
      expect(screen.getByRole('heading', { level: 1, name: CONFIRMING_HEADING })).toBeInTheDocument();
      await advance(4000);
      expect(verifyCalls(fetchMock)).toBe(4);
      expect(screen.getByRole('heading', { level: 1, name: PAID_HEADING })).toBeInTheDocument();
    });

    it('on 404: shows the server’s message and stops', async () => {
      const { fetchMock } = renderPage('/payment-success?order_id=order_abc', {
        [VERIFY_API]: () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Order not found.' } }),
      });
      await advance(0);
      expectFailure('Order not found.');
      expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
      expect(screen.getByRole('link', { name: PURCHASES_LINK })).toHaveAttribute('href', '/purchases');
      await advance(60_000);
      expect(verifyCalls(fetchMock)).toBe(1);
    });

    it('asks nothing more after the page is left', async () => {
      const { fetchMock, unmount } = renderPage('/payment-success?order_id=order_abc', {
        [VERIFY_API]: () => jsonResponse(200, verification('PENDING')),
      });
      await advance(500);
      expect(verifyCalls(fetchMock)).toBe(1);
      unmount();
      await advance(10 * 60_000);
      expect(verifyCalls(fetchMock)).toBe(1);
    });

    it('on a cancel: says she was not charged, calmly, with the way back and “Try again”', async () => {
      const { fetchMock } = renderPage('/payment-success?order_id=order_abc', {
        [VERIFY_API]: () => jsonResponse(200, verification('FAILED', 'c7', { failure: 'cancelled' })),
      });
      await advance(0);
      const heading = screen.getByRole('heading', { level: 1, name: PAYMENT_CANCELLED_MESSAGE });
      expect(PAYMENT_CANCELLED_MESSAGE).toBe('Payment cancelled. You were not charged.');
      expect(heading).toHaveFocus();
      expect(document.title).toBe('Payment cancelled · Kholo');
      // Neither the spec's problem texts nor red: nothing went wrong.
      expect(screen.queryByText(PAYMENT_MESSAGES.unlockProblem)).not.toBeInTheDocument();
      expect(screen.queryByText(PAYMENT_MESSAGES.contactSupport)).not.toBeInTheDocument();
      expect(document.querySelector('.bg-red-50')).toBeNull();
      // The server's content id, not the address's (there is none here).
      expect(screen.getByRole('link', { name: 'Back to the item' })).toHaveAttribute('href', '/content/c7');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      await advance(60_000);
      expect(verifyCalls(fetchMock)).toBe(1);
    });

    it('when money arrived but could not buy the item: says it goes back by itself, and stops', async () => {
      const { fetchMock } = renderPage('/payment-success?order_id=order_abc&contentId=c1', {
        [VERIFY_API]: () => jsonResponse(200, verification('FAILED', 'c1', { failure: 'refunded' })),
      });
      await advance(0);
      expectFailure(PAYMENT_REFUNDED_MESSAGE);
      expect(screen.getByRole('link', { name: 'Back to the item' })).toHaveAttribute('href', '/content/c1');
      await advance(60_000);
      expect(verifyCalls(fetchMock)).toBe(1);
    });

    it('for a visitor’s paid order: asks for the code from her email, then opens the item', async () => {
      let signedIn = false;
      const { fetchMock, router } = renderPage(
        '/payment-success?order_id=order_abc&contentId=c1',
        {
          [VERIFY_API]: () =>
            jsonResponse(200, verification('PAID', 'c1', { checkoutEmail: signedIn ? null : 'meera@example.in' })),
          'POST /api/auth/sign-in/code': (init) => {
            const { code } = JSON.parse(init?.body as string) as { code: string };
            if (code !== '482017')
              return jsonResponse(400, { error: { code: 'CODE_INVALID', message: CODE_MESSAGES.invalid } });
            signedIn = true;
            return jsonResponse(200, FAN_ME);
          },
        },
        VISITOR,
      );
      await advance(0);
      const region = status();
      expect(within(region).getByRole('heading', { level: 1, name: PAID_HEADING })).toBeInTheDocument();
      expect(region).toHaveTextContent('Enter the code we sent to meera@example.in to open it.');
      const code = screen.getByLabelText('6-digit code');
      expect(code).toHaveFocus();
      // Her purchases need her signed in, and the item would still be locked: neither is offered yet.
      expect(screen.queryByRole('link', { name: PURCHASES_LINK })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Open it now' })).not.toBeInTheDocument();
      await advance(10_000);
      expect(router.state.location.pathname).toBe('/payment-success');

      vi.useRealTimers();
      const user = userEvent.setup();
      await user.type(code, '111111');
      expect(await screen.findByText(CODE_MESSAGES.invalid)).toHaveAttribute('role', 'alert');
      await user.keyboard('482017');
      expect(await screen.findByRole('heading', { level: 1, name: 'Content page for c1' })).toBeInTheDocument();
      expect(router.state.historyAction).toBe('REPLACE');
      expect(verifyCalls(fetchMock)).toBe(1);
    });

    it('on 401: asks the fan to log in, then checks again at once', async () => {
      let signedIn = false;
      const { fetchMock } = renderPage('/payment-success?order_id=order_abc&contentId=c1', {
        [VERIFY_API]: () =>
          signedIn
            ? jsonResponse(200, verification('PAID'))
            : jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Please log in.' } }),
        'GET /api/me': () => jsonResponse(200, { account: null, creator: null, fan: null }),
        'POST /api/auth/sign-in/email': () => {
          signedIn = true;
          return jsonResponse(200, FAN_ME);
        },
      });
      await advance(0);
      expect(screen.getByRole('heading', { level: 1, name: LOGIN_HEADING })).toHaveFocus();
      await advance(60_000);
      expect(verifyCalls(fetchMock)).toBe(1);

      // The login dialog is its own lazily loaded chunk: real timers from here.
      vi.useRealTimers();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      const dialog = await screen.findByRole('dialog', { name: 'Log in to unlock content' });
      await user.type(within(dialog).getByLabelText('Email'), 'arjun@example.in');
      await user.type(within(dialog).getByLabelText('Password'), 'chai biscuit rain{Enter}');
      expect(await screen.findByRole('heading', { level: 1, name: PAID_HEADING })).toBeInTheDocument();
      expect(verifyCalls(fetchMock)).toBe(2);
      expect(await screen.findByRole('heading', { level: 1, name: 'Content page for c1' })).toBeInTheDocument();
    });
  });

  it('“Try again” after a cancel opens the unlock dialog for the item, her email filled in', async () => {
    const fetchMock = stubApi({
      [VERIFY_API]: () =>
        jsonResponse(200, verification('FAILED', 'c1', { failure: 'cancelled', checkoutEmail: 'meera@example.in' })),
      'GET /api/contents/c1': () => jsonResponse(200, { item: card('c1'), creator: PUBLIC_CREATOR }),
    });
    renderRoute('/payment-success?order_id=order_abc&contentId=c1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    const dialog = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle });
    expect(within(dialog).getByText('Title c1')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('meera@example.in');
    expect(within(dialog).getByRole('button', { name: 'Pay ₹499' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => input)).not.toContain('/api/payment/order');
  });
});
