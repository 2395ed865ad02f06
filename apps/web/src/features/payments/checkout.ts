import type { CreateOrderResponse } from '@kholo/contracts';

/** `leaving`: the browser is on its way to the checkout; `failed`: it could not be opened. */
export type CheckoutOutcome = 'leaving' | 'failed';

function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Sends the fan to pay (DESIGN §4 step 2). Either way the browser comes back to
 * /payment-success?order_id=…, where the server, not this page, decides whether it was paid.
 *
 * - `simulator`: the server's own test checkout page, in this tab.
 * - `sandbox` / `production`: Cashfree's JS checkout in this tab. Its SDK is imported only here:
 *   importing it injects Cashfree's script, which no other page needs.
 */
export async function openCheckout(order: CreateOrderResponse): Promise<CheckoutOutcome> {
  const { mode, url } = order.checkout;
  if (mode === 'simulator') {
    if (url === null || !isWebAddress(url)) return 'failed';
    window.location.assign(url);
    return 'leaving';
  }

  try {
    const { load } = await import('@cashfreepayments/cashfree-js');
    const cashfree = await load({ mode });
    if (!cashfree) return 'failed';
    const result = await cashfree.checkout({ paymentSessionId: order.payment_session_id, redirectTarget: '_self' });
    if (result?.error) {
      // A warning, not an error: the fan sees a hint and can try again; nothing is broken.
      // eslint-disable-next-line no-console -- Cashfree's reason is only useful to whoever opens devtools
      console.warn('Cashfree checkout did not open:', result.error.message ?? result.error.code ?? result.error);
      return 'failed';
    }
    return 'leaving';
  } catch (error) {
    // eslint-disable-next-line no-console -- as above: the SDK or its script could not load
    console.warn('Cashfree checkout could not load:', error);
    return 'failed';
  }
}
