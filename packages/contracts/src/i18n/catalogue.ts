import type { Locale } from './locales.js';
import { unsubscribeEn } from './messages/unsubscribe.en.js';
import { policyConsentEn } from './messages/policy-consent.en.js';
import { policySharedEn } from './messages/policy-shared.en.js';
import { policyShippingEn } from './messages/policy-shipping.en.js';
import { policyRefundsEn } from './messages/policy-refunds.en.js';
import { policyTermsEn } from './messages/policy-terms.en.js';
import { policyPrivacyEn } from './messages/policy-privacy.en.js';
import { yourDataEn } from './messages/your-data.en.js';
import { grievanceEn } from './messages/grievance.en.js';
import { reportsEn } from './messages/reports.en.js';
import { contactEn } from './messages/contact.en.js';
import { accountsEn } from './messages/accounts.en.js';
import { dashboardEn } from './messages/dashboard.en.js';
import { dashboardUploadEn } from './messages/dashboard-upload.en.js';
import { dashboardContentEn } from './messages/dashboard-content.en.js';
import { dashboardWalletEn } from './messages/dashboard-wallet.en.js';
import { dashboardAnalyticsEn } from './messages/dashboard-analytics.en.js';
import { landingEn } from './messages/landing.en.js';
import { messagesEn } from './messages/messages.en.js';
import { notFoundEn } from './messages/not-found.en.js';
import { siteEn } from './messages/site.en.js';
import { creatorPageEn } from './messages/creator-page.en.js';
import { uiEn } from './messages/ui.en.js';
import { contentPageEn } from './messages/content-page.en.js';
import { paymentsEn } from './messages/payments.en.js';
import { paymentSuccessEn } from './messages/payment-success.en.js';
import { purchasesEn } from './messages/purchases.en.js';
import { adminEn } from './messages/admin.en.js';
import { adminPaymentsEn } from './messages/admin-payments.en.js';
import { adminWithdrawalsEn } from './messages/admin-withdrawals.en.js';
import { adminJobsEn } from './messages/admin-jobs.en.js';
import { adminSafetyEn } from './messages/admin-safety.en.js';
import { formatMessage, type MessageParams } from './translate.js';

/**
 * Every feature's English messages, by feature (ADR 030). To add a feature: write
 * `messages/<feature>.en.ts` and `messages/<feature>.hi.ts` like landing's, and list them here
 * and in catalogue-hi.ts; the type there and the parity test hold the two languages together.
 */
export const ENGLISH_MODULES = {
  site: siteEn,
  landing: landingEn,
  notFound: notFoundEn,
  messages: messagesEn,
  unsubscribe: unsubscribeEn,
  policyConsent: policyConsentEn,
  policyShared: policySharedEn,
  policyShipping: policyShippingEn,
  policyRefunds: policyRefundsEn,
  policyTerms: policyTermsEn,
  policyPrivacy: policyPrivacyEn,
  yourData: yourDataEn,
  grievance: grievanceEn,
  reports: reportsEn,
  contact: contactEn,
  accounts: accountsEn,
  dashboard: dashboardEn,
  dashboardUpload: dashboardUploadEn,
  creatorPage: creatorPageEn,
  ui: uiEn,
  contentPage: contentPageEn,
  dashboardContent: dashboardContentEn,
  payments: paymentsEn,
  paymentSuccess: paymentSuccessEn,
  dashboardWallet: dashboardWalletEn,
  purchases: purchasesEn,
  dashboardAnalytics: dashboardAnalyticsEn,
  admin: adminEn,
  adminPayments: adminPaymentsEn,
  adminWithdrawals: adminWithdrawalsEn,
  adminJobs: adminJobsEn,
  adminSafety: adminSafetyEn,
} as const;

type Modules = typeof ENGLISH_MODULES;
export type MessageFeature = keyof Modules;
export type MessageKey = Extract<{ [M in MessageFeature]: keyof Modules[M] }[MessageFeature], string>;
export type Catalogue = Readonly<Record<MessageKey, string>>;

/** The English catalogue: keys are prefixed with their feature, so they never collide. */
export const ENGLISH_CATALOGUE = /*#__PURE__*/ mergeModules(ENGLISH_MODULES);

/** One language's modules, each a feature's messages under keys prefixed with its name. */
type MessageModules = Readonly<Record<string, Readonly<Record<string, string>>>>;
/** Every key of every module, each with its text. */
type Merged<Modules extends MessageModules> = Readonly<
  Record<Extract<{ [M in keyof Modules]: keyof Modules[M] }[keyof Modules], string>, string>
>;

/** One flat catalogue from a language's feature modules (the server's emails have their own modules too). */
export function mergeModules<Modules extends MessageModules>(modules: Modules): Merged<Modules> {
  return Object.fromEntries(Object.values(modules).flatMap((module) => Object.entries(module))) as Merged<Modules>;
}

/*
 * The other languages' catalogues are modules of their own (`@kholo/contracts/hindi`), so a page in
 * English never downloads the Hindi: the web loads it before it renders in Hindi, the server at
 * start. Until it is added, a Hindi message falls back to the English one.
 */
const catalogues: Partial<Record<Locale, Catalogue>> = { en: ENGLISH_CATALOGUE };

/** Makes `locale`'s messages available to `translate`. */
export function addCatalogue(locale: Locale, catalogue: Catalogue): void {
  catalogues[locale] = catalogue;
}

/** Whether `translate` has `locale`'s own messages (English always). */
export function hasCatalogue(locale: Locale): boolean {
  return catalogues[locale] !== undefined;
}

/** The message `key` in `locale` with its `{placeholders}` filled: `translate('hi', 'site.login')`. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  return formatMessage((catalogues[locale] ?? ENGLISH_CATALOGUE)[key], params);
}
