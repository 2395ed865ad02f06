import { formatDate } from '@kholo/contracts';

/** When the policy texts last changed. Update both when you edit any policy. */
export const POLICIES_LAST_UPDATED = '2026-11-26';
export const POLICIES_LAST_UPDATED_LABEL = formatDate(new Date(`${POLICIES_LAST_UPDATED}T12:00:00+05:30`));

export const POLICY_LINKS = [
  { to: '/ShippingPolicy', label: 'Shipping Policy' },
  { to: '/TermsAndConditions', label: 'Terms and Conditions' },
  { to: '/CancellationsAndRefunds', label: 'Cancellations and Refunds' },
  { to: '/PrivacyPolicy', label: 'Privacy Policy' },
] as const;
