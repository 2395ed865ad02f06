import type { RouteObject } from 'react-router';
import { PublicLayout, PublicShellFallback } from './layouts/public-layout.tsx';
import { SessionRoot } from './layouts/session-root.tsx';
import { HomeRoute } from './home-route.tsx';
import { RootErrorPage, RouteErrorPage } from './route-error-page.tsx';
import { contentQueryKey, creatorPageQueryKey } from '../features/catalog/index.ts';
import { serverRendered } from '../ssr/server-rendering.ts';

/**
 * Every page. The landing page ships in the first bundle; everything else (the creator
 * dashboard at `/` included) is a separate chunk, which keeps the landing page's JavaScript small.
 * Paths follow SPEC §2 exactly (React Router matches them case-insensitively). Routes marked
 * `serverRendered` arrive from the server as complete HTML (ADR 027); the rest render here.
 */
export const routes: RouteObject[] = [
  {
    Component: SessionRoot,
    children: [
      {
        Component: PublicLayout,
        HydrateFallback: PublicShellFallback,
        ErrorBoundary: RootErrorPage,
        children: [
          {
            // Errors in a page render inside the layout, so the header and footer stay usable.
            ErrorBoundary: RouteErrorPage,
            children: [
              // The landing page, or the creator dashboard for a signed-in creator (SPEC §2).
              { index: true, Component: HomeRoute, handle: serverRendered({ visitorsOnly: true }) },
              {
                path: 'reset-password',
                lazy: async () => ({
                  Component: (await import('../features/accounts/reset-password-page.tsx')).ResetPasswordPage,
                }),
              },
              {
                path: 'admin',
                lazy: async () => ({ Component: (await import('../features/admin/admin-page.tsx')).AdminPage }),
              },
              {
                path: 'ContactUs',
                handle: serverRendered(),
                lazy: async () => ({ Component: (await import('../features/contact/contact-page.tsx')).ContactPage }),
              },
              {
                path: 'grievance',
                handle: serverRendered(),
                lazy: async () => ({
                  Component: (await import('../features/grievance/grievance-page.tsx')).GrievancePage,
                }),
              },
              {
                path: 'ShippingPolicy',
                handle: serverRendered(),
                lazy: async () => ({
                  Component: (await import('../features/policies/shipping-policy-page.tsx')).ShippingPolicyPage,
                }),
              },
              {
                path: 'TermsAndConditions',
                handle: serverRendered(),
                lazy: async () => ({
                  Component: (await import('../features/policies/terms-and-conditions-page.tsx'))
                    .TermsAndConditionsPage,
                }),
              },
              {
                path: 'CancellationsAndRefunds',
                handle: serverRendered(),
                lazy: async () => ({
                  Component: (await import('../features/policies/cancellations-and-refunds-page.tsx'))
                    .CancellationsAndRefundsPage,
                }),
              },
              {
                path: 'PrivacyPolicy',
                handle: serverRendered(),
                lazy: async () => ({
                  Component: (await import('../features/policies/privacy-policy-page.tsx')).PrivacyPolicyPage,
                }),
              },
              {
                path: 'u/:username',
                handle: serverRendered({
                  prefetch: ({ username = '' }, accountId) => [
                    {
                      key: creatorPageQueryKey(username, accountId),
                      path: `/api/creators/${encodeURIComponent(username)}`,
                    },
                  ],
                }),
                lazy: async () => ({
                  Component: (await import('../features/creator-page/creator-page.tsx')).CreatorPage,
                }),
              },
              {
                path: 'content/:contentId',
                handle: serverRendered({
                  prefetch: ({ contentId = '' }, accountId) => [
                    {
                      key: contentQueryKey(contentId, accountId),
                      path: `/api/contents/${encodeURIComponent(contentId)}`,
                    },
                  ],
                }),
                lazy: async () => ({
                  Component: (await import('../features/content/content-page.tsx')).ContentPage,
                }),
              },
              {
                path: 'payment-success',
                lazy: async () => ({
                  Component: (await import('../features/payment-success/payment-success-page.tsx')).PaymentSuccessPage,
                }),
              },
              {
                path: 'purchases',
                lazy: async () => ({
                  Component: (await import('../features/purchases/purchases-page.tsx')).PurchasesPage,
                }),
              },
              {
                path: 'purchases/:orderId/receipt',
                lazy: async () => ({
                  Component: (await import('../features/purchases/receipt-page.tsx')).ReceiptPage,
                }),
              },
              {
                path: 'account/data',
                lazy: async () => ({
                  Component: (await import('../features/your-data/your-data-page.tsx')).YourDataPage,
                }),
              },
              {
                path: 'unsubscribe',
                lazy: async () => ({
                  Component: (await import('../features/unsubscribe/unsubscribe-page.tsx')).UnsubscribePage,
                }),
              },
              {
                path: '*',
                handle: serverRendered({ notFound: true }),
                lazy: async () => ({
                  Component: (await import('../features/not-found/not-found-page.tsx')).NotFoundPage,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
];
