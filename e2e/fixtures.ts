import { test as base, expect } from '@playwright/test';

/**
 * Every journey fails on a browser console error, an uncaught exception or a CSP violation,
 * so a page that "works" while throwing in the background does not pass. Failed /api calls
 * that a test provokes on purpose are the only errors let through.
 */
export const test = base.extend<{ browserErrors: string[] }>({
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const provokedApiFailure =
          message.text().startsWith('Failed to load resource') && message.location().url.includes('/api/');
        if (!provokedApiFailure) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'the browser reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

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
