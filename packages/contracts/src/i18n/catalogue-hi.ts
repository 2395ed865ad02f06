import { mergeModules, type Catalogue, type ENGLISH_MODULES, type MessageFeature } from './catalogue.js';
import { unsubscribeHi } from './messages/unsubscribe.hi.js';
import { policyConsentHi } from './messages/policy-consent.hi.js';
import { policySharedHi } from './messages/policy-shared.hi.js';
import { policyShippingHi } from './messages/policy-shipping.hi.js';
import { policyRefundsHi } from './messages/policy-refunds.hi.js';
import { policyTermsHi } from './messages/policy-terms.hi.js';
import { policyPrivacyHi } from './messages/policy-privacy.hi.js';
import { yourDataHi } from './messages/your-data.hi.js';
import { grievanceHi } from './messages/grievance.hi.js';
import { reportsHi } from './messages/reports.hi.js';
import { contactHi } from './messages/contact.hi.js';
import { accountsHi } from './messages/accounts.hi.js';
import { dashboardHi } from './messages/dashboard.hi.js';
import { dashboardUploadHi } from './messages/dashboard-upload.hi.js';
import { dashboardContentHi } from './messages/dashboard-content.hi.js';
import { dashboardWalletHi } from './messages/dashboard-wallet.hi.js';
import { dashboardAnalyticsHi } from './messages/dashboard-analytics.hi.js';
import { landingHi } from './messages/landing.hi.js';
import { messagesHi } from './messages/messages.hi.js';
import { notFoundHi } from './messages/not-found.hi.js';
import { siteHi } from './messages/site.hi.js';
import { creatorPageHi } from './messages/creator-page.hi.js';
import { uiHi } from './messages/ui.hi.js';
import { contentPageHi } from './messages/content-page.hi.js';
import { paymentsHi } from './messages/payments.hi.js';
import { paymentSuccessHi } from './messages/payment-success.hi.js';
import { purchasesHi } from './messages/purchases.hi.js';
import { adminHi } from './messages/admin.hi.js';
import { adminPaymentsHi } from './messages/admin-payments.hi.js';
import { adminWithdrawalsHi } from './messages/admin-withdrawals.hi.js';
import { adminJobsHi } from './messages/admin-jobs.hi.js';
import { adminSafetyHi } from './messages/admin-safety.hi.js';
import type { HindiOf } from './translate.js';

/**
 * Every feature's Hindi messages (ADR 030), the `@kholo/contracts/hindi` entry: a chunk of its own
 * on the web, loaded only for a page in Hindi. The type asks for every feature English has.
 */
export const HINDI_MODULES: { readonly [F in MessageFeature]: HindiOf<(typeof ENGLISH_MODULES)[F]> } = {
  site: siteHi,
  landing: landingHi,
  notFound: notFoundHi,
  messages: messagesHi,
  unsubscribe: unsubscribeHi,
  policyConsent: policyConsentHi,
  policyShared: policySharedHi,
  policyShipping: policyShippingHi,
  policyRefunds: policyRefundsHi,
  policyTerms: policyTermsHi,
  policyPrivacy: policyPrivacyHi,
  yourData: yourDataHi,
  grievance: grievanceHi,
  reports: reportsHi,
  contact: contactHi,
  accounts: accountsHi,
  dashboard: dashboardHi,
  dashboardUpload: dashboardUploadHi,
  creatorPage: creatorPageHi,
  ui: uiHi,
  contentPage: contentPageHi,
  dashboardContent: dashboardContentHi,
  payments: paymentsHi,
  paymentSuccess: paymentSuccessHi,
  dashboardWallet: dashboardWalletHi,
  purchases: purchasesHi,
  dashboardAnalytics: dashboardAnalyticsHi,
  admin: adminHi,
  adminPayments: adminPaymentsHi,
  adminWithdrawals: adminWithdrawalsHi,
  adminJobs: adminJobsHi,
  adminSafety: adminSafetyHi,
};

export const HINDI_CATALOGUE: Catalogue = mergeModules(HINDI_MODULES);
