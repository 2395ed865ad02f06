/*
 * @cashfreepayments/cashfree-js 1.0.7 ships no types. Only what Kholo calls, as its README and
 * Cashfree's JS integration docs describe it: `load` resolves null outside a browser, and
 * `checkout` resolves with `error` or `redirect` (with `_self` the page usually unloads first).
 */
declare module '@cashfreepayments/cashfree-js' {
  export interface CashfreeCheckoutOptions {
    paymentSessionId: string;
    redirectTarget?: '_self' | '_top' | '_blank' | '_modal' | HTMLElement;
    returnUrl?: string;
  }

  export interface CashfreeCheckoutResult {
    error?: { code?: string; message?: string; type?: string };
    redirect?: boolean;
    paymentDetails?: unknown;
  }

  export interface Cashfree {
    checkout: (options: CashfreeCheckoutOptions) => Promise<CashfreeCheckoutResult | undefined>;
  }

  export function load(options: { mode: 'sandbox' | 'production' }): Promise<Cashfree | null>;
}
