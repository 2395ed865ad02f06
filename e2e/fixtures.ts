import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

/**
 * Every journey fails on a browser console error, an uncaught exception or a CSP violation,
 * so a page that "works" while throwing in the background does not pass. Failed /api calls
 * that a test provokes on purpose, and a page's own 404 or 410 (an unknown creator's page is a
 * real 404, ADR 027), are the only errors let through.
 */
/** Starts recording the page's console errors and uncaught exceptions, except provoked /api failures. */
export function collectBrowserErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const failedLoad = message.text().startsWith('Failed to load resource');
    const url = message.location().url;
    const provokedApiFailure = failedLoad && url.includes('/api/');
    const pageStatus = failedLoad && /status of (404|410)/.test(message.text()) && isPagePath(url);
    if (!provokedApiFailure && !pageStatus) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** A page's address (not an API call or a file): its 404 or 410 is the page's answer, not a failure. */
function isPagePath(url: string): boolean {
  const { pathname } = new URL(url);
  return !pathname.startsWith('/api/') && !pathname.startsWith('/assets/') && !/\.[A-Za-z0-9]{1,8}$/.test(pathname);
}

export const test = base.extend<{ browserErrors: string[] }>({
  // A client address per test (the server trusts X-Forwarded-For in e2e), so the per-IP
  // limits on sign-ups and logins count each journey as its own visitor.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddressFor(testInfo) });
  },
  browserErrors: [
    async ({ page }, use) => {
      const errors = collectBrowserErrors(page);
      await use(errors);
      expect(errors, 'the browser reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

let clientCounter = 0;
function clientAddressFor(testInfo: TestInfo): string {
  clientCounter += 1;
  return `10.${testInfo.workerIndex % 250}.${Math.floor(clientCounter / 250) % 250}.${(clientCounter % 250) + 1}`;
}

export const POLICY_PAGES = [
  { path: '/ShippingPolicy', link: 'Shipping Policy', heading: /shipping/i, title: /Shipping Policy · Kholo/ },
  {
    path: '/TermsAndConditions',
    link: 'Terms and Conditions',
    heading: /terms/i,
    title: /Terms and Conditions · Kholo/,
  },
  {
    path: '/CancellationsAndRefunds',
    link: 'Cancellations and Refunds',
    heading: /cancellations/i,
    title: /Cancellations and Refunds · Kholo/,
  },
  { path: '/PrivacyPolicy', link: 'Privacy Policy', heading: /privacy/i, title: /Privacy Policy · Kholo/ },
] as const;
